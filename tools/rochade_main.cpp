// The `rochade` command-line tool. Its subcommands and their output are a fixed contract that
// other tools drive (see README.md).
#include <unistd.h>

#include <iostream>
#include <string>
#include <vector>

#include "commands.h"
#include "password_prompt.h"

namespace {

void print_usage(std::ostream& out)
{
    out << "usage:\n"
           "  rochade perft [--divide] [--chess960] \"FEN\" DEPTH\n"
           "                                         count leaf nodes of the legal move tree\n"
           "  rochade analyze                        JSON lines in, one JSON answer per line out\n"
           "  rochade pgn FILE                       check every game of a PGN file\n"
           "  rochade serve [--port N] [--bind ADDR] [--db FILE|URL] [--config FILE]\n"
           "                                         run the game server (HTTP and WebSocket)\n"
           "  rochade games --db FILE|URL [--limit N] [ID]\n"
           "                                         list recent games, or one game's full log\n"
           "  rochade admin create-user|set-role|reset-password|list-users ... --db FILE|URL\n"
           "                                         accounts and roles (docs/admin.md)\n"
           "  rochade pair --dutch FILE.trf | --berger N [--double]\n"
           "                                         tournament pairings (FIDE Dutch, Berger tables)\n"
           "  --db FILE is the server's SQLite file, --db URL its PostgreSQL database\n"
           "  (postgresql://user@host:port/db)\n";
}

} // namespace

int main(int argc, char** argv)
{
    using namespace rochade::cli;
    if (argc < 2) {
        print_usage(std::cerr);
        return 2;
    }
    const std::string command = argv[1];
    const std::vector<std::string> args(argv + 2, argv + argc);
    if (command == "perft") return perft_command(args, std::cout, std::cerr);
    if (command == "analyze") return analyze_command(std::cin, std::cout);
    if (command == "pgn") return pgn_command(args, std::cout, std::cerr);
    if (command == "serve") return serve_command(args, std::cout, std::cerr);
    if (command == "pair") return pair_command(args, std::cout, std::cerr);
    if (command == "games") return games_command(args, std::cout, std::cerr);
    if (command == "admin") {
        // From a pipe there is one line: the "Again" prompt gets nothing and is skipped.
        bool asked = false;
        const bool terminal = isatty(STDIN_FILENO) == 1;
        return admin_command(
            args,
            [&](const std::string& prompt) -> std::optional<std::string> {
                if (asked && !terminal) return std::nullopt;
                asked = true;
                return read_password_from_stdin(prompt);
            },
            std::cout, std::cerr);
    }
    if (command == "--help" || command == "-h" || command == "help") {
        print_usage(std::cout);
        return 0;
    }
    std::cerr << "rochade: unknown command '" << command << "'\n";
    print_usage(std::cerr);
    return 2;
}
