#include "protocol/tournament.h"

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/utf8.h"

namespace rochade::protocol {
namespace {

using TournamentJson = nlohmann::ordered_json;

std::string tournament_frame_text(const TournamentJson& frame)
{
    // Names and nicks are checked UTF-8 already; a stored one that is not is replaced, not thrown.
    return frame.dump(-1, ' ', false, TournamentJson::error_handler_t::replace);
}

TournamentJson tournament_json(const TournamentView& view, bool with_players)
{
    TournamentJson out;
    out["id"] = view.id;
    out["name"] = view.name;
    out["system"] = tournament_system_name(view.system);
    if (view.system == TournamentSystem::Swiss)
        out["rounds"] = view.rounds;
    else
        out["cycles"] = view.cycles;
    out["time_control"] = TournamentJson::parse(time_control_to_json(view.time_control).dump());
    out["rated"] = view.rated;
    out["director"] = view.director;
    out["late_entry_until_round"] = view.late_entry_until_round;
    out["password"] = view.password;
    out["state"] = view.state;
    out["created_ms"] = view.created_ms;
    if (view.started_ms) out["started_ms"] = *view.started_ms;
    if (view.finished_ms) out["finished_ms"] = *view.finished_ms;
    out["rounds_paired"] = view.rounds_paired;
    out["player_count"] = view.player_count;
    if (with_players) {
        TournamentJson players = TournamentJson::array();
        for (const auto& player : view.players)
            players.push_back(TournamentJson{{"entry", player.entry},
                                             {"nick", player.nick},
                                             {"rating", player.rating},
                                             {"first_round", player.first_round},
                                             {"withdrawn", player.withdrawn}});
        out["players"] = std::move(players);
    }
    return out;
}

} // namespace

std::optional<std::string> tournament_name_error(std::string_view name)
{
    std::size_t chars = 0;
    bool last_space = false;
    for (std::size_t at = 0; at < name.size();) {
        const CodePoint c = read_code_point(name, at);
        if (!c.valid) return "name is not valid UTF-8";
        if (c.value < 0x20 || (c.value >= 0x7F && c.value < 0xA0) || c.value == 0x2028 || c.value == 0x2029)
            return "name must not contain a control character";
        const bool space = c.value == ' ';
        if (space && (at == 0 || last_space)) return "name must not start with a space or have two in a row";
        last_space = space;
        at += std::size_t(c.length);
        ++chars;
    }
    if (last_space) return "name must not end with a space";
    if (chars < min_tournament_name_chars || chars > max_tournament_name_chars)
        return "name must be " + std::to_string(min_tournament_name_chars) + " to " +
               std::to_string(max_tournament_name_chars) + " characters, not " + std::to_string(chars);
    return std::nullopt;
}

std::string encode_tournament_created(const OptionalId& id, const TournamentView& tournament)
{
    TournamentJson frame{{"type", "ok"}};
    if (id) std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
    frame["tournament"] = tournament_json(tournament, true);
    return tournament_frame_text(frame);
}

std::string encode_tournaments(const std::vector<TournamentView>& tournaments)
{
    TournamentJson upcoming = TournamentJson::array(), running = TournamentJson::array(),
                   finished = TournamentJson::array();
    for (const auto& view : tournaments) {
        auto& list = view.state == "registering" ? upcoming : view.state == "finished" ? finished : running;
        list.push_back(tournament_json(view, false));
    }
    return tournament_frame_text(TournamentJson{{"type", "tournaments"},
                                                {"upcoming", std::move(upcoming)},
                                                {"running", std::move(running)},
                                                {"finished", std::move(finished)}});
}

std::string encode_tournament(const TournamentView& tournament)
{
    return tournament_frame_text(
        TournamentJson{{"type", "tournament"}, {"tournament", tournament_json(tournament, true)}});
}

std::string encode_tournament_updated(const TournamentView& tournament)
{
    return tournament_frame_text(
        TournamentJson{{"type", "tournament_updated"}, {"tournament", tournament_json(tournament, true)}});
}

} // namespace rochade::protocol
