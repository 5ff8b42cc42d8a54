// lichess's Bot API end to end over real sockets (issue 29 §3; docs/bots.md, "The Bot API"):
// personal tokens made and revoked on the account page, the upgrade to a bot account, every
// refusal (401, 403, 404, 405, 429), and bots playing through HTTP and NDJSON streams, against a
// human over WebSocket and against each other, with streams that reconnect.
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "server/net/ndjson_stream.h"
#include "tests/server/bots/bot_steps.h"
#include "tests/server/bots/ndjson_reader.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

// A human player over WebSocket with a new account.
std::unique_ptr<WsTestClient> human(const InProcessServer& server, const std::string& nick)
{
    auto client = std::make_unique<WsTestClient>();
    client->connect(server.port());
    REQUIRE(client->request({{"type", "register"}, {"nick", nick}, {"password", password}}).at("type") == "hello_ok");
    return client;
}

// The next line of `stream` of type `type`; the lines before it are skipped (and shown when it
// does not come).
json next_of_type(NdjsonReader& stream, const std::string& type, std::chrono::milliseconds timeout = 3000ms)
{
    std::string skipped;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (true) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left <= 0ms) break;
        const auto line = stream.next_line(left);
        if (!line) break;
        if (line->value("type", "") == type) return *line;
        skipped += "\n  " + line->dump();
    }
    FAIL("no '" << type << "' line within " << timeout.count() << " ms" << (stream.ended() ? " (the stream ended)" : "")
                << "; skipped:" << (skipped.empty() ? " nothing" : skipped));
    return {};
}

// The first line of a stream just opened.
json first_line(NdjsonReader& stream)
{
    REQUIRE(stream.status() == 200);
    const auto line = stream.next_line();
    REQUIRE(line);
    return *line;
}

// Waits until `nick` is online (a bot: its session admitted by the lobby), as /api/users/status says.
void wait_online(const InProcessServer& server, const std::string& nick)
{
    for (int i = 0; i < 150; ++i) {
        const HttpReply status = http_get(server.port(), "/api/users/status?ids=" + nick);
        REQUIRE(status.status == 200);
        const json list = json::parse(status.body);
        if (!list.empty() && list[0].value("online", false)) return;
        std::this_thread::sleep_for(20ms);
    }
    FAIL(nick << " is not online after 3 s");
}

// A bot with its event stream open, online.
struct Bot {
    std::string nick, token;
    std::unique_ptr<NdjsonReader> events;

    Bot(const InProcessServer& server, std::string name) : nick(std::move(name)), token(bot_account(server, nick))
    {
        events = std::make_unique<NdjsonReader>(server.port(), "/api/stream/event", token);
        REQUIRE(events->status() == 200);
        wait_online(server, nick);
    }
};

struct StartedGame {
    std::string id;           // as the Bot API names it: lichess gives a challenge's game the challenge's id
    std::int64_t game_id = 0; // Rochade's
    std::int64_t table = 0;
    json start; // the bot's gameStart's game
};

// `person` challenges `bot` on `terms` (5+3, the bot White, unless they say otherwise); the bot
// sees the challenge on its event stream and accepts it over HTTP; both see the game start.
StartedGame challenge_bot(const InProcessServer& server, WsTestClient& person, const std::string& person_nick, Bot& bot,
                          const json& terms = json::object())
{
    json request{{"type", "challenge"}, {"to", bot.nick}, {"time_control", "5+3"}, {"color", "black"}};
    for (const auto& [key, value] : terms.items()) request[key] = value;
    const json ok = person.request(request);
    INFO(ok.dump());
    REQUIRE(ok.at("type") == "ok");
    const std::string id = ok.at("challenge");

    const json challenge = next_of_type(*bot.events, "challenge").at("challenge");
    CHECK(challenge.at("id") == id);
    CHECK(challenge.at("challenger").at("name") == person_nick);
    CHECK(challenge.at("challenger").at("title") == nullptr);
    CHECK(challenge.at("destUser").at("name") == bot.nick);
    CHECK(challenge.at("destUser").at("title") == "BOT");
    CHECK(challenge.at("direction") == "in");

    const HttpReply accepted = bot_api(server, "POST", "/api/challenge/" + id + "/accept", bot.token);
    INFO(accepted.body);
    REQUIRE(accepted.status == 200);
    CHECK(body_of(accepted) == json{{"ok", true}});
    const json accepted_frame = person.receive_until("challenge_accepted");
    CHECK(accepted_frame.at("challenge") == id);
    const std::int64_t table = accepted_frame.at("table");
    const json started = person.receive_until("game_started", table);
    const json start = next_of_type(*bot.events, "gameStart").at("game");
    CHECK(start.at("gameId") == id);
    CHECK(start.at("id") == id);
    CHECK(start.at("opponent").at("username") == person_nick);
    return {start.at("gameId"), started.at("game_id"), table, start};
}

HttpReply bot_move(const InProcessServer& server, const Bot& bot, const StartedGame& game, const std::string& uci)
{
    return bot_api(server, "POST", "/api/bot/game/" + game.id + "/move/" + uci, bot.token);
}

// The next gameState of a game stream, which must list `moves`.
json next_state(NdjsonReader& stream, const std::string& moves)
{
    const json state = next_of_type(stream, "gameState");
    CHECK(state.at("moves") == moves);
    return state;
}

void human_move(WsTestClient& person, std::int64_t table, const std::string& move)
{
    const json reply = person.request({{"type", "move"}, {"table", table}, {"move", move}});
    INFO(reply.dump());
    REQUIRE(reply.at("type") == "ok");
}

} // namespace

