#include "server/tournaments/tournament_settings.h"

#include <nlohmann/json.hpp>
#include <sodium.h>

#include "server/identity/secrets.h"

namespace rochade::server {

std::string settings_json(const TournamentSettings& settings)
{
    nlohmann::ordered_json out{{"cycles", settings.cycles},
                               {"late_entry_until_round", settings.late_entry_until_round}};
    if (settings.password_hash) out["password_hash"] = *settings.password_hash;
    if (!settings.forbidden_pairs.empty()) {
        auto pairs = nlohmann::ordered_json::array();
        for (const auto& [first, second] : settings.forbidden_pairs) pairs.push_back({first, second});
        out["forbidden_pairs"] = std::move(pairs);
    }
    if (!settings.tie_breaks.empty()) out["tie_breaks"] = settings.tie_breaks;
    if (settings.draw_offers_from_move > 0) out["draw_offers_from_move"] = settings.draw_offers_from_move;
    if (settings.min_rating) out["min_rating"] = *settings.min_rating;
    if (settings.max_rating) out["max_rating"] = *settings.max_rating;
    if (settings.min_rated_games > 0) out["min_rated_games"] = settings.min_rated_games;
    if (!settings.invited.empty()) out["invited"] = settings.invited;
    if (settings.bots_allowed) out["bots_allowed"] = true;
    if (!settings.first_board_white) out["first_board_white"] = false;
    if (settings.starts_at_ms) out["starts_at_ms"] = *settings.starts_at_ms;
    if (settings.arena_minutes > 0) {
        out["arena_minutes"] = settings.arena_minutes;
        out["berserk"] = settings.berserk;
    }
    if (settings.round_days > 0) out["round_days"] = settings.round_days;
    return out.dump();
}

TournamentSettings read_settings(std::string_view text)
{
    TournamentSettings settings;
    const auto stored = nlohmann::json::parse(std::string(text), nullptr, false);
    if (!stored.is_object()) return settings;
    if (const auto cycles = stored.find("cycles"); cycles != stored.end() && cycles->is_number_integer())
        settings.cycles = cycles->get<int>();
    if (const auto late = stored.find("late_entry_until_round"); late != stored.end() && late->is_number_integer())
        settings.late_entry_until_round = late->get<int>();
    if (const auto hash = stored.find("password_hash"); hash != stored.end() && hash->is_string())
        settings.password_hash = hash->get<std::string>();
    if (const auto pairs = stored.find("forbidden_pairs"); pairs != stored.end() && pairs->is_array())
        for (const auto& pair : *pairs)
            if (pair.is_array() && pair.size() == 2 && pair[0].is_string() && pair[1].is_string())
                settings.forbidden_pairs.emplace_back(pair[0].get<std::string>(), pair[1].get<std::string>());
    if (const auto codes = stored.find("tie_breaks"); codes != stored.end() && codes->is_array())
        for (const auto& code : *codes)
            if (code.is_string()) settings.tie_breaks.push_back(code.get<std::string>());
    if (const auto from = stored.find("draw_offers_from_move"); from != stored.end() && from->is_number_integer())
        settings.draw_offers_from_move = from->get<int>();
    if (const auto white = stored.find("first_board_white"); white != stored.end() && white->is_boolean())
        settings.first_board_white = white->get<bool>();
    if (const auto starts = stored.find("starts_at_ms"); starts != stored.end() && starts->is_number_integer())
        settings.starts_at_ms = starts->get<std::int64_t>();
    if (const auto minutes = stored.find("arena_minutes"); minutes != stored.end() && minutes->is_number_integer())
        settings.arena_minutes = minutes->get<int>();
    if (const auto berserk = stored.find("berserk"); berserk != stored.end() && berserk->is_boolean())
        settings.berserk = berserk->get<bool>();
    const auto number = [&](const char* name) -> std::optional<int> {
        const auto found = stored.find(name);
        if (found == stored.end() || !found->is_number_integer()) return std::nullopt;
        return found->get<int>();
    };
    settings.round_days = number("round_days").value_or(0);
    settings.min_rating = number("min_rating");
    settings.max_rating = number("max_rating");
    settings.min_rated_games = number("min_rated_games").value_or(0);
    if (const auto bots = stored.find("bots_allowed"); bots != stored.end() && bots->is_boolean())
        settings.bots_allowed = bots->get<bool>();
    if (const auto invited = stored.find("invited"); invited != stored.end() && invited->is_array())
        for (const auto& key : *invited)
            if (key.is_string()) settings.invited.push_back(key.get<std::string>());
    return settings;
}

std::string tournament_password_hash(std::int64_t tournament_id, std::string_view password)
{
    return identity::token_hash("tournament " + std::to_string(tournament_id) + "\n" + std::string(password));
}

bool tournament_password_matches(std::int64_t tournament_id, std::string_view password, const std::string& hash)
{
    const std::string given = tournament_password_hash(tournament_id, password);
    return given.size() == hash.size() && sodium_memcmp(given.data(), hash.data(), given.size()) == 0;
}

} // namespace rochade::server
