// Challenges (docs/protocol.md, "Challenges"): one player asks a named player for a game, who
// accepts or declines it with one of lichess's reasons. The requests are typed here, beside
// the reasons; the events are encoded in challenge_encode.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/time_control.h"

namespace rochade::protocol {

// lichess's set of reasons to decline a challenge (lila's Challenge.DeclineReason), so that a
// player of both sites reads the same words.
enum class DeclineReason : std::uint8_t {
    Generic,
    Later,
    TooFast,
    TooSlow,
    TimeControl,
    Rated,
    Casual,
    Standard,
    Variant,
    NoBot,
    OnlyBot,
};

std::string_view decline_reason_name(DeclineReason reason);
// The reason named by `name` ("too_fast"), or nothing for a name that is none of them.
std::optional<DeclineReason> decline_reason_from_name(std::string_view name);
// All the names, for an error message: "generic, later, too_fast, ...".
std::string decline_reason_names();

// From whom a registered player takes challenges (his account's setting; guests take them from
// everyone). A challenge the setting does not admit is refused with challenges_refused.
enum class ChallengePolicy : std::uint8_t { Everyone, RegisteredOnly, Nobody };
std::string_view challenge_policy_name(ChallengePolicy policy); // "everyone", "registered", "nobody"
std::optional<ChallengePolicy> challenge_policy_from_name(std::string_view name);
// Whether `policy` admits a challenge from a guest (`from_guest`) or from a registered player.
constexpr bool admits_challenge(ChallengePolicy policy, bool from_guest)
{
    return policy == ChallengePolicy::Everyone || (policy == ChallengePolicy::RegisteredOnly && !from_guest);
}

// A challenge's id: a random token made by the server, the same on every node.
using ChallengeId = std::string;

// Open challenges (docs/protocol.md, "Open challenges"): a link whose first opener accepts it.
// At most this many nicks may be named as the only ones who may accept; a link stands
// default_open_challenge_hours unless its creator asks for 1..max_open_challenge_hours (lichess
// keeps one 24 hours); a player has at most max_open_challenges standing at once.
inline constexpr std::size_t max_open_challenge_players = 2;
inline constexpr int default_open_challenge_hours = 24;
inline constexpr int max_open_challenge_hours = 7 * 24;
inline constexpr std::size_t max_open_challenges = 3;

// At most this many bytes of a challenge's message (200 characters of lichess, counted here in
// bytes so that the decoder judges it without decoding UTF-8 twice).
inline constexpr std::size_t max_challenge_message_bytes = 200;

} // namespace rochade::protocol
