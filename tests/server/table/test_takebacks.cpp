// Takebacks and more time over real sockets (docs/protocol.md, "Takebacks and more time"):
// a request accepted, declined and withdrawn; every refusal; the board, the legal moves, the
// repetition and fifty-move counts and the clocks after a takeback; a watcher's view; the
// stored moves, the PGN and the game log; time given; kill -9 in the middle of a request and
// after a takeback; a takeover by another node.
#include <memory>
#include <thread>

#include <catch2/catch.hpp>

#include "db/pg/postgres_store.h"
#include "db/sqlite/sqlite_reader.h"
#include "tests/db/store_backend.h"
#include "tests/server/cluster_fixture.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade;
using namespace rochade::test;

namespace {

// Two guests at a table opened with `extra` fields (takebacks, a setup), White the opener.
SeatedGame seat_at_takeback_table(std::uint16_t port, const json& extra, const json& time_control = "5+3")
{
    SeatedGame game;
    game.white = std::make_unique<WsTestClient>();
    game.black = std::make_unique<WsTestClient>();
    game.white->connect(port);
    game.black->connect(port);
    game.white_token = game.white->hello("Weiss");
    game.black_token = game.black->hello("Schwarz");
    game.white->request({{"type", "enter_room"}, {"room", game.room}});
    game.black->request({{"type", "enter_room"}, {"room", game.room}});
    json open{{"type", "open_table"}, {"room", game.room}, {"time_control", time_control}, {"color", "white"}};
    open.update(extra);
    const json opened = game.white->request(open);
    INFO(opened.dump());
    REQUIRE(opened.at("type") == "ok");
    game.table = opened.at("table").get<std::int64_t>();
    REQUIRE(game.black->request({{"type", "join_table"}, {"table", game.table}}).at("type") == "ok");
    game.started = game.white->receive_until("game_started", game.table);
    game.black->receive_until("game_started", game.table);
    game.last_seq = game.started.at("seq").get<std::int64_t>();
    return game;
}

// `side` asks, the opponent sees the request; answers the request event.
json ask_takeback(SeatedGame& game, const std::string& side)
{
    const json reply = game.act(side, "takeback");
    REQUIRE(reply.at("type") == "ok");
    const std::string other = side == "white" ? "black" : "white";
    const json seen = game.player(other).receive_until("takeback_requested", game.table);
    CHECK(seen.at("by") == side);
    CHECK(game.player(side).receive_until("takeback_requested", game.table) == seen); // the asker's copy
    game.last_seq = seen.at("seq").get<std::int64_t>();
    return seen;
}

// `side` accepts; both players see taken_back, the same; answers it.
json accept_takeback(SeatedGame& game, const std::string& side)
{
    REQUIRE(game.act(side, "accept_takeback").at("type") == "ok");
    const json white = game.white->receive_until("taken_back", game.table);
    const json black = game.black->receive_until("taken_back", game.table);
    CHECK(white == black);
    game.last_seq = white.at("seq").get<std::int64_t>();
    game.ply = int(white.at("moves").size());
    return white;
}

std::string takeback_error_code(const json& reply) { return reply.value("code", reply.dump()); }

} // namespace

