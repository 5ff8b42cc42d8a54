// rochade games --db FILE|URL [filters] [--limit N] [--after CURSOR]: the games that match every
// filter (player, room, dates, result, termination, running or finished, rated or casual), newest first, one line
// each, a page at a time; the next page's cursor at the end when there is one.
// rochade games --db FILE|URL ID: everything stored about one game: its header, every move with
// both clocks and the server's timestamp, every table event with its JSON, and the game as PGN
// replayed from the stored moves. --pgn: the PGN alone, to save as a file.
// For a club admin settling a dispute, so times are printed in UTC and clocks as h:mm:ss.mmm.
// It reads through db::StoreReader: the server's SQLite file or its PostgreSQL database alike.
#include <cstdio>
#include <ctime>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>

#include "commands.h"
#include "db/existing_store.h"
#include "db/game_query.h"
#include "engine/expected.h"
#include "protocol/nick.h"
#include "rating/category.h"
#include "server/api/game_pgn.h"

namespace rochade::cli {

using db::utc_parts;
using server::stored_game_pgn;
using server::StoredGamePgn;

namespace {

// Wall-clock Unix milliseconds as ISO 8601 UTC, "2024-05-01T18:03:07.250Z".
std::string utc_time(std::int64_t unix_ms)
{
    const std::tm parts = utc_parts(unix_ms);
    char text[96];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1,
                  parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, static_cast<int>(unix_ms % 1000));
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

void print_game_list(db::StoreReader& store, const db::GameQuery& query, std::ostream& out)
{
    const db::GamePage page = store.find_games(query);
    if (page.games.empty()) out << "no games\n";
    for (const db::GameSummary& game : page.games) {
        out << "game " << game.game_id << "  table " << game.table_id << "  room " << game.room << "  " << game.white
            << " - " << game.black << "  ";
        if (game.ended_at_ms)
            out << to_text(*game.result) << " " << to_text(*game.termination);
        else
            out << "* unfinished";
        out << "  " << game.moves << (game.moves == 1 ? " ply" : " plies") << "  started "
            << utc_time(game.started_at_ms);
        if (game.ended_at_ms) out << "  ended " << utc_time(*game.ended_at_ms);
        out << "  " << game.time_control_json;
        if (game.rated) out << "  rated";
        if (game.rated && game.category) out << ' ' << rating::category_name(*game.category);
        out << '\n';
    }
    if (page.next_page) out << "next page: --after " << db::cursor_text(*page.next_page) << '\n';
}

// The command reads only the database, not the server's config: its PGN names the built-in
// listed rooms and writes Site "?" (the archive's PGN, GET /games/{id}.pgn, has the configured
// rooms and public_url).
server::PgnSite games_pgn_site() { return server::PgnSite::of(server::ServerConfig{}); }

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
        out << "ended: " << utc_time(log.end->ended_at_ms) << "  " << to_text(log.end->result) << " "
            << to_text(log.end->termination) << "  clocks white " << clock_reading(log.end->white_ms) << " black "
            << clock_reading(log.end->black_ms) << "  " << log.end->detail_json << '\n';
    else
        out << "ended: not yet (unfinished)\n";

    out << "moves: " << log.moves.size() << '\n';
    for (const db::MovePlayed& move : log.moves)
        out << "  " << move.ply << ". " << move.san << " (" << move.uci << ")  seq " << move.seq << "  white "
            << clock_reading(move.white_ms) << " black " << clock_reading(move.black_ms) << "  at "
            << utc_time(move.at_ms) << '\n';

    out << "events: " << log.events.size() << '\n';
    for (const db::TableEvent& event : log.events)
        out << "  seq " << event.seq << "  " << to_text(event.kind) << "  at " << utc_time(event.at_ms) << "  "
            << event.detail_json << '\n';

