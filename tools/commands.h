// The subcommands of the `rochade` command-line tool; each lives in its own file.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "analyze_command.h"

namespace rochade::cli {

// rochade perft [--divide] FEN DEPTH
int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

// rochade pgn FILE: one line per game ("game 1: 1-0 checkmate"), or the first error; exit 1 on error.
int pgn_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
// The same for PGN text already in memory.
int check_pgn_text(std::string_view text, std::ostream& out);

// rochade serve [--port N] [--bind ADDR] [--db FILE] [--config FILE]: runs the game server until
// SIGINT or SIGTERM; exit 0 after a clean stop, 2 on bad arguments or configuration.
int serve_command(const std::vector<std::string>& args, std::ostream& err);

// rochade games --db FILE [--limit N] [GAME_ID]: the recent games, or one game's full log
// (moves with clocks and timestamps, table events, PGN); exit 1 for an unknown game, 2 on bad
// arguments or an unreadable database.
int games_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace rochade::cli
