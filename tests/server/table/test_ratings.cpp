// Ratings end to end (docs/ratings.md): who may open and join a rated table, the rating changes
// the players are shown after scripted games between accounts (checked against Glicko-2 computed
// here with rating/glicko2.h from the start values, not read back from the server), the profile,
// a player's games with filters, the leaderboards, and WhiteElo/BlackElo in the archive's PGN.
#include <catch2/catch.hpp>

#include <cmath>
#include <memory>

#include "rating/glicko2.h"
#include "tests/server/room_events.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using rating::GameResult;

namespace {

constexpr const char* player_password = "Geheimnis-42";
const rating::Glicko2Config glicko;

std::unique_ptr<WsTestClient> account(std::uint16_t port, const std::string& nick)
{
    auto client = std::make_unique<WsTestClient>();
    client->connect(port);
    const json created = client->request({{"type", "register"}, {"nick", nick}, {"password", player_password}});
    REQUIRE(created.at("type") == "hello_ok");
    REQUIRE(client->request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    return client;
}

json body_of(const HttpReply& reply)
{
    INFO(reply.body);
    return json::parse(reply.body);
}

// Two accounts at a rated table: who is White now (a rematch swaps the seats), and the ratings
// Glicko-2 says they must have after the games played so far.
struct RatedTable {
    WsTestClient* white = nullptr;
    WsTestClient* black = nullptr;
    std::string white_nick, black_nick;
    std::int64_t table = 0;
    std::int64_t game = 0;

    // `white` opens a rated table with `time_control`, `black` joins; both saw game_started.
    static RatedTable open(WsTestClient& white, const std::string& white_nick, WsTestClient& black,
                           const std::string& black_nick, const std::string& time_control, int room = 34)
    {
        const json opened = white.request(
            {{"type", "open_table"}, {"room", room}, {"time_control", time_control}, {"color", "white"}, {"rated", true}});
        REQUIRE(opened.at("type") == "ok");
        RatedTable at{&white, &black, white_nick, black_nick, opened.at("table").get<std::int64_t>(), 0};
        REQUIRE(black.request({{"type", "join_table"}, {"table", at.table}}).at("type") == "ok");
        at.game = white.receive_until("game_started", at.table).at("game_id").get<std::int64_t>();
        black.receive_until("game_started", at.table);
        return at;
    }

    void swap_seats()
    {
        std::swap(white, black);
        std::swap(white_nick, black_nick);
    }
    // Sends `moves` alternately from White and waits until both players saw each.
    void play(const std::vector<std::string>& moves)
    {
        for (std::size_t i = 0; i < moves.size(); ++i) {
            WsTestClient& mover = i % 2 == 0 ? *white : *black;
            mover.send({{"type", "move"}, {"table", table}, {"move", moves[i]}});
            white->receive_until("move", table);
            black->receive_until("move", table);
        }
    }
    // Both players' rating_change frames, which must be the same.
    json rating_change()
    {
        const json seen_by_white = white->receive_until("rating_change", table);
        CHECK(black->receive_until("rating_change", table) == seen_by_white);
        CHECK(seen_by_white.at("game") == game);
        return seen_by_white;
    }
    void rematch()
    {
        REQUIRE(white->request({{"type", "rematch"}, {"table", table}}).at("type") == "ok");
        REQUIRE(black->request({{"type", "rematch"}, {"table", table}}).at("type") == "ok");
        const json started = white->receive_until("game_started", table);
        black->receive_until("game_started", table);
        game = started.at("game_id").get<std::int64_t>();
        swap_seats();
        REQUIRE(started.at("white") == white_nick);
    }
};

// What a player sees of their change: whole numbers, as the frame carries them.
void check_change(const json& seen, const std::string& nick, const rating::Rating& before, const rating::Rating& after)
{
    INFO(seen.dump());
    CHECK(seen.at("nick") == nick);
    CHECK(seen.at("before") == std::lround(before.rating));
    CHECK(seen.at("after") == std::lround(after.rating));
    CHECK(seen.at("diff") == std::lround(after.rating) - std::lround(before.rating));
    CHECK(seen.at("rd") == std::lround(after.rd));
    CHECK(seen.at("provisional") == rating::is_provisional(after));
}

GameResult opposite(GameResult result)
{
    return result == GameResult::Win ? GameResult::Loss : result == GameResult::Loss ? GameResult::Win : GameResult::Draw;
}

} // namespace

TEST_CASE("a rated table is for two accounts with a clock, guests and untimed games stay casual", "[server][ratings]")
{
    InProcessServer server;
    auto anna = account(server.port(), "Anna");
    auto bert = account(server.port(), "Bert");
    WsTestClient guest;
    guest.connect(server.port());
    guest.hello("Gast");
    REQUIRE(guest.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");

    json refused = guest.request({{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}, {"rated", true}});
    CHECK(refused.at("code") == "rated_needs_account");
    CHECK_THAT(refused.at("message").get<std::string>(), Catch::Contains("account"));
    // A casual table rates nothing, with a guest or without: no rating_change after its end.
    const json casual = anna->request({{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}});
    REQUIRE(casual.at("type") == "ok");
    const std::int64_t casual_table = casual.at("table");
    REQUIRE(guest.request({{"type", "join_table"}, {"table", casual_table}}).at("type") == "ok");
    CHECK(anna->receive_until("game_started", casual_table).at("rated") == false);
    REQUIRE(anna->request({{"type", "resign"}, {"table", casual_table}}).at("type") == "ok");
    anna->receive_until("game_over", casual_table);
    CHECK_FALSE(anna->try_receive(300ms).value_or(json::object()).value("type", "") == "rating_change");
    CHECK(body_of(http_get(server.port(), "/api/players/Anna")).at("ratings").at("blitz").at("games") == 0);
    REQUIRE(anna->request({{"type", "leave_table"}, {"table", casual_table}}).at("type") == "ok");
    REQUIRE(guest.request({{"type", "leave_table"}, {"table", casual_table}}).at("type") == "ok");
    anna->drain();
    bert->drain();

    refused = anna->request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}, {"rated", true}});
    CHECK(refused.at("code") == "rated_needs_clock");
    CHECK(anna->request({{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}, {"rated", "yes"}})
              .at("code") == "bad_request");

    const json opened = anna->request(
        {{"type", "open_table"}, {"room", 34}, {"time_control", "3+2"}, {"color", "white"}, {"rated", true}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t table = opened.at("table");
    const json listed = receive_table_listed(*bert, table);
    CHECK(listed.at("rated") == true);

    // A guest cannot take the free seat, and the table still waits for an account.
    CHECK(guest.request({{"type", "join_table"}, {"table", table}}).at("code") == "rated_needs_account");
    REQUIRE(bert->request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    const json started = anna->receive_until("game_started", table);
    CHECK(started.at("rated") == true);
    CHECK(started.at("rating_change").is_null());
    // Both ratings are read before the game starts: a newcomer's is the initial one, provisional.
    CHECK(started.at("white_rating") == json{{"rating", 1500}, {"provisional", true}});
    CHECK(started.at("black_rating") == json{{"rating", 1500}, {"provisional", true}});

}

TEST_CASE("scripted rated games: the changes shown and stored are Glicko-2's, game after game", "[server][ratings]")
{
    InProcessServer server;
    auto anna = account(server.port(), "Anna");
    auto bert = account(server.port(), "Bert");
    RatedTable at = RatedTable::open(*anna, "Anna", *bert, "Bert", "3+2");

    rating::Rating anna_rating = glicko.initial, bert_rating = glicko.initial;
    std::vector<std::int64_t> games;
    // Each game: how it ends, and its result from Anna's side. Same day: no RD ageing between.
    auto rated = [&](GameResult for_anna) {
        const json change = at.rating_change();
        CHECK(change.at("category") == "blitz");
        const rating::Rating anna_after = rating::rate_game(anna_rating, bert_rating, for_anna, glicko);
        const rating::Rating bert_after = rating::rate_game(bert_rating, anna_rating, opposite(for_anna), glicko);
        const bool anna_white = at.white_nick == "Anna";
        check_change(change.at(anna_white ? "white" : "black"), "Anna", anna_rating, anna_after);
        check_change(change.at(anna_white ? "black" : "white"), "Bert", bert_rating, bert_after);
        anna_rating = anna_after;
        bert_rating = bert_after;
        games.push_back(at.game);
    };

    // 1. Fool's mate: Anna (White) is mated.
    at.play({"f3", "e5", "g4", "Qh4#"});
    rated(GameResult::Loss);
    // The change stays in the table's state for whoever looks again.
    const json state = anna->request({{"type", "watch_table"}, {"table", at.table}});
    CHECK(state.at("rating_change").at("game") == at.game);
    CHECK(state.at("white_rating").at("rating") == std::lround(anna_rating.rating));

    // 2. Rematch, Bert is White and resigns: Anna wins.
    at.rematch();
    CHECK(anna->request({{"type", "watch_table"}, {"table", at.table}}).at("rating_change").is_null());
    at.play({"e4", "e5"});
    REQUIRE(at.white->request({{"type", "resign"}, {"table", at.table}}).at("type") == "ok");
    rated(GameResult::Win);

    // 3. Rematch, Anna is White again: a draw by agreement.
    at.rematch();
    at.play({"d4", "d5"});
    REQUIRE(at.white->request({{"type", "offer_draw"}, {"table", at.table}}).at("type") == "ok");
    REQUIRE(at.black->request({{"type", "accept_draw"}, {"table", at.table}}).at("type") == "ok");
    rated(GameResult::Draw);

    // 4. An abort rates nothing.
    at.rematch();
    REQUIRE(at.white->request({{"type", "abort"}, {"table", at.table}}).at("type") == "ok");
    at.white->receive_until("game_over", at.table);
    CHECK_FALSE(at.white->try_receive(300ms).value_or(json::object()).value("type", "") == "rating_change");

    // The profile holds what the formulas say, to the hundredth it is written in.
    const json profile = body_of(http_get(server.port(), "/api/players/Anna"));
    CHECK(profile.at("nick") == "Anna");
    CHECK(profile.at("role") == "player");
    const json blitz = profile.at("ratings").at("blitz");
    CHECK(blitz.at("rating").get<double>() == Approx(anna_rating.rating).margin(0.006));
    CHECK(blitz.at("rd").get<double>() == Approx(anna_rating.rd).margin(0.006));
    CHECK(blitz.at("volatility").get<double>() == Approx(anna_rating.volatility).margin(1e-6));
    CHECK(blitz.at("games") == 3);
    CHECK(blitz.at("wins") == 1);
    CHECK(blitz.at("draws") == 1);
    CHECK(blitz.at("losses") == 1);
    CHECK(blitz.at("provisional") == true);
    CHECK(profile.at("ratings").at("bullet").at("games") == 0);
    CHECK(profile.at("ratings").at("bullet").at("rating") == 1500);
    const json history = profile.at("history").at("blitz");
    REQUIRE(history.size() == 3);
    for (std::size_t i = 0; i < 3; ++i) CHECK(history[i].at("game") == games[i]);
    CHECK(history[2].at("rating").get<double>() == Approx(anna_rating.rating).margin(0.006));
    REQUIRE(profile.at("recent_games").size() == 4); // the abort too
    const json newest_rated = profile.at("recent_games")[1];
    CHECK(newest_rated.at("id") == games[2]);
    CHECK(newest_rated.at("category") == "blitz");
    CHECK(newest_rated.at("rating_changes").at("white").at("after") == std::lround(anna_rating.rating));

    // A player's games, filtered as the profile's form asks.
    auto count = [&](const std::string& query) {
        const HttpReply reply = http_get(server.port(), "/api/players/Anna/games" + query);
        INFO(query << ": " << reply.body);
        REQUIRE(reply.status == 200);
        return json::parse(reply.body).at("games").size();
    };
    CHECK(count("") == 4);
    CHECK(count("?result=won") == 1);
    CHECK(count("?result=lost") == 1);
    CHECK(count("?result=drawn") == 1);
    CHECK(count("?colour=white") == 2); // games 1 and 3; the rematches swap the colours
    CHECK(count("?colour=black") == 2);
    CHECK(count("?colour=black&result=won") == 1);
    CHECK(count("?colour=white&result=won") == 0);
    // The abort was played at the rated table: a rated game, though it changed no rating.
    CHECK(count("?category=blitz&rated=true") == 4);
    CHECK(count("?category=bullet") == 0);
    CHECK(count("?rated=false") == 0);
    CHECK(count("?opponent=BERT") == 4);
    CHECK(count("?opponent=Carla") == 0);
    const json page = body_of(http_get(server.port(), "/api/players/Anna/games?limit=3"));
    REQUIRE(page.at("next").is_string());
    CHECK(count("?limit=3&cursor=" + page.at("next").get<std::string>()) == 1);
    for (const std::string bad : {"?colour=green", "?result=win", "?category=hyper", "?rated=yes", "?limit=0",
                                  "?cursor=soon", "?colour=white&colour=black", "?player=Bert"}) {
        const HttpReply reply = http_get(server.port(), "/api/players/Anna/games" + bad);
        INFO(bad << ": " << reply.body);
        CHECK(reply.status == 400);
        CHECK(json::parse(reply.body).at("error") == "bad_request");
    }

    // The archive's PGN of a rated game names the ratings it was rated from.
    const HttpReply pgn = http_get(server.port(), "/games/" + std::to_string(games[1]) + ".pgn");
    REQUIRE(pgn.status == 200);
    CHECK_THAT(pgn.body, Catch::Contains("[White \"Bert\"]\n[Black \"Anna\"]\n"));
    CHECK_THAT(pgn.body, Catch::Contains("[WhiteElo \"" + std::to_string(std::lround(
                                                             rating::rate_game(glicko.initial, glicko.initial,
                                                                               GameResult::Win, glicko)
                                                                 .rating)) +
                                         "\"]"));
    const json archived = body_of(http_get(server.port(), "/api/games/" + std::to_string(games[0])));
    CHECK(archived.at("rated") == true);
    CHECK(archived.at("rating_changes").at("white").at("before") == 1500);
    CHECK(archived.at("rating_changes").at("white").at("diff").get<int>() < 0);

    // Nobody is established after three games: the leaderboards are empty, not wrong.
    const json boards = body_of(http_get(server.port(), "/api/leaderboard"));
    for (const char* category : {"bullet", "blitz", "rapid", "classical"}) CHECK(boards.at(category).empty());
}

TEST_CASE("the leaderboard lists established players only, best first", "[server][ratings]")
{
    InProcessServer server;
    auto anna = account(server.port(), "Anna");
    auto bert = account(server.port(), "Bert");
    RatedTable at = RatedTable::open(*anna, "Anna", *bert, "Bert", "1+0");

    // Anna wins two games of three until both ratings are established (RD at most 110).
    rating::Rating anna_rating = glicko.initial, bert_rating = glicko.initial;
    int played = 0;
    while (rating::is_provisional(anna_rating) || rating::is_provisional(bert_rating)) {
        REQUIRE(played < 40);
        const GameResult for_anna = played % 3 == 2 ? GameResult::Loss : GameResult::Win;
        WsTestClient& resigner = (at.white_nick == "Anna") == (for_anna == GameResult::Win) ? *at.black : *at.white;
        REQUIRE(resigner.request({{"type", "resign"}, {"table", at.table}}).at("type") == "ok");
        at.rating_change();
        const rating::Rating anna_after = rating::rate_game(anna_rating, bert_rating, for_anna, glicko);
        bert_rating = rating::rate_game(bert_rating, anna_rating, opposite(for_anna), glicko);
        anna_rating = anna_after;
        ++played;
        at.rematch();
    }
    // One more rated game, in a secret room: it moves both ratings, but the leaderboard's game
    // count is public and leaves it out.
    for (auto* player : {anna.get(), bert.get()})
        REQUIRE(player->request({{"type", "enter_room"}, {"room", -9}}).at("type") == "room");
    RatedTable secret = RatedTable::open(*anna, "Anna", *bert, "Bert", "1+0", -9);
    WsTestClient& bert_there = secret.white_nick == "Anna" ? *secret.black : *secret.white;
    REQUIRE(bert_there.request({{"type", "resign"}, {"table", secret.table}}).at("type") == "ok");
    secret.rating_change();
    const rating::Rating anna_after = rating::rate_game(anna_rating, bert_rating, GameResult::Win, glicko);
    bert_rating = rating::rate_game(bert_rating, anna_rating, GameResult::Loss, glicko);
    anna_rating = anna_after;

    const json board = body_of(http_get(server.port(), "/api/leaderboard/bullet"));
    CHECK(board.at("category") == "bullet");
    REQUIRE(board.at("players").size() == 2);
    CHECK(board.at("players")[0].at("rank") == 1);
    CHECK(board.at("players")[0].at("nick") == "Anna");
    CHECK(board.at("players")[0].at("rating").get<double>() == Approx(anna_rating.rating).margin(0.006));
    CHECK(board.at("players")[0].at("games") == played);
    CHECK(board.at("players")[1].at("nick") == "Bert");
    CHECK(body_of(http_get(server.port(), "/api/leaderboard")).at("bullet") == board.at("players"));
    CHECK(body_of(http_get(server.port(), "/api/leaderboard/blitz")).at("players").empty());
    CHECK(http_get(server.port(), "/api/leaderboard/hyperbullet").status == 404);
    CHECK(http_get(server.port(), "/api/leaderboard?top=5").status == 400);
}

TEST_CASE("profiles: only accounts have one, bad nicks and methods are refused by name", "[server][ratings]")
{
    InProcessServer server;
    auto anna = account(server.port(), "Jürgen");
    WsTestClient guest;
    guest.connect(server.port());
    guest.hello("Gast");

    const json found = body_of(http_get(server.port(), "/api/players/J%C3%BCRGEN"));
    CHECK(found.at("nick") == "Jürgen");
    for (const char* category : {"bullet", "blitz", "rapid", "classical"}) {
        CHECK(found.at("ratings").at(category).at("rating") == 1500);
        CHECK(found.at("ratings").at(category).at("rd") == 350);
        CHECK(found.at("ratings").at(category).at("provisional") == true);
        CHECK(found.at("history").at(category).empty());
    }
    CHECK(found.at("recent_games").empty());

    HttpReply missing = http_get(server.port(), "/api/players/Gast");
    CHECK(missing.status == 404);
    CHECK(json::parse(missing.body).at("error") == "no_such_nick");
    CHECK(http_get(server.port(), "/api/players/Niemand").status == 404);
    CHECK(http_get(server.port(), "/api/players/a%20b").status == 400);
    CHECK(http_get(server.port(), "/api/players/J%C3").status == 400);
    CHECK(http_get(server.port(), "/api/players/Anna/friends").status == 404);
    CHECK(http_get(server.port(), "/api/players/Anna?x=1").status == 400);
    const HttpReply posted = http_request(server.port(), "POST", "/api/players/Anna");
    CHECK(posted.status == 405);
    CHECK(posted.header("Allow") == "GET, HEAD");
    // A nick is data, never markup, in the JSON too.
    const HttpReply escaped = http_get(server.port(), "/api/players/%3Cb%3E");
    CHECK(escaped.body.find("<b>") == std::string::npos);
}

TEST_CASE("a rated game in a secret room moves the rating but is never named on the public profile",
          "[server][ratings]")
{
    InProcessServer server;
    auto anna = account(server.port(), "Anna");
    auto bert = account(server.port(), "Bert");
    for (auto* player : {anna.get(), bert.get()})
        REQUIRE(player->request({{"type", "enter_room"}, {"room", -9}}).at("type") == "room");
    RatedTable at = RatedTable::open(*anna, "Anna", *bert, "Bert", "3+2", -9);
    at.play({"f3", "e5", "g4", "Qh4#"});
    at.rating_change();

    const json profile = body_of(http_request(server.port(), "GET", "/api/players/Anna"));
    INFO(profile.dump());
    const json blitz = profile.at("ratings").at("blitz");
    CHECK(blitz.at("rating").get<double>() < 1500); // the rating moved (Bert mated Anna) ...
    CHECK(blitz.at("games") == 0);                  // ... but the public counts do not show the game
    CHECK(blitz.at("wins") == 0);
    CHECK(blitz.at("losses") == 0);
    const json history = profile.at("history").at("blitz");
    REQUIRE(history.size() == 1);
    CHECK(history[0].at("game").is_null()); // but the game is not named
    CHECK(profile.at("recent_games").empty());
    CHECK(http_request(server.port(), "GET", "/api/games/" + std::to_string(at.game)).status == 404);
}