TEST_CASE("bot api: personal tokens made with the cookie, shown once, listed without, revoked by the owner only",
          "[server][bots]")
{
    InProcessServer server;
    const std::string owner = register_account(server, "Halterin");

    const HttpReply made = create_token(server, owner, {"challenge:write", "bot:play", "bot:play"}, "Laptop-Bot");
    INFO(made.body);
    REQUIRE(made.status == 201);
    const json shown = body_of(made);
    const std::string token = shown.at("token");
    const std::string id = shown.at("id");
    CHECK(token.starts_with("rch_"));
    CHECK(token.size() > 40);
    CHECK(id.size() == 64);
    CHECK(shown.at("description") == "Laptop-Bot");
    CHECK(shown.at("scopes") == json{"bot:play", "challenge:write"}); // each once, in lichess's order
    CHECK(shown.at("last_used_ms") == nullptr);

    const HttpReply listed = tokens_request(server, "GET", "/api/tokens", owner);
    REQUIRE(listed.status == 200);
    const json tokens = body_of(listed).at("tokens");
    REQUIRE(tokens.size() == 1);
    CHECK(tokens[0].at("id") == id);
    CHECK(tokens[0].at("description") == "Laptop-Bot");
    CHECK_FALSE(tokens[0].contains("token"));
    CHECK(listed.body.find(token) == std::string::npos);

    // It acts for its owner.
    const HttpReply account = bot_api(server, "GET", "/api/account", token);
    REQUIRE(account.status == 200);
    CHECK(body_of(account).at("username") == "Halterin");

    // Refusals: no cookie, a guest, another site, a scope that is none, no description, no JSON.
    CHECK(create_token(server, "", {"bot:play"}).status == 401);
    const HttpReply guest = http_request(server.port(), "POST", "/api/guest",
                                         {{"Content-Type", "application/json"}, {"Origin", origin_of(server)}},
                                         json{{"nick", "Gast"}}.dump());
    REQUIRE(guest.status == 200);
    const std::string guest_cookie = guest.header("Set-Cookie")->substr(0, guest.header("Set-Cookie")->find(';'));
    const HttpReply by_guest = create_token(server, guest_cookie, {"bot:play"});
    CHECK(by_guest.status == 403);
    CHECK(body_of(by_guest).at("error") == "forbidden");
    CHECK(http_request(server.port(), "POST", "/api/tokens",
                       {{"Origin", "https://evil.example"}, {"Cookie", owner}, {"Content-Type", "application/json"}},
                       json{{"description", "x"}, {"scopes", {"bot:play"}}}.dump())
              .status == 403);
    const HttpReply bad_scope = create_token(server, owner, {"bot:play", "bot:fly"});
    CHECK(bad_scope.status == 400);
    CHECK_THAT(bad_scope.body, Catch::Contains("unknown scope 'bot:fly'"));
    const HttpReply no_scopes = create_token(server, owner, {});
    CHECK(no_scopes.status == 400);
    CHECK_THAT(no_scopes.body, Catch::Contains("'scopes'"));
    const HttpReply no_description =
        tokens_request(server, "POST", "/api/tokens", owner, json{{"scopes", {"bot:play"}}}.dump());
    CHECK(no_description.status == 400);
    CHECK_THAT(no_description.body, Catch::Contains("'description'"));
    CHECK(http_request(server.port(), "POST", "/api/tokens",
                       {{"Origin", origin_of(server)}, {"Cookie", owner}, {"Content-Type", "text/plain"}},
                       json{{"description", "x"}, {"scopes", {"bot:play"}}}.dump())
              .status == 400);
    CHECK(tokens_request(server, "PUT", "/api/tokens", owner).status == 405);
    CHECK(body_of(tokens_request(server, "GET", "/api/tokens", owner)).at("tokens").size() == 1);

    // Another account cannot revoke it, nor learn that it exists: 404, and it still works.
    const std::string stranger = register_account(server, "Fremder");
    const HttpReply foreign = tokens_request(server, "DELETE", "/api/tokens/" + id, stranger);
    CHECK(foreign.status == 404);
    CHECK(body_of(tokens_request(server, "GET", "/api/tokens", stranger)).at("tokens").empty());
    CHECK(bot_api(server, "GET", "/api/account", token).status == 200);
    CHECK(tokens_request(server, "DELETE", "/api/tokens/not-an-id", owner).status == 404);

    // Its owner revokes it: refused at once.
    const HttpReply revoked = tokens_request(server, "DELETE", "/api/tokens/" + id, owner);
    INFO(revoked.body);
    CHECK(revoked.status == 200);
    const HttpReply after = bot_api(server, "GET", "/api/account", token);
    CHECK(after.status == 401);
    CHECK(body_of(after).at("error") == "No such token");
    CHECK(body_of(tokens_request(server, "GET", "/api/tokens", owner)).at("tokens").empty());
    CHECK(tokens_request(server, "DELETE", "/api/tokens/" + id, owner).status == 404);
}

