// Server analysis over HTTP (issue 29 §2; docs/bots.md, "Server analysis"), with Debian's
// stockfish: a registered player asks for a finished game's analysis; every position is
// evaluated, stored once and read back with each move's judgement and both accuracies; the
// game's PGN carries the evaluations and the marks; and every refusal: no session, a
// game that is not there or one still running, past his day's share, another origin, another
// method, a body that is not JSON.
#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

using Headers = std::vector<std::pair<std::string, std::string>>;
const std::string password = "Analyse-Passwort-1";

// Registers `nick` over HTTP and returns its session cookie ("rochade_session=...").
std::string account_cookie(const InProcessServer& server, const std::string& nick)
{
    const Headers json_headers{{"Content-Type", "application/json"}};
    const std::string body = json{{"nick", nick}, {"password", password}}.dump();
    const HttpReply registered = http_request(server.port(), "POST", "/api/register", json_headers, body);
    REQUIRE(registered.status == 200);
    const auto set_cookie = registered.header("Set-Cookie");
    REQUIRE(set_cookie);
    return set_cookie->substr(0, set_cookie->find(';'));
}

HttpReply ask(const InProcessServer& server, const std::string& cookie, std::int64_t game,
              const std::string& content_type = "application/json")
{
    Headers headers{{"Content-Type", content_type}};
    if (!cookie.empty()) headers.emplace_back("Cookie", cookie);
    return http_request(server.port(), "POST", "/api/games/" + std::to_string(game) + "/analysis", headers, "{}");
}

json read_analysis(const InProcessServer& server, std::int64_t game)
{
    const HttpReply reply = http_get(server.port(), "/api/games/" + std::to_string(game) + "/analysis");
    INFO(reply.body);
    REQUIRE(reply.status == 200);
    return json::parse(reply.body);
}

json analysis_done(const InProcessServer& server, std::int64_t game)
{
    for (int i = 0; i < 300; ++i) {
        const json read = read_analysis(server, game);
        if (read.at("state") == "done") return read;
        std::this_thread::sleep_for(100ms);
    }
    FAIL("the analysis of game " << game << " was not done within 30 s");
    return {};
}

void check_refused(const HttpReply& reply, int status, const std::string& code, const std::string& part = "")
{
    INFO(reply.body);
    CHECK(reply.status == status);
    const json body = json::parse(reply.body);
    CHECK(body.at("error") == code);
    if (!part.empty()) CHECK(body.at("message").get<std::string>().find(part) != std::string::npos);
}

// A game played to its end at a table of `server`: the fool's mate, 2. g4 the blunder.
std::int64_t fools_mate(const InProcessServer& server, const std::string& white, const std::string& black)
{
    SeatedGame game = SeatedGame::start(server.port(), "untimed", white, black);
    game.play({"f3", "e5", "g4", "Qh4#"});
    game.white->receive_until("game_over", game.table);
    return game.started.at("game_id").get<std::int64_t>();
}

} // namespace

TEST_CASE("server analysis: a finished game's positions evaluated, stored once, its moves judged and in the PGN",
          "[server][analysis]")
{
    InProcessServer server;
    const std::string cookie = account_cookie(server, "Analytikerin");
    const std::int64_t game = fools_mate(server, "Weiss", "Schwarz");
    CHECK(read_analysis(server, game).at("state") == "none");

    const HttpReply asked = ask(server, cookie, game);
    INFO(asked.body);
    REQUIRE(asked.status == 202);
    CHECK((json::parse(asked.body).at("state") == "running" || json::parse(asked.body).at("state") == "queued"));
    const json done = analysis_done(server, game);
    const json& evaluations = done.at("evaluations");
    REQUIRE(evaluations.size() == 5); // the start and four moves
    // After 2. g4 Black mates in one; after the mate White is mated (stored as Black's mate).
    CHECK(evaluations[3] == json{{"mate", -1}});
    CHECK(evaluations[4] == json{{"mate", -1}});
    CHECK(evaluations[0].contains("cp"));
    // 2. g4 is the blunder; the mate is best (1. f3, weak, may be an inaccuracy at this depth).
    REQUIRE(done.at("judgements").size() == 4);
    CHECK(done.at("judgements")[2] == "blunder");
    CHECK(done.at("judgements")[3] == "good");
    CHECK(done.at("judgements")[1] == "good");
    CHECK(done.at("white").at("blunders") == 1);
    CHECK(done.at("black").at("blunders") == 0);
    CHECK(done.at("white").at("accuracy").get<double>() < done.at("black").at("accuracy").get<double>());

    // Asked again: it is done, nothing runs again.
    const HttpReply again = ask(server, cookie, game);
    CHECK(again.status == 200);
    CHECK(json::parse(again.body).at("state") == "done");

    // The PGN: the evaluations after each move, the blunder's NAG, no evaluation after the mate.
    const HttpReply pgn = http_get(server.port(), "/games/" + std::to_string(game) + ".pgn");
    REQUIRE(pgn.status == 200);
    INFO(pgn.body);
    CHECK(pgn.body.find("2. g4 $4 {[%eval #-1]} 2...") != std::string::npos);
    CHECK(pgn.body.find("Qh4# 0-1") != std::string::npos);
    CHECK(pgn.body.find("1... e5 {[%eval -0.") != std::string::npos);
}

TEST_CASE("server analysis: refused without a session, to a guest, for a game not there, not public or running, "
          "past the day's share, from another origin, by another method, without JSON",
          "[server][analysis]")
{
    InProcessServer server([](server::ServerConfig& config) { config.analyses_per_player_per_day = 1; });
    const std::string cookie = account_cookie(server, "Analytikerin");
    const std::int64_t game = fools_mate(server, "Weiss", "Schwarz");

    check_refused(ask(server, "", game), 401, "not_logged_in");
    check_refused(ask(server, "rochade_session=forged", game), 401, "not_logged_in");
    check_refused(ask(server, cookie, 999999), 404, "no_such_game");
    check_refused(ask(server, cookie, game, "text/plain"), 400, "bad_request", "application/json");
    check_refused(
        http_request(server.port(), "PUT", "/api/games/" + std::to_string(game) + "/analysis", {{"Cookie", cookie}}),
        405, "bad_request");
    CHECK(http_get(server.port(), "/api/games/x1/analysis").status == 404);
    CHECK(http_request(server.port(), "POST", "/api/games/" + std::to_string(game) + "/analysis",
                       {{"Content-Type", "application/json"}, {"Cookie", cookie}, {"Origin", "https://evil.example"}},
                       "{}")
              .status == 403);

    // A game still running is not analysed, and reads as not finished.
    {
        SeatedGame running = SeatedGame::start(server.port(), "untimed", "Laeufer", "Springer");
        const std::int64_t playing = running.started.at("game_id");
        check_refused(ask(server, cookie, playing), 409, "bad_request", "not finished");
        const json read = read_analysis(server, playing);
        CHECK(read.at("state") == "none");
        CHECK(read.at("finished") == false);
    }

    // His day's share (one, as configured here) is used by his first request.
    REQUIRE(ask(server, cookie, game).status == 202);
    analysis_done(server, game);
    const std::int64_t second = fools_mate(server, "Dame", "Turm");
    check_refused(ask(server, cookie, second), 429, "rate_limited", "1 analyses today");
    // Another player's is his own.
    const std::string other = account_cookie(server, "Zweite");
    CHECK(ask(server, other, second).status == 202);
    analysis_done(server, second);
}
