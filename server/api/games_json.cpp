#include "server/api/games_json.h"

#include <cmath>

#include "engine/fen.h"
#include "engine/san.h"
#include "engine/uci.h"
#include "protocol/nick.h"
#include "server/api/query_string.h"

namespace rochade::server {

using nlohmann::json;

namespace {

// A stored JSON object as JSON; text that does not read (a damaged row) stays a string, so the
// moderator still sees it.
json stored_json(const std::string& text)
{
    auto value = json::parse(text, nullptr, false);
    if (value.is_discarded()) return text;
    return value;
}

json optional_ms(const std::optional<std::int64_t>& ms) { return ms ? json(*ms) : json(nullptr); }

json category_json(const std::optional<rating::RatingCategory>& category)
{
    return category ? json(rating::category_name(*category)) : json(nullptr);
}

} // namespace

namespace {

std::string wanted(std::string_view name, std::string_view wants, const std::string& value)
{
    return "query parameter '" + std::string(name) + "' wants " + std::string(wants) + ", not '" + value + "'";
}

} // namespace

Expected<int, std::string> parse_page_limit(std::string_view name, const std::string& value)
{
    const auto number = parse_integer(value);
    if (!number || *number < db::min_page_games || *number > db::max_page_games)
        return unexpected(wanted(name,
                                 "a number from " + std::to_string(db::min_page_games) + " to " +
                                     std::to_string(db::max_page_games),
                                 value));
    return static_cast<int>(*number);
}

Expected<db::GameCursor, std::string> parse_page_cursor(std::string_view name, const std::string& value)
{
    const auto cursor = db::parse_cursor(value);
    if (!cursor) return unexpected(wanted(name, "the \"next\" of a previous page (like 1700000000000_42)", value));
    return *cursor;
}

Expected<db::GameQuery, std::string> parse_game_query(std::string_view query_text)
{
    const auto parameters = parse_query(
        query_text, {"player", "room", "from", "to", "result", "termination", "state", "rated", "limit", "after"});
    if (!parameters) return unexpected(parameters.error());
    auto bad = [](std::string_view name, std::string_view wants, const std::string& value) {
        return unexpected(wanted(name, wants, value));
    };
    db::GameQuery query;
    if (const auto player = parameters->get("player")) {
        if (const auto error = protocol::nick_error(*player)) return unexpected("query parameter 'player': " + *error);
        query.player = *player;
    }
    if (const auto room = parameters->get("room")) {
        query.room = parse_integer(*room);
        if (!query.room || *query.room == 0)
            return bad("room", "a room number (negative for a secret room, not 0)", *room);
    }
    std::optional<std::int64_t> to_day;
    if (const auto from = parameters->get("from")) {
        query.started_from_ms = db::parse_utc_day(*from);
        if (!query.started_from_ms) return bad("from", "a date YYYY-MM-DD (UTC)", *from);
    }
    if (const auto to = parameters->get("to")) {
        to_day = db::parse_utc_day(*to);
        if (!to_day) return bad("to", "a date YYYY-MM-DD (UTC)", *to);
        query.started_before_ms = *to_day + db::utc_day_ms; // the whole day
    }
    if (query.started_from_ms && to_day && *query.started_from_ms > *to_day)
        return unexpected(std::string("query parameter 'from' is after 'to': no day is in between"));
    if (const auto result = parameters->get("result")) {
        const auto score = parse_score(*result, "query parameter 'result'");
        if (!score) return bad("result", "1-0, 0-1, 1/2-1/2 or *", *result);
        query.result = *score;
    }
    if (const auto termination = parameters->get("termination")) {
        const auto parsed = parse_termination(*termination, "query parameter 'termination'");
        if (!parsed) return bad("termination", "one of " + termination_texts(), *termination);
        query.termination = *parsed;
    }
    if (const auto state = parameters->get("state")) {
        if (*state == "running")
            query.state = db::GameState::Running;
        else if (*state == "finished")
            query.state = db::GameState::Finished;
        else
            return bad("state", "running or finished", *state);
    }
    if (const auto rated = parameters->get("rated")) {
        if (*rated != "yes" && *rated != "no") return bad("rated", "yes or no", *rated);
        query.rated = *rated == "yes";
    }
    if (const auto limit = parameters->get("limit")) {
        const auto number = parse_page_limit("limit", *limit);
        if (!number) return unexpected(number.error());
        query.limit = *number;
    }
    if (const auto after = parameters->get("after")) {
        const auto cursor = parse_page_cursor("after", *after);
        if (!cursor) return unexpected(cursor.error());
        query.after = *cursor;
    }
    return query;
}

json rating_changes_json(const std::vector<db::RatingChange>& changes)
{
    if (changes.empty()) return nullptr;
    json out = json::object();
    for (const db::RatingChange& change : changes) {
        const long before = std::lround(change.before.rating), after = std::lround(change.after.rating);
        out[change.white ? "white" : "black"] = {{"before", before}, {"after", after}, {"diff", after - before}};
    }
    return out;
}

json game_page_json(const db::GamePage& page)
{
    json games = json::array();
    for (const db::GameSummary& game : page.games)
        games.push_back({{"id", game.game_id},
                         {"table", game.table_id},
                         {"room", game.room},
                         {"white", game.white},
                         {"black", game.black},
                         {"time_control", stored_json(game.time_control_json)},
                         {"started_at", game.started_at_ms},
                         {"ended_at", optional_ms(game.ended_at_ms)},
                         {"result", game.result ? json(to_text(*game.result)) : json(nullptr)},
                         {"termination", game.termination ? json(to_text(*game.termination)) : json(nullptr)},
                         {"moves", game.moves},
                         {"rated", game.rated},
                         {"category", category_json(game.category)},
                         {"rating_changes", rating_changes_json(game.rating_changes)}});
    return {{"games", std::move(games)},
            {"next", page.next_page ? json(db::cursor_text(*page.next_page)) : json(nullptr)}};
}

json game_log_json(const db::GameLog& log)
{
    const db::GameStarted& start = log.start;
    json out{{"id", start.game_id},
             {"table", start.table_id},
             {"room", start.room},
             {"white", start.white},
             {"black", start.black},
             {"time_control", stored_json(start.time_control_json)},
             {"rated", start.rated},
             {"category", category_json(start.category)},
             {"rating_changes", rating_changes_json(log.rating_changes)},
             {"variant", start.variant == Variant::Chess960 ? "chess960"
                         : start.start_fen != StartFen      ? "from_position"
                                                            : "standard"},
             {"chess960", start.chess960 ? json(*start.chess960) : json(nullptr)},
             {"start_fen", start.start_fen},
             {"start_clocks", {{"white_ms", start.white_ms}, {"black_ms", start.black_ms}}},
             {"started_at", start.started_at_ms},
             {"ended_at", nullptr},
             {"result", nullptr},
             {"termination", nullptr},
             {"message", nullptr},
             {"end_detail", nullptr},
             {"end_clocks", nullptr}};
    if (log.end) {
        out["ended_at"] = log.end->ended_at_ms;
        out["result"] = to_text(log.end->result);
        out["termination"] = to_text(log.end->termination);
        json detail = stored_json(log.end->detail_json);
        if (detail.is_object() && detail.contains("message")) out["message"] = detail["message"];
        out["end_detail"] = std::move(detail);
        out["end_clocks"] = {{"white_ms", log.end->white_ms}, {"black_ms", log.end->black_ms}};
    }

    // The moves, replayed: the stored SAN is English only, and the board needs each position.
    json moves = json::array();
    std::optional<Position> position;
    std::string problem;
    if (auto parsed = parse_fen(start.start_fen, start.variant))
        position = *parsed;
    else
        problem = "the start FEN does not read: " + parsed.error().message;
    for (const db::MovePlayed& played : log.moves) {
        json move{{"ply", played.ply},           {"seq", played.seq},           {"uci", played.uci},
                  {"san", played.san},           {"san_de", nullptr},           {"fen", nullptr},
                  {"white_ms", played.white_ms}, {"black_ms", played.black_ms}, {"at", played.at_ms}};
        if (position) {
            if (auto legal = parse_uci(*position, played.uci)) {
                move["san"] = to_san(*position, *legal, Language::English);
                move["san_de"] = to_san(*position, *legal, Language::German);
                UndoInfo undo;
                position->make_move(*legal, undo);
                move["fen"] = to_fen(*position);
            } else {
                problem = "ply " + std::to_string(played.ply) + " (" + played.uci +
                          ") does not replay: " + legal.error().message;
                position.reset();
            }
        }
        moves.push_back(std::move(move));
    }
    out["moves"] = std::move(moves);
    out["replay_problem"] = problem.empty() ? json(nullptr) : json(problem);

    json events = json::array();
    for (const db::TableEvent& event : log.events)
        events.push_back({{"seq", event.seq},
                          {"kind", to_text(event.kind)},
                          {"at", event.at_ms},
                          {"detail", stored_json(event.detail_json)}});
    out["events"] = std::move(events);
    return out;
}

std::optional<GamePath> parse_game_path(std::string_view rest)
{
    GamePath path;
    if (rest.ends_with(".pgn")) {
        path.pgn = true;
        rest.remove_suffix(4);
    }
    if (rest.empty() || rest.front() < '0' || rest.front() > '9') return std::nullopt; // no sign
    const auto id = parse_integer(rest);
    if (!id || *id <= 0) return std::nullopt;
    path.game_id = *id;
    return path;
}

std::string pgn_file_name(std::int64_t game_id) { return "rochade-game-" + std::to_string(game_id) + ".pgn"; }

} // namespace rochade::server
