#include "server/bots/lichess_challenge.h"
#include "server/bots/json_read.h"

#include <array>
#include <cmath>
#include <utility>

#include "protocol/nick.h"
#include "server/bots/bot_game.h"

namespace rochade::server::bots {

using nlohmann::json;

namespace {

struct DeclineReasonNames {
    std::string_view rochade, lichess, text;
};

// lichess's keys and sentences (its DeclineReason), and Rochade's names for the same reasons.
constexpr std::array<DeclineReasonNames, 11> decline_reasons = {{
    {"generic", "generic", "I'm not accepting challenges at the moment."},
    {"later", "later", "This is not the right time for me, please ask again later."},
    {"too_fast", "tooFast", "This time control is too fast for me, please challenge again with a slower game."},
    {"too_slow", "tooSlow", "This time control is too slow for me, please challenge again with a faster game."},
    {"time_control", "timeControl", "I'm not accepting challenges with this time control."},
    {"rated", "rated", "Please send me a rated challenge instead."},
    {"casual", "casual", "Please send me a casual challenge instead."},
    {"standard", "standard", "I'm not accepting variant challenges right now."},
    {"variant", "variant", "I'm not willing to play this variant right now."},
    {"no_bot", "noBot", "I'm not accepting challenges from bots."},
    {"only_bot", "onlyBot", "I'm only accepting challenges from bots."},
}};

// A base time in minutes as lichess shows it (its Clock.Config.limitString): quarters as
// fractions, otherwise at most two decimals ("0.33").
std::string minutes_shown(std::int64_t base_ms)
{
    const std::int64_t seconds = base_ms / 1000;
    if (seconds % 60 == 0) return std::to_string(seconds / 60);
    if (seconds == 15) return "¼";
    if (seconds == 30) return "½";
    if (seconds == 45) return "¾";
    if (seconds == 90) return "1.5";
    std::string shown = std::to_string(std::llround(seconds * 100 / 60.0));
    if (shown.size() < 3) shown.insert(0, 3 - shown.size(), '0');
    shown.insert(shown.size() - 2, ".");
    while (shown.back() == '0') shown.pop_back();
    if (shown.back() == '.') shown.pop_back();
    return shown;
}

json user(const std::string& nick, bool bot)
{
    json out{{"id", protocol::nick_key(nick)},
             {"name", nick},
             {"title", bot ? json("BOT") : json(nullptr)},
             {"online", true}};
    return out;
}

} // namespace

json lichess_challenge(const json& ours, const ChallengeSides& sides)
{
    const std::string from = text_or(ours, "from");
    const std::string to = text_or(ours, "to");
    const json tc = ours.value("time_control", json::object());
    const bool timed = tc.is_object() && text_or(tc, "kind") != "untimed";
    const std::int64_t base_ms = tc.is_object() ? tc.value("base_ms", std::int64_t{0}) : 0;
    const std::int64_t increment_ms = tc.is_object() ? tc.value("increment_ms", std::int64_t{0}) : 0;
    const std::string speed = lichess_speed(timed, base_ms, increment_ms);
    json time_control{{"type", "unlimited"}};
    if (timed)
        time_control = json{{"type", "clock"},
                            {"limit", base_ms / 1000},
                            {"increment", increment_ms / 1000},
                            {"show", minutes_shown(base_ms) + "+" + std::to_string(increment_ms / 1000)}};
    const std::string color = text_or(ours, "color", "random");
    json out{{"id", text_or(ours, "id")},
             {"url", ""},
             {"status", "created"},
             {"challenger", user(from, sides.challenger_bot)},
             {"destUser", user(to, sides.dest_bot)},
             {"variant", lichess_variant(text_or(ours, "variant", "standard"))},
             {"rated", ours.value("rated", false)},
             {"speed", speed},
             {"timeControl", time_control},
             {"color", color},
             {"finalColor", color == "random" ? "white" : color},
             {"perf", {{"name", lichess_perf_name(speed)}}},
             {"direction", sides.incoming ? "in" : "out"}};
    if (const auto fen = text_or(ours, "start_fen"); !fen.empty()) out["initialFen"] = fen;
    return out;
}

std::optional<std::string> rochade_decline_reason(std::string_view lichess_key)
{
    const auto same = [](std::string_view a, std::string_view b) {
        if (a.size() != b.size()) return false;
        for (std::size_t i = 0; i < a.size(); ++i) {
            const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
            if (lower(a[i]) != lower(b[i])) return false;
        }
        return true;
    };
    for (const auto& reason : decline_reasons)
        if (same(reason.lichess, lichess_key) || reason.rochade == lichess_key) return std::string(reason.rochade);
    return std::nullopt;
}

// lichess sends the key in lower case ("toofast") though it reads camelCase ("tooFast").
std::string lichess_decline_key(std::string_view rochade_reason)
{
    std::string key = "generic";
    for (const auto& reason : decline_reasons)
        if (reason.rochade == rochade_reason) key = reason.lichess;
    for (char& c : key)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return key;
}

std::string lichess_decline_text(std::string_view rochade_reason)
{
    for (const auto& reason : decline_reasons)
        if (reason.rochade == rochade_reason) return std::string(reason.text);
    return std::string(decline_reasons[0].text);
}

} // namespace rochade::server::bots
