// rochade games --db FILE [--limit N]: the most recent games, newest first, one line each.
// rochade games --db FILE ID: everything stored about one game: its header, every move with
// both clocks and the server's timestamp, every table event with its JSON, and the game as PGN
// replayed from the stored moves. For a club admin settling a dispute, so times are printed
// in UTC and clocks as h:mm:ss.mmm.
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

#include "commands.h"
#include "db/sqlite.h"
#include "db/store.h"
#include "engine/fen.h"
#include "engine/pgn.h"
#include "engine/uci.h"

namespace rochade::cli {

namespace {

std::tm utc_parts(std::int64_t unix_ms)
{
    const std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
    std::tm parts{};
    gmtime_r(&seconds, &parts);
    return parts;
}

// Wall-clock Unix milliseconds as ISO 8601 UTC, "2024-05-01T18:03:07.250Z".
std::string utc_time(std::int64_t unix_ms)
{
    const std::tm parts = utc_parts(unix_ms);
    char text[96];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                  parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, static_cast<int>(unix_ms % 1000));
    return text;
}

// PGN's Date tag: "2024.05.01".
std::string pgn_date(std::int64_t unix_ms)
{
    const std::tm parts = utc_parts(unix_ms);
    char text[64];
    std::snprintf(text, sizeof text, "%04d.%02d.%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday);
    return text;
}

// Remaining thinking time as h:mm:ss.mmm (a negative reading, a flag fallen by that much, keeps
// its sign).
std::string clock_reading(std::int64_t ms)
{
    const char* sign = ms < 0 ? "-" : "";
    if (ms < 0) ms = -ms;
    char text[96];
    std::snprintf(text, sizeof text, "%s%lld:%02lld:%02lld.%03lld", sign, static_cast<long long>(ms / 3600000),
                  static_cast<long long>(ms / 60000 % 60), static_cast<long long>(ms / 1000 % 60),
                  static_cast<long long>(ms % 1000));
    return text;
}

void print_game_list(db::Store& store, int limit, std::ostream& out)
{
    const auto games = store.recent_games(limit);
    if (games.empty()) {
        out << "no games\n";
        return;
    }
    for (const db::GameSummary& game : games) {
        out << "game " << game.game_id << "  table " << game.table_id << "  room " << game.room << "  " << game.white
            << " - " << game.black << "  ";
        if (game.ended_at_ms)
            out << game.result << " " << game.termination;
        else
            out << "* unfinished";
        out << "  " << game.moves << (game.moves == 1 ? " ply" : " plies") << "  started "
            << utc_time(game.started_at_ms);
        if (game.ended_at_ms) out << "  ended " << utc_time(*game.ended_at_ms);
        out << "  " << game.time_control_json << '\n';
    }
}

// Replays the stored UCI moves from the stored start; a move that does not replay (which
// would mean a corrupt database) ends the PGN there and is named in a line of its own.
PgnGame replay_as_pgn(const db::GameLog& log, std::string& problem)
{
    PgnGame pgn;
    pgn.tags = {{"Event", "Rochade game " + std::to_string(log.start.game_id)},
                {"Site", "Rochade, room " + std::to_string(log.start.room)},
                {"Date", pgn_date(log.start.started_at_ms)},
                {"Round", "-"},
                {"White", log.start.white},
                {"Black", log.start.black}};
    pgn.result = log.end ? log.end->result : "*";
    if (log.start.start_fen != StartFen) pgn.start_fen = log.start.start_fen;
    auto start = parse_fen(log.start.start_fen);
    if (!start) {
        problem = "the start FEN does not read: " + start.error().message;
        return pgn;
    }
    Position position = *start;
    for (const db::MovePlayed& move : log.moves) {
        auto parsed = parse_uci(position, move.uci);
        if (!parsed) {
            problem =
                "ply " + std::to_string(move.ply) + " (" + move.uci + ") does not replay: " + parsed.error().message;
            break;
        }
        UndoInfo undo;
        position.make_move(*parsed, undo);
        pgn.moves.push_back(*parsed);
    }
    return pgn;
}

void print_game_log(const db::GameLog& log, std::ostream& out)
{
    const db::GameStarted& start = log.start;
    out << "game " << start.game_id << " at table " << start.table_id << " in room " << start.room << '\n'
        << "white: " << start.white << '\n'
        << "black: " << start.black << '\n'
        << "time control: " << start.time_control_json << '\n'
        << "start FEN: " << start.start_fen << '\n'
        << "started: " << utc_time(start.started_at_ms) << "  clocks white " << clock_reading(start.white_ms)
        << " black " << clock_reading(start.black_ms) << '\n';
    if (log.end)
        out << "ended: " << utc_time(log.end->ended_at_ms) << "  " << log.end->result << " " << log.end->termination
            << "  clocks white " << clock_reading(log.end->white_ms) << " black " << clock_reading(log.end->black_ms)
            << "  " << log.end->detail_json << '\n';
    else
        out << "ended: not yet (unfinished)\n";

    out << "moves: " << log.moves.size() << '\n';
    for (const db::MovePlayed& move : log.moves)
        out << "  " << move.ply << ". " << move.san << " (" << move.uci << ")  seq " << move.seq << "  white "
            << clock_reading(move.white_ms) << " black " << clock_reading(move.black_ms) << "  at "
            << utc_time(move.at_ms) << '\n';

    out << "events: " << log.events.size() << '\n';
    for (const db::TableEvent& event : log.events)
        out << "  seq " << event.seq << "  " << event.kind << "  at " << utc_time(event.at_ms) << "  "
            << event.detail_json << '\n';

    std::string problem;
    const PgnGame pgn = replay_as_pgn(log, problem);
    out << "pgn:\n" << write_pgn(pgn);
    if (!problem.empty()) out << "warning: " << problem << '\n';
}

std::optional<std::int64_t> parse_number(const std::string& text)
{
    if (text.empty() || text.size() > 18) return std::nullopt;
    std::int64_t value = 0;
    for (char c : text) {
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

} // namespace

int games_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    const char* usage = "usage: rochade games --db FILE [--limit N] [GAME_ID]\n";
    std::string path;
    int limit = 50;
    std::optional<std::int64_t> game_id;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if ((args[i] == "--db" || args[i] == "--limit") && i + 1 < args.size()) {
            const std::string& value = args[++i];
            if (args[i - 1] == "--db") {
                path = value;
                continue;
            }
            const auto number = parse_number(value);
            if (!number || *number == 0 || *number > 100000) {
                err << "rochade games: --limit wants a number from 1 to 100000, not '" << value << "'\n" << usage;
                return 2;
            }
            limit = static_cast<int>(*number);
        } else if (!game_id && (game_id = parse_number(args[i]))) {
        } else {
            err << "rochade games: unexpected argument '" << args[i] << "'\n" << usage;
            return 2;
        }
    }
    if (path.empty()) {
        err << "rochade games: --db FILE is required\n" << usage;
        return 2;
    }
    // Opening a missing file would create an empty database; an admin who mistyped the path
    // should hear so instead.
    if (!std::filesystem::exists(path)) {
        err << "rochade games: no database at '" << path << "'\n";
        return 2;
    }
    try {
        db::Store store(path);
        if (!game_id) {
            print_game_list(store, limit, out);
            return 0;
        }
        const auto log = store.game_log(*game_id);
        if (!log) {
            err << "rochade games: no game " << *game_id << " in '" << path << "'\n";
            return 1;
        }
        print_game_log(*log, out);
        return 0;
    } catch (const db::DbError& error) {
        err << "rochade games: " << error.what() << '\n';
        return 2;
    }
}

} // namespace rochade::cli
