// Perft against the standard positions and against positions that catch classic move
// generator bugs. Depths are capped so the suite stays fast; bench/perft goes deeper.
#include <catch2/catch.hpp>

#include <sstream>

#include "engine/fen.h"
#include "engine/movegen.h"
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

// Walks the legal move tree to `depth` and counts the positions where the early-exit
// has_legal_move disagrees with the full list, and those without any legal move.
void compare_has_legal_move(Position& pos, int depth, long& disagreements, long& without_moves)
{
    const MoveList moves = legal_moves(pos);
    if (has_legal_move(pos) != !moves.empty()) ++disagreements;
    if (moves.empty()) ++without_moves;
    if (depth == 0) return;
    for (Move m : moves) {
        UndoInfo undo;
        pos.make_move(m, undo);
        compare_has_legal_move(pos, depth - 1, disagreements, without_moves);
        pos.unmake_move(m, undo);
    }
}

// Asks is_legal about every 16-bit move encoding in `pos` and each position one move on;
// counts the answers that differ from the legal move list and the legal moves confirmed.
void compare_is_legal(Position& pos, int depth, long& disagreements, long& confirmed)
{
    const MoveList moves = legal_moves(pos);
    const PieceType promotions[] = {PieceType::Knight, PieceType::Bishop, PieceType::Rook, PieceType::Queen};
    for (int from = 0; from < 64; ++from)
        for (int to = 0; to < 64; ++to)
            for (MoveKind kind : {MoveKind::Normal, MoveKind::Promotion, MoveKind::EnPassant, MoveKind::Castling})
                for (PieceType promotion : promotions) {
                    const Move m(Square(from), Square(to), kind, promotion);
                    const bool legal = moves.contains(m);
                    if (is_legal(pos, m) != legal) ++disagreements;
                    if (legal) ++confirmed;
                }
    if (depth == 0) return;
    for (Move m : moves) {
        UndoInfo undo;
        pos.make_move(m, undo);
        compare_is_legal(pos, depth - 1, disagreements, confirmed);
        pos.unmake_move(m, undo);
    }
}

// Calls visit(position) for the start position of every case of both perft files.
template <typename Visit> void for_each_perft_position(Visit visit)
{
    for (const char* file : {"perft.epd", "perft-tricky.epd"})
        for (const PerftCase& c : read_epd(file)) {
            auto pos = parse_fen(c.fen);
            REQUIRE(pos.has_value());
            visit(*pos);
        }
}

} // namespace

TEST_CASE("is_legal answers as the legal move list does for every move encoding", "[perft]")
{
    long disagreements = 0, confirmed = 0;
    for_each_perft_position([&](Position& pos) { compare_is_legal(pos, 1, disagreements, confirmed); });
    CHECK(disagreements == 0);
    CHECK(confirmed > 10'000); // the legal moves themselves were among the encodings asked about
}

TEST_CASE("has_legal_move answers as the legal move list does on the perft trees", "[perft]")
{
    long disagreements = 0, without_moves = 0;
    for_each_perft_position([&](Position& pos) { compare_has_legal_move(pos, 3, disagreements, without_moves); });
    CHECK(disagreements == 0);
    // The trees hold checkmates and stalemates, so both answers were compared.
    CHECK(without_moves > 100);
}

TEST_CASE("has_legal_move with pins, en passant and no moves at all", "[perft]")
{
    const std::pair<const char*, bool> cases[] = {
        {"8/8/8/8/8/1bb5/1N6/K1k5 w - - 0 1", false},   // the only piece is pinned: stalemate
        {"8/8/8/8/8/1bb5/1P6/K1k5 w - - 0 1", true},    // a pinned pawn takes its pinner
        {"r7/8/8/8/8/2k5/R2n4/K7 w - - 0 1", true},     // a pinned rook moves along the pin
        {"r7/8/8/8/8/2k5/P2n4/K7 w - - 0 1", true},     // a pinned pawn pushes along the pin
        {"7k/5Q2/8/8/3Pp3/4P3/8/4K3 b - d3 0 1", true}, // only en passant
        {"6rk/5Npp/8/8/8/8/8/6RK b - - 0 1", false},    // smothered mate
        {"k7/2Q5/1K6/8/8/8/8/8 b - - 0 1", false},      // stalemate
    };
    for (const auto& [fen, expected] : cases) {
        INFO(fen);
        auto pos = parse_fen(fen);
        REQUIRE(pos.has_value());
        CHECK(has_legal_move(*pos) == expected);
        CHECK(legal_moves(*pos).empty() == !expected);
    }
}

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
