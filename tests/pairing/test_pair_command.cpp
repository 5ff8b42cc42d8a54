#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "tools/commands.h"

namespace {

struct Run {
    int exit_code;
    std::string out, err;
};

Run run(const std::vector<std::string>& args)
{
    std::ostringstream out, err;
    const int code = rochade::cli::pair_command(args, out, err);
    return {code, out.str(), err.str()};
}

std::string temp_file(const std::string& name, const std::string& text)
{
    const auto path = std::filesystem::temp_directory_path() / (std::to_string(::getpid()) + "-" + name);
    std::ofstream(path) << text;
    return path.string();
}

} // namespace

TEST_CASE("rochade pair --dutch prints the pair count, then white black, then the bye", "[pairing][cli]")
{
    std::string trf = "012 Five\nXXR 3\n";
    for (int i = 1; i <= 5; ++i)
        trf += "001 " + std::string(4 - std::to_string(i).size(), ' ') + std::to_string(i) + " m    Player " +
               std::to_string(i) + "\n";
    const std::string path = temp_file("five.trf", trf);
    const Run r = run({"--dutch", path});
    CHECK(r.exit_code == 0);
    CHECK(r.out == "3\n1 3\n4 2\n5 0\n");
    std::filesystem::remove(path);
}

TEST_CASE("rochade pair --dutch names the file, line and column of a bad TRF", "[pairing][cli]")
{
    const std::string path = temp_file("bad.trf", "012 Bad\n001    1 m    A\n001    x m    B\n");
    const Run r = run({"--dutch", path});
    CHECK(r.exit_code == 1);
    CHECK(r.out.empty());
    CHECK(r.err == "rochade pair: " + path + ": line 3, column 5: starting rank 'x' is not a number from 1 to 9999\n");
    std::filesystem::remove(path);
    const Run missing = run({"--dutch", "/nonexistent/rochade.trf"});
    CHECK(missing.exit_code == 1);
    CHECK(missing.err == "rochade pair: cannot read '/nonexistent/rochade.trf'\n");
}

TEST_CASE("rochade pair --berger prints the round-robin schedule, bad sizes are named", "[pairing][cli]")
{
    const Run four = run({"--berger", "4"});
    CHECK(four.exit_code == 0);
    CHECK(four.out == "round 1: 1-4 2-3\nround 2: 4-3 1-2\nround 3: 2-4 3-1\n");
    const Run three = run({"--berger", "3"});
    CHECK(three.out == "round 1: 2-3 bye 1\nround 2: 1-2 bye 3\nround 3: 3-1 bye 2\n");
    const Run doubled = run({"--berger", "4", "--double"});
    CHECK(doubled.out.find("round 6: 3-4 2-1\n") != std::string::npos);
    const Run bad = run({"--berger", "21"});
    CHECK(bad.exit_code == 2);
    CHECK(bad.err == "rochade pair: --berger needs a number of players from 3 to 20, not '21'\n");
    CHECK(run({"--berger", "4x"}).exit_code == 2);
    CHECK(run({}).exit_code == 2);
    const Run help = run({"--help"});
    CHECK(help.exit_code == 0);
    CHECK(help.out.find("usage: rochade pair") == 0);
}
