// The subcommands of the `rochade` command-line tool; each lives in its own file.
#pragma once

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "analyze_command.h"

namespace rochade::cli {

// Whether a subcommand's arguments ask for its help (--help or -h anywhere): it then prints its
// usage on standard output and exits 0. Help is an answer, not an error.
inline bool asks_for_help(const std::vector<std::string>& args)
{
    for (const auto& arg : args)
        if (arg == "--help" || arg == "-h") return true;
    return false;
}

// rochade perft [--divide] FEN DEPTH
int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// rochade pgn FILE: one line per game ("game 1: 1-0 checkmate"), or the first error; exit 1 on error.
int pgn_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// The same for PGN text already in memory.
int check_pgn_text(std::string_view text, std::ostream& out);

// rochade serve [--port N] [--bind ADDR] [--db FILE|URL] [--config FILE]: runs the game server until
// SIGINT or SIGTERM; exit 0 after a clean stop, 2 on bad arguments or configuration.
int serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// rochade games --db FILE|URL [--player NICK] [--room N] [--from DATE] [--to DATE] [--result R]
// [--termination T] [--running|--finished] [--limit N] [--after CURSOR]: a page of the games that
// match, newest first, and the next page's cursor; or rochade games --db FILE|URL GAME_ID [--pgn]: one
// game's full log (moves with clocks and timestamps, table events, PGN), or its PGN alone. Exit 1
// for an unknown game, 2 on bad arguments or an unreadable database. FILE is a SQLite file, URL a
// postgresql:// one (db/existing_store.h); neither is created.
int games_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// rochade pair --dutch FILE.trf | --berger N [--double]: the next Swiss round of a TRF by the
// FIDE Dutch system, or a round-robin schedule by the Berger tables; exit 1 on an unreadable or
// invalid TRF (the error names line and column), 2 on bad arguments.
int pair_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// Reads a password after showing `prompt` (without echo on a terminal); nothing at the end of
// the input.
using PasswordReader = std::function<std::optional<std::string>(const std::string& prompt)>;

// rochade admin create-user|set-role|reset-password|list-users ... --db FILE|URL: accounts and
// roles on the server's database, SQLite or PostgreSQL (docs/admin.md); exit 1 when the account
// is missing or the nick taken, 2 on bad arguments or an unreadable database.
int admin_command(const std::vector<std::string>& args, const PasswordReader& read_password, std::ostream& out,
                  std::ostream& err);

} // namespace rochade::cli
