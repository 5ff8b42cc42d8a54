// The subcommands of the `rochade` command-line tool; each lives in its own file.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace rochade::cli {

// rochade perft [--divide] FEN DEPTH
int perft_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace rochade::cli
