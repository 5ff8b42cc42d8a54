// Perft against the standard positions and against positions that catch classic move
// generator bugs. Depths are capped so the suite stays fast; bench/perft goes deeper.
#include <catch2/catch.hpp>

#include <sstream>

#include "engine/fen.h"
#include "engine/perft.h"
#include "tests/test_data.h"

using namespace rochade;

namespace {

constexpr std::uint64_t MaxNodesPerCheck = 20'000'000;

struct PerftCase {
    std::string fen;
    std::vector<std::pair<int, std::uint64_t>> depth_counts;
};

std::vector<PerftCase> read_epd(const std::string& name)
{
    std::vector<PerftCase> cases;
    for (const std::string& line : test::read_lines(name)) {
        PerftCase c;
        const auto first = line.find(';');
        c.fen = line.substr(0, first);
        std::istringstream rest(line.substr(first));
        std::string token;
        while (std::getline(rest, token, ';')) {
            std::istringstream fields(token);
            std::string depth;
            std::uint64_t count = 0;
            if (fields >> depth >> count) c.depth_counts.emplace_back(std::stoi(depth.substr(1)), count);
        }
        cases.push_back(c);
    }
    return cases;
}

void check_file(const std::string& name)
{
    const auto cases = read_epd(name);
    REQUIRE(!cases.empty());
    for (const PerftCase& c : cases) {
        auto pos = parse_fen(c.fen);
        INFO(c.fen);
        REQUIRE(pos.has_value());
        for (auto [depth, count] : c.depth_counts) {
            if (count > MaxNodesPerCheck) continue;
            INFO("depth " << depth);
            CHECK(perft(*pos, depth) == count);
        }
    }
}

} // namespace

TEST_CASE("perft of the six standard positions", "[perft]") { check_file("perft.epd"); }

TEST_CASE("perft of positions with en passant pins, castling and promotion traps", "[perft]")
{
    check_file("perft-tricky.epd");
}

TEST_CASE("perft divide sums to perft", "[perft]")
{
    auto pos = parse_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
    REQUIRE(pos.has_value());
    std::uint64_t sum = 0;
    const auto divided = perft_divide(*pos, 3);
    for (const auto& [move, count] : divided) sum += count;
    CHECK(divided.size() == 48);
    CHECK(sum == 97862);
}
