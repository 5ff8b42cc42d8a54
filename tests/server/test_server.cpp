// Refereed games on the real server: endings, special moves in every notation, draws, clocks,
// resignation, abort and rematch, each played by two WebSocket clients.
#include <catch2/catch.hpp>

#include "engine/fen.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade::test;

namespace {

json game_over_for_both(SeatedGame& game)
{
    json seen_by_white = game.white->receive_until("game_over", game.table);
    json seen_by_black = game.black->receive_until("game_over", game.table);
    CHECK(seen_by_white == seen_by_black);
    return seen_by_white;
}

// A spectator who enters the room and watches the table: its table_state, as after a reload.
json watch_again(std::uint16_t port, const SeatedGame& game, WsTestClient& watcher)
{
    watcher.connect(port);
    watcher.hello("Kiebitz");
    REQUIRE(watcher.request({{"type", "enter_room"}, {"room", game.room}}).at("type") == "room");
    json state = watcher.request({{"type", "watch_table"}, {"table", game.table}});
    REQUIRE(state.at("type") == "table_state");
    return state;
}

// Plays a proof's line (UCI) from `fen` and says whether it ends in checkmate.
bool line_mates(const std::string& fen, const json& line)
{
    auto pos = rochade::parse_fen(fen);
    REQUIRE(pos);
    for (const json& move : line) {
        auto legal = rochade::parse_move(*pos, move.at("uci").get<std::string>());
        if (!legal) return false;
        *pos = pos->after(*legal);
    }
    return rochade::is_checkmate(*pos);
}

} // namespace

TEST_CASE("fool's mate ends the game 0-1 by checkmate", "[server][game]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    CHECK(game.started.at("to_move") == "white");
    CHECK(game.started.at("legal_moves").size() == 20);
    json mate = game.play({"f2f3", "e7e5", "g2g4", "d8h4"});
    CHECK(mate.at("san") == "Qh4#");
    CHECK(mate.at("san_de") == "Dh4#");
    CHECK(mate.at("check") == true);
    CHECK(mate.at("to_move").is_null());
    CHECK(mate.at("legal_moves").empty());
    json over = game_over_for_both(game);
    CHECK(over.at("result") == "0-1");
    CHECK(over.at("winner") == "black");
    CHECK(over.at("termination") == "checkmate");
    CHECK(over.at("seq") == mate.at("seq").get<int>() + 1);
}

TEST_CASE("Loyd's ten-move stalemate ends the game drawn", "[server][game]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    json last = game.play({"e3", "a5", "Qh5", "Ra6", "Qxa5", "h5", "h4", "Rah6", "Qxc7", "f6", "Qxd7+", "Kf7", "Qxb7",
                           "Qd3", "Qxb8", "Qh7", "Qxc8", "Kg6", "Qe6"});
    CHECK(last.at("fen") == "5bnr/4p1pq/4Qpkr/7p/7P/4P3/PPPP1PP1/RNB1KBNR b KQ - 2 10");
    json over = game_over_for_both(game);
    CHECK(over.at("result") == "1/2-1/2");
    CHECK(over.at("winner").is_null());
    CHECK(over.at("termination") == "stalemate");
}

