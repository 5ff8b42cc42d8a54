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

// A challenge's id: a random token made by the server, the same on every node.
using ChallengeId = std::string;

// At most this many bytes of a challenge's message (200 characters of lichess, counted here in
// bytes so that the decoder judges it without decoding UTF-8 twice).
inline constexpr std::size_t max_challenge_message_bytes = 200;

} // namespace rochade::protocol
