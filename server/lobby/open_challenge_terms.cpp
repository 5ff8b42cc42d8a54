#include "server/lobby/open_challenge_terms.h"

#include <ctime>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/encode.h"
#include "protocol/nick.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

std::optional<protocol::ColorChoice> color_from_name(const std::string& name)
{
    for (const auto color : {protocol::ColorChoice::White, protocol::ColorChoice::Black, protocol::ColorChoice::Random})
        if (protocol::color_choice_name(color) == name) return color;
    return std::nullopt;
}

std::string quoted(const std::string& nick) { return "'" + nick + "'"; }

} // namespace

db::OpenChallengeCreated open_challenge_row(const protocol::CreateOpenChallenge& create, const std::string& creator,
                                            bool creator_guest, const std::string& token_hash, std::int64_t now_ms)
{
    nlohmann::ordered_json setup;
    protocol::write_game_setup(setup, create.setup);
    db::OpenChallengeCreated row;
    row.token_hash = token_hash;
    row.creator_nick = creator;
    row.creator_key = protocol::nick_key(creator);
    row.creator_guest = creator_guest;
    row.time_control_json = protocol::time_control_to_json(create.time_control).dump();
    row.setup_json = setup.dump();
    row.color = std::string(protocol::color_choice_name(create.color));
    row.rated = create.rated;
    row.allowed = create.players;
    row.created_at_ms = now_ms;
    row.expires_at_ms = now_ms + std::int64_t{create.valid_hours} * 3'600'000;
    return row;
}

rochade::Expected<protocol::OpenChallengeView, OpenChallengeRefusal>
open_challenge_view(const db::OpenChallengeRecord& row)
{
    const auto& created = row.created;
    auto unreadable = [&](const std::string& what) {
        return rochade::unexpected(
            OpenChallengeRefusal{ErrorCode::InternalError, "the open challenge of " + quoted(created.creator_nick) +
                                                               " is stored with " + what + " that cannot be read"});
    };
    protocol::OpenChallengeView view;
    view.link = created.token_hash;
    view.from = created.creator_nick;
    const auto time_control =
        protocol::parse_time_control(nlohmann::json::parse(created.time_control_json, nullptr, false));
    if (!time_control) return unreadable("a time control");
    view.time_control = *time_control;
    const auto color = color_from_name(created.color);
    if (!color) return unreadable("a colour");
    view.color = *color;
    view.rated = created.rated;
    const auto setup = nlohmann::json::parse(created.setup_json, nullptr, false);
    if (!setup.is_object()) return unreadable("a game setup");
    try {
        view.setup = protocol::game_setup_from_json(setup);
    } catch (const std::exception&) {
        return unreadable("a game setup");
    }
    view.players = created.allowed;
    view.expires_ms = created.expires_at_ms;
    return view;
}

std::optional<OpenChallengeRefusal> refuse_spent_link(const db::OpenChallengeRecord& row, std::int64_t now_ms)
{
    if (row.accepted_by)
        return OpenChallengeRefusal{ErrorCode::OpenChallengeUsed,
                                    "this challenge link of " + quoted(row.created.creator_nick) +
                                        " was accepted already; each link starts one game"};
    if (row.canceled_at_ms)
        return OpenChallengeRefusal{ErrorCode::OpenChallengeExpired, "this challenge link of " +
                                                                         quoted(row.created.creator_nick) +
                                                                         " was withdrawn by its creator"};
    if (row.created.expires_at_ms <= now_ms)
        return OpenChallengeRefusal{ErrorCode::OpenChallengeExpired,
                                    "this challenge link of " + quoted(row.created.creator_nick) + " expired at " +
                                        utc_minute_text(row.created.expires_at_ms)};
    return std::nullopt;
}

std::optional<OpenChallengeRefusal> refuse_acceptance(const db::OpenChallengeRecord& row, const std::string& accepter,
                                                      bool accepter_guest, std::int64_t now_ms)
{
    if (auto spent = refuse_spent_link(row, now_ms)) return spent;
    const std::string key = protocol::nick_key(accepter);
    if (key == row.created.creator_key)
        return OpenChallengeRefusal{ErrorCode::ChallengeSelf,
                                    "this is your own challenge link: send it to the player you want to play"};
    if (!row.created.allowed.empty()) {
        bool named = false;
        for (const auto& nick : row.created.allowed) named = named || protocol::nick_key(nick) == key;
        if (!named) {
            std::string names;
            for (const auto& nick : row.created.allowed) names += (names.empty() ? "" : " or ") + quoted(nick);
            return OpenChallengeRefusal{ErrorCode::OpenChallengeNotForYou, "this challenge link of " +
                                                                               quoted(row.created.creator_nick) +
                                                                               " is only for " + names};
        }
    }
    if (row.created.rated && accepter_guest)
        return OpenChallengeRefusal{ErrorCode::RatedNeedsAccount,
                                    "this challenge is for a rated game, and rated games are for players with an "
                                    "account: log in or register first"};
    return std::nullopt;
}

std::string utc_minute_text(std::int64_t at_ms)
{
    const std::time_t seconds = static_cast<std::time_t>(at_ms / 1000);
    std::tm utc{};
    gmtime_r(&seconds, &utc);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &utc);
    return text;
}

} // namespace rochade::server