TEST_CASE("bot api: the token test, the account before and after the upgrade, a bot kept off the game socket",
          "[server][bots]")
{
    InProcessServer server;
    const std::string cookie = register_account(server, "Kandidatin");
    const std::string token = new_token(server, cookie, {"bot:play", "challenge:read"});

    const HttpReply tested = http_request(server.port(), "POST", "/api/token/test", {{"Content-Type", "text/plain"}},
                                          token + ",rch_unbekannt");
    REQUIRE(tested.status == 200);
    const json answers = body_of(tested);
    CHECK(answers.at(token) ==
          json{{"scopes", "bot:play,challenge:read"}, {"userId", "kandidatin"}, {"expires", nullptr}});
    CHECK(answers.at("rch_unbekannt") == nullptr);
    CHECK(http_request(server.port(), "POST", "/api/token/test", {}, "").status == 400);

    const json before = body_of(bot_api(server, "GET", "/api/account", token));
    CHECK(before.at("id") == "kandidatin");
    CHECK(before.at("username") == "Kandidatin");
    CHECK_FALSE(before.contains("title"));
    CHECK(before.at("perfs").is_object());

    // The page logged in before (its cookie, a socket with it): the socket is closed with the
    // upgrade and a new one refused, so that nobody plays on as a human in a bot's name; the
    // cookie still opens the account page (the tokens).
    WsTestClient page;
    page.connect_with(server.port(), {{"Origin", origin_of(server)}, {"Cookie", cookie}});
    REQUIRE(page.request({{"type", "hello"}}).at("type") == "hello_ok");

    const HttpReply upgraded = bot_api(server, "POST", "/api/bot/account/upgrade", token);
    INFO(upgraded.body);
    CHECK(upgraded.status == 200);
    CHECK(body_of(upgraded) == json{{"ok", true}});
    page.wait_closed();
    WsTestClient later;
    later.connect_with(server.port(), {{"Origin", origin_of(server)}, {"Cookie", cookie}});
    CHECK(later.request({{"type", "hello"}}).at("code") == "forbidden");
    CHECK(tokens_request(server, "GET", "/api/tokens", cookie).status == 200);
    CHECK(body_of(bot_api(server, "GET", "/api/account", token)).at("title") == "BOT");
    const HttpReply again = bot_api(server, "POST", "/api/bot/account/upgrade", token);
    CHECK(again.status == 400);
    CHECK_THAT(again.body, Catch::Contains("already a bot"));
    const json user = body_of(http_get(server.port(), "/api/user/Kandidatin"));
    CHECK(user.at("title") == "BOT");
    CHECK(user.at("online") == false);
    CHECK(http_get(server.port(), "/api/user/Niemand").status == 404);

    // Its password opens the account page (its tokens) but not the game socket.
    const HttpReply login = http_request(server.port(), "POST", "/api/login",
                                         {{"Content-Type", "application/json"}, {"Origin", origin_of(server)}},
                                         json{{"nick", "Kandidatin"}, {"password", password}}.dump());
    CHECK(login.status == 200);
    CHECK(login.header("Set-Cookie"));
    WsTestClient socket;
    socket.connect(server.port());
    const json hello = socket.request({{"type", "hello"}, {"nick", "Kandidatin"}, {"password", password}});
    CHECK(hello.at("code") == "forbidden");
    CHECK_THAT(hello.at("message").get<std::string>(), Catch::Contains("Bot API"));
}

TEST_CASE("bot api: no upgrade for an account that has played, nor with a token without bot:play", "[server][bots]")
{
    InProcessServer server;
    // Two accounts play over WebSocket (the page's cookie), and one resigns.
    const std::string white_cookie = register_account(server, "Spielerin");
    const std::string black_cookie = register_account(server, "Gegner");
    WsTestClient white, black;
    white.connect_with(server.port(), {{"Origin", origin_of(server)}, {"Cookie", white_cookie}});
    black.connect_with(server.port(), {{"Origin", origin_of(server)}, {"Cookie", black_cookie}});
    REQUIRE(white.request({{"type", "hello"}}).at("type") == "hello_ok");
    REQUIRE(black.request({{"type", "hello"}}).at("type") == "hello_ok");
    const json challenged =
        white.request({{"type", "challenge"}, {"to", "Gegner"}, {"time_control", "untimed"}, {"color", "white"}});
    REQUIRE(challenged.at("type") == "ok");
    black.receive_until("challenge");
    REQUIRE(black.request({{"type", "accept_challenge"}, {"challenge", challenged.at("challenge")}}).at("type") ==
            "ok");
    const std::int64_t table = white.receive_until("challenge_accepted").at("table");
    white.receive_until("game_started", table);
    human_move(white, table, "e4");
    REQUIRE(black.request({{"type", "resign"}, {"table", table}}).at("type") == "ok");
    CHECK(white.receive_until("game_over", table).at("termination") == "resignation");

    const std::string token = new_token(server, black_cookie, bot_scopes);
    const HttpReply played = bot_api(server, "POST", "/api/bot/account/upgrade", token);
    CHECK(played.status == 400);
    CHECK_THAT(played.body, Catch::Contains("played games"));
    CHECK_FALSE(body_of(bot_api(server, "GET", "/api/account", token)).contains("title"));

    // A token without bot:play may not ask, even for an account that never played.
    const std::string reader = new_token(server, register_account(server, "Leserin"), {"challenge:read"});
    const HttpReply unscoped = bot_api(server, "POST", "/api/bot/account/upgrade", reader);
    CHECK(unscoped.status == 403);
    CHECK_THAT(unscoped.body, Catch::Contains("bot:play"));
    CHECK_FALSE(body_of(bot_api(server, "GET", "/api/account", reader)).contains("title"));
}

