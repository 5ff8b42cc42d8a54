#include "protocol/tournament.h"
#include "protocol/tournament_room.h"

#include <nlohmann/json.hpp>

#include "protocol/frame_json.h"

#include "protocol/decode.h"
#include "protocol/utf8.h"

namespace rochade::protocol {
namespace {

FrameJson pairings_json(const std::vector<TournamentRoundView>& rounds)
{
    FrameJson out = FrameJson::array();
    for (const auto& round : rounds) {
        FrameJson boards = FrameJson::array();
        for (const auto& board : round.boards) {
            FrameJson item{{"board", board.board}, {"white", board.white}};
            if (board.black) item["black"] = *board.black;
            if (board.bye) item["bye"] = *board.bye;
            if (board.table) item["table"] = *board.table;
            if (!board.bye) item["result"] = board.result;
            if (board.white_berserk) item["white_berserk"] = true;
            if (board.black_berserk) item["black_berserk"] = true;
            boards.push_back(std::move(item));
        }
        FrameJson paired{{"round", round.round}, {"paired_ms", round.paired_ms}, {"boards", std::move(boards)}};
        if (round.deadline_ms) paired["deadline_ms"] = *round.deadline_ms;
        out.push_back(std::move(paired));
    }
    return out;
}

FrameJson crosstable_json(const TournamentCrosstableView& table)
{
    FrameJson points = FrameJson::array(), sonneborn_berger = FrameJson::array();
    for (const int value : table.half_points) points.push_back(value / 2.0);
    for (const int value : table.sonneborn_berger_hundredths) sonneborn_berger.push_back(value / 100.0);
    return FrameJson{{"nicks", table.nicks},
                     {"cells", table.cells},
                     {"points", std::move(points)},
                     {"sb", std::move(sonneborn_berger)}};
}

FrameJson standings_json(const std::vector<TournamentStandingView>& rows)
{
    FrameJson out = FrameJson::array();
    for (const auto& row : rows) {
        FrameJson tie_breaks = FrameJson::array();
        for (const int value : row.tie_break_hundredths) tie_breaks.push_back(value / 100.0);
        out.push_back(FrameJson{{"rank", row.rank},
                                {"nick", row.nick},
                                {"points", row.half_points / 2.0},
                                {"tie_breaks", std::move(tie_breaks)},
                                {"withdrawn", row.withdrawn}});
    }
    return out;
}

FrameJson arena_standings_json(const std::vector<TournamentArenaStandingView>& rows)
{
    FrameJson out = FrameJson::array();
    for (const auto& row : rows)
        out.push_back(FrameJson{{"rank", row.rank},
                                {"nick", row.nick},
                                {"score", row.score},
                                {"performance", row.performance},
                                {"sheet", row.sheet},
                                {"on_fire", row.on_fire},
                                {"games", row.games},
                                {"playing", row.playing},
                                {"withdrawn", row.withdrawn}});
    return out;
}

FrameJson tournament_json(const TournamentView& view, bool with_players)
{
    FrameJson out;
    out["id"] = view.id;
    out["name"] = view.name;
    // Its room in the lobby (enter_room; open until the event is over and the room empty).
    out["room"] = tournament_room(view.id);
    out["system"] = tournament_system_name(view.system);
    // A round robin's rounds are known once it has started (view.rounds 0 before).
    if (view.system == TournamentSystem::RoundRobin) {
        out["cycles"] = view.cycles;
        if (view.round_days > 0) out["round_days"] = view.round_days;
    }
    if (view.system == TournamentSystem::Swiss || (view.system == TournamentSystem::RoundRobin && view.rounds > 0))
        out["rounds"] = view.rounds;
    if (view.system == TournamentSystem::Swiss) out["first_board"] = view.first_board_white ? "white" : "black";
    if (view.starts_ms) out["starts_ms"] = *view.starts_ms;
    if (view.system == TournamentSystem::Arena) {
        out["minutes"] = view.minutes;
        out["berserk"] = view.berserk;
        if (view.ends_ms) out["ends_ms"] = *view.ends_ms;
    }
    out["time_control"] = time_control_frame_json(view.time_control);
    out["rated"] = view.rated;
    out["director"] = view.director;
    out["late_entry_until_round"] = view.late_entry_until_round;
    if (view.draw_offers_from_move > 0) out["draw_offers_from_move"] = view.draw_offers_from_move;
    if (view.min_rating) out["min_rating"] = *view.min_rating;
    if (view.max_rating) out["max_rating"] = *view.max_rating;
    if (view.min_rated_games > 0) out["min_rated_games"] = view.min_rated_games;
    if (view.invited_only) out["invited_only"] = true;
    if (view.bots_allowed) out["bots_allowed"] = true;
    out["password"] = view.password;
    out["state"] = view.state;
    out["created_ms"] = view.created_ms;
    if (view.started_ms) out["started_ms"] = *view.started_ms;
    if (view.finished_ms) out["finished_ms"] = *view.finished_ms;
    out["rounds_paired"] = view.rounds_paired;
    if (view.next_round_ms) out["next_round_ms"] = *view.next_round_ms;
    out["player_count"] = view.player_count;
    if (with_players) {
        FrameJson players = FrameJson::array();
        for (const auto& player : view.players) {
            FrameJson entry{{"entry", player.entry},
                            {"nick", player.nick},
                            {"rating", player.rating},
                            {"first_round", player.first_round},
                            {"withdrawn", player.withdrawn}};
            if (player.bye_round) entry["bye_round"] = *player.bye_round;
            players.push_back(std::move(entry));
        }
        out["players"] = std::move(players);
        if (!view.tie_breaks.empty()) out["tie_breaks"] = view.tie_breaks;
        if (!view.pairings.empty()) out["pairings"] = pairings_json(view.pairings);
        if (!view.standings.empty()) out["standings"] = standings_json(view.standings);
        if (view.crosstable) out["crosstable"] = crosstable_json(*view.crosstable);
        if (!view.arena_standings.empty()) out["arena_standings"] = arena_standings_json(view.arena_standings);
    }
    return out;
}

} // namespace

bool is_director_result(std::string_view word)
{
    for (const std::string_view known :
         {"white_wins", "draw", "black_wins", "white_wins_by_forfeit", "black_wins_by_forfeit", "double_forfeit"})
        if (word == known) return true;
    return false;
}

bool is_tie_break_code(std::string_view code)
{
    return std::find(tie_break_codes.begin(), tie_break_codes.end(), code) != tie_break_codes.end();
}

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
    FrameJson frame{{"type", "ok"}};
    if (id) std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
    frame["tournament"] = tournament_json(tournament, true);
    return frame_text(frame);
}

std::string encode_tournaments(const std::vector<TournamentView>& tournaments)
{
    FrameJson upcoming = FrameJson::array(), running = FrameJson::array(), finished = FrameJson::array();
    for (const auto& view : tournaments) {
        auto& list = view.state == "registering" ? upcoming : view.state == "finished" ? finished : running;
        list.push_back(tournament_json(view, false));
    }
    return frame_text(FrameJson{{"type", "tournaments"},
                                {"upcoming", std::move(upcoming)},
                                {"running", std::move(running)},
                                {"finished", std::move(finished)}});
}

std::string encode_tournament(const TournamentView& tournament)
{
    return frame_text(FrameJson{{"type", "tournament"}, {"tournament", tournament_json(tournament, true)}});
}

std::string encode_tournament_updated(const TournamentView& tournament)
{
    return frame_text(FrameJson{{"type", "tournament_updated"}, {"tournament", tournament_json(tournament, true)}});
}

} // namespace rochade::protocol
