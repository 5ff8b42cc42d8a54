// A Rochade challenge (docs/protocol.md 6d, the `challenge` frame's object) in lichess's shape,
// for the Bot API's event stream and its challenge endpoints; and lichess's decline reasons,
// which Rochade already knows under snake_case names (protocol::DeclineReason). Pure.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace rochade::server::bots {

struct ChallengeSides {
    bool challenger_bot = false;
    bool dest_bot = false;
    bool incoming = true; // to the bot that reads it (lichess's "direction": "in"), else "out"
};

nlohmann::json lichess_challenge(const nlohmann::json& rochade_challenge, const ChallengeSides& sides);

// "tooFast" (or "toofast") -> "too_fast"; nothing for a reason lichess does not have.
std::optional<std::string> rochade_decline_reason(std::string_view lichess_key);
// "too_fast" -> "toofast" (lichess's key as it sends it), and lichess's sentence for it.
std::string lichess_decline_key(std::string_view rochade_reason);
std::string lichess_decline_text(std::string_view rochade_reason);

} // namespace rochade::server::bots
