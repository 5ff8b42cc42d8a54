// The referee: one game under the FIDE Laws with its clock, time injected ("ms after T0").
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/uci.h"
#include "server/game/refereed_game.h"

using rochade::Position;
using rochade::protocol::ClockReading;
using rochade::protocol::DelayKind;
using rochade::protocol::ErrorCode;
using rochade::protocol::Side;
using rochade::protocol::TimeControl;
using rochade::protocol::TimeStage;
using rochade::server::Ending;
using rochade::server::MoveResult;
using rochade::server::RefereedGame;

namespace {

const RefereedGame::time_point T0 = RefereedGame::time_point{} + std::chrono::hours(1);
RefereedGame::time_point at(std::int64_t ms) { return T0 + std::chrono::milliseconds(ms); }

TimeControl sudden_death(std::int64_t base_ms) { return TimeControl{{TimeStage{0, base_ms}}, 0, 0, DelayKind::None}; }
const TimeControl five_minutes = sudden_death(300'000);

Position from_fen(const char* fen)
{
    auto pos = rochade::parse_fen(fen);
    REQUIRE(pos);
    return *pos;
}

Side other(Side s) { return s == Side::White ? Side::Black : Side::White; }

// The FEN's board, side to move, castling and en passant: the position, without its counters.
std::string position_part(const std::string& fen) { return fen.substr(0, fen.rfind(' ', fen.rfind(' ') - 1)); }

// Four moves from `fen` (UCI) that bring each side's piece out and back: afterwards the position
// is `fen`'s again, and both sides have made their first moves, so the clocks run at once.
std::vector<std::string> out_and_back(const std::string& fen)
{
    const Position start = from_fen(fen.c_str());
    const auto reverse = [](const std::string& uci) { return uci.substr(2, 2) + uci.substr(0, 2); };
    for (const rochade::Move a : rochade::legal_moves(start)) {
        const Position p1 = start.after(a);
        const std::string ua = rochade::to_uci(start, a);
        for (const rochade::Move b : rochade::legal_moves(p1)) {
            const Position p2 = p1.after(b);
            const std::string ub = rochade::to_uci(p1, b);
            auto a_back = rochade::parse_uci(p2, reverse(ua));
            if (!a_back) continue;
            const Position p3 = p2.after(*a_back);
            auto b_back = rochade::parse_uci(p3, reverse(ub));
            if (!b_back) continue;
            if (position_part(rochade::to_fen(p3.after(*b_back))) == position_part(fen))
                return {ua, ub, reverse(ua), reverse(ub)};
        }
    }
    FAIL("no way out and back from " << fen);
    return {};
}

// A game of `tc` from `fen` in which the first moves are made (out_and_back), the clocks held
// until resume(): what the flag tests need, since the clocks run only after both first moves.
RefereedGame clocks_running_from(const TimeControl& tc, const std::string& fen,
                                 rochade::server::RefereeLimits limits = {})
{
    const std::int64_t base = tc.stages.front().time_ms;
    auto game = RefereedGame::restore(tc, fen, out_and_back(fen), base, base, limits);
    REQUIRE(game);
    return std::move(*game);
}

// Plays `moves` in turn, one second apart from `*t`, each of which must be accepted; returns the
// last answer.
MoveResult play_all(RefereedGame& game, const std::vector<std::string>& moves, std::int64_t* t)
{
    std::optional<MoveResult> last;
    for (const std::string& text : moves) {
        *t += 1'000;
        INFO("move " << text);
        auto result = game.play(*game.to_move(), text, at(*t));
        REQUIRE(result);
        last = *result;
    }
    REQUIRE(last);
    return *last;
}

// What a refused request must leave untouched.
struct Snapshot {
    std::string fen;
    int ply;
    std::optional<Side> to_move;
    bool over;
    std::int64_t white_ms, black_ms;
    std::optional<Side> running;

    static Snapshot of(const RefereedGame& game, RefereedGame::time_point now)
    {
        const ClockReading c = game.clocks(now);
        return Snapshot{game.fen(), game.ply(), game.to_move(), game.is_over(), c.white_ms, c.black_ms, c.running};
    }
    friend bool operator==(const Snapshot&, const Snapshot&) = default;
};

} // namespace

TEST_CASE("Fool's mate ends the game at once, and nothing more can be played", "[referee]")
{
    RefereedGame game(five_minutes);
    game.start(at(0));
    std::int64_t t = 0;
    const MoveResult last = play_all(game, {"f3", "e5", "g4", "Qh4#"}, &t);
    REQUIRE(last.ending);
    CHECK(last.ending->result.result == rochade::Score::BlackWins);
    CHECK(last.ending->result.winner == Side::Black);
    CHECK(last.ending->result.termination == rochade::Termination::Checkmate);
    CHECK(last.ending->result.message == "Checkmate: Black wins");
    CHECK_FALSE(last.ending->clocks.running);
    CHECK(last.move.record.ply == 4);
    CHECK(last.move.record.uci == "d8h4");
    CHECK(last.move.record.san == "Qh4#");
    CHECK(last.move.record.san_de == "Dh4#");
    CHECK(last.move.check);
    CHECK_FALSE(last.move.to_move);
    CHECK(last.move.legal_moves.empty());
    CHECK(game.is_over());
    CHECK(game.result()->result == rochade::Score::BlackWins);
    CHECK_FALSE(game.to_move());
    CHECK_FALSE(game.flag_deadline());
    CHECK(game.moves().size() == 4);

    const auto before = Snapshot::of(game, at(t + 1));
    auto refused = game.play(Side::White, "e4", at(t + 1));
    REQUIRE_FALSE(refused);
    CHECK(refused.error().code == ErrorCode::GameOver);
    CHECK(Snapshot::of(game, at(t + 1)) == before);
    CHECK_FALSE(game.resign(Side::White, at(t + 1)));
    CHECK_FALSE(game.check_flag(at(t + 10'000'000)));
}

TEST_CASE("Stalemate and a dead position end the game as draws", "[referee]")
{
    struct Row {
        const char* fen;
        const char* move;
        const char* termination;
    };
    const std::vector<Row> rows = {
        {"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Qf7", "stalemate"},
        {"7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", "Df7", "stalemate"},
        {"4k3/8/8/8/8/8/3r4/4K1N1 w - - 0 1", "Kxd2", "dead_position"},
        {"4k3/8/8/8/8/8/3r4/4K1N1 w - - 0 1", "e1d2", "dead_position"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << " " << row.move);
        RefereedGame game(five_minutes, from_fen(row.fen));
        game.start(at(0));
        auto result = game.play(Side::White, row.move, at(500));
        REQUIRE(result);
        REQUIRE(result->ending);
        CHECK(result->ending->result.result == rochade::Score::Draw);
        CHECK_FALSE(result->ending->result.winner);
        CHECK(to_text(result->ending->result.termination) == row.termination);
        CHECK(result->ending->clocks.white_ms == 300'000); // a first move costs no time
        CHECK(game.legal_moves().empty());
        // A dead position says why: a knight against a bare king is insufficient material.
        if (std::string(row.termination) == "dead_position") {
            REQUIRE(result->ending->result.proof);
            const auto* proof = std::get_if<rochade::protocol::UnwinnableProof>(&*result->ending->result.proof);
            REQUIRE(proof);
            CHECK_FALSE(proof->side);
            CHECK(proof->reason == rochade::UnwinnableReason::InsufficientMaterial);
        } else {
            CHECK_FALSE(result->ending->result.proof);
        }
    }
}

TEST_CASE("A restored game that ends dead keeps the reason", "[referee]")
{
    auto restored = RefereedGame::restore(five_minutes, "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", {"e1d2"}, 1'000, 1'000);
    REQUIRE(restored);
    REQUIRE(restored->result());
    CHECK(restored->result()->termination == rochade::Termination::DeadPosition);
    REQUIRE(restored->result()->proof);
    CHECK(std::get<rochade::protocol::UnwinnableProof>(*restored->result()->proof).reason ==
          rochade::UnwinnableReason::BareKing);
    // The restored records carry the position after each move.
    REQUIRE(restored->moves().size() == 1);
    CHECK(restored->moves()[0].fen == "4k3/8/8/8/8/8/3K4/8 b - - 0 1");
    CHECK(restored->moves()[0].san == "Kxd2");
}

TEST_CASE("Castling, en passant and promotion in English SAN, German SAN and UCI", "[referee]")
{
    struct Row {
        const char* fen;
        const char* text;
        const char* uci;
        const char* san;
        const char* san_de;
    };
    const std::vector<Row> rows = {
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", "e1g1", "O-O", "0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "e1g1", "O-O", "0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "e1g1", "O-O", "0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O-O", "e1c1", "O-O-O", "0-0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0-0", "e1c1", "O-O-O", "0-0-0"},
        {"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "e8c8", "O-O-O", "0-0-0"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6", "exd6", "exd6"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6 e.p.", "e5d6", "exd6", "exd6"},
        {"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "e5d6", "exd6", "exd6"},
        {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", "a8=Q+", "a7a8q", "a8=Q+", "a8D+"},
        {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", "a8D", "a7a8q", "a8=Q+", "a8D+"},
        {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", "a7a8q", "a7a8q", "a8=Q+", "a8D+"},
        {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", "a8=N", "a7a8n", "a8=N", "a8S"},
        {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", "a8S", "a7a8n", "a8=N", "a8S"},
        {"4k3/P7/8/8/8/8/7p/4K3 w - - 0 1", "a7a8n", "a7a8n", "a8=N", "a8S"},
        {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Sf3", "g1f3", "Nf3", "Sf3"},
    };
    for (const Row& row : rows) {
        INFO(row.fen << " " << row.text);
        const Position start = from_fen(row.fen);
        RefereedGame game(five_minutes, start);
        game.start(at(0));
        const Side mover = *game.to_move();
        auto result = game.play(mover, row.text, at(100));
        REQUIRE(result);
        CHECK(result->move.record.ply == 1);
        CHECK(result->move.record.uci == row.uci);
        CHECK(result->move.record.san == row.san);
        CHECK(result->move.record.san_de == row.san_de);
        CHECK(result->move.to_move == other(mover));
        CHECK(result->move.record.fen == game.fen());
        CHECK(result->move.legal_moves == game.legal_moves());
        CHECK_FALSE(result->move.legal_moves.empty());
        CHECK(game.moves().back().uci == row.uci);
        CHECK(game.start_fen() == rochade::to_fen(start));
    }
}

TEST_CASE("Refused moves and actions name the reason and change nothing", "[referee]")
{
    struct Row {
        const char* what;
        const char* fen;
        std::vector<std::string> before; // moves played first
        bool start;
        ErrorCode code;
        std::string message_part;
    };
    const char* start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const std::vector<Row> rows = {
        {"black moves first", start_fen, {}, true, ErrorCode::NotYourTurn, "White's turn"},
        {"illegal", start_fen, {}, true, ErrorCode::IllegalMove, "e2e5"},
        {"ambiguous", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", {}, true, ErrorCode::AmbiguousMove, "Nbd2"},
        {"not a move", start_fen, {}, true, ErrorCode::InvalidMove, "xyz"},
        {"before the start", start_fen, {}, false, ErrorCode::GameNotStarted, "not started"},
    };
    const std::vector<std::pair<Side, std::string>> attempts = {
        {Side::Black, "e5"}, {Side::White, "e2e5"}, {Side::White, "Nd2"}, {Side::White, "xyz"}, {Side::White, "e4"}};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& row = rows[i];
        INFO(row.what);
        RefereedGame game(five_minutes, from_fen(row.fen));
        if (row.start) game.start(at(0));
        const auto before = Snapshot::of(game, at(2'000));
        auto refused = game.play(attempts[i].first, attempts[i].second, at(1'000));
        REQUIRE_FALSE(refused);
        CHECK(refused.error().code == row.code);
        CHECK_THAT(refused.error().message, Catch::Contains(row.message_part));
        CHECK(Snapshot::of(game, at(2'000)) == before);
        CHECK(game.moves().empty());
    }
}

// Who offered and who may accept is the table's (server/table/offers.h, tests/server/table/
// test_offers.cpp); the referee ends the game once they agreed.
TEST_CASE("A draw by agreement ends the game and stops both clocks", "[referee]")
{
    RefereedGame game(five_minutes);
    game.start(at(0));
    REQUIRE(game.play(Side::White, "e4", at(1'000)));
    auto agreed = game.agree_draw(at(2'000));
    REQUIRE(agreed);
    CHECK(agreed->result.result == rochade::Score::Draw);
    CHECK(agreed->result.termination == rochade::Termination::Agreement);
    CHECK(agreed->result.message == "Draw by agreement");
    // Before both first moves the clocks stand.
    CHECK(agreed->clocks.white_ms == 300'000);
    CHECK(agreed->clocks.black_ms == 300'000);
    CHECK_FALSE(agreed->clocks.running);
    CHECK(game.is_over());
    CHECK(game.agree_draw(at(3'000)).error().code == ErrorCode::GameOver);
}

TEST_CASE("Threefold repetition: claimed now, with a valid and with an invalid intended move", "[referee]")
{
    const std::vector<std::string> shuffle = {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"};
    SECTION("claimed now, on one's own turn only")
    {
        RefereedGame game(five_minutes);
        game.start(at(0));
        std::int64_t t = 0;
        play_all(game, {"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}, &t);
        auto out_of_turn = game.claim_draw(Side::Black, std::nullopt, at(t + 100));
        REQUIRE_FALSE(out_of_turn);
        CHECK(out_of_turn.error().code == ErrorCode::NotYourTurn);
        auto claim = game.claim_draw(Side::White, std::nullopt, at(t + 200));
        REQUIRE(claim);
        REQUIRE(claim->ending);
        CHECK_FALSE(claim->move);
        CHECK_FALSE(claim->rejection);
        CHECK(claim->ending->result.result == rochade::Score::Draw);
        CHECK(claim->ending->result.termination == rochade::Termination::ThreefoldRepetition);
        CHECK(game.is_over());
    }
    SECTION("valid with an intended move: drawn, the move not played")
    {
        RefereedGame game(five_minutes);
        game.start(at(0));
        std::int64_t t = 0;
        play_all(game, shuffle, &t);
        auto claim = game.claim_draw(Side::Black, std::string_view("Sg8"), at(t + 100));
        REQUIRE(claim);
        REQUIRE(claim->ending);
        CHECK_FALSE(claim->move);
        CHECK(claim->ending->result.termination == rochade::Termination::ThreefoldRepetition);
        CHECK(game.ply() == 7);
        CHECK(game.moves().size() == 7);
    }
    SECTION("invalid with an intended move: the move is played and the claim rejected")
    {
        RefereedGame game(five_minutes);
        game.start(at(0));
        std::int64_t t = 0;
        play_all(game, {"Nf3", "Nf6", "Ng1"}, &t);
        auto claim = game.claim_draw(Side::Black, std::string_view("Ng8"), at(t + 100));
        REQUIRE(claim);
        CHECK_FALSE(claim->ending);
        REQUIRE(claim->rejection);
        CHECK_THAT(*claim->rejection, Catch::Contains("Ng8") && Catch::Contains("2 time"));
        REQUIRE(claim->move);
        CHECK(claim->move->record.uci == "f6g8");
        CHECK(claim->move->to_move == Side::White);
        CHECK(game.ply() == 4);
        CHECK_FALSE(game.is_over());
    }
    SECTION("invalid without a move, or with a move that is not legal: nothing changes")
    {
        RefereedGame game(five_minutes);
        game.start(at(0));
        std::int64_t t = 0;
        play_all(game, {"Nf3", "Nf6"}, &t);
        const auto before = Snapshot::of(game, at(t + 500));
        auto claim = game.claim_draw(Side::White, std::nullopt, at(t + 100));
        REQUIRE_FALSE(claim);
        CHECK(claim.error().code == ErrorCode::ClaimInvalid);
        CHECK_THAT(claim.error().message, Catch::Contains("1 time"));
        auto bad_move = game.claim_draw(Side::White, std::string_view("Qd3"), at(t + 200));
        REQUIRE_FALSE(bad_move);
        CHECK(bad_move.error().code == ErrorCode::IllegalMove);
        CHECK(Snapshot::of(game, at(t + 500)) == before);
    }
}

TEST_CASE("Fifty moves: claimed now, or with the move that completes them", "[referee]")
{
    // 99 half-moves without capture or pawn move; K+R v K is not dead.
    const char* fen = "4k3/8/8/8/8/8/8/R3K3 w - - 99 80";
    SECTION("not yet")
    {
        RefereedGame game(five_minutes, from_fen(fen));
        game.start(at(0));
        auto claim = game.claim_draw(Side::White, std::nullopt, at(100));
        REQUIRE_FALSE(claim);
        CHECK(claim.error().code == ErrorCode::ClaimInvalid);
        CHECK_THAT(claim.error().message, Catch::Contains("99 half-moves"));
    }
    SECTION("with the intended 100th half-move")
    {
        RefereedGame game(five_minutes, from_fen(fen));
        game.start(at(0));
        auto claim = game.claim_draw(Side::White, std::string_view("Ra2"), at(100));
        REQUIRE(claim);
        REQUIRE(claim->ending);
        CHECK(claim->ending->result.termination == rochade::Termination::FiftyMoves);
        CHECK(game.ply() == 0);
    }
    SECTION("claimed now by the opponent after the 100th half-move")
    {
        RefereedGame game(five_minutes, from_fen(fen));
        game.start(at(0));
        REQUIRE(game.play(Side::White, "Ra2", at(100)));
        auto claim = game.claim_draw(Side::Black, std::nullopt, at(200));
        REQUIRE(claim);
        REQUIRE(claim->ending);
        CHECK(claim->ending->result.termination == rochade::Termination::FiftyMoves);
        CHECK(claim->ending->result.result == rochade::Score::Draw);
    }
}

TEST_CASE("Resignation at any time, abort only before both sides have moved", "[referee]")
{
    SECTION("resign on the opponent's turn")
    {
        RefereedGame game(five_minutes);
        game.start(at(0));
        REQUIRE(game.play(Side::White, "e4", at(1'000)));
        auto resigned = game.resign(Side::White, at(3'000));
        REQUIRE(resigned);
        CHECK(resigned->result.result == rochade::Score::BlackWins);
        CHECK(resigned->result.winner == Side::Black);
        CHECK(resigned->result.termination == rochade::Termination::Resignation);
        CHECK(resigned->result.message == "White resigns: Black wins");
        CHECK(resigned->clocks.black_ms == 300'000); // Black's first move was awaited: no clock ran
        CHECK(game.resign(Side::Black, at(4'000)).error().code == ErrorCode::GameOver);
    }
    SECTION("abort at ply 0 and ply 1, refused at ply 2")
    {
        for (int ply = 0; ply <= 2; ++ply) {
            INFO("ply " << ply);
            RefereedGame game(five_minutes);
            game.start(at(0));
            std::int64_t t = 0;
            const std::vector<std::string> moves = {"e4", "e5"};
            for (int i = 0; i < ply; ++i) play_all(game, {moves[i]}, &t);
            const auto before = Snapshot::of(game, at(t + 500));
            auto aborted = game.abort(Side::Black, at(t + 100));
            if (ply < 2) {
                REQUIRE(aborted);
                CHECK(aborted->result.result == rochade::Score::Unfinished);
                CHECK_FALSE(aborted->result.winner);
                CHECK(aborted->result.termination == rochade::Termination::Aborted);
                CHECK(game.is_over());
            } else {
                REQUIRE_FALSE(aborted);
                CHECK(aborted.error().code == ErrorCode::CannotAbort);
                CHECK(Snapshot::of(game, at(t + 500)) == before);
            }
        }
    }
    SECTION("abandonment")
    {
        RefereedGame game(five_minutes);
        game.start(at(0));
        auto adjudicated = game.adjudicate_abandonment(Side::Black, at(70'000));
        REQUIRE(adjudicated);
        CHECK(adjudicated->result.result == rochade::Score::BlackWins);
        CHECK(adjudicated->result.termination == rochade::Termination::Abandoned);
    }
}

TEST_CASE("A banned player forfeits: the opponent wins, both banned, no result, not before the start nor after the end",
          "[referee]")
{
    RefereedGame waiting(five_minutes);
    CHECK(waiting.forfeit({Side::White}, "banned", at(0)).error().code == ErrorCode::GameNotStarted);

    RefereedGame game(five_minutes);
    game.start(at(0));
    REQUIRE(game.play(Side::White, "e4", at(1'000)));
    auto ended = game.forfeit({Side::Black}, "Schwarz was banned", at(2'000));
    REQUIRE(ended);
    CHECK(ended->result.result == rochade::Score::WhiteWins);
    CHECK(ended->result.winner == Side::White);
    CHECK(ended->result.termination == rochade::Termination::Forfeit);
    CHECK(ended->result.message == "Schwarz was banned");
    CHECK(game.is_over());
    CHECK(game.forfeit({Side::White}, "again", at(3'000)).error().code == ErrorCode::GameOver);

    RefereedGame both(five_minutes);
    both.start(at(0));
    auto nobody = both.forfeit({Side::White, Side::Black}, "both banned", at(1'000));
    REQUIRE(nobody);
    CHECK(nobody->result.result == rochade::Score::Unfinished);
    CHECK_FALSE(nobody->result.winner);
    CHECK(nobody->result.termination == rochade::Termination::Forfeit);
}

TEST_CASE("Flag falls: a loss when the opponent can mate, a draw when not (FIDE 6.9)", "[referee]")
{
    struct Row {
        const char* what;
        const char* fen; // the side to move's flag falls
        const char* result;
        const char* winnability;
        rochade::UnwinnableReason reason = rochade::UnwinnableReason::NoMatingLine; // for cannot_mate
    };
    using R = rochade::UnwinnableReason;
    const std::vector<Row> rows = {
        {"start position", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "0-1", "can_mate"},
        {"K+Q v lone K: Black cannot mate", "4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "1/2-1/2", "cannot_mate", R::BareKing},
        {"K+Q v K+N: the knight cannot mate", "4k3/8/8/4n3/8/8/8/3QK3 w - - 0 1", "1/2-1/2", "cannot_mate",
         R::InsufficientMaterial},
        {"K+R v K+N: the knight can mate (rook blocks)", "4k3/8/8/4n3/8/8/8/3RK3 w - - 0 1", "0-1", "can_mate"},
        {"K+R v K+N, Black's flag: the knight can mate (rook blocks)", "4k3/8/8/r7/8/8/8/3NK3 b - - 0 1", "1-0",
         "can_mate"},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        RefereedGame game = clocks_running_from(sudden_death(1'000), row.fen);
        game.resume(at(0));
        CHECK(game.flag_deadline() == at(1'000));
        CHECK_FALSE(game.check_flag(at(999)));
        CHECK_FALSE(game.flag_fallen());

        // The question: who fell, who may still win, in which position.
        auto fall = game.check_flag(at(1'000));
        REQUIRE(fall);
        const Side loser = game.game().position().side_to_move() == rochade::Color::White ? Side::White : Side::Black;
        CHECK(fall->flagged == loser);
        CHECK(fall->opponent == other(loser));
        CHECK(position_part(rochade::to_fen(fall->position)) == position_part(row.fen));
        // While the answer is out, the game is stopped at the flag but not over.
        CHECK(game.flag_fallen());
        CHECK_FALSE(game.is_over());
        CHECK_FALSE(game.flag_deadline());
        const ClockReading waiting = game.clocks(at(5'000));
        CHECK_FALSE(waiting.running);
        CHECK((loser == Side::White ? waiting.white_ms : waiting.black_ms) == 0);
        auto again = game.check_flag(at(2'000));
        REQUIRE(again);
        CHECK(again->flagged == loser);

        // The answer.
        auto ending = game.end_on_flag(rochade::server::flag_fall_winnability(*fall));
        REQUIRE(ending);
        CHECK(ending->result.termination == rochade::Termination::FlagFall);
        CHECK(to_text(ending->result.result) == row.result);
        REQUIRE(ending->result.winnability);
        CHECK(to_text(*ending->result.winnability) == row.winnability);
        // The proof: a line that mates from the position at the flag, numbered from the next
        // ply, or the reason there is none.
        REQUIRE(ending->result.proof);
        if (std::string(row.winnability) == "can_mate") {
            const auto& proof = std::get<rochade::protocol::MatingLineProof>(*ending->result.proof);
            CHECK(proof.side == other(loser));
            CHECK(proof.first_ply == 5); // after the four moves out and back
            REQUIRE_FALSE(proof.line.empty());
            Position pos = fall->position;
            for (const auto& move : proof.line) {
                auto legal = rochade::parse_move(pos, move.uci);
                REQUIRE(legal);
                CHECK(rochade::to_san(pos, *legal, rochade::Language::English) == move.san);
                CHECK(rochade::to_san(pos, *legal, rochade::Language::German) == move.san_de);
                pos = pos.after(*legal);
            }
            CHECK(rochade::is_checkmate(pos));
            CHECK(pos.side_to_move() == (loser == Side::White ? rochade::Color::White : rochade::Color::Black));
        } else {
            const auto& proof = std::get<rochade::protocol::UnwinnableProof>(*ending->result.proof);
            CHECK(proof.side == other(loser));
            CHECK(proof.reason == row.reason);
        }
        CHECK((loser == Side::White ? ending->clocks.white_ms : ending->clocks.black_ms) == 0);
        CHECK_FALSE(ending->clocks.running);
        CHECK(game.is_over());
        CHECK_FALSE(game.flag_fallen());
        CHECK_FALSE(game.check_flag(at(2'000)));
        CHECK_FALSE(game.flag_deadline());
        CHECK_FALSE(game.end_on_flag({rochade::Winnability::CanMate}));
    }

    // Mednis's wall is dead after any move, so no game reaches a flag there with its first moves
    // made (the clocks run only then): its verdict is asked directly.
    const auto wall = rochade::server::flag_fall_winnability(rochade::server::FlagFall{
        Side::White, Side::Black, from_fen("8/8/3k1p1p/2p1pPpP/1pP1P1P1/pP1B4/P3K3/8 w - - 0 1"), {}});
    CHECK(wall.answer == rochade::Winnability::CannotMate);
    CHECK(wall.reason == R::Blocked);
}

TEST_CASE("The winnability answer decides a flag fall's result", "[referee]")
{
    struct Row {
        rochade::Winnability answer;
        const char* result;
        std::optional<Side> winner;
        const char* winnability;
        const char* message;
    };
    const std::vector<Row> rows = {
        {rochade::Winnability::CanMate, "0-1", Side::Black, "can_mate", "White's flag fell: Black wins"},
        {rochade::Winnability::CannotMate, "1/2-1/2", std::nullopt, "cannot_mate",
         "White's flag fell; Black cannot checkmate: draw"},
        {rochade::Winnability::Undetermined, "0-1", Side::Black, "undetermined",
         "White's flag fell: Black wins (whether Black could still checkmate was not settled; FIDE's default "
         "applies)"},
    };
    for (const Row& row : rows) {
        INFO(row.winnability);
        RefereedGame game = clocks_running_from(sudden_death(1'000), std::string(rochade::StartFen));
        game.resume(at(0));
        CHECK_FALSE(game.end_on_flag({row.answer})); // no flag has fallen
        REQUIRE(game.check_flag(at(1'200)));
        // However long the answer takes, the clocks read as they stopped at the flag.
        auto ending = game.end_on_flag({row.answer});
        REQUIRE(ending);
        CHECK(to_text(ending->result.result) == row.result);
        CHECK(ending->result.winner == row.winner);
        CHECK(ending->result.termination == rochade::Termination::FlagFall);
        REQUIRE(ending->result.winnability);
        CHECK(to_text(*ending->result.winnability) == row.winnability);
        CHECK(ending->result.message == row.message);
        CHECK(ending->clocks.white_ms == 0);
        CHECK(ending->clocks.black_ms == 1'000);
        REQUIRE(game.result());
        CHECK(game.result()->message == ending->result.message);
    }
}

TEST_CASE("A short mating line is quoted in the message, numbered as on a score sheet", "[referee]")
{
    auto line = [](const char* fen, std::vector<const char*> uci) {
        Position pos = from_fen(fen);
        std::vector<rochade::Move> moves;
        for (const char* text : uci) {
            auto move = rochade::parse_move(pos, text);
            REQUIRE(move);
            moves.push_back(*move);
            pos = pos.after(*move);
        }
        return moves;
    };
    // The first moves (out and back) are made, so the position is the start's at move 3.
    SECTION("White's flag, in the start position")
    {
        RefereedGame game = clocks_running_from(sudden_death(1'000), std::string(rochade::StartFen));
        game.resume(at(0));
        REQUIRE(game.check_flag(at(1'000)));
        const auto mate = line(game.fen().c_str(), {"f2f3", "e7e5", "g2g4", "d8h4"});
        auto ending = game.end_on_flag({rochade::Winnability::CanMate, mate});
        REQUIRE(ending);
        CHECK(ending->result.message == "White's flag fell: Black wins (a mate remained: 3.f3 e5 4.g4 Qh4#)");
        const auto& proof = std::get<rochade::protocol::MatingLineProof>(*ending->result.proof);
        CHECK(proof.first_ply == 5);
        REQUIRE(proof.line.size() == 4);
        CHECK(proof.line[3].uci == "d8h4");
        CHECK(proof.line[3].san == "Qh4#");
        CHECK(proof.line[3].san_de == "Dh4#");
    }
    SECTION("Black's flag, after a move")
    {
        RefereedGame game = clocks_running_from(sudden_death(1'000), std::string(rochade::StartFen));
        game.resume(at(0));
        REQUIRE(game.play(Side::White, "e4", at(100)));
        REQUIRE(game.check_flag(at(1'100)));
        const auto mate = line(game.fen().c_str(), {"f7f6", "d2d4", "g7g5", "d1h5"});
        auto ending = game.end_on_flag({rochade::Winnability::CanMate, mate});
        REQUIRE(ending);
        CHECK(ending->result.message == "Black's flag fell: White wins (a mate remained: 3...f6 4.d4 g5 5.Qh5#)");
        CHECK(std::get<rochade::protocol::MatingLineProof>(*ending->result.proof).first_ply == 6);
    }
}

TEST_CASE("A flag fall the winnability search cannot settle follows FIDE's default: a loss", "[referee]")
{
    // Budgets too small to decide anything: the answer is undetermined, and the result says so.
    rochade::server::RefereeLimits limits;
    limits.flag_fall = rochade::WinnabilityLimits{1, 1, 1, 1, 1, 1};
    RefereedGame game = clocks_running_from(sudden_death(1'000), "4k3/8/8/4n3/8/8/8/3RK3 w - - 0 1", limits);
    game.resume(at(0));
    auto fall = game.check_flag(at(1'000));
    REQUIRE(fall);
    CHECK(fall->limits.node_budget == 1); // the flag-fall budgets travel with the question
    const auto answer = rochade::server::flag_fall_winnability(*fall);
    CHECK(answer.answer == rochade::Winnability::Undetermined);
    CHECK(answer.mating_line.empty());
    CHECK_FALSE(answer.reason);
    auto ending = game.end_on_flag(answer);
    REQUIRE(ending);
    CHECK(ending->result.result == rochade::Score::BlackWins);
    CHECK(ending->result.winner == Side::Black);
    CHECK(ending->result.termination == rochade::Termination::FlagFall);
    CHECK(ending->result.winnability == rochade::Winnability::Undetermined);
    CHECK_THAT(ending->result.message, Catch::Contains("not settled"));
}

TEST_CASE("A move that arrives after the flag fell is not played, nor is anything else until the verdict", "[referee]")
{
    RefereedGame game = clocks_running_from(sudden_death(1'000), std::string(rochade::StartFen));
    game.resume(at(0));
    REQUIRE(game.play(Side::White, "e4", at(400)));
    CHECK(game.flag_deadline() == at(1'400));
    // Black's reply arrives 1 ms late: the flag is noticed, the move refused.
    auto late = game.play(Side::Black, "e5", at(1'401));
    REQUIRE_FALSE(late);
    CHECK(late.error().code == ErrorCode::GameOver);
    CHECK_THAT(late.error().message, Catch::Contains("Black's flag fell"));
    CHECK(game.ply() == 5);
    REQUIRE(game.flag_fallen());
    const auto fall = game.check_flag(at(1'500));
    REQUIRE(fall);
    CHECK(fall->flagged == Side::Black);

    // Until the verdict every action is refused and changes nothing, on either side.
    const auto before = Snapshot::of(game, at(9'000));
    CHECK(before.black_ms == 0);
    CHECK(before.white_ms == 600);
    CHECK(game.play(Side::White, "d4", at(2'000)).error().code == ErrorCode::GameOver);
    CHECK(game.resign(Side::White, at(2'000)).error().code == ErrorCode::GameOver);
    CHECK(game.agree_draw(at(2'000)).error().code == ErrorCode::GameOver);
    CHECK(game.refuse_unless_running(at(2'000))->code == ErrorCode::GameOver);
    CHECK(game.claim_draw(Side::Black, std::nullopt, at(2'000)).error().code == ErrorCode::GameOver);
    CHECK(game.abort(Side::Black, at(2'000)).error().code == ErrorCode::GameOver);
    CHECK(game.adjudicate_abandonment(Side::Black, at(2'000)).error().code == ErrorCode::GameOver);
    // Nor does the clock run again.
    game.resume(at(3'000));
    game.start(at(3'000));
    CHECK_FALSE(game.flag_deadline());
    CHECK(Snapshot::of(game, at(9'000)) == before);

    auto ending = game.end_on_flag(rochade::server::flag_fall_winnability(*fall));
    REQUIRE(ending);
    CHECK(ending->result.result == rochade::Score::WhiteWins);
    CHECK(ending->result.termination == rochade::Termination::FlagFall);
    CHECK(ending->clocks.black_ms == 0);
    CHECK(ending->clocks.white_ms == 600);
    CHECK_THAT(game.resign(Side::White, at(10'000)).error().message, Catch::Contains("1-0 (flag_fall)"));
}

TEST_CASE("Late requests other than moves meet the fallen flag too", "[referee]")
{
    RefereedGame game = clocks_running_from(sudden_death(1'000), std::string(rochade::StartFen));
    game.resume(at(0));
    auto resigned = game.resign(Side::Black, at(1'000));
    REQUIRE_FALSE(resigned); // White's flag fell first
    CHECK(resigned.error().code == ErrorCode::GameOver);
    CHECK_FALSE(game.is_over());
    auto fall = game.check_flag(at(1'000));
    REQUIRE(fall);
    CHECK(fall->flagged == Side::White);
    auto ending = game.end_on_flag({rochade::Winnability::CanMate});
    REQUIRE(ending);
    CHECK(ending->result.result == rochade::Score::BlackWins);
}

TEST_CASE("Untimed games never fall", "[referee]")
{
    RefereedGame game(TimeControl{});
    game.start(at(0));
    CHECK_FALSE(game.flag_deadline());
    CHECK_FALSE(game.check_flag(at(1'000'000'000)));
    auto moved = game.play(Side::White, "e4", at(1'000'000'000));
    REQUIRE(moved);
    CHECK(moved->move.clocks.untimed);
    CHECK(moved->move.clocks.running == Side::Black);
}

TEST_CASE("Restore: replayed from UCI, clocks held until resumed", "[referee]")
{
    const TimeControl tc{{TimeStage{0, 60'000}}, 2'000, 0, DelayKind::None};
    auto restored = RefereedGame::restore(tc, rochade::StartFen, {"e2e4", "e7e5", "g1f3"}, 40'000, 50'000);
    REQUIRE(restored);
    RefereedGame& game = *restored;
    CHECK(game.started());
    CHECK(game.ply() == 3);
    CHECK(game.moves()[2].san == "Nf3");
    CHECK(game.moves()[2].san_de == "Sf3");
    CHECK(game.to_move() == Side::Black);
    CHECK(game.moves_made(Side::White) == 2);
    CHECK(game.moves_made(Side::Black) == 1);
    CHECK_FALSE(game.flag_deadline());
    CHECK_FALSE(game.check_flag(at(10'000'000)));
    CHECK(game.clocks(at(10'000'000)).black_ms == 50'000);

    game.resume(at(1'000));
    CHECK(game.flag_deadline() == at(51'000));
    auto moved = game.play(Side::Black, "Nc6", at(6'000));
    REQUIRE(moved);
    CHECK(moved->move.clocks.black_ms == 47'000);
    CHECK(moved->move.clocks.white_ms == 40'000);
    CHECK(moved->move.clocks.running == Side::White);

    SECTION("errors name the ply")
    {
        auto broken = RefereedGame::restore(tc, rochade::StartFen, {"e2e4", "e2e4"}, 1, 1);
        REQUIRE_FALSE(broken);
        CHECK(broken.error().code == ErrorCode::InternalError);
        CHECK_THAT(broken.error().message, Catch::Contains("ply 2"));
        auto bad_fen = RefereedGame::restore(tc, "not a fen", {}, 1, 1);
        REQUIRE_FALSE(bad_fen);
        CHECK_THAT(bad_fen.error().message, Catch::Contains("start FEN"));
    }
    SECTION("a game whose moves ended it is over")
    {
        auto mated = RefereedGame::restore(tc, rochade::StartFen, {"f2f3", "e7e5", "g2g4", "d8h4"}, 1, 1);
        REQUIRE(mated);
        CHECK(mated->is_over());
        CHECK(mated->result()->termination == rochade::Termination::Checkmate);
    }
    SECTION("a draw agreed while the clocks are held charges nobody")
    {
        auto restored = RefereedGame::restore(tc, rochade::StartFen, {"e2e4", "e7e5", "g1f3"}, 40'000, 50'000);
        REQUIRE(restored);
        auto agreed = restored->agree_draw(at(100));
        REQUIRE(agreed);
        CHECK(agreed->result.termination == rochade::Termination::Agreement);
        CHECK(agreed->clocks.black_ms == 50'000);
    }
}

TEST_CASE("Starting twice changes nothing, resuming a held game restarts the mover's clock", "[referee]")
{
    RefereedGame game = clocks_running_from(TimeControl{{TimeStage{0, 60'000}}, 0, 3'000, DelayKind::Simple},
                                            std::string(rochade::StartFen));
    game.start(at(0));
    game.start(at(2'000)); // must not restart White's delay
    CHECK(game.flag_deadline() == at(63'000));
    game.hold(at(10'000)); // 7 s charged after the 3 s delay
    CHECK(game.clocks(at(20'000)).white_ms == 53'000);
    game.resume(at(30'000));
    CHECK(game.flag_deadline() == at(30'000 + 53'000 + 3'000));
}

TEST_CASE("A held game charges nobody, but moves still count", "[referee]")
{
    RefereedGame game = clocks_running_from(TimeControl{{TimeStage{0, 60'000}}, 1'000, 0, DelayKind::None},
                                            std::string(rochade::StartFen));
    game.start(at(0));
    game.hold(at(5'000));
    auto moved = game.play(Side::White, "e4", at(100'000));
    REQUIRE(moved);
    CHECK(moved->move.clocks.white_ms == 56'000);
    CHECK_FALSE(moved->move.clocks.running);
    CHECK(game.moves_made(Side::White) == 3);
    CHECK_FALSE(game.flag_deadline());
}

namespace {

rochade::server::RefereeLimits first_move_within(std::int64_t ms)
{
    rochade::server::RefereeLimits limits;
    limits.first_move = std::chrono::milliseconds(ms);
    return limits;
}

} // namespace

TEST_CASE("The clocks stand until both first moves: a 3+0 game's first moves are made at 3:00", "[referee][first_move]")
{
    RefereedGame game(sudden_death(180'000), Position::start(), first_move_within(20'000));
    game.start(at(0));
    CHECK(game.started());
    CHECK_FALSE(game.flag_deadline());
    CHECK(game.first_move_deadline() == at(20'000));
    ClockReading waiting = game.clocks(at(5'000));
    CHECK(waiting.white_ms == 180'000);
    CHECK_FALSE(waiting.running);
    CHECK(waiting.first_move == rochade::protocol::FirstMoveWait{Side::White, 15'000});

    auto e4 = game.play(Side::White, "e4", at(10'000));
    REQUIRE(e4);
    CHECK(e4->move.clocks.white_ms == 180'000);
    CHECK(e4->move.clocks.black_ms == 180'000);
    CHECK_FALSE(e4->move.clocks.running);
    CHECK(e4->move.clocks.first_move == rochade::protocol::FirstMoveWait{Side::Black, 20'000});
    CHECK(game.first_move_deadline() == at(30'000));

    auto e5 = game.play(Side::Black, "e5", at(25'000));
    REQUIRE(e5);
    CHECK(e5->move.clocks.white_ms == 180'000);
    CHECK(e5->move.clocks.black_ms == 180'000);
    CHECK(e5->move.clocks.running == Side::White);
    CHECK_FALSE(e5->move.clocks.first_move);
    CHECK_FALSE(game.first_move_deadline());
    CHECK(game.flag_deadline() == at(205'000));
    CHECK_FALSE(game.check_first_move(at(1'000'000)));

    auto nf3 = game.play(Side::White, "Nf3", at(28'000));
    REQUIRE(nf3);
    CHECK(nf3->move.clocks.white_ms == 177'000);
}

TEST_CASE("A first move not made in time aborts the game: unrated, and the ending says who and why",
          "[referee][first_move]")
{
    SECTION("White does not move")
    {
        RefereedGame game(sudden_death(180'000), Position::start(), first_move_within(20'000));
        game.start(at(0));
        CHECK_FALSE(game.check_first_move(at(19'999)));
        // A move after the deadline is refused, and the game waits for check_first_move.
        auto late = game.play(Side::White, "e4", at(20'000));
        REQUIRE_FALSE(late);
        CHECK(late.error().code == ErrorCode::GameOver);
        CHECK_THAT(late.error().message, Catch::Contains("White did not make the first move in time"));
        CHECK(game.ply() == 0);
        auto ending = game.check_first_move(at(20'001));
        REQUIRE(ending);
        CHECK(ending->result.result == rochade::Score::Unfinished);
        CHECK_FALSE(ending->result.winner);
        CHECK(ending->result.termination == rochade::Termination::NoFirstMove);
        CHECK(ending->result.message == "White did not make the first move within 20 s: the game is aborted");
        CHECK(ending->clocks.white_ms == 180'000);
        CHECK(ending->clocks.black_ms == 180'000);
        CHECK_FALSE(ending->clocks.running);
        CHECK_FALSE(ending->clocks.first_move);
        CHECK(game.is_over());
        CHECK_FALSE(game.first_move_deadline());
        CHECK_FALSE(game.check_first_move(at(50'000)));
    }
    SECTION("Black does not answer; the limit counts from White's first move")
    {
        RefereedGame game(sudden_death(60'000), Position::start(), first_move_within(1'500));
        game.start(at(0));
        REQUIRE(game.play(Side::White, "d4", at(1'000)));
        CHECK_FALSE(game.check_first_move(at(2'499)));
        auto ending = game.check_first_move(at(2'500));
        REQUIRE(ending);
        CHECK(ending->result.termination == rochade::Termination::NoFirstMove);
        CHECK(ending->result.message == "Black did not make the first move within 1500 ms: the game is aborted");
    }
    SECTION("held clocks wait for nobody's first move; resumed, the wait begins anew")
    {
        RefereedGame game(sudden_death(60'000), Position::start(), first_move_within(20'000));
        game.start(at(0));
        game.hold(at(5'000));
        CHECK_FALSE(game.first_move_deadline());
        CHECK_FALSE(game.check_first_move(at(100'000)));
        game.resume(at(100'000));
        CHECK(game.first_move_deadline() == at(120'000));
    }
    SECTION("without a limit (untimed, or none configured) nothing is aborted")
    {
        RefereedGame untimed(TimeControl{}, Position::start(), first_move_within(20'000));
        untimed.start(at(0));
        CHECK_FALSE(untimed.first_move_deadline());
        CHECK_FALSE(untimed.check_first_move(at(1'000'000)));
        RefereedGame unlimited(sudden_death(60'000));
        unlimited.start(at(0));
        CHECK_FALSE(unlimited.check_first_move(at(1'000'000)));
        CHECK(unlimited.play(Side::White, "e4", at(1'000'000)));
    }
}

TEST_CASE("Restored before the first moves: the wait resumes with the game, the clocks at their base",
          "[referee][first_move]")
{
    auto restored = RefereedGame::restore(sudden_death(180'000), rochade::StartFen, {"e2e4"}, 180'000, 180'000,
                                          first_move_within(25'000));
    REQUIRE(restored);
    RefereedGame& game = *restored;
    CHECK_FALSE(game.first_move_deadline()); // held until both players are back
    game.resume(at(1'000));
    CHECK(game.first_move_deadline() == at(26'000));
    CHECK(game.clocks(at(2'000)).first_move == rochade::protocol::FirstMoveWait{Side::Black, 24'000});
    auto e5 = game.play(Side::Black, "e5", at(3'000));
    REQUIRE(e5);
    CHECK(e5->move.clocks.running == Side::White);
    CHECK(e5->move.clocks.black_ms == 180'000);
    CHECK(game.flag_deadline() == at(183'000));
}