TEST_CASE("takeback: on the opponent's turn one ply goes, on one's own turn two, the board, legal moves and clocks "
          "are those of the position taken back to, for the players and a watcher",
          "[server][takeback]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    CHECK(game.started.at("takebacks") == true); // casual: on by default
    WsTestClient watcher;
    watcher.connect(server.port());
    watcher.hello("Kiebitz");
    watcher.request({{"type", "enter_room"}, {"room", game.room}});
    REQUIRE(watcher.request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");

    const json e5 = game.play({"e4", "e5"});
    game.play({"Nf3"});
    // White asks on Black's turn: Nf3 alone.
    CHECK(ask_takeback(game, "white").at("plies") == 1);
    const json state_asked = game.black->request({{"type", "watch_table"}, {"table", game.table}});
    CHECK(state_asked.at("takeback_request") == json{{"by", "white"}, {"plies", 1}});
    const json one = accept_takeback(game, "black");
    CHECK(one.at("by") == "white");
    CHECK(one.at("plies") == 1);
    CHECK(one.at("moves").size() == 2);
    CHECK(one.at("fen") == e5.at("fen"));
    CHECK(one.at("to_move") == "white");
    CHECK(one.at("takeback_request").is_null());
    CHECK(one.at("legal_moves").size() == 29); // after 1.e4 e5
    // The clocks read as after 1...e5 (the stored readings), and White's runs again.
    CHECK(one.at("clocks").at("white_ms") <= e5.at("clocks").at("white_ms"));
    CHECK(one.at("clocks").at("white_ms") >= e5.at("clocks").at("white_ms").get<std::int64_t>() - 500);
    CHECK(one.at("clocks").at("black_ms") == e5.at("clocks").at("black_ms"));
    CHECK(one.at("clocks").at("running") == "white");
    const json watched = watcher.receive_until("taken_back", game.table);
    CHECK(watched.at("moves") == one.at("moves"));
    CHECK(watched.at("fen") == one.at("fen"));

    // White plays another move; Black asks on his own turn? No: White asks on his own turn after
    // Black's reply, and both moves go.
    const json d4 = game.play({"d4"});
    CHECK(d4.at("ply") == 3);
    game.play({"exd4"});
    CHECK(ask_takeback(game, "white").at("plies") == 2);
    const json two = accept_takeback(game, "black");
    CHECK(two.at("moves").size() == 2);
    CHECK(two.at("fen") == e5.at("fen"));
    CHECK(two.at("to_move") == "white");
    CHECK(watcher.receive_until("taken_back", game.table).at("moves").size() == 2);

    // The game goes on from there, and the move events' plies follow the game as it stands.
    CHECK(game.play({"Nc3"}).at("ply") == 3);
    CHECK(game.act("black", "resign").at("type") == "ok");
    game.white->receive_until("game_over", game.table);

    // Stored: the moves as the game stands, the PGN, the takeback events in the log.
    const std::int64_t game_id = game.started.at("game_id");
    const auto log = db::open_sqlite_reader(server.config().db_path)->game_log(game_id);
    REQUIRE(log);
    REQUIRE(log->moves.size() == 3);
    CHECK(log->moves[2].uci == "b1c3");
    int requested = 0, taken = 0;
    for (const auto& event : log->events) {
        requested += event.kind == db::TableEventKind::TakebackRequested;
        taken += event.kind == db::TableEventKind::TakenBack;
    }
    CHECK(requested == 2);
    CHECK(taken == 2);
    const auto pgn = http_get(server.port(), "/games/" + std::to_string(game_id) + ".pgn");
    REQUIRE(pgn.status == 200);
    CHECK_THAT(pgn.body, Catch::Contains("1. e4 {") && Catch::Contains("1... e5 {") && Catch::Contains("2. Nc3 {") &&
                             !Catch::Contains("Nf3") && !Catch::Contains("d4"));
}

TEST_CASE("takeback refusals: a table that forbids them, nothing to take back, a request standing, not one's "
          "request, asked again too soon after a decline",
          "[server][takeback]")
{
    InProcessServer server;
    SECTION("a table opened without takebacks refuses them, and its summary says so")
    {
        auto game = seat_at_takeback_table(server.port(), {{"takebacks", false}});
        CHECK(game.started.at("takebacks") == false);
        game.play({"e4", "e5"});
        const json refused = game.act("white", "takeback");
        CHECK(takeback_error_code(refused) == "takebacks_not_allowed");
        CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("not allowed at this table"));
    }
    SECTION("an open_table with a takebacks that is no boolean is refused naming the field")
    {
        WsTestClient opener;
        opener.connect(server.port());
        opener.hello("Weiss");
        opener.request({{"type", "enter_room"}, {"room", 34}});
        const json refused =
            opener.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"takebacks", "ja"}});
        CHECK(takeback_error_code(refused) == "bad_request");
        CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("takebacks"));
    }
    SECTION("the others")
    {
        auto game = SeatedGame::start(server.port(), "5+3");
        CHECK(takeback_error_code(game.act("white", "takeback")) == "nothing_to_take_back");
        game.play({"e4"});
        CHECK(takeback_error_code(game.act("black", "takeback")) == "nothing_to_take_back");
        CHECK(takeback_error_code(game.act("black", "accept_takeback")) == "no_takeback_request");
        ask_takeback(game, "white");
        CHECK(takeback_error_code(game.act("white", "takeback")) == "takeback_request_stands");
        CHECK(takeback_error_code(game.act("black", "takeback")) == "takeback_request_stands");
        CHECK(takeback_error_code(game.act("white", "accept_takeback")) == "no_takeback_request"); // one's own
        CHECK(takeback_error_code(game.act("white", "decline_takeback")) == "no_takeback_request");
        CHECK(takeback_error_code(game.act("black", "withdraw_takeback")) == "no_takeback_request"); // not his
        // Declined: the asker waits 10 s, and is told so.
        REQUIRE(game.act("black", "decline_takeback").at("type") == "ok");
        const json declined = game.white->receive_until("takeback_declined", game.table);
        CHECK(declined.at("by") == "black");
        CHECK(declined.at("next_request_in_ms") == 10000);
        game.last_seq = declined.at("seq").get<std::int64_t>();
        const json too_soon = game.act("white", "takeback");
        CHECK(takeback_error_code(too_soon) == "takeback_too_soon");
        CHECK_THAT(too_soon.at("message").get<std::string>(), Catch::Contains("ask again in 10 s"));
        // Withdrawn by the asker: nothing stands; a move also lapses a request.
        game.play({"e5"});
        ask_takeback(game, "black");
        REQUIRE(game.act("black", "withdraw_takeback").at("type") == "ok");
        const json withdrawn = game.white->receive_until("takeback_withdrawn", game.table);
        CHECK(withdrawn.at("by") == "black");
        game.last_seq = withdrawn.at("seq").get<std::int64_t>();
        CHECK(takeback_error_code(game.act("white", "accept_takeback")) == "no_takeback_request");
        ask_takeback(game, "black");
        game.play({"Nf3"}); // White moves instead of answering
        CHECK(takeback_error_code(game.act("white", "accept_takeback")) == "no_takeback_request");
        const json state = game.white->request({{"type", "watch_table"}, {"table", game.table}});
        CHECK(state.at("takeback_request").is_null());
    }
}

