// The admin API end to end: a real server on a loopback port, accounts made over HTTP and given
// their roles by the real `rochade admin set-role`, and every request sent over a socket with
// the session cookie: who may call it (no cookie, a forged one, a player, a moderator, an admin,
// another site's page), methods, unknown ids, a game whose nicks and chat are hostile read back
// as JSON and PGN, and the moderation actions with their audit trail: closing a table and
// adjudicating a game as the players see it and the game's log keeps it, and the refusals (a
// table in the wrong state, a moderator's own game, a player's attempt).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <thread>

#include "db/sqlite/sqlite_store.h"
#include "db/store_writer.h"
#include "engine/fen.h"
#include "engine/pgn.h"
#include "tests/server/room_events.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;
using Headers = std::vector<std::pair<std::string, std::string>>;

namespace {

constexpr const char* admin_password = "Geheimnis-42";

// Runs `rochade ARGS` (the real binary); returns its exit status.
int run_admin_tool(const std::string& args)
{
    const int status = std::system((std::string(ROCHADE_BINARY) + " " + args + " >/dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Registers `nick` over HTTP, gives it `role` with `rochade admin set-role` (unless a player),
// logs it in again and returns the cookie ("rochade_session=...").
std::string account_cookie(InProcessServer& server, const std::string& nick, const std::string& role)
{
    const Headers json_headers{{"Content-Type", "application/json"}};
    const std::string body = json{{"nick", nick}, {"password", admin_password}}.dump();
    REQUIRE(http_request(server.port(), "POST", "/api/register", json_headers, body).status == 200);
    if (role != "player")
        REQUIRE(run_admin_tool("admin set-role " + nick + " " + role + " --db " + server.config().db_path) == 0);
    const HttpReply login = http_request(server.port(), "POST", "/api/login", json_headers, body);
    REQUIRE(login.status == 200);
    REQUIRE(json::parse(login.body).at("role") == role);
    const auto set_cookie = login.header("Set-Cookie");
    REQUIRE(set_cookie);
    return set_cookie->substr(0, set_cookie->find(';'));
}

// A WebSocket of the account `nick` (registered by account_cookie), in room 34.
void account_in_room(WsTestClient& client, InProcessServer& server, const std::string& nick)
{
    client.connect(server.port());
    REQUIRE(client.request({{"type", "hello"}, {"nick", nick}, {"password", admin_password}}).at("type") == "hello_ok");
    REQUIRE(client.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
}

HttpReply get(InProcessServer& server, const std::string& cookie, const std::string& target, Headers headers = {})
{
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return http_request(server.port(), "GET", target, headers);
}

HttpReply post(InProcessServer& server, const std::string& cookie, const std::string& target, const json& body,
               Headers headers = {})
{
    headers.emplace_back("Content-Type", "application/json");
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return http_request(server.port(), "POST", target, headers, body.dump());
}

// The audit entries a read finds once `count` are there: the log is written through the store's
// writer, after the answer to the request that caused it.
json eventually_entries(InProcessServer& server, const std::string& cookie, const std::string& target,
                        std::size_t count)
{
    json entries;
    for (int attempt = 0; attempt < 100; ++attempt) {
        const HttpReply reply = get(server, cookie, target);
        REQUIRE(reply.status == 200);
        entries = json::parse(reply.body).at("entries");
        if (entries.size() >= count) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return entries;
}

const std::string hostile_white = "<script>alert(\"x\")</script>\"] [Result \"1-0";
const std::string hostile_black = "back\\slash\nnew \"line\"";
const std::string hostile_chat = "</textarea><img src=x onerror=alert(1)> \"] [Result \"1-0\"] \\ \n end";

// A finished game stored before the server starts, with nicks no hello would admit (a database
// from elsewhere, or damaged): the API must still write them safely.
void store_hostile_game(const std::string& db_path)
{
    auto writer = rochade::db::open_sqlite_writer(db_path);
    const std::string tc = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
    using namespace rochade::db;
    const std::int64_t t0 = 1714521600000;
    std::vector<Write> writes{
        GameStarted{
            9, 19, 34, hostile_white, hostile_black, tc, std::string(rochade::StartFen), 180000, 180000, t0, {}, {}},
        MovePlayed{9, 1, 2, "e2e4", "e4", 180000, 180000, t0 + 1000},
        TableEvent{19, 9, 3, rochade::db::TableEventKind::TableChat,
                   json{{"from", hostile_black}, {"text", hostile_chat}}.dump(), t0 + 2000},
        GameEnded{9, rochade::Score::BlackWins, rochade::Termination::Resignation, R"({"message":"White resigned"})",
                  179000, 180000, t0 + 3000},
    };
    bool stored = false;
    writer->submit(std::move(writes), [&stored](const auto& error) { stored = !error; });
    writer->flush();
    REQUIRE(stored);
}

} // namespace

TEST_CASE("the admin API over HTTP: the cookie, the role and the Origin decide", "[admin_api][http]")
{
    InProcessServer server;
    const std::string player = account_cookie(server, "Spieler", "player");
    const std::string moderator = account_cookie(server, "Aufsicht", "moderator");
    const std::string admin = account_cookie(server, "Chefin", "admin");

    const HttpReply anonymous = get(server, "", "/api/admin/games");
    CHECK(anonymous.status == 401);
    CHECK(json::parse(anonymous.body).at("error") == "not_logged_in");
    CHECK(get(server, "rochade_session=forged-token-0123456789", "/api/admin/games").status == 401);
    CHECK(post(server, "rochade_session=forged", "/api/admin/kick", {{"nick", "Spieler"}, {"reason", "x"}}).status ==
          401);

    const HttpReply refused = get(server, player, "/api/admin/games");
    CHECK(refused.status == 403);
    CHECK(json::parse(refused.body) ==
          json{{"error", "forbidden"}, {"message", "admin API: needs the moderator role"}});
    CHECK(post(server, player, "/api/admin/kick", {{"nick", "Aufsicht"}, {"reason", "revenge"}}).status == 403);

    const HttpReply games = get(server, moderator, "/api/admin/games");
    CHECK(games.status == 200);
    CHECK(json::parse(games.body) == json{{"games", json::array()}, {"next", nullptr}});
    CHECK(games.header("Cache-Control") == "no-store");
    CHECK(games.header("X-Content-Type-Options") == "nosniff");
    CHECK(get(server, admin, "/api/admin/games").status == 200);

    // Another site's page cannot use a moderator's cookie; the server's own page can.
    const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
    CHECK(post(server, moderator, "/api/admin/notice", {{"text", "hi"}}, {{"Origin", "http://evil.example"}}).status ==
          403);
    CHECK(get(server, moderator, "/api/admin/games", {{"Origin", "http://evil.example"}}).status == 403);
    CHECK(get(server, moderator, "/api/admin/games", {{"Origin", own}}).status == 200);

    const HttpReply get_action = get(server, moderator, "/api/admin/kick");
    CHECK(get_action.status == 405);
    CHECK(get_action.header("Allow") == "POST");
    CHECK(post(server, moderator, "/api/admin/games", json::object()).status == 405);
    CHECK(http_request(server.port(), "POST", "/api/admin/kick",
                       {{"Cookie", moderator}, {"Content-Type", "text/plain"}}, R"({"nick":"Spieler","reason":"x"})")
              .status == 400);
    const HttpReply unknown = get(server, moderator, "/api/admin/games/4711");
    CHECK(unknown.status == 404);
    CHECK(json::parse(unknown.body).at("error") == "no_such_game");
    CHECK(get(server, moderator, "/api/admin/games/abc.pgn").status == 404);
    CHECK(get(server, moderator, "/api/admin/games?limit=500").status == 400);
    CHECK(get(server, moderator, "/api/admin/nothing").status == 404);

    // A body over the general 1 KB limit is taken here (a long reason), one over 4 KB is not.
    const std::string long_reason(600, 'x');
    CHECK(post(server, moderator, "/api/admin/kick", {{"nick", "Spieler"}, {"reason", long_reason}}).status == 400);
    CHECK(
        post(server, moderator, "/api/admin/kick", {{"nick", "Spieler"}, {"reason", std::string(5000, 'x')}}).status ==
        413);

    // The player's attempts are in the audit log, which the player cannot read.
    const json entries = eventually_entries(server, admin, "/api/admin/audit?actor=spieler", 2);
    REQUIRE(entries.size() == 2);
    CHECK(entries.at(0).at("action") == "kick");
    CHECK(entries.at(0).at("refused") == true);
    CHECK(entries.at(1).at("action") == "read games");
    CHECK(get(server, player, "/api/admin/audit").status == 403);
}

TEST_CASE("a game with hostile nicks and chat: the log's JSON reads back exactly, the PGN's tags hold",
          "[admin_api][http]")
{
    InProcessServer server([](rochade::server::ServerConfig& config) { store_hostile_game(config.db_path); });
    const std::string moderator = account_cookie(server, "Aufsicht", "moderator");

    const HttpReply log = get(server, moderator, "/api/admin/games/9");
    REQUIRE(log.status == 200);
    CHECK(log.header("Content-Type") == "application/json");
    CHECK(log.body.find('<') == std::string::npos);
    const json game = json::parse(log.body);
    CHECK(game.at("white") == hostile_white);
    CHECK(game.at("black") == hostile_black);
    CHECK(game.at("events").at(0).at("detail") == json{{"from", hostile_black}, {"text", hostile_chat}});
    CHECK(game.at("moves").at(0).at("san_de") == "e4");
    CHECK(game.at("message") == "White resigned");

    const HttpReply listed = get(server, moderator, "/api/admin/games?result=0-1&termination=resignation");
    REQUIRE(listed.status == 200);
    CHECK(json::parse(listed.body).at("games").at(0).at("white") == hostile_white);

    const HttpReply pgn = get(server, moderator, "/api/admin/games/9.pgn");
    REQUIRE(pgn.status == 200);
    CHECK(pgn.header("Content-Type") == "application/x-chess-pgn; charset=utf-8");
    CHECK(pgn.header("Content-Disposition") == "attachment; filename=\"rochade-game-9.pgn\"");
    const auto games = rochade::read_pgn(pgn.body);
    REQUIRE(games);
    REQUIRE(games->size() == 1);
    int result_tags = 0;
    for (const auto& [name, value] : games->front().tags) {
        if (name == "Result") {
            ++result_tags;
            CHECK(value == "0-1");
        }
        if (name == "White") CHECK(value == hostile_white);
        if (name == "Black") CHECK(value == "back\\slash new \"line\"");
    }
    CHECK(result_tags == 1);
    CHECK(games->front().result == rochade::Score::BlackWins);

    const HttpReply chat = get(server, moderator, "/api/admin/chat?text=onerror");
    REQUIRE(chat.status == 200);
    CHECK(json::parse(chat.body).at("lines").at(0).at("text") == hostile_chat);
}

TEST_CASE("every action through the API: done, refused by role, unknown targets, the audit, sanctions, live view and "
          "chat search see it",
          "[admin_api][http]")
{
    InProcessServer server;
    const std::string moderator = account_cookie(server, "Aufsicht", "moderator");
    const std::string admin = account_cookie(server, "Chefin", "admin");
    const auto port = server.port();
    const Headers json_headers{{"Content-Type", "application/json"}};
    REQUIRE(http_request(port, "POST", "/api/register", json_headers,
                         json{{"nick", "Störer"}, {"password", admin_password}}.dump())
                .status == 200);

    WsTestClient loud, rowdy;
    loud.connect(port);
    rowdy.connect(port);
    loud.hello("Laut");
    rowdy.hello("Rüpel");
    REQUIRE(loud.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(loud.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
    REQUIRE(loud.request({{"type", "room_chat"}, {"room", 35}, {"text", "hallo <b>alle</b>"}}).at("type") == "ok");

    // live: who is online, with the address for admins only.
    const json live = json::parse(get(server, moderator, "/api/admin/live").body);
    bool found_loud = false;
    for (const auto& player : live.at("players"))
        if (player.at("nick") == "Laut") {
            found_loud = true;
            CHECK(player.at("guest") == true);
            CHECK_FALSE(player.contains("address"));
        }
    CHECK(found_loud);
    bool admin_sees_address = false;
    const HttpReply admin_live = get(server, admin, "/api/admin/live");
    const json admin_view = json::parse(admin_live.body);
    for (const auto& player : admin_view.at("players"))
        if (player.at("nick") == "Laut") admin_sees_address = player.value("address", "") == "127.0.0.1";
    CHECK(admin_sees_address);

    // mute and unmute
    const HttpReply muted = post(server, moderator, "/api/admin/mute",
                                 {{"nick", "laut"}, {"room", 34}, {"minutes", 30}, {"reason", "Ton"}});
    REQUIRE(muted.status == 200);
    const json mute = json::parse(muted.body);
    CHECK_THAT(mute.at("done").get<std::string>(), Catch::StartsWith("Laut muted in room 34 until "));
    CHECK(mute.at("until").is_number());
    CHECK(loud.request({{"type", "room_chat"}, {"room", 34}, {"text", "x"}}).at("code") == "muted");
    const json sanctions = json::parse(get(server, moderator, "/api/admin/sanctions").body).at("sanctions");
    REQUIRE(sanctions.size() == 1);
    CHECK(sanctions.at(0).at("kind") == "mute");
    CHECK(sanctions.at(0).at("room") == 34);
    CHECK(sanctions.at(0).at("by") == "Aufsicht");
    CHECK(post(server, moderator, "/api/admin/unmute", {{"nick", "Laut"}, {"room", 34}, {"reason", "ok"}}).status ==
          200);
    CHECK(loud.request({{"type", "room_chat"}, {"room", 34}, {"text", "wieder da"}}).at("type") == "ok");

    // notice
    CHECK(post(server, moderator, "/api/admin/notice", {{"room", 34}, {"text", "Neustart um 22 Uhr"}}).status == 200);
    CHECK(loud.receive_until("notice").at("text") == "Neustart um 22 Uhr");

    // kick; then the nick is offline
    const HttpReply kicked = post(server, moderator, "/api/admin/kick", {{"nick", "Rüpel"}, {"reason", "Ton"}});
    REQUIRE(kicked.status == 200);
    CHECK(json::parse(kicked.body).at("connections_closed") == 1);
    CHECK(rowdy.expect_error("kicked").at("reason") == "Ton");
    CHECK(rowdy.wait_closed().code == 1008);

    // ban and unban an account: its login is refused meanwhile
    const HttpReply banned =
        post(server, moderator, "/api/admin/ban", {{"nick", "STÖRER"}, {"minutes", 60}, {"reason", "Spam"}});
    REQUIRE(banned.status == 200);
    CHECK(json::parse(banned.body).at("until").is_number());
    const json refused_login = json::parse(
        http_request(port, "POST", "/api/login", json_headers, json{{"nick", "Störer"}, {"password", admin_password}}.dump())
            .body);
    CHECK(refused_login.at("error") == "banned");
    CHECK(post(server, moderator, "/api/admin/unban", {{"nick", "Störer"}, {"reason", "Irrtum"}}).status == 200);
    CHECK(
        http_request(port, "POST", "/api/login", json_headers, json{{"nick", "Störer"}, {"password", admin_password}}.dump())
            .status == 200);

    // address bans: an admin's
    const json address_ban = {{"address", "203.0.113.7"}, {"minutes", 10}, {"reason", "Bots"}};
    const HttpReply not_admin = post(server, moderator, "/api/admin/ban_address", address_ban);
    CHECK(not_admin.status == 403);
    CHECK(json::parse(not_admin.body).at("error") == "forbidden");
    CHECK(post(server, admin, "/api/admin/ban_address", address_ban).status == 200);
    CHECK(json::parse(get(server, moderator, "/api/admin/sanctions").body).at("sanctions").empty());
    CHECK(json::parse(get(server, admin, "/api/admin/sanctions").body).at("sanctions").at(0).at("kind") ==
          "address_ban");
    CHECK(post(server, admin, "/api/admin/unban_address", {{"address", "203.0.113.7"}, {"reason", "ok"}}).status ==
          200);

    // unknown targets
    const HttpReply nobody = post(server, moderator, "/api/admin/kick", {{"nick", "Niemand"}, {"reason", "x"}});
    CHECK(nobody.status == 404);
    CHECK(json::parse(nobody.body).at("error") == "no_such_nick");
    CHECK(post(server, moderator, "/api/admin/close_table", {{"table", 999999}, {"reason", "x"}}).status == 404);
    CHECK(post(server, moderator, "/api/admin/adjudicate", {{"table", 999999}, {"decision", "1-0"}, {"reason", "x"}})
              .status == 404);

    // the audit: done and refused, newest first
    const json entries = eventually_entries(server, admin, "/api/admin/audit?limit=200", 12);
    std::vector<std::string> actions;
    for (const auto& entry : entries)
        actions.push_back(entry.at("action").get<std::string>() + (entry.at("refused") == true ? " refused" : ""));
    CHECK(actions == std::vector<std::string>{"adjudicate refused", "close_table refused", "kick refused",
                                              "unban_address", "ban_address", "ban_address refused", "unban", "ban",
                                              "kick", "notice", "unmute", "mute"});
    CHECK(json::parse(get(server, moderator, "/api/admin/audit?action=mute").body).at("entries").at(0).at("actor") ==
          "Aufsicht");

    // the chat search finds what was said
    json lines;
    for (int attempt = 0; attempt < 50 && lines.empty(); ++attempt) {
        lines = json::parse(get(server, moderator, "/api/admin/chat?nick=LAUT&room=35").body).at("lines");
        if (lines.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    REQUIRE(lines.size() == 1);
    CHECK(lines.at(0).at("text") == "hallo <b>alle</b>");
    CHECK(lines.at(0).at("room") == 35);
}

TEST_CASE("close_table and adjudicate through the API: the players are told, the room and the game's log show it",
          "[admin_api][http]")
{
    InProcessServer server;
    const std::string moderator = account_cookie(server, "Aufsicht", "moderator");
    const auto port = server.port();

    // A waiting table is closed: its opener gets the notice, the room loses the table.
    WsTestClient opener, member;
    opener.connect(port);
    member.connect(port);
    opener.hello("Eröffner");
    member.hello("Zuschauer");
    for (WsTestClient* client : {&opener, &member})
        REQUIRE(client->request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    const json opened = opener.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t waiting = opened.at("table");
    const HttpReply closed =
        post(server, moderator, "/api/admin/close_table", {{"table", waiting}, {"reason", "Name"}});
    REQUIRE(closed.status == 200);
    CHECK(json::parse(closed.body).at("done") == "table " + std::to_string(waiting) + " in room 34 closed");
    const json notice = opener.receive_until("notice");
    CHECK(notice.at("from") == "Aufsicht");
    CHECK(notice.at("text") == "table " + std::to_string(waiting) + " was closed by a moderator: Name");
    CHECK(receive_table_closed(member, waiting).at("room") == 34);
    WsTestClient latecomer;
    latecomer.connect(port);
    latecomer.hello("Nachzügler");
    const json room = latecomer.request({{"type", "enter_room"}, {"room", 34}});
    REQUIRE(room.at("type") == "room");
    for (const auto& table : room.at("tables")) CHECK(table.at("table") != waiting);
    // Kept in a local: a range-for over a member of a temporary reads freed memory (the temporary
    // dies before the loop runs).
    const json live = json::parse(get(server, moderator, "/api/admin/live").body);
    for (const auto& table : live.at("tables"))
        CHECK(table.at("table") != waiting);

    // A running game: close_table is refused, adjudicate 1-0 ends it for both players.
    auto won = SeatedGame::start(port, "untimed", "Weiss", "Schwarz");
    won.play({"e4", "e5"});
    const HttpReply running =
        post(server, moderator, "/api/admin/close_table", {{"table", won.table}, {"reason", "x"}});
    CHECK(running.status == 400);
    CHECK(json::parse(running.body) == json{{"error", "game_in_progress"},
                                            {"message", "close_table: table " + std::to_string(won.table) +
                                                            " has a running game; adjudicate it instead"}});
    const std::string reason = "Remisangebot <b>erpresst</b>";
    const HttpReply adjudicated = post(server, moderator, "/api/admin/adjudicate",
                                       {{"table", won.table}, {"decision", "1-0"}, {"reason", reason}});
    REQUIRE(adjudicated.status == 200);
    const std::int64_t won_id = won.started.at("game_id");
    CHECK(json::parse(adjudicated.body).at("done") ==
          "game " + std::to_string(won_id) + " at table " + std::to_string(won.table) + " White wins (1-0)");
    const std::string won_message = "Game adjudicated by moderator Aufsicht, White wins: " + reason;
    for (WsTestClient* client : {won.white.get(), won.black.get()}) {
        const json over = client->receive_until("game_over", won.table);
        CHECK(over.at("result") == "1-0");
        CHECK(over.at("termination") == "adjudicated");
        CHECK(over.at("message") == won_message);
    }
    const HttpReply again = post(server, moderator, "/api/admin/adjudicate",
                                 {{"table", won.table}, {"decision", "0-1"}, {"reason", "nochmal"}});
    CHECK(again.status == 400);
    CHECK(json::parse(again.body) == json{{"error", "game_over"},
                                          {"message", "adjudicate: table " + std::to_string(won.table) +
                                                          ": the game is over: 1-0 (adjudicated)"}});

    // Another running game is aborted: result "*".
    auto aborted = SeatedGame::start(port, "untimed", "Anna", "Bert");
    aborted.play({"d4"});
    const HttpReply abort = post(server, moderator, "/api/admin/adjudicate",
                                 {{"table", aborted.table}, {"decision", "abort"}, {"reason", "Serverproblem"}});
    REQUIRE(abort.status == 200);
    CHECK_THAT(json::parse(abort.body).at("done").get<std::string>(), Catch::EndsWith(" aborted (*)"));
    for (WsTestClient* client : {aborted.white.get(), aborted.black.get()}) {
        const json over = client->receive_until("game_over", aborted.table);
        CHECK(over.at("result") == "*");
        CHECK(over.at("termination") == "adjudicated");
        CHECK(over.at("message") == "Game aborted by moderator Aufsicht: Serverproblem");
    }

    // The games' logs through the API: the end, and who decided what and why.
    struct Decided {
        std::int64_t id;
        std::string result, message, reason;
    };
    for (const Decided& expected : {Decided{won_id, "1-0", won_message, reason},
                                    Decided{aborted.started.at("game_id").get<std::int64_t>(), "*",
                                            "Game aborted by moderator Aufsicht: Serverproblem", "Serverproblem"}}) {
        const HttpReply log = get(server, moderator, "/api/admin/games/" + std::to_string(expected.id));
        REQUIRE(log.status == 200);
        const json game = json::parse(log.body);
        CHECK(game.at("result") == expected.result);
        CHECK(game.at("termination") == "adjudicated");
        CHECK(game.at("message") == expected.message);
        CHECK(game.at("ended_at").is_number());
        json decided;
        for (const auto& event : game.at("events"))
            if (event.at("kind") == "adjudicated") decided = event;
        REQUIRE(decided.is_object());
        CHECK(decided.at("detail") ==
              json{{"by", "Aufsicht"}, {"decision", expected.result}, {"reason", expected.reason}});
    }
}

TEST_CASE("nobody adjudicates their own game through the API, and a player adjudicates nothing", "[admin_api][http]")
{
    InProcessServer server;
    const std::string moderator = account_cookie(server, "Aufsicht", "moderator");
    const std::string player = account_cookie(server, "Spieler", "player");
    const std::string admin = account_cookie(server, "Chefin", "admin");
    const auto port = server.port();

    // The moderator sits at a table over a WebSocket with the same account as the cookie's.
    WsTestClient seated, opponent;
    account_in_room(seated, server, "Aufsicht");
    opponent.connect(port);
    opponent.hello("Gegner");
    REQUIRE(opponent.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    const json opened =
        seated.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}, {"color", "white"}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t table = opened.at("table");
    const std::string own = "you play at table " + std::to_string(table) + "; another moderator must decide";

    const HttpReply close_own = post(server, moderator, "/api/admin/close_table", {{"table", table}, {"reason", "x"}});
    CHECK(close_own.status == 403);
    CHECK(json::parse(close_own.body) == json{{"error", "forbidden"}, {"message", "close_table: " + own}});

    REQUIRE(opponent.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    seated.receive_until("game_started", table);
    const std::int64_t game_id = opponent.receive_until("game_started", table).at("game_id");
    const HttpReply adjudicate_own = post(server, moderator, "/api/admin/adjudicate",
                                          {{"table", table}, {"decision", "1-0"}, {"reason", "ich gewinne"}});
    CHECK(adjudicate_own.status == 403);
    CHECK(json::parse(adjudicate_own.body) == json{{"error", "forbidden"}, {"message", "adjudicate: " + own}});

    // A player may not adjudicate someone else's game either.
    const HttpReply by_player =
        post(server, player, "/api/admin/adjudicate", {{"table", table}, {"decision", "0-1"}, {"reason", "Rache"}});
    CHECK(by_player.status == 403);
    CHECK(json::parse(by_player.body) ==
          json{{"error", "forbidden"}, {"message", "admin API: needs the moderator role"}});

    // Nothing happened to the game: it goes on, and its log has no end.
    seated.send({{"type", "move"}, {"table", table}, {"move", "e4"}});
    CHECK(opponent.receive_until("move", table).at("uci") == "e2e4");
    for (const auto& frame : seated.drain()) CHECK(frame.at("type") != "game_over");
    const json log = json::parse(get(server, moderator, "/api/admin/games/" + std::to_string(game_id)).body);
    CHECK(log.at("result").is_null());
    for (const auto& event : log.at("events")) CHECK(event.at("kind") != "adjudicated");

    // Every refusal is in the audit, newest first.
    const json entries = eventually_entries(server, admin, "/api/admin/audit?limit=200", 3);
    REQUIRE(entries.size() == 3);
    CHECK(entries.at(0).at("actor") == "Spieler");
    CHECK(entries.at(0).at("actor_role") == "player");
    CHECK(entries.at(0).at("action") == "adjudicate");
    CHECK(entries.at(0).at("refused") == true);
    CHECK(entries.at(0).at("detail").at("message") == "admin API: needs the moderator role");
    for (int i : {1, 2}) {
        const json& entry = entries.at(i);
        CHECK(entry.at("actor") == "Aufsicht");
        CHECK(entry.at("actor_role") == "moderator");
        CHECK(entry.at("action") == (i == 1 ? "adjudicate" : "close_table"));
        CHECK(entry.at("target") == "table " + std::to_string(table));
        CHECK(entry.at("refused") == true);
        CHECK(entry.at("detail") ==
              json{{"code", "forbidden"}, {"message", entry.at("action").get<std::string>() + ": " + own}});
    }
}
