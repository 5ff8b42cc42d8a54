// Accounts, sessions and seats over real sockets: registration and login, the registered nick,
// identical replies for an unknown nick and a wrong password, throttling, the seat that only its
// player gets back (also after a restart), resume tokens spent once and stored only as hashes,
// the browser's cookie session with its Origin check, logout and password changes, and the
// player limits.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <future>
#include <iterator>
#include <set>
#include <sstream>
#include <thread>

#include "db/sqlite/migrations.h"
#include "db/sqlite/sqlite.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;
using Clock = std::chrono::steady_clock;

namespace {

constexpr const char* password = "Geheimnis-42";

json register_account(WsTestClient& client, const std::string& nick, const std::string& secret = password)
{
    return client.request({{"type", "register"}, {"nick", nick}, {"password", secret}});
}

json login(WsTestClient& client, const std::string& nick, const std::string& secret)
{
    return client.request({{"type", "hello"}, {"nick", nick}, {"password", secret}});
}

// The whole of a file, for searching it for secrets.
std::string file_text(const std::filesystem::path& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

// The database with its WAL: what a copy of the data directory would hold.
std::string database_bytes(const std::filesystem::path& db) { return file_text(db) + file_text(db.string() + "-wal"); }

std::string json_body(const json& value) { return value.dump(); }

// Runs `rochade ARGS` (the real binary) with `input` on its standard input; returns its exit status.
int run_tool(const std::string& args, const std::string& input = "")
{
    std::FILE* tool = ::popen((std::string(ROCHADE_BINARY) + " " + args + " >/dev/null 2>&1").c_str(), "w");
    REQUIRE(tool);
    std::fwrite(input.data(), 1, input.size(), tool);
    const int status = ::pclose(tool);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const std::vector<std::pair<std::string, std::string>> json_headers{{"Content-Type", "application/json"}};

// The cookie "rochade_session=..." a Set-Cookie header sets (without its attributes).
std::string session_cookie_of(const HttpReply& reply)
{
    const auto set_cookie = reply.header("Set-Cookie");
    REQUIRE(set_cookie);
    return set_cookie->substr(0, set_cookie->find(';'));
}

} // namespace

TEST_CASE("register and log in: the registered nick is the account's alone", "[server][accounts]")
{
    InProcessServer server;
    WsTestClient jurgen, copycat, guest;
    jurgen.connect(server.port());
    json created = register_account(jurgen, "Jürgen");
    REQUIRE(created.at("type") == "hello_ok");
    CHECK(created.at("nick") == "Jürgen");
    CHECK(created.at("guest") == false);
    CHECK(created.at("role") == "player");
    CHECK(created.at("resume_token").get<std::string>().size() == 43);

    copycat.connect(server.port());
    CHECK(register_account(copycat, "JÜRGEN").at("code") == "nick_taken");
    CHECK(copycat.request({{"type", "hello"}, {"nick", "jürgen"}}).at("code") == "nick_taken");
    guest.connect(server.port());
    CHECK(guest.request({{"type", "hello"}, {"nick", "Gast"}}).at("guest") == true);
    // A nick a guest holds online cannot be registered meanwhile, over the socket or over HTTP,
    // and no account is made for it.
    WsTestClient late;
    late.connect(server.port());
    CHECK(register_account(late, "GAST").at("code") == "nick_taken");
    CHECK(http_request(server.port(), "POST", "/api/register", json_headers,
                       json_body({{"nick", "gast"}, {"password", password}}))
              .status == 409);
    CHECK(login(late, "Gast", password).at("code") == "bad_credentials");

    // Registration refuses bad input before anything is hashed or stored.
    WsTestClient other;
    other.connect(server.port());
    CHECK(register_account(other, "Anna", "kurz").at("code") == "invalid_password");
    CHECK(register_account(other, "A b").at("code") == "invalid_nick");
    CHECK(register_account(other, "Anna", std::string(257, 'x')).at("code") == "bad_request");

    // Logging in again from elsewhere moves the account to the new connection.
    WsTestClient second_device;
    second_device.connect(server.port());
    json again = login(second_device, "JÜRGEN", password);
    REQUIRE(again.at("type") == "hello_ok");
    CHECK(again.at("nick") == "Jürgen");
    CHECK(jurgen.wait_closed().code == 4000);
}

TEST_CASE("look-alike nicks: no account or guest poses as a registered nick or one online",
          "[server][accounts]")
{
    InProcessServer server;
    // "admin" registers in a browser: an account, not online.
    REQUIRE(http_request(server.port(), "POST", "/api/register", json_headers,
                         json_body({{"nick", "admin"}, {"password", password}}))
                .status < 300);

    // A dotless i, a dot below, a grave accent, a digit one: refused as an account or a guest,
    // naming the nick they resemble.
    WsTestClient copycat;
    copycat.connect(server.port());
    for (const std::string look_alike : {"admın", "ạdmin", "Àdmin", "Adm1n"}) {
        INFO(look_alike);
        for (const json& reply :
             {register_account(copycat, look_alike), copycat.request({{"type", "hello"}, {"nick", look_alike}})}) {
            CHECK(reply.at("code") == "nick_taken");
            CHECK_THAT(reply.at("message").get<std::string>(),
                       Catch::Contains("'" + look_alike + "' is too similar to the registered nick 'admin'"));
        }
    }
    CHECK(http_request(server.port(), "POST", "/api/register", json_headers,
                       json_body({{"nick", "ạdmın"}, {"password", password}}))
              .status == 409);

    // Guests online: one at a time per skeleton, the refusal naming the one online.
    WsTestClient gast, lookalike, late;
    gast.connect(server.port());
    REQUIRE(gast.request({{"type", "hello"}, {"nick", "Gast"}}).at("type") == "hello_ok");
    lookalike.connect(server.port());
    const json taken = lookalike.request({{"type", "hello"}, {"nick", "Gaşt"}});
    CHECK(taken.at("code") == "nick_taken");
    CHECK_THAT(taken.at("message").get<std::string>(),
               Catch::Contains("'Gaşt' is too similar to 'Gast', who is online"));
    late.connect(server.port());
    CHECK(register_account(late, "GAŞT").at("code") == "nick_taken");
    // A whisper to a look-alike reaches nobody: the nick asked for is not online.
    CHECK(lookalike.request({{"type", "hello"}, {"nick", "Fremder"}}).at("type") == "hello_ok");
    CHECK(lookalike.request({{"type", "whisper"}, {"to", "Gaşt"}, {"text", "hallo"}}).at("code") == "no_such_nick");
    gast.close();
    WsTestClient after;
    after.connect(server.port());
    bool admitted = false;
    for (int attempt = 0; attempt < 50 && !admitted; ++attempt) { // the lobby hears of the close a moment later
        admitted = after.request({{"type", "hello"}, {"nick", "Gaşt"}}).at("type") == "hello_ok";
        if (!admitted) std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    CHECK(admitted);
}

TEST_CASE("an unknown nick and a wrong password get byte-identical replies in similar time", "[server][accounts]")
{
    InProcessServer server([](auto& config) { config.identity.login_free_failures_per_address = 1000; });
    WsTestClient owner;
    owner.connect(server.port());
    REQUIRE(register_account(owner, "Anna").at("type") == "hello_ok");

    std::vector<double> wrong_ms, unknown_ms;
    std::set<std::string> replies;
    for (int round = 0; round < 3; ++round) {
        for (const std::string nick : {"Anna", "Niemand"}) {
            WsTestClient client;
            client.connect(server.port());
            const auto start = Clock::now();
            // The same id each time, so the frames can be compared whole.
            client.send({{"type", "hello"}, {"id", 7}, {"nick", nick}, {"password", "falsch-falsch"}});
            json reply = client.receive_until("error");
            (nick == "Anna" ? wrong_ms : unknown_ms)
                .push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
            replies.insert(reply.dump());
        }
    }
    REQUIRE(replies.size() == 1);
    CHECK(*replies.begin() ==
          R"({"code":"bad_credentials","id":7,"message":"hello: wrong nick or password","type":"error"})");
    std::sort(wrong_ms.begin(), wrong_ms.end());
    std::sort(unknown_ms.begin(), unknown_ms.end());
    INFO("median wrong password " << wrong_ms[1] << " ms, unknown nick " << unknown_ms[1] << " ms");
    // Both run one argon2id verification; without the dummy one an unknown nick answers in
    // well under a millisecond.
    CHECK(unknown_ms[1] > wrong_ms[1] / 3);
    CHECK(unknown_ms[1] < wrong_ms[1] * 3);
}

TEST_CASE("failed logins beyond the free ones wait, longer each time, even with the right password",
          "[server][accounts]")
{
    InProcessServer server([](auto& config) { config.identity.login_free_failures_per_account = 2; });
    WsTestClient owner;
    owner.connect(server.port());
    REQUIRE(register_account(owner, "Bert").at("type") == "hello_ok");
    owner.close();

    WsTestClient guesser;
    guesser.connect(server.port());
    // Two free failures (docs/admin.md: "failed logins allowed in a row"), then the next waits.
    for (int i = 0; i < 2; ++i)
        CHECK(login(guesser, "Bert", "rate-mal-" + std::to_string(i)).at("code") == "bad_credentials");
    json throttled = login(guesser, "Bert", password);
    CHECK(throttled.at("code") == "too_many_attempts");
    CHECK_THAT(throttled.at("message").get<std::string>(), Catch::Contains("try again in 1 s"));
    std::this_thread::sleep_for(std::chrono::milliseconds(1100)); // the first wait is 1 s
    CHECK(login(guesser, "Bert", password).at("type") == "hello_ok");
}

TEST_CASE("the account API escapes what it echoes: an invalid nick's '<' comes back as a JSON escape",
          "[server][accounts]")
{
    InProcessServer server;
    const HttpReply reply = http_request(server.port(), "POST", "/api/register", json_headers,
                                         json_body({{"nick", "<script>alert(1)</script>"}, {"password", password}}));
    CHECK(reply.status == 400);
    INFO(reply.body);
    CHECK(reply.body.find('<') == std::string::npos);
    CHECK(reply.body.find('>') == std::string::npos);
    CHECK(json::parse(reply.body).at("error") == "invalid_nick");
    // The escape is JSON's own: a client reading the body gets the characters back.
    CHECK_THAT(json::parse(reply.body).at("message").get<std::string>(), Catch::Contains("<"));
}

TEST_CASE("thirty wrong passwords sent at once on thirty sockets: only the free five are checked",
          "[server][accounts]")
{
    InProcessServer server; // 5 free failures per account, 20 per address
    {
        WsTestClient owner;
        owner.connect(server.port());
        REQUIRE(register_account(owner, "Cora").at("type") == "hello_ok");
    }
    std::vector<std::unique_ptr<WsTestClient>> guessers;
    for (int i = 0; i < 30; ++i) {
        guessers.push_back(std::make_unique<WsTestClient>());
        guessers.back()->connect(server.port());
    }
    // All sent before any answer is read: each is counted when it begins, not after its hash.
    for (int i = 0; i < 30; ++i)
        guessers[i]->send({{"type", "hello"}, {"nick", "Cora"}, {"password", "rate-mal-" + std::to_string(i)}});
    int checked = 0, throttled = 0;
    for (auto& guesser : guessers) {
        const json reply = guesser->receive_until("error");
        if (reply.at("code") == "bad_credentials") ++checked;
        if (reply.at("code") == "too_many_attempts") ++throttled;
    }
    INFO("checked " << checked << ", throttled " << throttled);
    // Five free, and a sixth only if the 30 took over a second to arrive (the first wait).
    CHECK(checked >= 5);
    CHECK(checked <= 6);
    CHECK(checked + throttled == 30);
}

TEST_CASE("registrations have their own limit per address and do not lock the address's logins out",
          "[server][accounts]")
{
    InProcessServer server([](auto& config) {
        config.identity.registrations_free_per_address = 3;
        config.identity.login_free_failures_per_address = 2;
    });
    for (const std::string nick : {"Club1", "Club2", "Club3"}) {
        WsTestClient member;
        member.connect(server.port());
        REQUIRE(register_account(member, nick).at("type") == "hello_ok");
    }
    WsTestClient fourth;
    fourth.connect(server.port());
    const json refused = register_account(fourth, "Club4");
    CHECK(refused.at("code") == "too_many_attempts");
    CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("too many registrations"));
    // Three sign-ups from the club's one address cost its members nothing at login.
    for (const std::string nick : {"Club1", "Club2", "Club3"}) {
        WsTestClient member;
        member.connect(server.port());
        INFO(nick);
        CHECK(login(member, nick, password).at("type") == "hello_ok");
    }
    // And successful logins take back their count: the address still has its two free failures.
    WsTestClient typo;
    typo.connect(server.port());
    CHECK(login(typo, "Club1", "vertippt-1").at("code") == "bad_credentials");
    CHECK(login(typo, "Club2", "vertippt-2").at("code") == "bad_credentials");
    CHECK(login(typo, "Club3", password).at("code") == "too_many_attempts");
}

TEST_CASE("a seat belongs to its player: a stranger who says the nick is refused, before and after a restart",
          "[server][accounts][process]")
{
    ChildServer server;
    auto game = SeatedGame::start(server.port(), "5+3");
    CHECK(game.started.at("white_guest") == true); // both are guests, and marked so
    CHECK(game.started.at("black_guest") == true);
    game.play({"e4", "e5"});
    game.white->drop();

    WsTestClient stranger;
    stranger.connect(server.port());
    CHECK(stranger.request({{"type", "hello"}, {"nick", "Weiss"}}).at("code") == "nick_taken");
    CHECK(stranger.request({{"type", "hello"}, {"nick", "WEISS"}}).at("code") == "nick_taken");
    REQUIRE(stranger.request({{"type", "hello"}, {"nick", "Fremder"}}).at("type") == "hello_ok");
    REQUIRE(stranger.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    CHECK(stranger.request({{"type", "move"}, {"table", game.table}, {"move", "Nf3"}}).at("code") == "not_a_player");
    CHECK(stranger.request({{"type", "resign"}, {"table", game.table}}).at("code") == "not_a_player");

    server.restart(); // kill -9: every seat is restored, held for its player
    for (const std::string nick : {"Weiss", "schwarz"}) {
        WsTestClient impostor;
        impostor.connect(server.port());
        INFO(nick);
        CHECK(impostor.request({{"type", "hello"}, {"nick", nick}}).at("code") == "nick_taken");
    }
    WsTestClient white;
    white.connect(server.port());
    json back = white.resume(game.white_token);
    CHECK(back.at("nick") == "Weiss");
    CHECK(back.at("tables") == json::array({game.table}));
    REQUIRE(white.request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
    WsTestClient black;
    black.connect(server.port());
    black.resume(game.black_token);
    REQUIRE(black.request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
    json moved = white.request({{"type", "move"}, {"table", game.table}, {"move", "Nf3"}});
    CHECK(moved.at("type") == "ok");
}

TEST_CASE("a refused resume spends nothing: the same token works once the refusal's cause is gone",
          "[server][accounts]")
{
    InProcessServer server;
    WsTestClient first;
    first.connect(server.port());
    const std::string token = first.hello("Zorro");
    first.close();

    // Another guest takes the nick while Zorro is away (nothing holds it: he sits at no table),
    // once the lobby has seen him go: his close is read on the server's threads, and on a loaded
    // machine (ctest four at a time) that came after this hello once.
    WsTestClient other;
    other.connect(server.port());
    json taken;
    for (int i = 0; i < 50; ++i) {
        taken = other.request({{"type", "hello"}, {"nick", "ZORRO"}});
        if (taken.value("code", "") != "nick_taken") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    REQUIRE(taken.at("type") == "hello_ok");
    WsTestClient back;
    back.connect(server.port());
    const json refused = back.request({{"type", "hello"}, {"resume_token", token}});
    CHECK(refused.at("code") == "nick_taken");
    other.close();

    // The refusal came after the token was checked, and spent nothing: the same token admits,
    // once the lobby has seen the other guest go (until then it is refused again, spending nothing).
    WsTestClient again;
    again.connect(server.port());
    json resumed;
    for (int i = 0; i < 50; ++i) {
        resumed = again.request({{"type", "hello"}, {"resume_token", token}});
        if (resumed.value("code", "") != "nick_taken") break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    REQUIRE(resumed.at("type") == "hello_ok");
    CHECK(resumed.at("nick") == "Zorro");
    CHECK(resumed.at("resumed") == true);
    // ... and is spent by that admission: once the next token is used, the old one is dead. (Until
    // then it is kept for a retry whose answer was lost: test_connections.cpp.)
    const std::string next = resumed.at("resume_token");
    again.drop();
    WsTestClient with_next;
    with_next.connect(server.port());
    CHECK(with_next.resume(next).at("nick") == "Zorro");
    WsTestClient replay;
    replay.connect(server.port());
    CHECK(replay.request({{"type", "hello"}, {"resume_token", token}}).at("code") == "bad_resume_token");
}

TEST_CASE("a nick registered after a guest used it ends the guest's session: his old token no longer logs in",
          "[server][accounts]")
{
    InProcessServer server;
    WsTestClient guest;
    guest.connect(server.port());
    const std::string token = guest.hello("Zorro");
    guest.close();

    // The guest's close reaches the lobby a moment later (on a loaded machine, after the
    // registration has been asked): until then the nick is held, and the answer says so.
    WsTestClient owner;
    owner.connect(server.port());
    json registered = register_account(owner, "ZORRO");
    for (int attempt = 0; attempt < 60 && registered.value("code", "") == "nick_taken"; ++attempt) {
        std::this_thread::sleep_for(50ms);
        registered = register_account(owner, "ZORRO");
    }
    REQUIRE(registered.at("type") == "hello_ok");
    owner.close();

    WsTestClient old_guest;
    old_guest.connect(server.port());
    CHECK(old_guest.request({{"type", "hello"}, {"resume_token", token}}).at("code") == "bad_resume_token");
    WsTestClient owner_again;
    owner_again.connect(server.port());
    const json again = login(owner_again, "Zorro", password);
    REQUIRE(again.at("type") == "hello_ok");
    CHECK(again.at("nick") == "ZORRO");
    CHECK(again.at("guest") == false);
}

TEST_CASE("a resume token works once, also across a restart, tokens and passwords are stored only as hashes",
          "[server][accounts][process]")
{
    ChildServer server;
    WsTestClient first;
    first.connect(server.port());
    const std::string t1 = first.hello("Anna");
    first.drop();

    WsTestClient second;
    second.connect(server.port());
    const std::string t2 = second.resume(t1).at("resume_token");
    CHECK(t2 != t1);
    second.drop();

    server.restart();
    WsTestClient after;
    after.connect(server.port());
    json resumed = after.resume(t2);
    CHECK(resumed.at("nick") == "Anna");
    CHECK(resumed.at("resumed") == true);
    const std::string t3 = resumed.at("resume_token");
    // t2 is used: t1 is dead (a retry with it was let in only until then: test_connections.cpp).
    WsTestClient replay;
    replay.connect(server.port());
    CHECK(replay.request({{"type", "hello"}, {"resume_token", t1}}).at("code") == "bad_resume_token");

    const std::string secret = "Passwort-Geheim-4711";
    WsTestClient bert;
    bert.connect(server.port());
    const std::string t4 = register_account(bert, "Bert", secret).at("resume_token");
    REQUIRE(server.terminate() == 0); // a clean stop: the WAL is checkpointed into the file

    const std::string stored = database_bytes(server.db_path());
    const std::string log = file_text(server.log_path());
    REQUIRE(stored.size() > 10000);
    REQUIRE(log.find("Bert") != std::string::npos); // the log is there and says who came
    for (const std::string& needle : {secret, t1, t2, t3, t4}) {
        INFO(needle);
        CHECK(stored.find(needle) == std::string::npos);
        CHECK(log.find(needle) == std::string::npos);
    }
    rochade::db::Database db(server.db_path().string(), rochade::db::OpenMode::ReadOnly);
    auto hash = db.prepare("SELECT password_hash FROM accounts WHERE nick_key = 'bert'");
    REQUIRE(hash.step());
    CHECK(hash.column_text(0).rfind("$argon2id$", 0) == 0);
}

TEST_CASE("a browser logs in over HTTP: an HttpOnly SameSite=Strict cookie carried by the WebSocket upgrade",
          "[server][accounts][http]")
{
    InProcessServer server;
    const auto port = server.port();
    const std::string origin = "http://127.0.0.1:" + std::to_string(port);

    HttpReply created = http_request(port, "POST", "/api/register", json_headers,
                                     json_body({{"nick", "Carla"}, {"password", password}}));
    REQUIRE(created.status == 200);
    CHECK(json::parse(created.body) == json{{"nick", "Carla"}, {"guest", false}, {"role", "player"}});
    const std::string set_cookie = *created.header("Set-Cookie");
    CHECK_THAT(set_cookie, Catch::StartsWith("rochade_session="));
    CHECK_THAT(set_cookie, Catch::Contains("HttpOnly"));
    CHECK_THAT(set_cookie, Catch::Contains("SameSite=Strict"));
    CHECK_THAT(set_cookie, Catch::Contains("Path=/"));
    const std::string cookie = session_cookie_of(created);

    HttpReply session = http_request(port, "GET", "/api/session", {{"Cookie", "theme=dark; " + cookie}});
    CHECK(session.status == 200);
    CHECK(json::parse(session.body).at("nick") == "Carla");
    CHECK(json::parse(session.body).at("logged_in") == true);
    // A visitor without a cookie is no error (the browser's console logs every 4xx): 200, saying so.
    HttpReply visitor = http_request(port, "GET", "/api/session");
    CHECK(visitor.status == 200);
    CHECK(json::parse(visitor.body) == json{{"logged_in", false}});

    // The page's WebSocket: the same origin, the cookie, and a hello that names nobody.
    WsTestClient browser;
    browser.connect_with(port, {{"Origin", origin}, {"Cookie", cookie}});
    json hello = browser.request({{"type", "hello"}});
    REQUIRE(hello.at("type") == "hello_ok");
    CHECK(hello.at("nick") == "Carla");
    CHECK_FALSE(hello.contains("resume_token")); // no secret for page scripts to read

    // Another site's page cannot use the visitor's cookie (cross-site WebSocket hijacking).
    WsTestClient hijacker;
    CHECK_THROWS_WITH(hijacker.connect_with(port, {{"Origin", "http://evil.example"}, {"Cookie", cookie}}),
                      Catch::Contains("HTTP 403"));
    CHECK(http_request(port, "POST", "/api/login",
                       {{"Content-Type", "application/json"}, {"Origin", "http://evil.example"}},
                       json_body({{"nick", "Carla"}, {"password", password}}))
              .status == 403);
    // Without a cookie a hello that names nobody is refused.
    WsTestClient anonymous;
    anonymous.connect_with(port, {{"Origin", origin}});
    CHECK(anonymous.request({{"type", "hello"}}).at("code") == "not_logged_in");

    // Bad requests name what is wrong; a wrong password is 401 bad_credentials.
    const struct {
        std::vector<std::pair<std::string, std::string>> headers;
        std::string body;
        int status;
        std::string error;
    } refusals[] = {
        {json_headers, json_body({{"nick", "Carla"}, {"password", "falsch-falsch"}}), 401, "bad_credentials"},
        {json_headers, json_body({{"nick", "Carla"}}), 400, "field 'password' is missing"},
        {json_headers, "{not json", 400, "not a JSON object"},
        {{{"Content-Type", "text/plain"}},
         json_body({{"nick", "Carla"}, {"password", password}}),
         400,
         "application/json"},
    };
    for (const auto& refusal : refusals) {
        INFO(refusal.body);
        HttpReply reply = http_request(port, "POST", "/api/login", refusal.headers, refusal.body);
        CHECK(reply.status == refusal.status);
        CHECK_THAT(reply.body, Catch::Contains(refusal.error));
        CHECK_FALSE(reply.header("Set-Cookie"));
    }

    // Logging out ends the session: the cookie is void and the page's socket closes.
    HttpReply out =
        http_request(port, "POST", "/api/logout", {{"Content-Type", "application/json"}, {"Cookie", cookie}}, "{}");
    CHECK(out.status == 200);
    CHECK_THAT(*out.header("Set-Cookie"), Catch::Contains("Max-Age=0"));
    CHECK(browser.wait_closed().code == 1000);
    HttpReply ended = http_request(port, "GET", "/api/session", {{"Cookie", cookie}});
    CHECK(ended.status == 200);
    CHECK(json::parse(ended.body).at("logged_in") == false);
    WsTestClient stale;
    stale.connect_with(port, {{"Origin", origin}, {"Cookie", cookie}});
    CHECK(stale.request({{"type", "hello"}}).at("code") == "not_logged_in");
}

TEST_CASE("logout voids the session's tokens, a new password ends every other session of the account",
          "[server][accounts]")
{
    InProcessServer server;
    const auto port = server.port();
    WsTestClient first;
    first.connect(port);
    const std::string token = register_account(first, "Dora").at("resume_token");
    CHECK(first.request({{"type", "logout"}}).at("type") == "ok");
    CHECK(first.wait_closed().code == 1000);
    WsTestClient again;
    again.connect(port);
    CHECK(again.request({{"type", "hello"}, {"resume_token", token}}).at("code") == "bad_resume_token");

    // A browser session and a WebSocket session of the same account.
    HttpReply browser =
        http_request(port, "POST", "/api/login", json_headers, json_body({{"nick", "Dora"}, {"password", password}}));
    REQUIRE(browser.status == 200);
    const std::string cookie = session_cookie_of(browser);
    const std::string old_token = login(again, "Dora", password).at("resume_token");

    CHECK(again.request({{"type", "change_password"}, {"password", "falsch-falsch"}, {"new_password", "Neu-Geheim-99"}})
              .at("code") == "bad_credentials");
    CHECK(again.request({{"type", "change_password"}, {"password", password}, {"new_password", "kurz"}}).at("code") ==
          "invalid_password");
    json changed =
        again.request({{"type", "change_password"}, {"password", password}, {"new_password", "Neu-Geheim-99"}});
    REQUIRE(changed.at("type") == "ok");
    const std::string new_token = changed.at("resume_token");
    CHECK(json::parse(http_request(port, "GET", "/api/session", {{"Cookie", cookie}}).body).at("logged_in") == false);
    WsTestClient other;
    other.connect(port);
    CHECK(other.request({{"type", "hello"}, {"resume_token", old_token}}).at("code") == "bad_resume_token");
    CHECK(login(other, "Dora", password).at("code") == "bad_credentials");
    CHECK(login(other, "Dora", "Neu-Geheim-99").at("type") == "hello_ok"); // moves Dora here
    CHECK(again.wait_closed().code == 4000);

    // A password changed over HTTP closes the account's open sockets too.
    HttpReply web = http_request(port, "POST", "/api/login", json_headers,
                                 json_body({{"nick", "Dora"}, {"password", "Neu-Geheim-99"}}));
    REQUIRE(web.status == 200);
    HttpReply new_password = http_request(port, "POST", "/api/password",
                                          {{"Content-Type", "application/json"}, {"Cookie", session_cookie_of(web)}},
                                          json_body({{"password", "Neu-Geheim-99"}, {"new_password", "Noch-Neuer-1"}}));
    CHECK(new_password.status == 200);
    CHECK(other.wait_closed().code == 1000);
    CHECK(new_token != old_token);
}

TEST_CASE("guests can be switched off", "[server][accounts]")
{
    InProcessServer server([](auto& config) { config.identity.allow_guests = false; });
    WsTestClient client;
    client.connect(server.port());
    CHECK(client.request({{"type", "hello"}, {"nick", "Gast"}}).at("code") == "guests_not_allowed");
    CHECK(register_account(client, "Mitglied").at("type") == "hello_ok");
}

TEST_CASE("more password checks than the hashing threads and their queue take get busy", "[server][accounts]")
{
    InProcessServer server([](auto& config) {
        config.identity.password_hash_threads = 1;
        config.identity.password_hash_queue = 0;
        config.identity.login_free_failures_per_address = 1000;
        config.identity.login_free_failures_per_account = 1000;
    });
    std::vector<std::unique_ptr<WsTestClient>> clients;
    for (int i = 0; i < 6; ++i) {
        clients.push_back(std::make_unique<WsTestClient>());
        clients.back()->connect(server.port());
    }
    for (auto& client : clients)
        client->send({{"type", "hello"}, {"id", 1}, {"nick", "Niemand"}, {"password", "falsch-falsch"}});
    int busy = 0, checked = 0;
    for (auto& client : clients) {
        const json reply = client->receive_until("error");
        if (reply.at("code") == "busy") ++busy;
        if (reply.at("code") == "bad_credentials") ++checked;
    }
    CHECK(checked >= 1);
    CHECK(busy >= 1);
    CHECK(busy + checked == 6);
}

TEST_CASE("player limits: waiting tables, rooms opened, chat per minute, connections without hello",
          "[server][accounts][limits]")
{
    InProcessServer server([](auto& config) {
        config.player_limits.max_open_tables = 1;
        config.player_limits.max_rooms_opened = 1;
        config.player_limits.chat_messages_per_minute = 3;
        config.player_limits.connections_per_address_before_hello = 3;
    });
    const auto port = server.port();
    WsTestClient anna;
    anna.connect(port);
    anna.hello("Anna");
    REQUIRE(anna.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    CHECK(anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}}).at("type") == "ok");
    json second_table = anna.request({{"type", "open_table"}, {"room", 34}, {"time_control", "5+3"}});
    CHECK(second_table.at("code") == "limit_reached");
    CHECK_THAT(second_table.at("message").get<std::string>(), Catch::Contains("1 tables waiting"));

    CHECK(anna.request({{"type", "enter_room"}, {"room", 500}}).at("type") == "room");
    CHECK(anna.request({{"type", "enter_room"}, {"room", -501}}).at("code") == "limit_reached");
    CHECK(anna.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room"); // configured rooms are free
    CHECK(anna.request({{"type", "leave_room"}, {"room", 500}}).at("type") == "ok");  // room 500 closes
    CHECK(anna.request({{"type", "enter_room"}, {"room", -501}}).at("type") == "room");

    for (int i = 0; i < 3; ++i)
        CHECK(anna.request({{"type", "room_chat"}, {"room", 34}, {"text", "Hallo " + std::to_string(i)}}).at("type") ==
              "ok");
    json chat = anna.request({{"type", "room_chat"}, {"room", 34}, {"text", "noch einmal"}});
    CHECK(chat.at("code") == "limit_reached");
    CHECK_THAT(chat.at("message").get<std::string>(), Catch::Contains("3 chat messages a minute"));

    // Three sockets from one address may wait before hello; a fourth is closed at once. Each
    // one's pong shows that its place is taken (its welcome is sent just before, in the same
    // handler): without it the fourth could arrive first, as a fresh-clone run once saw.
    std::vector<std::unique_ptr<WsTestClient>> silent;
    for (int i = 0; i < 3; ++i) {
        silent.push_back(std::make_unique<WsTestClient>());
        silent.back()->connect(port);
        REQUIRE(silent.back()->request({{"type", "ping"}}).at("type") == "pong");
    }
    WsTestClient fourth;
    fourth.connect(port);
    CHECK(fourth.expect_error("limit_reached").at("message") ==
          "too many connections from your address have not said hello; say hello on those first");
    CHECK(fourth.wait_closed().code == 1008);
    silent[0]->hello("Bert"); // a hello gives its place back
    WsTestClient fifth;
    fifth.connect(port);
    CHECK(fifth.request({{"type", "ping"}}).at("type") == "pong");
}

TEST_CASE("the role is checked on the server: a player's notice is refused and logged, a moderator's is sent",
          "[server][accounts][roles]")
{
    ChildServer server;
    const auto port = server.port();
    WsTestClient listener, player, moderator;
    listener.connect(port);
    listener.hello("Zuhoerer");
    REQUIRE(listener.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    player.connect(port);
    REQUIRE(register_account(player, "Spieler").at("role") == "player");
    json refused = player.request({{"type", "notice"}, {"room", 34}, {"text", "Alle raus!"}});
    CHECK(refused.at("code") == "forbidden");
    CHECK(refused.at("message") == "notice: needs the moderator role");

    // The admin tool sets the role on the database file while the server runs; it takes effect
    // at the account's next login.
    CHECK(run_tool("admin set-role spieler moderator --db " + server.db_path().string()) == 0);
    moderator.connect(port);
    json hello = login(moderator, "Spieler", password);
    REQUIRE(hello.at("role") == "moderator");
    CHECK(moderator.request({{"type", "notice"}, {"room", 34}, {"text", "Turnier um 20 Uhr"}}).at("type") == "ok");
    json notice = listener.receive_until("notice");
    CHECK(notice == json{{"type", "notice"}, {"room", 34}, {"from", "Spieler"}, {"text", "Turnier um 20 Uhr"}});
    CHECK(moderator.request({{"type", "notice"}, {"room", 999}, {"text", "x"}}).at("code") == "no_such_room");
    REQUIRE(server.terminate() == 0);
    CHECK_THAT(file_text(server.log_path()),
               Catch::Contains("Spieler (player) refused notice: needs the moderator role"));
}

TEST_CASE("rochade admin works on the database while the server runs: an account it creates logs in",
          "[server][accounts][process]")
{
    ChildServer server;
    const std::string db = server.db_path().string();
    // The password comes on standard input, never on the command line.
    REQUIRE(run_tool("admin create-user Schiri --role admin --db " + db, "Pfeife-1234\n") == 0);
    CHECK(run_tool("admin create-user schiri --db " + db, "Pfeife-1234\n") == 1); // the nick is registered
    WsTestClient admin;
    admin.connect(server.port());
    json hello = login(admin, "Schiri", "Pfeife-1234");
    REQUIRE(hello.at("type") == "hello_ok");
    CHECK(hello.at("role") == "admin");
    CHECK(admin.request({{"type", "notice"}, {"text", "Wartung um 22 Uhr"}}).at("type") == "ok");
    CHECK(admin.receive_until("notice").at("text") == "Wartung um 22 Uhr"); // everyone online, the admin too

    // A new password set by the tool ends the account's sessions: the old resume token is void.
    const std::string token = hello.at("resume_token");
    REQUIRE(run_tool("admin reset-password Schiri --db " + db, "Neue-Pfeife-99\n") == 0);
    WsTestClient later;
    later.connect(server.port());
    CHECK(later.request({{"type", "hello"}, {"resume_token", token}}).at("code") == "bad_resume_token");
    CHECK(login(later, "Schiri", "Neue-Pfeife-99").at("role") == "admin");
}