TEST_CASE("en passant, promotion and both castlings in UCI, English SAN and German SAN", "[server][game]")
{
    struct Row {
        const char* notation;
        std::vector<std::string> moves;
    };
    auto row = GENERATE(Row{"UCI",
                            {"e2e4", "a7a6", "e4e5", "d7d5", "e5d6", "e7e6", "d6c7", "d8d7", "c7b8q", "a8b8", "g1f3",
                             "g8f6", "f1e2", "f8d6", "e1g1", "e8g8"}},
                        Row{"English SAN",
                            {"e4", "a6", "e5", "d5", "exd6", "e6", "dxc7", "Qd7", "cxb8=Q", "Rxb8", "Nf3", "Nf6", "Be2",
                             "Bd6", "O-O", "O-O"}},
                        Row{"German SAN",
                            {"e4", "a6", "e5", "d5", "exd6", "e6", "dxc7", "Dd7", "cxb8D", "Txb8", "Sf3", "Sf6", "Le2",
                             "Ld6", "0-0", "0-0"}});
    CAPTURE(row.notation);
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    json en_passant = game.play({row.moves.begin(), row.moves.begin() + 5});
    CHECK(en_passant.at("uci") == "e5d6");
    CHECK(en_passant.at("san") == "exd6");
    CHECK(en_passant.at("fen") == "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    game.play({row.moves.begin() + 5, row.moves.begin() + 8});
    json promotion = game.play({row.moves[8]});
    CHECK(promotion.at("uci") == "c7b8q");
    CHECK(promotion.at("san") == "cxb8=Q");
    CHECK(promotion.at("san_de") == "cxb8D");
    game.play({row.moves.begin() + 9, row.moves.begin() + 14});
    json white_castles = game.play({row.moves[14]});
    CHECK(white_castles.at("uci") == "e1g1");
    CHECK(white_castles.at("san") == "O-O");
    CHECK(white_castles.at("san_de") == "0-0");
    json black_castles = game.play({row.moves[15]});
    CHECK(black_castles.at("uci") == "e8g8");
    CHECK(black_castles.at("fen") == "1rb2rk1/1p1q1ppp/p2bpn2/8/8/5N2/PPPPBPPP/RNBQ1RK1 w - - 6 9");
    CHECK(black_castles.at("ply") == 16);
    // A spectator arriving now sees the same game.
    WsTestClient spectator;
    spectator.connect(server.port());
    spectator.hello("Kiebitz");
    spectator.request({{"type", "enter_room"}, {"room", game.room}});
    json state = spectator.request({{"type", "watch_table"}, {"table", game.table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("fen") == black_castles.at("fen"));
    REQUIRE(state.at("moves").size() == 16);
    CHECK(state.at("moves")[8].at("san") == "cxb8=Q");
    CHECK(state.at("moves")[14].at("san_de") == "0-0");
}

TEST_CASE("draw offers: accepted, declined, and lapsed by a move", "[server][game][draw]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});

    SECTION("accepted")
    {
        CHECK(game.act("black", "offer_draw").at("type") == "ok");
        json offered = game.white->receive_until("draw_offered", game.table);
        CHECK(offered.at("by") == "black");
        CHECK(game.act("white", "accept_draw").at("type") == "ok");
        json over = game_over_for_both(game);
        CHECK(over.at("result") == "1/2-1/2");
        CHECK(over.at("termination") == "agreement");
    }
    SECTION("declined")
    {
        game.act("black", "offer_draw");
        game.white->receive_until("draw_offered", game.table);
        CHECK(game.act("white", "decline_draw").at("type") == "ok");
        json declined = game.black->receive_until("draw_declined", game.table);
        CHECK(declined.at("by") == "white");
        CHECK(declined.at("seq") == game.last_seq + 2);
        game.last_seq = declined.at("seq").get<std::int64_t>();
        // Nothing stands any more: accepting now is refused, and the game goes on.
        CHECK(game.act("white", "accept_draw").at("code") == "no_draw_offer");
        game.play({"e5", "Nf3"});
    }
    SECTION("an offer is made on one's own turn")
    {
        CHECK(game.act("white", "offer_draw").at("code") == "draw_offer_not_allowed");
    }
    SECTION("lapsed when the opponent moves instead of answering")
    {
        game.black->send({{"type", "move"}, {"table", game.table}, {"move", "e5"}, {"offer_draw", true}});
        json with_offer = game.white->receive_until("move", game.table);
        CHECK(with_offer.at("draw_offered") == true);
        game.black->receive_until("move", game.table);
        game.ply = 2;
        game.last_seq = with_offer.at("seq").get<std::int64_t>();
        // White's move declines the offer (FIDE 9.1.2.3).
        game.play({"Nf3"});
        CHECK(game.act("white", "accept_draw").at("code") == "no_draw_offer");
        json state = game.white->request({{"type", "watch_table"}, {"table", game.table}});
        CHECK(state.at("draw_offer").is_null());
        CHECK(state.at("result").is_null());
    }
}

TEST_CASE("threefold repetition claimed now, with an intended move, and refused", "[server][game][draw]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"});

    SECTION("a claim with an intended move that repeats the position a third time")
    {
        CHECK(game.black->request({{"type", "claim_draw"}, {"table", game.table}, {"move", "Ng8"}}).at("type") == "ok");
        json over = game_over_for_both(game);
        CHECK(over.at("result") == "1/2-1/2");
        CHECK(over.at("termination") == "threefold_repetition");
        // The intended move is not played.
        json state = game.white->request({{"type", "watch_table"}, {"table", game.table}});
        CHECK(state.at("moves").size() == 7);
    }
    SECTION("a claim now, after the third occurrence")
    {
        game.play({"Ng8"});
        CHECK(game.act("white", "claim_draw").at("type") == "ok");
        json over = game_over_for_both(game);
        CHECK(over.at("termination") == "threefold_repetition");
    }
    SECTION("a claim now without a repetition is refused and nothing changes")
    {
        CHECK(game.act("black", "claim_draw").at("code") == "claim_invalid");
        game.play({"Ng8"});
    }
    SECTION("a claim with a move that does not repeat: the move is played, the game goes on")
    {
        game.black->send({{"type", "claim_draw"}, {"table", game.table}, {"move", "Nc6"}});
        json rejected = game.white->receive_until("draw_claim_rejected", game.table);
        CHECK(rejected.at("by") == "black");
        json move = game.white->receive_until("move", game.table);
        CHECK(move.at("san") == "Nc6");
        CHECK(move.at("seq") == rejected.at("seq").get<int>() + 1);
        CHECK(move.at("to_move") == "white");
    }
}

TEST_CASE("a flag falls on the server's timer: the side without time loses", "[server][game][clock]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), {{"kind", "sudden_death"}, {"base_ms", 300}});
    // The clocks start after both first moves; then White's runs.
    CHECK(game.started.at("clocks").at("running").is_null());
    CHECK(game.play({"e2e4", "e7e5"}).at("clocks").at("running") == "white");
    // Nobody sends anything: White's clock runs out and the server ends the game by itself.
    json over = game_over_for_both(game);
    CHECK(over.at("result") == "0-1");
    CHECK(over.at("winner") == "black");
    CHECK(over.at("termination") == "flag_fall");
    CHECK(over.at("winnability") == "can_mate");
    CHECK(over.at("clocks").at("white_ms") == 0);
    // The proof: Black's mating line from the position at the flag, from ply 3.
    const json& proof = over.at("proof");
    CHECK(proof.at("side") == "black");
    CHECK(proof.at("first_ply") == 3);
    REQUIRE_FALSE(proof.at("line").empty());
    CHECK(proof.at("line")[0].contains("san_de"));
    CHECK(line_mates("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", proof.at("line")));
}

TEST_CASE("a flag falls after some moves: the mating line starts at the next ply, and survives a reload",
          "[server][game][clock]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), {{"kind", "sudden_death"}, {"base_ms", 1000}});
    game.play({"e2e4", "e7e5", "d1h5", "b8c6", "h5f7"});
    // Black, in check, lets the clock run out; White can mate (Qxf7 is check already).
    json over = game_over_for_both(game);
    CHECK(over.at("termination") == "flag_fall");
    CHECK(over.at("result") == "1-0");
    CHECK(over.at("winnability") == "can_mate");
    const json& proof = over.at("proof");
    CHECK(proof.at("side") == "white");
    CHECK(proof.at("first_ply") == 6); // Black's third move
    const std::string at_flag = "r1bqkbnr/pppp1Qpp/2n5/4p3/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 0 3";
    CHECK(line_mates(at_flag, proof.at("line")));
    // The message numbers the line from Black's third move, when it is short enough to quote.
    if (proof.at("line").size() <= 8) CHECK_THAT(over.at("message").get<std::string>(), Catch::Contains("3..."));

    // A client that reloads after the game sees the proof, whether the side to move is in check
    // and the position after every move.
    WsTestClient watcher;
    json state = watch_again(server.port(), game, watcher);
    CHECK(state.at("result").at("proof") == proof);
    CHECK(state.at("result").at("message") == over.at("message"));
    CHECK(state.at("check") == true);
    CHECK(state.at("fen") == at_flag);
    REQUIRE(state.at("moves").size() == 5);
    CHECK(state.at("moves")[0].at("fen") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    CHECK(state.at("moves")[4].at("fen") == at_flag);
}

TEST_CASE("table_state: check and the position after every move, as the move events had them", "[server][game]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    std::vector<std::string> fens;
    for (const char* move : {"e4", "f5", "Qh5+"}) fens.push_back(game.play({move}).at("fen"));
    WsTestClient watcher;
    json state = watch_again(server.port(), game, watcher);
    CHECK(state.at("check") == true);
    REQUIRE(state.at("moves").size() == fens.size());
    for (std::size_t i = 0; i < fens.size(); ++i) CHECK(state.at("moves")[i].at("fen") == fens[i]);
    game.play({"g6"});
    CHECK(watcher.request({{"type", "watch_table"}, {"table", game.table}}).at("check") == false);
}

TEST_CASE("a flag falls against a bare king: drawn, the opponent cannot mate", "[server][game][clock]")
{
    InProcessServer server;
    // Found with `rochade analyze`: White takes all fifteen black men in 18 moves.
    // 3 s leaves room for 18 moves each even on a slow (sanitizer) build.
    auto game = SeatedGame::start(server.port(), {{"kind", "sudden_death"}, {"base_ms", 3000}});
    game.white->set_timeout(6000ms);
    game.black->set_timeout(6000ms);
    json last =
        game.play({"b2b4", "c7c5", "b4c5", "d8b6", "c5b6", "h7h6", "b6a7", "h6h5", "a7b8q", "e7e5", "b8c8", "e8e7",
                   "c8b7", "e5e4", "b7a8", "e4e3", "f2e3", "d7d5", "a8d5", "h8h7", "d5f7",  "e7d8", "f7g8", "h7h8",
                   "g8f8", "d8d7", "f8h8", "h5h4", "h8g7", "d7e8", "g7f7", "e8d8", "e1f2",  "h4h3", "g1h3", "d8c8"});
    REQUIRE(last.at("fen") == "2k5/5Q2/8/8/8/4P2N/P1PPPKPP/RNBQ1B1R w - - 1 19");
    // White, with all the material, lets the clock run out.
    json over = game_over_for_both(game);
    CHECK(over.at("termination") == "flag_fall");
    CHECK(over.at("result") == "1/2-1/2");
    CHECK(over.at("winner").is_null());
    CHECK(over.at("winnability") == "cannot_mate");
    CHECK(over.at("proof") == json{{"side", "black"}, {"reason", "bare_king"}});

    // After a reload the result still says why.
    WsTestClient watcher;
    json state = watch_again(server.port(), game, watcher);
    CHECK(state.at("result").at("proof") == over.at("proof"));
    CHECK(state.at("check") == false);
    REQUIRE(state.at("moves").size() == 36);
    CHECK(state.at("moves").back().at("fen") == last.at("fen"));
}

TEST_CASE("resignation and abort", "[server][game]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());

    SECTION("resignation, at any time, even on the opponent's turn")
    {
        game.play({"e4"});
        CHECK(game.act("white", "resign").at("type") == "ok");
        json over = game_over_for_both(game);
        CHECK(over.at("result") == "0-1");
        CHECK(over.at("termination") == "resignation");
    }
    SECTION("abort before Black has moved")
    {
        game.play({"e4"});
        CHECK(game.act("black", "abort").at("type") == "ok");
        json over = game_over_for_both(game);
        CHECK(over.at("result") == "*");
        CHECK(over.at("termination") == "aborted");
    }
    SECTION("no abort once both sides have moved")
    {
        game.play({"e4", "e5"});
        CHECK(game.act("white", "abort").at("code") == "cannot_abort");
        game.play({"Nf3"});
    }
}

TEST_CASE("after the game: moves are refused, a rematch swaps the colours", "[server][game]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});
    game.act("black", "resign");
    game_over_for_both(game);

    SECTION("a move after the end")
    {
        game.white->drain(50ms); // settle: room updates about the finished table
        json error = game.black->request({{"type", "move"}, {"table", game.table}, {"move", "e5"}});
        CHECK(error.at("code") == "game_over");
        auto heard = game.white->drain(50ms);
        CAPTURE(json(heard).dump());
        CHECK(heard.empty());
    }
    SECTION("rematch")
    {
        CHECK(game.act("white", "rematch").at("type") == "ok");
        json offered = game.black->receive_until("rematch_offered", game.table);
        CHECK(offered.at("by") == "white");
        CHECK(game.act("black", "rematch").at("type") == "ok");
        json started = game.black->receive_until("game_started");
        game.white->receive_until("game_started");
        // Colours swapped: the former Black player now has White.
        CHECK(started.at("white") == "Schwarz");
        CHECK(started.at("black") == "Weiss");
        CHECK(started.at("moves").empty());
        std::int64_t table = started.at("table").get<std::int64_t>();
        game.black->send({{"type", "move"}, {"table", table}, {"move", "d4"}});
        CHECK(game.white->receive_until("move", table).at("san") == "d4");
    }
}
