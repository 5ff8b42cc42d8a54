// The challenge events (docs/protocol.md, "Challenges"). Each is unsequenced: it belongs to no
// table, and a client that was away asks nothing again (a challenge it missed has expired or
// been answered).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/encode.h"
#include "protocol/game_setup.h"
#include "protocol/messages.h"

namespace rochade::protocol {

// What a challenge asks, as both players see it.
struct ChallengeOffer {
    ChallengeId id;
    std::string from, to; // the challenger's and the challenged player's nicks
    TimeControl time_control;
    ColorChoice color = ColorChoice::Random; // the challenger's colour
    bool rated = false;
    std::optional<std::string> message;
    std::int64_t expires_ms = 0; // wall clock: when it expires unanswered
    // The variant; a Chess960 challenge without a number gets one drawn when the game starts.
    GameSetup setup;
};

// The reply to `challenge`: {"type":"ok","id":...,"challenge":"<id>"}; also to the other requests.
std::string encode_challenge_ok(const OptionalId& id, const ChallengeId& challenge);
// To the challenged player: {"type":"challenge","challenge":{...}}.
std::string encode_challenge(const ChallengeOffer& offer);
// To the challenger: {"type":"challenge_declined","challenge":"<id>","by":"<nick>","reason":"later"}.
std::string encode_challenge_declined(const ChallengeId& challenge, const std::string& by, DeclineReason reason);
// To the challenged player: the challenger withdrew it.
std::string encode_challenge_canceled(const ChallengeId& challenge, const std::string& by);
// To both: nobody answered in time, or the challenger's connection closed ("why").
std::string encode_challenge_expired(const ChallengeId& challenge, std::string_view why);
// To both: the game runs at `table` in `room` (its table_state follows, or came already).
std::string encode_challenge_accepted(const ChallengeId& challenge, RoomNumber room, TableId table);

} // namespace rochade::protocol