TEST_CASE("takeback: the repetition and fifty-move counts are those of the position taken back to",
          "[server][takeback]")
{
    InProcessServer server;
    SECTION("threefold repetition")
    {
        auto game = SeatedGame::start(server.port(), "5+3");
        game.play({"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}); // the start a third time
        ask_takeback(game, "black");
        const json back = accept_takeback(game, "white");
        CHECK(back.at("moves").size() == 7);
        CHECK(back.at("to_move") == "black");
        // The position after 4.Ng1 stands twice now: no claim; with Ng8 it is the third time.
        CHECK(takeback_error_code(game.black->request({{"type", "claim_draw"}, {"table", game.table}})) ==
              "claim_invalid");
        REQUIRE(game.black->request({{"type", "claim_draw"}, {"table", game.table}, {"move", "Ng8"}}).at("type") ==
                "ok");
        CHECK(game.white->receive_until("game_over", game.table).at("termination") == "threefold_repetition");
    }
    SECTION("fifty moves")
    {
        auto game = seat_at_takeback_table(server.port(),
                                           {{"variant", "from_position"}, {"fen", "7k/8/8/8/8/8/8/K5R1 w - - 99 80"}});
        game.play({"Rg2"}); // the hundredth halfmove without capture or pawn move
        ask_takeback(game, "white");
        const json back = accept_takeback(game, "black");
        CHECK(back.at("moves").empty());
        CHECK(back.at("fen") == "7k/8/8/8/8/8/8/K5R1 w - - 99 80");
        CHECK(takeback_error_code(game.white->request({{"type", "claim_draw"}, {"table", game.table}})) ==
              "claim_invalid");
        REQUIRE(game.white->request({{"type", "claim_draw"}, {"table", game.table}, {"move", "Rg3"}}).at("type") ==
                "ok");
        CHECK(game.black->receive_until("game_over", game.table).at("termination") == "fifty_moves");
    }
}

TEST_CASE("give_time: 5-60 s to the opponent's clock at once, for the players and a watcher, at most every 10 s, "
          "not in an untimed game",
          "[server][give_time]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    WsTestClient watcher;
    watcher.connect(server.port());
    watcher.hello("Kiebitz");
    watcher.request({{"type", "enter_room"}, {"room", game.room}});
    watcher.request({{"type", "watch_table"}, {"table", game.table}});
    game.play({"e4", "e5"});
    const json before = game.white->request({{"type", "watch_table"}, {"table", game.table}});
    CHECK(takeback_error_code(game.white->request({{"type", "give_time"}, {"table", game.table}, {"seconds", 4}})) ==
          "bad_request");
    const json too_much = game.white->request({{"type", "give_time"}, {"table", game.table}, {"seconds", 61}});
    CHECK(takeback_error_code(too_much) == "bad_request");
    CHECK_THAT(too_much.at("message").get<std::string>(), Catch::Contains("seconds"));
    REQUIRE(game.white->request({{"type", "give_time"}, {"table", game.table}, {"seconds", 15}}).at("type") == "ok");
    const json given = game.black->receive_until("time_given", game.table);
    CHECK(given.at("by") == "white");
    CHECK(given.at("to") == "black");
    CHECK(given.at("seconds") == 15);
    CHECK(given.at("clocks").at("black_ms") == before.at("clocks").at("black_ms").get<std::int64_t>() + 15000);
    CHECK(watcher.receive_until("time_given", game.table) == given);
    const json again = game.white->request({{"type", "give_time"}, {"table", game.table}, {"seconds", 15}});
    CHECK(takeback_error_code(again) == "give_time_too_soon");
    // Black may give too (his own 10 s are his); without seconds it is 15.
    REQUIRE(game.act("black", "give_time").at("type") == "ok");
    CHECK(game.white->receive_until("time_given", game.table).at("seconds") == 15);

    auto untimed = SeatedGame::start(server.port(), "untimed", "Anna", "Bert");
    untimed.play({"e4"});
    CHECK(takeback_error_code(untimed.act("black", "give_time")) == "give_time_not_allowed");
}

TEST_CASE("kill -9 with a takeback request standing, after a takeback and after time given: the game is restored "
          "as it stands",
          "[server][takeback][process][slow_start]")
{
    ChildServer server;
    auto asked = SeatedGame::start(server.port(), "5+3");
    asked.play({"e4", "e5", "Nf3"});
    ask_takeback(asked, "white");
    auto taken = SeatedGame::start(server.port(), "5+3", "Anna", "Bert");
    const json e5 = taken.play({"e4", "e5"});
    taken.play({"Nf3", "Nc6"});
    ask_takeback(taken, "white"); // on his own turn: Nf3 and Nc6 go
    const json back = accept_takeback(taken, "black");
    REQUIRE(back.at("moves").size() == 2);
    auto given = SeatedGame::start(server.port(), "5+3", "Cora", "Dirk");
    const json c5 = given.play({"e4", "c5"});
    REQUIRE(given.act("white", "give_time").at("type") == "ok");
    given.black->receive_until("time_given", given.table);

    server.restart(); // kill -9, then the same binary on the same database and port

    const auto back_at = [&](SeatedGame& game) {
        auto white = std::make_unique<WsTestClient>();
        auto black = std::make_unique<WsTestClient>();
        white->connect(server.port());
        black->connect(server.port());
        white->resume(game.white_token);
        black->resume(game.black_token);
        json state = white->request({{"type", "watch_table"}, {"table", game.table}});
        REQUIRE(state.at("type") == "table_state");
        black->request({{"type", "watch_table"}, {"table", game.table}});
        game.white = std::move(white);
        game.black = std::move(black);
        return state;
    };
    // The request is gone, wholly: the moves stand, and it may be asked again.
    const json asked_state = back_at(asked);
    CHECK(asked_state.at("takeback_request").is_null());
    CHECK(asked_state.at("moves").size() == 3);
    ask_takeback(asked, "white");
    CHECK(accept_takeback(asked, "black").at("moves").size() == 2);
    // The takeback stands: two moves, the clocks as after 1...e5 (held until both are back).
    const json taken_state = back_at(taken);
    CHECK(taken_state.at("moves").size() == 2);
    CHECK(taken_state.at("fen") == e5.at("fen"));
    CHECK(taken_state.at("to_move") == "white");
    CHECK(taken_state.at("clocks").at("black_ms") == e5.at("clocks").at("black_ms"));
    // White's clock runs again once both players are back.
    CHECK(taken_state.at("clocks").at("white_ms") <= e5.at("clocks").at("white_ms"));
    CHECK(taken_state.at("clocks").at("white_ms") >= e5.at("clocks").at("white_ms").get<std::int64_t>() - 1000);
    CHECK(taken_state.at("takebacks") == true);
    taken.white->send({{"type", "move"}, {"table", taken.table}, {"move", "d4"}});
    CHECK(taken.black->receive_until("move", taken.table).at("ply") == 3);
    // The time given is on Black's clock.
    const json given_state = back_at(given);
    CHECK(given_state.at("clocks").at("black_ms") == c5.at("clocks").at("black_ms").get<std::int64_t>() + 15000);
}

TEST_CASE("a game taken over by another node after a takeback and time given continues exactly as it stood",
          "[server][cluster][takeback]")
{
    Cluster cluster;
    auto one = cluster.node("n1");
    auto two = cluster.node("n2", one->config().db_path);
    auto anna = std::make_unique<WsTestClient>();
    WsTestClient bert;
    std::string anna_token = hello_at(*anna, *one, "Anna");
    const std::string bert_token = hello_at(bert, *two, "Bert");
    anna->request({{"type", "enter_room"}, {"room", 34}});
    bert.request({{"type", "enter_room"}, {"room", 34}});
    presence_with(*anna, 2);
    const json opened = anna->request(
        {{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}, {"color", "white"}, {"takebacks", true}});
    const auto table = opened.at("table").get<std::int64_t>();
    CHECK(room_tables_with(bert, table).at("tables")[0].at("takebacks") == true);
    REQUIRE(bert.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    anna->receive_until("game_started", table);
    bert.receive_until("game_started", table);
    const auto play = [&](WsTestClient& mover, const std::string& move) {
        mover.send({{"type", "move"}, {"table", table}, {"move", move}});
        bert.receive_until("move", table);
        return anna->receive_until("move", table);
    };
    play(*anna, "e4");
    const json e5 = play(bert, "e5");
    play(*anna, "Nf3");
    // Bert on node 2 asks; Anna on node 1 (the table's) accepts.
    REQUIRE(bert.request({{"type", "takeback"}, {"table", table}}).at("type") == "ok");
    CHECK(anna->receive_until("takeback_requested", table).at("plies") == 2);
    REQUIRE(anna->request({{"type", "accept_takeback"}, {"table", table}}).at("type") == "ok");
    CHECK(bert.receive_until("taken_back", table).at("moves").size() == 1);
    const json c5 = play(bert, "c5");
    REQUIRE(bert.request({{"type", "give_time"}, {"table", table}, {"seconds", 30}}).at("type") == "ok");
    const json given = anna->receive_until("time_given", table);

    one->stop(); // node 1 goes away with the table
    CHECK(bert.wait_closed().code == 1012);
    std::unique_ptr<WsTestClient> anna_again;
    json hello;
    for (int attempt = 0; attempt < 60; ++attempt) {
        anna_again = std::make_unique<WsTestClient>();
        anna_again->connect(two->port());
        hello = anna_again->resume(anna_token);
        if (!hello.at("tables").empty()) break;
        anna_token = hello.at("resume_token").get<std::string>();
        anna_again->close();
        std::this_thread::sleep_for(100ms);
    }
    REQUIRE(hello.at("tables") == json::array({table}));
    WsTestClient bert_again;
    bert_again.connect(two->port());
    bert_again.resume(bert_token);
    const json state = anna_again->request({{"type", "watch_table"}, {"table", table}});
    INFO(state.dump());
    REQUIRE(state.at("type") == "table_state");
    REQUIRE(state.at("moves").size() == 2);
    CHECK(state.at("moves")[1].at("san") == "c5");
    CHECK(state.at("takebacks") == true);
    // The readings after c5 and the 30 s given (the time used since is not charged, as at any
    // takeover), White's clock running again once both are back.
    const std::int64_t white_then = c5.at("clocks").at("white_ms").get<std::int64_t>() + 30000;
    CHECK(state.at("clocks").at("white_ms") <= white_then);
    CHECK(state.at("clocks").at("white_ms") >= white_then - 1000);
    CHECK(given.at("clocks").at("white_ms") <= white_then);
    (void)e5;
    // Takebacks work on node 2 as on node 1.
    bert_again.request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(bert_again.request({{"type", "takeback"}, {"table", table}}).at("type") == "ok");
    REQUIRE(anna_again->request({{"type", "accept_takeback"}, {"table", table}}).at("type") == "ok");
    CHECK(bert_again.receive_until("taken_back", table).at("moves").size() == 1);
}

TEST_CASE("on PostgreSQL: a takeback deletes the stored moves after the ply that stays, and the next server restores "
          "the game as it stands",
          "[server][postgres][takeback]")
{
    const auto server_url = db::testing::postgres_server_url();
    if (!server_url) {
        WARN("skipped: set ROCHADE_TEST_POSTGRES (scripts/postgres.sh start build/postgres prints the URL)");
        return;
    }
    db::testing::PgTestDatabase database(*server_url);
    auto on_postgres = [&database](server::ServerConfig& config) { config.db_path = database.url(); };
    std::int64_t table = 0;
    std::string white_token;
    {
        InProcessServer server(on_postgres);
        auto game = SeatedGame::start(server.port(), "5+3");
        table = game.table;
        white_token = game.white_token;
        game.play({"e4", "e5", "Nf3", "Nc6"});
        ask_takeback(game, "white"); // on his own turn: Nf3 and Nc6
        CHECK(accept_takeback(game, "black").at("moves").size() == 2);
        game.play({"d4"});
        REQUIRE(game.white->request({{"type", "give_time"}, {"table", game.table}, {"seconds", 20}}).at("type") ==
                "ok");
        game.black->receive_until("time_given", game.table);
    }
    const auto reader = db::open_postgres_reader(database.url());
    const auto unfinished = reader->unfinished_games();
    REQUIRE(unfinished.size() == 1);
    REQUIRE(unfinished[0].moves.size() == 3);
    CHECK(unfinished[0].moves[2].san == "d4");
    CHECK(unfinished[0].moves[2].ply == 3);
    InProcessServer again(on_postgres);
    WsTestClient white;
    white.connect(again.port());
    white.resume(white_token);
    const json state = white.request({{"type", "watch_table"}, {"table", table}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("moves").size() == 3);
    CHECK(state.at("clocks").at("black_ms") == unfinished[0].moves[2].black_ms + 20000);
}
