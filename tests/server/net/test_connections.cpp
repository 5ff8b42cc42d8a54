// Connections on the real server: bad input, limits, reconnects with missed events, claim_win
// after the grace period, /health.
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/server/room_events.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"

using namespace rochade::test;

TEST_CASE("welcome and /health", "[server][connection]")
{
    InProcessServer server;
    WsTestClient client;
    json welcome = client.connect(server.port());
    CHECK(welcome.at("type") == "welcome");
    CHECK(welcome.at("protocol") == 8);
    CHECK(welcome.at("limits").at("max_message_bytes") == 4096);
    CHECK(welcome.at("limits").at("reconnect_grace_ms") == 60000);

    HttpReply health = http_get(server.port(), "/health");
    CHECK(health.status == 200);
    json status = json::parse(health.body);
    CHECK(status.at("status") == "ok");
    CHECK(status.at("version").is_string());
    CHECK(status.at("uptime_s").is_number());
    CHECK(status.at("connections") == 1);
    CHECK(status.at("games") == 0);
}

TEST_CASE("bad input gets an error naming what was wrong, and the connection stays usable",
          "[server][connection][bad_input]")
{
    InProcessServer server;
    WsTestClient client;
    client.connect(server.port());
    client.hello("Anna");

    struct Row {
        const char* text;
        const char* code;
    };
    for (auto row : {Row{"{not json", "bad_request"}, Row{"[1,2,3]", "bad_request"},
                     Row{R"({"type":"fly","id":1})", "unknown_type"}, Row{R"({"id":2})", "bad_request"},
                     Row{R"({"type":"enter_room","id":3})", "bad_request"},
                     Row{R"({"type":"enter_room","room":"34","id":4})", "bad_request"},
                     Row{R"({"type":"move","table":1,"id":5})", "bad_request"}}) {
        CAPTURE(row.text);
        client.send_text(row.text);
        json error = client.expect_error(row.code);
        CHECK_FALSE(error.at("message").get<std::string>().empty());
    }
    CHECK(client.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("an oversized frame closes the connection with 1009", "[server][connection][limits]")
{
    InProcessServer server;
    WsTestClient client;
    client.connect(server.port());
    client.hello("Anna");
    std::string text(5000, 'x');
    client.send({{"type", "room_chat"}, {"room", 34}, {"text", text}});
    CHECK(client.wait_closed().code == 1009);
}

TEST_CASE("a flood gets rate_limited, then close 1008", "[server][connection][limits]")
{
    InProcessServer server([](auto& config) {
        config.limits.messages_per_second = 5;
        config.limits.message_burst = 10;
    });
    WsTestClient client;
    client.connect(server.port());
    client.hello("Anna");
    client.flood_pings(30);
    client.expect_error("rate_limited");
    CHECK(client.wait_closed().code == 1008);
}

namespace {

// The frames that are not a room's batched news (room_presence, room_tables: sent on the room's
// timer, whenever it fires).
std::deque<json> without_room_news(std::deque<json> frames)
{
    std::erase_if(frames, [](const json& frame) {
        const auto type = frame.value("type", "");
        return type == "room_presence" || type == "room_tables";
    });
    return frames;
}

} // namespace

TEST_CASE("moves that are refused go to the sender alone and change nothing", "[server][game][bad_input]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});
    json before = game.white->request({{"type", "watch_table"}, {"table", game.table}});

    struct Row {
        const char* side;
        const char* move;
        const char* code;
    };
    auto row = GENERATE(Row{"white", "d4", "not_your_turn"}, Row{"black", "e4", "illegal_move"},
                        Row{"black", "Ke7", "illegal_move"}, Row{"black", "xyz", "invalid_move"},
                        Row{"black", "e7e1", "illegal_move"});
    CAPTURE(row.side, row.move);
    auto& other = game.player(std::string(row.side) == "white" ? "black" : "white");
    other.drain(50ms); // settle: room updates about the new table
    json error = game.player(row.side).request({{"type", "move"}, {"table", game.table}, {"move", row.move}});
    CHECK(error.at("type") == "error");
    CHECK(error.at("code") == row.code);
    // The other player hears nothing, and the table is as it was. (The room's batched news of the
    // new table may come late on a loaded machine: it is the lobby's, not the move's.)
    auto heard = without_room_news(other.drain(50ms));
    CAPTURE(json(heard).dump());
    CHECK(heard.empty());
    json after = game.white->request({{"type", "watch_table"}, {"table", game.table}});
    CHECK(after.at("seq") == before.at("seq"));
    CHECK(after.at("fen") == before.at("fen"));
    CHECK(after.at("moves") == before.at("moves"));
    game.play({"e5"});
}

TEST_CASE("a move at someone else's table is refused", "[server][game][bad_input]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    WsTestClient stranger;
    stranger.connect(server.port());
    stranger.hello("Fremder");
    stranger.request({{"type", "enter_room"}, {"room", game.room}});
    game.white->drain(50ms); // settle: the stranger's room_presence
    CHECK(stranger.request({{"type", "move"}, {"table", game.table}, {"move", "e4"}}).at("code") == "not_a_player");
    CHECK(stranger.request({{"type", "move"}, {"table", 999999}, {"move", "e4"}}).at("code") == "no_such_table");
    auto heard = without_room_news(game.white->drain(50ms));
    CAPTURE(json(heard).dump());
    CHECK(heard.empty());
    CHECK(game.play({"e4"}).at("ply") == 1);
}

TEST_CASE("reconnect with the resume token: the missed events exactly, the opponent is told",
          "[server][connection][reconnect]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"e4", "e5"});
    std::int64_t seen = game.last_seq;

    game.black->drop();
    json gone = game.white->receive_until("player_disconnected", game.table);
    CHECK(gone.at("side") == "black");
    CHECK(gone.at("nick") == "Schwarz");
    CHECK(gone.at("grace_ms") == 60000);
    // White plays on and chats while Black is away.
    game.white->send({{"type", "move"}, {"table", game.table}, {"move", "Nf3"}});
    json missed_move = game.white->receive_until("move", game.table);
    game.white->send({{"type", "table_chat"}, {"table", game.table}, {"text", "bist du da?"}});
    json missed_chat = game.white->receive_until("table_chat", game.table);

    auto black = std::make_unique<WsTestClient>();
    black->connect(server.port());
    json hello = black->resume(game.black_token);
    CHECK(hello.at("nick") == "Schwarz");
    CHECK(hello.at("resumed") == true);
    CHECK(hello.at("tables") == json::array({game.table}));
    json state = black->request({{"type", "watch_table"}, {"table", game.table}, {"since", seen}});
    REQUIRE(state.at("type") == "table_state");
    REQUIRE(state.contains("missed"));
    CHECK(state.at("resync") == false);
    const auto& missed = state.at("missed");
    // Exactly the events after `seen`: the disconnect, the move, the chat (and the reconnect
    // if the table counts it before the state).
    REQUIRE(missed.size() >= 3);
    CHECK(missed[0].at("seq") == seen + 1);
    for (std::size_t i = 0; i < missed.size(); ++i) CHECK(missed[i].at("seq") == seen + 1 + std::int64_t(i));
    CHECK(missed[0].at("type") == "player_disconnected");
    CHECK(missed[1] == missed_move);
    CHECK(missed[2] == missed_chat);
    // ... and nothing before or after: the state's seq is the last missed event's.
    CHECK(missed.back().at("seq") == state.at("seq"));
    CAPTURE(missed.dump());
    CHECK(missed.size() == 4);
    CHECK(missed.back().at("type") == "player_reconnected");
    CHECK(state.at("moves").size() == 3);
    CHECK(state.at("to_move") == "black");
    json back = game.white->receive_until("player_reconnected", game.table);
    CHECK(back.at("side") == "black");

    game.black = std::move(black);
    game.ply = 3;
    game.last_seq = std::max(state.at("seq").get<std::int64_t>(), back.at("seq").get<std::int64_t>());
    game.play({"Nc6"});
}

TEST_CASE("watch_table with a since older than the kept history: no missed events, resync instead",
          "[server][connection][reconnect]")
{
    constexpr int kept_events = 4;
    InProcessServer server([](auto& config) { config.table_history_events = kept_events; });
    auto game = SeatedGame::start(server.port());
    game.play({"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"});
    const std::int64_t last = game.last_seq;
    REQUIRE(last - game.started.at("seq").get<std::int64_t>() > kept_events);

    struct Row {
        std::int64_t since;
        std::size_t missed;
        bool resync;
    };
    auto row = GENERATE_COPY(Row{last, 0, false},                         // up to date
                             Row{last - 1, 1, false},                     // the newest event only
                             Row{last - kept_events, kept_events, false}, // the oldest kept is the next
                             Row{last - kept_events - 1, 0, true},        // the next one is no longer kept
                             Row{0, 0, true},                             // from the start
                             Row{last + 5, 0, true});                     // ahead: not this table's
    CAPTURE(row.since, last);
    json state = game.white->request({{"type", "watch_table"}, {"table", game.table}, {"since", row.since}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("seq") == last);
    const auto& missed = state.at("missed");
    CAPTURE(missed.dump());
    REQUIRE(missed.size() == row.missed);
    for (std::size_t i = 0; i < missed.size(); ++i) CHECK(missed[i].at("seq") == row.since + 1 + std::int64_t(i));
    CHECK(state.at("resync") == row.resync);
    // The state alone is enough to redraw.
    CHECK(state.at("moves").size() == 8);
    CHECK(state.at("to_move") == "white");
}

TEST_CASE("claim_win: refused while the opponent is connected or within grace, granted after",
          "[server][connection][reconnect]")
{
    InProcessServer server([](auto& config) { config.reconnect_grace_ms = 300; });
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});
    CHECK(game.act("black", "claim_win").at("code") == "opponent_connected");
    game.white->drop();
    json gone = game.black->receive_until("player_disconnected", game.table);
    CHECK(gone.at("grace_ms") == 300);
    CHECK(game.act("black", "claim_win").at("code") == "opponent_connected");
    // Wait out the grace period on the server's own event stream where possible: nothing is
    // sent when the grace ends, so a short bounded wait is the only way.
    game.black->drain(350ms);
    CHECK(game.act("black", "claim_win").at("type") == "ok");
    json over = game.black->receive_until("game_over", game.table);
    CHECK(over.at("result") == "0-1");
    CHECK(over.at("termination") == "abandoned");
}

TEST_CASE("after the game a player who reloads keeps the seat and can take the rematch",
          "[server][connection][reconnect]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});
    CHECK(game.act("black", "resign").at("type") == "ok");
    const std::int64_t seen = game.black->receive_until("game_over", game.table).at("seq").get<std::int64_t>();
    game.white->receive_until("game_over", game.table);

    // A reload: the page's connection closes, the new one resumes and watches the table again.
    game.black->close();
    json gone = game.white->receive_until("player_disconnected", game.table);
    CHECK(gone.at("side") == "black");
    CHECK(gone.at("grace_ms") == 60000);
    auto black = std::make_unique<WsTestClient>();
    black->connect(server.port());
    json hello = black->resume(game.black_token);
    CHECK(hello.at("tables") == json::array({game.table}));
    json state = black->request({{"type", "watch_table"}, {"table", game.table}, {"since", seen}});
    REQUIRE(state.at("type") == "table_state");
    CHECK(state.at("status") == "finished");
    CHECK(state.at("white") == "Weiss");
    CHECK(state.at("black") == "Schwarz");
    CHECK(state.at("disconnected").empty());
    CHECK(game.white->receive_until("player_reconnected", game.table).at("side") == "black");
    game.black = std::move(black);

    CHECK(game.act("white", "rematch").at("type") == "ok");
    CHECK(game.black->receive_until("rematch_offered", game.table).at("by") == "white");
    CHECK(game.act("black", "rematch").at("type") == "ok");
    json started = game.black->receive_until("game_started", game.table);
    CHECK(game.white->receive_until("game_started", game.table) == started);
    CHECK(started.at("white") == "Schwarz");
    CHECK(started.at("black") == "Weiss");
    game.black->send({{"type", "move"}, {"table", game.table}, {"move", "d4"}});
    CHECK(game.white->receive_until("move", game.table).at("san") == "d4");
}

TEST_CASE("after the game a seat not taken back within the grace period is free for a new opponent",
          "[server][connection][reconnect]")
{
    InProcessServer server([](auto& config) { config.reconnect_grace_ms = 1000; });
    auto game = SeatedGame::start(server.port());
    WsTestClient newcomer;
    newcomer.connect(server.port());
    newcomer.hello("Neuling");
    newcomer.request({{"type", "enter_room"}, {"room", game.room}});
    game.play({"e4"});
    CHECK(game.act("black", "resign").at("type") == "ok");
    game.white->receive_until("game_over", game.table);

    game.black->close();
    CHECK(game.white->receive_until("player_disconnected", game.table).at("grace_ms") == 1000);
    // Within the grace period the seat is still Black's.
    CHECK(newcomer.request({{"type", "join_table"}, {"table", game.table}}).at("code") == "table_full");
    // Then it frees up, and the table says so.
    json freed = game.white->receive_until("seat_changed", game.table);
    CHECK(freed.at("summary").at("white") == "Weiss");
    CHECK(freed.at("summary").at("black").is_null());
    CHECK(freed.at("summary").at("status") == "finished");

    CHECK(newcomer.request({{"type", "join_table"}, {"table", game.table}}).at("type") == "ok");
    json started = game.white->receive_until("game_started", game.table);
    CHECK(newcomer.receive_until("game_started", game.table) == started);
    CHECK(started.at("white") == "Weiss");
    CHECK(started.at("black") == "Neuling");
    CHECK(started.at("moves").empty());
    game.white->send({{"type", "move"}, {"table", game.table}, {"move", "d4"}});
    CHECK(newcomer.receive_until("move", game.table).at("san") == "d4");
}

TEST_CASE("after the game a free seat opposite a player who is away cannot be joined until they are back",
          "[server][connection][reconnect]")
{
    InProcessServer server;
    auto game = SeatedGame::start(server.port());
    WsTestClient newcomer;
    newcomer.connect(server.port());
    newcomer.hello("Neuling");
    newcomer.request({{"type", "enter_room"}, {"room", game.room}});
    game.play({"e4"});
    CHECK(game.act("black", "resign").at("type") == "ok");
    game.white->receive_until("game_over", game.table);
    game.black->receive_until("game_over", game.table);

    game.white->close();
    game.black->receive_until("player_disconnected", game.table);
    CHECK(game.act("black", "rematch").at("code") == "rematch_unavailable");
    CHECK(game.act("black", "leave_table").at("type") == "ok");
    // A game against an absent White would run White's clock, and let the newcomer claim the win.
    json refused = newcomer.request({{"type", "join_table"}, {"table", game.table}});
    CHECK(refused.at("code") == "rematch_unavailable");
    CHECK(refused.at("message").get<std::string>().find("Weiss") != std::string::npos);

    auto white = std::make_unique<WsTestClient>();
    white->connect(server.port());
    white->resume(game.white_token);
    json state = white->request({{"type", "watch_table"}, {"table", game.table}});
    CHECK(state.at("white") == "Weiss");
    CHECK(state.at("black").is_null());
    CHECK(newcomer.request({{"type", "join_table"}, {"table", game.table}}).at("type") == "ok");
    json started = white->receive_until("game_started", game.table);
    CHECK(started.at("white") == "Weiss");
    CHECK(started.at("black") == "Neuling");
}

TEST_CASE("after the game a table whose players both stay away closes after the grace period",
          "[server][connection][reconnect]")
{
    InProcessServer server([](auto& config) { config.reconnect_grace_ms = 300; });
    auto game = SeatedGame::start(server.port());
    WsTestClient kibitzer;
    kibitzer.connect(server.port());
    kibitzer.hello("Kiebitz");
    kibitzer.request({{"type", "enter_room"}, {"room", game.room}});
    game.play({"e4"});
    CHECK(game.act("black", "resign").at("type") == "ok");
    game.white->receive_until("game_over", game.table);
    game.white->close();
    game.black->close();
    // The seats are held first: the table stays in the room for the grace period.
    json room = kibitzer.request({{"type", "enter_room"}, {"room", game.room}});
    REQUIRE(room.at("tables").size() == 1);
    CHECK(room.at("tables")[0].at("black") == "Schwarz");
    json closed = receive_table_closed(kibitzer, game.table);
    CHECK(closed.at("room") == game.room);
}

TEST_CASE("an idle client that does not answer pings is closed, one that answers stays", "[server][connection][limits]")
{
    InProcessServer server([](auto& config) { config.limits.idle_timeout_ms = 200; });
    WsTestClient silent, lively;
    silent.connect(server.port());
    lively.connect(server.port());
    silent.hello("Stumm");
    lively.hello("Munter");
    // `silent` runs no I/O at all now, so it cannot answer the server's ping; `lively` reads
    // (and so answers pings) all the while.
    lively.drain(600ms);
    CHECK(lively.request({{"type", "ping"}}).at("type") == "pong");
    silent.set_timeout(1000ms);
    silent.wait_closed();
    CHECK_FALSE(silent.is_open());
}

TEST_CASE("peers that answer every ping at once stay open over many idle periods, a silent one is closed",
          "[server][connection][limits]")
{
    constexpr int idle_timeout_ms = 300;
    constexpr int idle_periods = 10;
    constexpr int answering_peers = 20;
    InProcessServer server([](auto& config) { config.limits.idle_timeout_ms = idle_timeout_ms; });
    std::vector<std::unique_ptr<WsTestClient>> peers;
    for (int i = 0; i < answering_peers; ++i) {
        peers.push_back(std::make_unique<WsTestClient>());
        peers.back()->connect(server.port());
        peers.back()->hello("Horcher" + std::to_string(i));
    }
    WsTestClient silent;
    silent.connect(server.port());
    silent.hello("Stumm");

    // Each answering peer reads on its own thread, so its client answers every ping as soon as
    // it arrives and sends nothing else; `silent` runs no I/O and answers nothing.
    std::vector<std::thread> readers;
    for (auto& peer : peers)
        readers.emplace_back([&peer] { peer->drain(std::chrono::milliseconds(idle_timeout_ms * idle_periods)); });
    for (auto& reader : readers) reader.join();

    for (int i = 0; i < answering_peers; ++i) {
        CAPTURE(i);
        const auto& closed = peers[i]->closed_by_server();
        INFO("closed: " << (closed ? std::to_string(closed->code) + " " + closed->reason : "no"));
        CHECK_FALSE(closed.has_value());
    }
    silent.set_timeout(std::chrono::milliseconds(idle_timeout_ms * 2));
    silent.wait_closed();
    CHECK_FALSE(silent.is_open());
}

TEST_CASE("over the maximum number of connections the upgrade is refused", "[server][connection][limits]")
{
    InProcessServer server([](auto& config) { config.limits.max_connections = 2; });
    auto first = std::make_unique<WsTestClient>();
    WsTestClient second;
    first->connect(server.port());
    second.connect(server.port());
    WsTestClient third;
    CHECK_THROWS_WITH(third.connect(server.port()), Catch::Contains("HTTP 503"));
    // A seat frees up when someone leaves (the server notices the close at once, but give it
    // a few short tries).
    first->close();
    first.reset();
    bool connected = false;
    for (int attempt = 0; attempt < 50 && !connected; ++attempt) {
        try {
            WsTestClient fourth;
            fourth.connect(server.port());
            connected = true;
        } catch (const std::exception&) {
            std::this_thread::sleep_for(20ms);
        }
    }
    CHECK(connected);
}

TEST_CASE("a resume whose hello_ok was lost: the same token resumes once more, once a later token is used, never",
          "[server][connection][resume]")
{
    InProcessServer server;
    WsTestClient anna;
    anna.connect(server.port());
    const std::string first = anna.hello("Anna");
    anna.drop();

    // The resume reaches the server, which admits it and spends the token; the answer with the
    // next token never reaches the client (its node stalled, or the network dropped it).
    WsTestClient lost;
    lost.connect(server.port());
    lost.send({{"type", "hello"}, {"resume_token", first}});
    std::this_thread::sleep_for(300ms);
    lost.drop();

    // The client tries the only token it has again: it is let in, with a new next token.
    WsTestClient again;
    again.connect(server.port());
    const json hello = again.resume(first);
    CHECK(hello.at("nick") == "Anna");
    const std::string second = hello.at("resume_token").get<std::string>();
    again.drop();

    // The next token works; after that the first is dead for good.
    WsTestClient later;
    later.connect(server.port());
    CHECK(later.resume(second).at("nick") == "Anna");
    WsTestClient thief;
    thief.connect(server.port());
    thief.send({{"type", "hello"}, {"resume_token", first}});
    thief.expect_error("bad_resume_token");
}