TEST_CASE("bot api: refusals: no token or a forged one, a missing scope, not a bot, a wrong method, no such game",
          "[server][bots]")
{
    InProcessServer server;
    const std::string bot = bot_account(server, "Roboter");
    const std::string reader = new_token(server, register_account(server, "Leserin"), {"challenge:read"});
    const std::string human_player = new_token(server, register_account(server, "Mensch"), bot_scopes);

    const HttpReply anonymous = bot_api(server, "GET", "/api/account", "");
    CHECK(anonymous.status == 401);
    CHECK_THAT(body_of(anonymous).at("error").get<std::string>(), Catch::Contains("Bearer"));
    const HttpReply forged = bot_api(server, "GET", "/api/account", "rch_gefaelscht");
    CHECK(forged.status == 401);
    CHECK(body_of(forged) == json{{"error", "No such token"}});
    CHECK(http_request(server.port(), "GET", "/api/account", {{"Authorization", "Basic " + bot}}).status == 401);

    const HttpReply unscoped = bot_api(server, "POST", "/api/bot/game/1/move/e2e4", reader);
    CHECK(unscoped.status == 403);
    CHECK_THAT(body_of(unscoped).at("error").get<std::string>(),
               Catch::Contains("Missing scope") && Catch::Contains("bot:play"));

    // The game side is for bot accounts: the stream answers with an error, not a stream.
    NdjsonReader not_a_bot(server.port(), "/api/stream/event", human_player);
    CHECK(not_a_bot.status() == 403);
    CHECK_FALSE(not_a_bot.chunked());
    CHECK_THAT(not_a_bot.body(), Catch::Contains("bot accounts only"));
    CHECK(bot_api(server, "POST", "/api/challenge/Roboter", human_player).status == 403);

    const struct {
        std::string method, target, allowed;
    } wrong_methods[] = {
        {"GET", "/api/bot/game/1/move/e2e4", "POST"}, {"POST", "/api/stream/event", "GET"},
        {"GET", "/api/token/test", "POST"},           {"DELETE", "/api/account", "GET"},
        {"GET", "/api/challenge/Roboter", "POST"},    {"POST", "/api/bot/game/stream/1", "GET"},
        {"GET", "/api/bot/account/upgrade", "POST"},
    };
    for (const auto& wrong : wrong_methods) {
        INFO(wrong.method << " " << wrong.target);
        const HttpReply refused = bot_api(server, wrong.method, wrong.target, bot);
        CHECK(refused.status == 405);
        CHECK(refused.header("Allow") == wrong.allowed);
        CHECK(body_of(refused).contains("error"));
    }
    // A stream has a body by nature: HEAD is refused, not answered with a stream.
    for (const std::string target : {"/api/stream/event", "/api/bot/game/stream/1"}) {
        INFO("HEAD " << target);
        const HttpReply refused = bot_api(server, "HEAD", target, bot);
        CHECK(refused.status == 405);
        CHECK(refused.header("Allow") == "GET");
    }

    for (const std::string target :
         {"/api/bot/game/999999/move/e2e4", "/api/bot/game/999999/resign", "/api/bot/game/abc/move/e2e4",
          "/api/bot/game/1", "/api/bot/nonsense", "/api/challenge/no-such-id/accept", "/api/challenge/Niemand"}) {
        INFO(target);
        const HttpReply missing = bot_api(server, "POST", target, bot);
        CHECK(missing.status == 404);
        CHECK(body_of(missing).contains("error"));
    }
    CHECK(http_get(server.port(), "/game/export/999999").status == 404);
    CHECK(http_get(server.port(), "/game/export/x").status == 404);
    // A game stream looks for the game once more (a session that reads its tables again), then 404.
    NdjsonReader no_game(server.port(), "/api/bot/game/stream/999999", bot, 5000ms);
    CHECK(no_game.status() == 404);
    CHECK_THAT(no_game.body(), Catch::Contains("No such game"));

    // A challenge's terms as lichess's clients send them, refused by name.
    for (const std::string form : {"clock.limit=99999&clock.increment=0", "clock.limit=0&clock.increment=0", "days=3",
                                   "color=green", "variant=atomic", "tempo=fast"}) {
        INFO(form);
        const HttpReply refused = bot_api(server, "POST", "/api/challenge/Mensch", bot, form);
        CHECK(refused.status == 400);
        CHECK(body_of(refused).contains("error"));
    }
    const HttpReply bad_reason = bot_api(server, "POST", "/api/challenge/some-id/decline", bot, "reason=boring");
    CHECK(bad_reason.status == 400);
    CHECK_THAT(bad_reason.body, Catch::Contains("tooFast"));
}

TEST_CASE("bot api: past bot_api.requests_per_minute a token gets 429 with Retry-After, past twice that its address",
          "[server][bots]")
{
    InProcessServer server([](server::ServerConfig& config) { config.bot_api.requests_per_minute = 5; });
    const std::string cookie = register_account(server, "Eilig");
    const std::string first = new_token(server, cookie, {"challenge:read"});
    const std::string second = new_token(server, cookie, {"challenge:read"});

    for (int i = 0; i < 5; ++i) REQUIRE(bot_api(server, "GET", "/api/account", first).status == 200);
    const HttpReply limited = bot_api(server, "GET", "/api/account", first);
    CHECK(limited.status == 429);
    CHECK_THAT(body_of(limited).at("error").get<std::string>(), Catch::Contains("at most 5 a minute"));
    const auto retry_after = limited.header("Retry-After");
    REQUIRE(retry_after);
    CHECK(std::stoi(*retry_after) >= 1);
    CHECK(std::stoi(*retry_after) <= 60);

    // Another token has its own budget, within its address's (twice as many: 10, six spent).
    for (int i = 0; i < 4; ++i) REQUIRE(bot_api(server, "GET", "/api/account", second).status == 200);
    const HttpReply address = bot_api(server, "GET", "/api/account", second);
    CHECK(address.status == 429);
    CHECK_THAT(body_of(address).at("error").get<std::string>(), Catch::Contains("your address"));
    CHECK(address.header("Retry-After"));
    // The public endpoints count against the address too.
    CHECK(http_get(server.port(), "/api/user/Eilig").status == 429);
}

