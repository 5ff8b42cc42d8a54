// rochade pgn: one line per game with its result tag and how the final position stands.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "tools/commands.h"

using rochade::cli::check_pgn_text;
using rochade::cli::pgn_command;

namespace {

struct Report {
    int exit_code;
    std::string text;
};

Report check(const std::string& pgn)
{
    std::ostringstream out;
    const int code = check_pgn_text(pgn, out);
    return {code, out.str()};
}

std::string game(const std::string& result, const std::string& movetext, const std::string& fen = "")
{
    std::string text = "[Event \"Test\"]\n[Result \"" + result + "\"]\n";
    if (!fen.empty()) text += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
    return text + "\n" + movetext + "\n\n";
}

} // namespace

TEST_CASE("each game gets a line with its result and how it ended", "[pgn]")
{
    struct Row {
        const char* name;
        std::string pgn;
        const char* line;
    };
    const Row rows[] = {
        {"checkmate", game("0-1", "1. f3 e5 2. g4 Qh4# 0-1"), "game 1: 0-1 checkmate\n"},
        {"stalemate (Korchnoi-Karpov 1978)", game("1/2-1/2", "124. Bg7 1/2-1/2", "8/5K1k/8/8/p7/P1B5/8/8 w - - 33 124"),
         "game 1: 1/2-1/2 stalemate\n"},
        {"ongoing", game("*", "1. e4 e5 *"), "game 1: * ongoing\n"},
        {"resigned: any result fits an ongoing game", game("1-0", "1. e4 e5 1-0"), "game 1: 1-0 ongoing\n"},
        {"dead position", game("1/2-1/2", "1... Kxe4 1/2-1/2", "8/8/8/4k3/4P3/8/4K3/8 b - - 0 1"),
         "game 1: 1/2-1/2 dead_position\n"},
        {"a win claimed in a stalemate", game("1-0", "124. Bg7 1-0", "8/5K1k/8/8/p7/P1B5/8/8 w - - 33 124"),
         "game 1: 1-0 stalemate (result disagrees: stalemate is a draw)\n"},
        {"a draw claimed after mate", game("1/2-1/2", "1. f3 e5 2. g4 Qh4# 1/2-1/2"),
         "game 1: 1/2-1/2 checkmate (result disagrees: checkmate by black is 0-1)\n"},
        {"a finished game marked unfinished", game("*", "1. f3 e5 2. g4 Qh4# *"),
         "game 1: * checkmate (result disagrees: checkmate by black is 0-1)\n"},
    };
    for (const Row& row : rows) {
        INFO(row.name << "\n" << row.pgn);
        const Report report = check(row.pgn);
        CHECK(report.text == row.line);
        CHECK(report.exit_code == 0);
    }
}

TEST_CASE("several games are numbered in order", "[pgn]")
{
    const Report report =
        check(game("1-0", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0") +
              game("1/2-1/2", "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 1/2-1/2") + game("*", "*"));
    CHECK(report.exit_code == 0);
    CHECK(report.text == "game 1: 1-0 checkmate\ngame 2: 1/2-1/2 ongoing\ngame 3: * ongoing\n");
}

TEST_CASE("the first error is reported with its game number, exit code 1", "[pgn]")
{
    const Report report = check(game("*", "1. e4 e5 *") + game("*", "1. e4 e5 2. Ke3 *"));
    CHECK(report.exit_code == 1);
    INFO(report.text);
    CHECK(report.text.rfind("game 2: error", 0) == 0);
    CHECK(report.text.find("Ke3") != std::string::npos);
}

TEST_CASE("the command reads a file and refuses a missing one", "[pgn]")
{
    const std::string path = "rochade_test_pgn_command.pgn";
    {
        std::ofstream file(path);
        file << game("0-1", "1. f3 e5 2. g4 Qh4# 0-1");
    }
    std::ostringstream out, err;
    CHECK(pgn_command({path}, out, err) == 0);
    CHECK(out.str() == "game 1: 0-1 checkmate\n");
    std::remove(path.c_str());

    std::ostringstream out2, err2;
    CHECK(pgn_command({"no/such/file.pgn"}, out2, err2) == 1);
    CHECK(err2.str().find("cannot open") != std::string::npos);
    std::ostringstream out3, err3;
    CHECK(pgn_command({}, out3, err3) == 2);
}
