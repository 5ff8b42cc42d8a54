// UCI lines as engines write them -> what the pool reads from them.
#include <catch2/catch.hpp>

#include "server/engines/uci_reply.h"

using namespace rochade::server::engines;

TEST_CASE("the lines the pool acts on are told apart, everything else is Other", "[engines][uci]")
{
    struct Row {
        const char* line;
        UciReplyKind kind;
        const char* best_move;
    };
    const Row rows[] = {
        {"uciok", UciReplyKind::UciOk, ""},
        {"readyok\r", UciReplyKind::ReadyOk, ""},
        {"bestmove e2e4 ponder e7e5", UciReplyKind::BestMove, "e2e4"},
        {"bestmove e7e8q", UciReplyKind::BestMove, "e7e8q"},
        {"bestmove (none)", UciReplyKind::BestMove, "(none)"},
        {"bestmove", UciReplyKind::Other, ""},
        {"id name Stockfish 15.1", UciReplyKind::Other, ""},
        {"option name Skill Level type spin default 20 min 0 max 20", UciReplyKind::Other, ""},
        {"uciokay", UciReplyKind::Other, ""},
        {"", UciReplyKind::Other, ""},
        {"info string NNUE evaluation using nn-ad9b42354671.nnue enabled", UciReplyKind::Info, ""},
    };
    for (const auto& row : rows) {
        INFO(row.line);
        const UciReply reply = read_uci_reply(row.line);
        CHECK(reply.kind == row.kind);
        CHECK(reply.best_move == row.best_move);
    }
}

TEST_CASE("an info line's depth and score are read wherever they stand", "[engines][uci]")
{
    const auto cp = read_uci_reply("info depth 12 seldepth 18 multipv 1 score cp -35 nodes 9000 pv e2e4");
    CHECK(cp.depth == 12);
    CHECK(cp.score == UciScore::of_centipawns(-35));

    const auto mate = read_uci_reply("info score mate -2 depth 7 pv h7h8");
    CHECK(mate.depth == 7);
    CHECK(mate.score == UciScore::of_mate_in(-2));

    const auto bound = read_uci_reply("info depth 3 score cp 20 lowerbound");
    CHECK(bound.score == UciScore::of_centipawns(20));

    // Free text after "string" holds no fields, and a malformed number is no score.
    CHECK_FALSE(read_uci_reply("info string score cp 100").score);
    CHECK_FALSE(read_uci_reply("info depth x score cp 1x").score);
    CHECK_FALSE(read_uci_reply("info depth x score cp 1x").depth);
}

TEST_CASE("a best move that names no move", "[engines][uci]")
{
    CHECK(names_no_move("(none)"));
    CHECK(names_no_move("0000"));
    CHECK_FALSE(names_no_move("e2e4"));
}
