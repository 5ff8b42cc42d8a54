// The open challenge frames (docs/protocol.md, "Open challenges"): what a link offers, to its
// creator (with the link's id, to cancel it) and to whoever opens it (without).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "protocol/encode.h"
#include "protocol/game_setup.h"
#include "protocol/messages.h"

namespace rochade::protocol {

struct OpenChallengeView {
    std::string link; // the token's hash: the creator's handle on the link; opens no game
    std::string from; // the creator's nick
    TimeControl time_control;
    ColorChoice color = ColorChoice::Random; // the creator's colour
    bool rated = false;
    GameSetup setup;
    std::vector<std::string> players; // the only ones who may accept; empty: anyone
    std::int64_t expires_ms = 0;      // wall clock
};

// The reply to create_open_challenge: {"type":"ok","id":...,"token":"...","path":"/challenge/<token>",
// "link":{...}}. The token is in no other frame: the server keeps only its hash.
std::string encode_open_challenge_created(const OptionalId& id, const std::string& token,
                                          const OpenChallengeView& link);
// To the creator: {"type":"open_challenges","links":[{...}, ...]}, his standing links, oldest first.
std::string encode_open_challenges(const std::vector<OpenChallengeView>& links);
// To whoever opens a link: {"type":"open_challenge","token":"...","challenge":{...}} (no "link").
std::string encode_open_challenge(const std::string& token, const OpenChallengeView& challenge);

} // namespace rochade::protocol