    const StoredGamePgn pgn = stored_game_pgn(log, games_pgn_site());
    out << "pgn:\n" << pgn.text;
    if (!pgn.problem.empty()) out << "warning: " << pgn.problem << '\n';
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

// A room number: positive for listed and ad-hoc rooms, negative for secret ones, never 0.
std::optional<std::int64_t> parse_room(const std::string& text)
{
    const bool negative = !text.empty() && text[0] == '-';
    const auto number = parse_number(negative ? text.substr(1) : text);
    if (!number || *number == 0) return std::nullopt;
    return negative ? -*number : *number;
}

const char* const usage = "usage: rochade games --db FILE|URL [--player NICK] [--room N] [--from YYYY-MM-DD] "
                          "[--to YYYY-MM-DD]\n"
                          "                     [--result 1-0|0-1|1/2-1/2|*] [--termination T] [--running|--finished]\n"
                          "                     [--rated|--casual]\n"
                          "                     [--limit N] [--after CURSOR]\n"
                          "       rochade games --db FILE|URL GAME_ID [--pgn]\n"
                          "  (FILE: the server's SQLite file; URL: postgresql://user@host:port/db)\n";

struct GamesArguments {
    std::string path;
    db::GameQuery query;
    bool searching = false; // a filter, --limit or --after was given
    std::optional<std::int64_t> game_id;
    bool pgn = false;
};

// The arguments, or the message that says which one is wrong and why.
Expected<GamesArguments, std::string> parse_games_arguments(const std::vector<std::string>& args)
{
    GamesArguments parsed;
    std::optional<std::int64_t> to_day;
    auto fail = [](std::string message) { return unexpected(std::move(message)); };
    auto bad_value = [](const std::string& flag, const std::string& wants, const std::string& value) {
        return unexpected(flag + " wants " + wants + ", not '" + value + "'");
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--running" || arg == "--finished") {
            const auto state = arg == "--running" ? db::GameState::Running : db::GameState::Finished;
            if (parsed.query.state && *parsed.query.state != state)
                return fail("--running and --finished exclude each other");
            parsed.query.state = state;
            parsed.searching = true;
            continue;
        }
        if (arg == "--rated" || arg == "--casual") {
            const bool rated = arg == "--rated";
            if (parsed.query.rated && *parsed.query.rated != rated)
                return fail("--rated and --casual exclude each other");
            parsed.query.rated = rated;
            parsed.searching = true;
            continue;
        }
        if (arg == "--pgn") {
            parsed.pgn = true;
            continue;
        }
        const bool takes_value = arg == "--db" || arg == "--player" || arg == "--room" || arg == "--from" ||
                                 arg == "--to" || arg == "--result" || arg == "--termination" || arg == "--limit" ||
                                 arg == "--after";
        if (!takes_value) {
            if (!parsed.game_id && (parsed.game_id = parse_number(arg))) continue;
            return fail("unexpected argument '" + arg + "'");
        }
        if (i + 1 == args.size()) return fail(arg + " wants a value");
        const std::string& value = args[++i];
        if (arg == "--db") {
            parsed.path = value;
            continue;
        }
        parsed.searching = true;
        if (arg == "--player") {
            if (const auto error = protocol::nick_error(value)) return fail("--player '" + value + "': " + *error);
            parsed.query.player = value;
        } else if (arg == "--room") {
            parsed.query.room = parse_room(value);
            if (!parsed.query.room) return bad_value(arg, "a room number (negative for a secret room, not 0)", value);
        } else if (arg == "--from") {
            parsed.query.started_from_ms = db::parse_utc_day(value);
            if (!parsed.query.started_from_ms) return bad_value(arg, "a date YYYY-MM-DD (UTC)", value);
        } else if (arg == "--to") {
            to_day = db::parse_utc_day(value);
            if (!to_day) return bad_value(arg, "a date YYYY-MM-DD (UTC)", value);
            parsed.query.started_before_ms = *to_day + db::utc_day_ms; // the whole day
        } else if (arg == "--result") {
            const auto score = parse_score(value, "--result");
            if (!score) return bad_value(arg, "1-0, 0-1, 1/2-1/2 or *", value);
            parsed.query.result = *score;
        } else if (arg == "--termination") {
            const auto termination = parse_termination(value, "--termination");
            if (!termination) return bad_value(arg, "one of " + termination_texts(), value);
            parsed.query.termination = *termination;
        } else if (arg == "--limit") {
            const auto number = parse_number(value);
            if (!number || *number < db::min_page_games || *number > db::max_page_games)
                return bad_value(arg,
                                 "a number from " + std::to_string(db::min_page_games) + " to " +
                                     std::to_string(db::max_page_games),
                                 value);
            parsed.query.limit = static_cast<int>(*number);
        } else { // --after
            parsed.query.after = db::parse_cursor(value);
            if (!parsed.query.after)
                return bad_value(arg, "the cursor a previous page printed (like 1700000000000_42)", value);
        }
    }
    if (parsed.path.empty()) return fail("--db FILE is required (or --db postgresql://...)");
    if (parsed.query.started_from_ms && to_day && *parsed.query.started_from_ms > *to_day)
        return fail("--from is after --to: no day is in between");
    if (parsed.game_id && parsed.searching)
        return fail("a game id does not go with search options (--player ... --limit, --after)");
    if (parsed.pgn && !parsed.game_id) return fail("--pgn wants a game id: rochade games --db FILE|URL ID --pgn");
    return parsed;
}

} // namespace

int games_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (asks_for_help(args)) {
        out << usage;
        return 0;
    }
    const auto parsed = parse_games_arguments(args);
    if (!parsed) {
        err << "rochade games: " << parsed.error() << '\n' << usage;
        return 2;
    }
    try {
        db::ExistingStore store(parsed->path);
        if (!parsed->game_id) {
            print_game_list(store.reader(), parsed->query, out);
            return 0;
        }
        const auto log = store.reader().game_log(*parsed->game_id);
        if (!log) {
            err << "rochade games: no game " << *parsed->game_id << " in '" << store.shown() << "'\n";
            return 1;
        }
        if (parsed->pgn) {
            const StoredGamePgn pgn = stored_game_pgn(*log, games_pgn_site());
            out << pgn.text;
            if (!pgn.problem.empty()) err << "rochade games: game " << *parsed->game_id << ": " << pgn.problem << '\n';
            return 0;
        }
        print_game_log(*log, out);
        return 0;
    } catch (const db::DbError& error) {
        err << "rochade games: " << error.what() << '\n';
        return 2;
    }
}

} // namespace rochade::cli