TEST_CASE("bot api: a human challenges a bot, it accepts and plays over HTTP to checkmate, chat both ways",
          "[server][bots]")
{
    InProcessServer server;
    Bot bot(server, "RoboterA");
    CHECK(bot.events->header("Content-Type") == "application/x-ndjson");
    CHECK(bot.events->chunked());
    auto anna = human(server, "Anna");
    const StartedGame game = challenge_bot(server, *anna, "Anna", bot);
    CHECK(game.start.at("color") == "white");
    CHECK(game.start.at("isMyTurn") == true);
    CHECK(game.start.at("speed") == "blitz");
    CHECK(game.start.at("opponent").at("id") == "anna");
    CHECK_FALSE(game.start.at("opponent").contains("title"));

    NdjsonReader stream(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
    const json full = first_line(stream);
    CHECK(full.at("type") == "gameFull");
    CHECK(full.at("id") == game.id);
    CHECK(full.at("white").at("name") == "RoboterA");
    CHECK(full.at("white").at("title") == "BOT");
    CHECK(full.at("black").at("name") == "Anna");
    CHECK(full.at("black").at("title") == nullptr);
    CHECK(full.at("clock") == json{{"initial", 300000}, {"increment", 3000}});
    CHECK(full.at("speed") == "blitz");
    CHECK(full.at("rated") == false);
    CHECK(full.at("initialFen") == "startpos");
    CHECK(full.at("variant").at("key") == "standard");
    CHECK(full.at("state").at("moves") == "");
    CHECK(full.at("state").at("status") == "started");
    CHECK(full.at("state").at("wtime") == 300000);
    CHECK(full.at("state").at("btime") == 300000);

    const HttpReply illegal = bot_move(server, bot, game, "e2e5");
    CHECK(illegal.status == 400);
    CHECK_FALSE(body_of(illegal).at("error").get<std::string>().empty());
    CHECK(bot_move(server, bot, game, "e2e4extra").status == 400);

    REQUIRE(bot_move(server, bot, game, "f2f3").status == 200);
    next_state(stream, "f2f3");
    CHECK(anna->receive_until("move", game.table).at("uci") == "f2f3");
    const HttpReply early = bot_move(server, bot, game, "g2g4");
    CHECK(early.status == 400);
    CHECK_THAT(body_of(early).at("error").get<std::string>(), Catch::Contains("turn"));

    // Chat: the bot's line reaches the human (and comes back on its own stream, as on lichess);
    // the human's reaches the bot's stream.
    const HttpReply said =
        bot_api(server, "POST", "/api/bot/game/" + game.id + "/chat", bot.token, "room=player&text=Viel%20Gl%C3%BCck!");
    INFO(said.body);
    CHECK(said.status == 200);
    const json heard = anna->receive_until("table_chat", game.table);
    CHECK(heard.at("from") == "RoboterA");
    CHECK(heard.at("text") == "Viel Glück!");
    CHECK(heard.at("channel") == "players");
    const json echoed = next_of_type(stream, "chatLine");
    CHECK(echoed == json{{"type", "chatLine"}, {"room", "player"}, {"username", "RoboterA"}, {"text", "Viel Glück!"}});
    REQUIRE(anna->request({{"type", "table_chat"}, {"table", game.table}, {"text", "Danke, gleichfalls"}}).at("type") ==
            "ok");
    const json answer = next_of_type(stream, "chatLine");
    CHECK(answer ==
          json{{"type", "chatLine"}, {"room", "player"}, {"username", "Anna"}, {"text", "Danke, gleichfalls"}});
    CHECK(bot_api(server, "POST", "/api/bot/game/" + game.id + "/chat", bot.token, "room=player").status == 400);
    CHECK(bot_api(server, "POST", "/api/bot/game/" + game.id + "/chat", bot.token, "room=lobby&text=x").status == 400);

    human_move(*anna, game.table, "e5");
    const json after_e5 = next_state(stream, "f2f3 e7e5");
    CHECK(after_e5.at("status") == "started");
    CHECK(after_e5.at("wtime").get<std::int64_t>() <= 303000);
    CHECK(after_e5.at("winc") == 3000);
    REQUIRE(bot_move(server, bot, game, "g2g4").status == 200);
    next_state(stream, "f2f3 e7e5 g2g4");
    human_move(*anna, game.table, "Qh4#");
    next_state(stream, "f2f3 e7e5 g2g4 d8h4");
    const json mate = next_state(stream, "f2f3 e7e5 g2g4 d8h4");
    CHECK(mate.at("status") == "mate");
    CHECK(mate.at("winner") == "black");
    // The game's stream ends with the game.
    CHECK(stream.wait_ended());
    CHECK_FALSE(stream.next_line(100ms));

    const json finish = next_of_type(*bot.events, "gameFinish").at("game");
    CHECK(finish.at("gameId") == game.id);
    CHECK(finish.at("status") == json{{"name", "mate"}});
    CHECK(finish.at("winner") == "black");
    CHECK(bot_move(server, bot, game, "a2a3").status == 400);
    // A finished game's stream is its gameFull alone.
    NdjsonReader after(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
    const json final_full = first_line(after);
    CHECK(final_full.at("state").at("status") == "mate");
    CHECK(after.wait_ended());

    // The PGN, by Rochade's game id for anyone, by the lichess id for the bot that knows it.
    const HttpReply pgn = http_get(server.port(), "/game/export/" + std::to_string(game.game_id));
    INFO(pgn.body);
    REQUIRE(pgn.status == 200);
    CHECK(pgn.header("Content-Type") == "application/x-chess-pgn");
    CHECK_THAT(pgn.body, Catch::Contains("[White \"RoboterA\"]") && Catch::Contains("[Black \"Anna\"]") &&
                             Catch::Contains("[Result \"0-1\"]"));
    CHECK_THAT(pgn.body, Catch::Contains("1. f3") && Catch::Contains("Qh4#"));
    const HttpReply by_name = bot_api(server, "GET", "/game/export/" + game.id, bot.token);
    CHECK(by_name.status == 200);
    CHECK(by_name.body == pgn.body);
    CHECK(http_get(server.port(), "/game/export/" + game.id).status == 404);
}

TEST_CASE("bot api: the bot offers a draw the human accepts, declines the human's offer, aborts and resigns",
          "[server][bots]")
{
    InProcessServer server;
    Bot bot(server, "RoboterA");
    auto anna = human(server, "Anna");

    SECTION("a draw by agreement")
    {
        const StartedGame game = challenge_bot(server, *anna, "Anna", bot);
        NdjsonReader stream(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
        CHECK(first_line(stream).at("type") == "gameFull");
        REQUIRE(bot_move(server, bot, game, "e2e4").status == 200);
        next_state(stream, "e2e4");
        human_move(*anna, game.table, "e5");
        next_state(stream, "e2e4 e7e5");
        // draw/no without an offer standing changes nothing.
        CHECK(bot_api(server, "POST", "/api/bot/game/" + game.id + "/draw/no", bot.token).status == 200);
        CHECK(bot_api(server, "POST", "/api/bot/game/" + game.id + "/draw/maybe", bot.token).status == 400);
        const HttpReply offered = bot_api(server, "POST", "/api/bot/game/" + game.id + "/draw/yes", bot.token);
        INFO(offered.body);
        REQUIRE(offered.status == 200);
        CHECK(anna->receive_until("draw_offered", game.table).at("by") == "white");
        const json offer = next_of_type(stream, "gameState");
        CHECK(offer.at("wdraw") == true);
        CHECK(offer.at("bdraw") == false);
        REQUIRE(anna->request({{"type", "accept_draw"}, {"table", game.table}}).at("type") == "ok");
        const json drawn = next_of_type(stream, "gameState");
        CHECK(drawn.at("status") == "draw");
        CHECK_FALSE(drawn.contains("winner"));
        CHECK(stream.wait_ended());
        const json finish = next_of_type(*bot.events, "gameFinish").at("game");
        CHECK(finish.at("status") == json{{"name", "draw"}});
        CHECK_FALSE(finish.contains("winner"));
        CHECK(anna->receive_until("game_over", game.table).at("termination") == "agreement");
    }

    SECTION("the human's draw offer declined, then the bot resigns")
    {
        const StartedGame game = challenge_bot(server, *anna, "Anna", bot);
        NdjsonReader stream(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
        CHECK(first_line(stream).at("type") == "gameFull");
        REQUIRE(bot_move(server, bot, game, "d2d4").status == 200);
        next_state(stream, "d2d4");
        human_move(*anna, game.table, "d5");
        next_state(stream, "d2d4 d7d5");
        REQUIRE(bot_move(server, bot, game, "c2c4").status == 200);
        next_state(stream, "d2d4 d7d5 c2c4");
        REQUIRE(anna->request({{"type", "offer_draw"}, {"table", game.table}}).at("type") == "ok");
        CHECK(next_of_type(stream, "gameState").at("bdraw") == true);
        CHECK(bot_api(server, "POST", "/api/bot/game/" + game.id + "/draw/no", bot.token).status == 200);
        CHECK(anna->receive_until("draw_declined", game.table).at("by") == "white");
        CHECK(next_of_type(stream, "gameState").at("bdraw") == false);

        const HttpReply resigned = bot_api(server, "POST", "/api/bot/game/" + game.id + "/resign", bot.token);
        INFO(resigned.body);
        REQUIRE(resigned.status == 200);
        const json over = anna->receive_until("game_over", game.table);
        CHECK(over.at("termination") == "resignation");
        CHECK(over.at("winner") == "black");
        const json last = next_of_type(stream, "gameState");
        CHECK(last.at("status") == "resign");
        CHECK(last.at("winner") == "black");
        const json finish = next_of_type(*bot.events, "gameFinish").at("game");
        CHECK(finish.at("status") == json{{"name", "resign"}});
        CHECK(bot_api(server, "POST", "/api/bot/game/" + game.id + "/resign", bot.token).status == 400);
    }

    SECTION("the bot aborts before the first moves; it cannot abort after them")
    {
        const StartedGame game = challenge_bot(server, *anna, "Anna", bot, {{"color", "white"}});
        CHECK(game.start.at("color") == "black");
        CHECK(game.start.at("isMyTurn") == false);
        NdjsonReader stream(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
        const json full = first_line(stream);
        CHECK(full.at("white").at("name") == "Anna");
        CHECK(full.at("black").at("title") == "BOT");
        const HttpReply aborted = bot_api(server, "POST", "/api/bot/game/" + game.id + "/abort", bot.token);
        INFO(aborted.body);
        REQUIRE(aborted.status == 200);
        const json last = next_of_type(stream, "gameState");
        CHECK(last.at("status") == "aborted");
        CHECK_FALSE(last.contains("winner"));
        CHECK(anna->receive_until("game_over", game.table).at("termination") == "aborted");
        CHECK(next_of_type(*bot.events, "gameFinish").at("game").at("status") == json{{"name", "aborted"}});

        const StartedGame second = challenge_bot(server, *anna, "Anna", bot, {{"color", "white"}});
        human_move(*anna, second.table, "e4");
        REQUIRE(bot_move(server, bot, second, "e7e5").status == 200);
        const HttpReply too_late = bot_api(server, "POST", "/api/bot/game/" + second.id + "/abort", bot.token);
        CHECK(too_late.status == 400);
        CHECK_FALSE(body_of(too_late).at("error").get<std::string>().empty());
    }
}

TEST_CASE("bot api: bot against bot: a challenge with a form, declined as too fast, canceled, accepted, resigned",
          "[server][bots]")
{
    InProcessServer server;
    Bot a(server, "RoboterA");
    Bot b(server, "RoboterB");
    const std::string form = "clock.limit=60&clock.increment=1&color=white";

    // A challenges B; B declines: too fast.
    const HttpReply made = bot_api(server, "POST", "/api/challenge/RoboterB", a.token, form);
    INFO(made.body);
    REQUIRE(made.status == 200);
    const json sent = body_of(made);
    const std::string first = sent.at("id");
    CHECK(sent.at("direction") == "out");
    CHECK(sent.at("challenger").at("name") == "RoboterA");
    CHECK(sent.at("challenger").at("title") == "BOT");
    CHECK(sent.at("destUser").at("name") == "RoboterB");
    CHECK(sent.at("destUser").at("title") == "BOT");
    CHECK(sent.at("timeControl") == json{{"type", "clock"}, {"limit", 60}, {"increment", 1}, {"show", "1+1"}});
    CHECK(sent.at("speed") == "bullet");
    CHECK(sent.at("color") == "white");
    CHECK(next_of_type(*a.events, "challenge").at("challenge").at("id") == first); // its own, as on lichess
    const json received = next_of_type(*b.events, "challenge").at("challenge");
    CHECK(received.at("id") == first);
    CHECK(received.at("challenger").at("name") == "RoboterA");
    CHECK(received.at("challenger").at("title") == "BOT");
    CHECK(received.at("direction") == "in");
    CHECK(received.at("timeControl").at("limit") == 60);

    const HttpReply declined =
        bot_api(server, "POST", "/api/challenge/" + first + "/decline", b.token, "reason=tooFast");
    INFO(declined.body);
    REQUIRE(declined.status == 200);
    const json refusal = next_of_type(*a.events, "challengeDeclined").at("challenge");
    CHECK(refusal.at("id") == first);
    CHECK(refusal.at("declineReasonKey") == "toofast"); // lichess sends its keys in lower case
    CHECK_THAT(refusal.at("declineReason").get<std::string>(), Catch::Contains("too fast"));
    CHECK(bot_api(server, "POST", "/api/challenge/" + first + "/accept", b.token).status == 404);

    // A challenges again and thinks better of it.
    const std::string second = body_of(bot_api(server, "POST", "/api/challenge/RoboterB", a.token, form)).at("id");
    CHECK(next_of_type(*b.events, "challenge").at("challenge").at("id") == second);
    CHECK(bot_api(server, "POST", "/api/challenge/" + second + "/cancel", b.token).status == 404);
    REQUIRE(bot_api(server, "POST", "/api/challenge/" + second + "/cancel", a.token).status == 200);
    CHECK(next_of_type(*b.events, "challengeCanceled").at("challenge").at("id") == second);

    // Streams opened again show no challenge that was answered: neither the declined nor the canceled.
    a.events->close();
    b.events->close();
    a.events = std::make_unique<NdjsonReader>(server.port(), "/api/stream/event", a.token);
    b.events = std::make_unique<NdjsonReader>(server.port(), "/api/stream/event", b.token);
    REQUIRE(a.events->status() == 200);
    REQUIRE(b.events->status() == 200);
    const auto replayed_a = a.events->next_line(300ms);
    const auto replayed_b = b.events->next_line(300ms);
    CHECK_FALSE(replayed_a);
    CHECK_FALSE(replayed_b);

    // The third is accepted: A plays White.
    const std::string third = body_of(bot_api(server, "POST", "/api/challenge/RoboterB", a.token, form)).at("id");
    CHECK(next_of_type(*b.events, "challenge").at("challenge").at("id") == third);
    REQUIRE(bot_api(server, "POST", "/api/challenge/" + third + "/accept", b.token).status == 200);
    const json a_start = next_of_type(*a.events, "gameStart").at("game");
    const json b_start = next_of_type(*b.events, "gameStart").at("game");
    const std::string id = a_start.at("gameId");
    CHECK(id == third);
    CHECK(b_start.at("gameId") == id);
    CHECK(a_start.at("color") == "white");
    CHECK(b_start.at("color") == "black");
    CHECK(a_start.at("opponent").at("title") == "BOT");
    CHECK(b_start.at("opponent").at("title") == "BOT");
    CHECK(a_start.at("speed") == "bullet");

    NdjsonReader stream(server.port(), "/api/bot/game/stream/" + id, a.token);
    const json full = first_line(stream);
    CHECK(full.at("white").at("title") == "BOT");
    CHECK(full.at("black").at("title") == "BOT");
    CHECK(full.at("clock") == json{{"initial", 60000}, {"increment", 1000}});

    const json playing = body_of(bot_api(server, "GET", "/api/account/playing", a.token));
    REQUIRE(playing.at("nowPlaying").size() == 1);
    CHECK(playing.at("nowPlaying")[0].at("gameId") == id);
    CHECK(playing.at("nowPlaying")[0].at("isMyTurn") == true);

    REQUIRE(bot_api(server, "POST", "/api/bot/game/" + id + "/move/e2e4", a.token).status == 200);
    next_state(stream, "e2e4");
    CHECK(bot_api(server, "POST", "/api/bot/game/" + id + "/move/e7e5", a.token).status == 400);
    REQUIRE(bot_api(server, "POST", "/api/bot/game/" + id + "/move/e7e5", b.token).status == 200);
    next_state(stream, "e2e4 e7e5");
    REQUIRE(bot_api(server, "POST", "/api/bot/game/" + id + "/resign", b.token).status == 200);
    const json last = next_of_type(stream, "gameState");
    CHECK(last.at("status") == "resign");
    CHECK(last.at("winner") == "white");
    CHECK(stream.wait_ended());
    CHECK(next_of_type(*a.events, "gameFinish").at("game").at("winner") == "white");
    CHECK(next_of_type(*b.events, "gameFinish").at("game").at("status") == json{{"name", "resign"}});
    CHECK(body_of(bot_api(server, "GET", "/api/account/playing", a.token)).at("nowPlaying").empty());
}

TEST_CASE("bot api: streams closed by the bot and opened again begin with the running game, online while streaming",
          "[server][bots]")
{
    InProcessServer server;
    Bot bot(server, "RoboterA");
    auto anna = human(server, "Anna");
    const StartedGame game = challenge_bot(server, *anna, "Anna", bot);
    auto stream = std::make_unique<NdjsonReader>(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
    CHECK(first_line(*stream).at("type") == "gameFull");
    REQUIRE(bot_move(server, bot, game, "e2e4").status == 200);
    next_state(*stream, "e2e4");
    human_move(*anna, game.table, "e5");
    next_state(*stream, "e2e4 e7e5");

    // Online while its stream is open, with its title; the human too.
    const json status = body_of(http_get(server.port(), "/api/users/status?ids=RoboterA,Anna,Niemand"));
    REQUIRE(status.size() == 2);
    CHECK(status[0] == json{{"id", "robotera"}, {"name", "RoboterA"}, {"title", "BOT"}, {"online", true}});
    CHECK(status[1] == json{{"id", "anna"}, {"name", "Anna"}, {"online", true}});
    const HttpReply online = http_get(server.port(), "/api/bot/online");
    REQUIRE(online.status == 200);
    CHECK(online.header("Content-Type") == "application/x-ndjson");
    const json listed = json::parse(online.body.substr(0, online.body.find('\n')));
    CHECK(listed.at("username") == "RoboterA");
    CHECK(listed.at("title") == "BOT");
    CHECK(listed.at("online") == true);
    CHECK(body_of(http_get(server.port(), "/api/user/RoboterA")).at("online") == true);

    // The bot's program restarts its streams.
    bot.events->close();
    stream->close();
    bot.events = std::make_unique<NdjsonReader>(server.port(), "/api/stream/event", bot.token);
    const json again = first_line(*bot.events);
    CHECK(again.at("type") == "gameStart");
    CHECK(again.at("game").at("gameId") == game.id);
    CHECK(again.at("game").at("lastMove") == "e7e5");
    CHECK(again.at("game").at("isMyTurn") == true);
    stream = std::make_unique<NdjsonReader>(server.port(), "/api/bot/game/stream/" + game.id, bot.token);
    const json full = first_line(*stream);
    CHECK(full.at("type") == "gameFull");
    CHECK(full.at("state").at("moves") == "e2e4 e7e5");

    // The new streams follow the game.
    REQUIRE(bot_move(server, bot, game, "g1f3").status == 200);
    next_state(*stream, "e2e4 e7e5 g1f3");
    anna->receive_matching([](const json& frame) { return frame.at("type") == "move" && frame.at("uci") == "g1f3"; },
                           "the move g1f3");
    CHECK(body_of(http_get(server.port(), "/api/users/status?ids=RoboterA"))[0].at("online") == true);

    // The human's connection drops: the bot is told.
    anna->drop();
    const json gone = next_of_type(*stream, "opponentGone");
    CHECK(gone.at("gone") == true);
    CHECK(gone.at("claimWinInSeconds").get<std::int64_t>() > 0);
}

TEST_CASE("bot api: a stream with nothing to say sends an empty line every few seconds", "[server][bots][keep_alive]")
{
    InProcessServer server;
    Bot bot(server, "RoboterA");
    const auto opened = std::chrono::steady_clock::now();
    const auto within = server::NdjsonStream::keep_alive_every + 1500ms;
    while (bot.events->keep_alive_lines() == 0 && std::chrono::steady_clock::now() - opened < within) {
        const auto line = bot.events->next_line(250ms);
        INFO((line ? line->dump() : "nothing"));
        CHECK_FALSE(line);
    }
    CHECK(bot.events->keep_alive_lines() == 1);
    CHECK(std::chrono::steady_clock::now() - opened < within);
    CHECK_FALSE(bot.events->ended());
}
