// Tournaments over real sockets (issue 28 §1, the first part): the director's role creates them,
// anyone lists and shows them, players join and withdraw, the director starts the event and
// withdraws or readmits players; every refusal; two joins and two starts at once; and the
// tournament with its players still there after the server restarts on the same database.
#include <future>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_store.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "tests/server/server_fixture.h"
#include "tests/server/tournaments/tourney_steps.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;

namespace {

std::vector<std::string> nicks_of(const json& tournament)
{
    std::vector<std::string> nicks;
    for (const auto& player : tournament.at("players")) nicks.push_back(player.at("nick"));
    return nicks;
}

} // namespace

TEST_CASE("tournaments: directors, moderators and admins create them, players, guests and visitors may not",
          "[server][tournament]")
{
    InProcessServer server;
    WsTestClient director, moderator, admin, player, guest, visitor;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(moderator, server, "Aufsicht", protocol::Role::Moderator);
    tourney_account(admin, server, "Chefin", protocol::Role::Admin);
    tourney_account(player, server, "Spieler");
    guest.connect(server.port());
    guest.hello("Gast");
    visitor.connect(server.port());

    const json created = director.request(swiss_request({{"rated", true}, {"late_entry_until_round", 2}}));
    REQUIRE(created.at("type") == "ok");
    const json& t = created.at("tournament");
    CHECK(t.at("name") == "Winter Swiss");
    CHECK(t.at("system") == "swiss");
    CHECK(t.at("rounds") == 5);
    CHECK(t.at("rated") == true);
    CHECK(t.at("director") == "Leiterin");
    CHECK(t.at("late_entry_until_round") == 2);
    CHECK(t.at("password") == false);
    CHECK(t.at("state") == "registering");
    CHECK(t.at("players").empty());
    CHECK(tourney_create(moderator, {{"name", "Moderatorenturnier"}}) > t.at("id").get<std::int64_t>());
    CHECK(tourney_create(
              admin, {{"name", "Rundenturnier"}, {"system", "round_robin"}, {"rounds", nullptr}, {"cycles", 2}}) > 0);

    check_refused(player.request(swiss_request()), "forbidden", "create_tournament: needs the director role");
    check_refused(guest.request(swiss_request()), "forbidden", "needs the director role");
    check_refused(visitor.request(swiss_request()), "not_greeted", "list_tournaments, show_tournament");
    // Settings are checked with their field named, for a director too.
    check_refused(director.request(swiss_request({{"name", "ab"}})), "bad_request", "field 'name'");
    check_refused(director.request(swiss_request({{"rounds", 40}})), "bad_request", "field 'rounds'");
    check_refused(director.request(swiss_request({{"system", "knockout"}})), "bad_request", "field 'system'");
    check_refused(director.request(swiss_request({{"time_control", "untimed"}, {"rated", true}})), "rated_needs_clock",
                  "field 'rated'");
    check_refused(director.request(swiss_request({{"late_entry_until_round", 6}})), "bad_request",
                  "field 'late_entry_until_round'");
    check_refused(director.request(swiss_request({{"password", "abc"}})), "bad_request", "field 'password'");

    // Everyone lists them, visitors too: upcoming, running, finished, newest first.
    REQUIRE(visitor.request({{"type", "list_tournaments"}}).at("type") == "ok");
    const json list = visitor.receive_until("tournaments");
    REQUIRE(list.at("upcoming").size() == 3);
    CHECK(list.at("upcoming")[0].at("system") == "round_robin");
    CHECK(list.at("upcoming")[0].at("cycles") == 2);
    CHECK(list.at("upcoming")[2].at("name") == "Winter Swiss");
    CHECK(list.at("running").empty());
    CHECK(list.at("finished").empty());
    check_refused(visitor.request({{"type", "show_tournament"}, {"tournament", 99}}), "no_such_tournament",
                  "there is no tournament 99");
}

TEST_CASE("tournaments: players join in order with their ratings, watchers hear of it, and every refusal",
          "[server][tournament]")
{
    InProcessServer server;
    WsTestClient director, anna, bert, guest, visitor;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(anna, server, "Anna");
    tourney_account(bert, server, "Bert");
    guest.connect(server.port());
    guest.hello("Gast");
    visitor.connect(server.port());

    const std::int64_t rated = tourney_create(director, {{"rated", true}});
    const std::int64_t casual = tourney_create(director, {{"name", "Feierabend"}, {"password", "Geheim-1"}});
    tourney_show(visitor, rated); // the visitor watches it from now on

    REQUIRE(tourney_join(bert, rated).at("type") == "ok");
    const json update = visitor.receive_until("tournament_updated").at("tournament");
    CHECK(update.at("id") == rated);
    CHECK(nicks_of(update) == std::vector<std::string>{"Bert"});
    REQUIRE(tourney_join(anna, rated).at("type") == "ok");
    CHECK(nicks_of(visitor.receive_until("tournament_updated").at("tournament")) ==
          std::vector<std::string>{"Bert", "Anna"});
    const json shown = tourney_show(guest, rated);
    REQUIRE(shown.at("players").size() == 2);
    CHECK(shown.at("players")[0] ==
          json{{"entry", 1}, {"nick", "Bert"}, {"rating", 1500}, {"first_round", 1}, {"withdrawn", false}});
    CHECK(shown.at("players")[1].at("entry") == 2);
    CHECK(shown.at("player_count") == 2);

    // The refusals of a join.
    check_refused(tourney_join(guest, rated), "rated_needs_account",
                  "a rated tournament is for players with an account");
    check_refused(tourney_join(anna, rated), "already_in_tournament", "registered already");
    check_refused(tourney_join(anna, 77), "no_such_tournament");
    check_refused(tourney_join(anna, casual), "wrong_tournament_password", "needs a password");
    check_refused(tourney_join(anna, casual, "falsch-1"), "wrong_tournament_password", "not the tournament's password");
    check_refused(visitor.request({{"type", "join_tournament"}, {"tournament", casual}}), "not_greeted");
    REQUIRE(tourney_join(guest, casual, "Geheim-1").at("type") == "ok"); // a guest in a casual event
    CHECK(tourney_show(guest, casual).at("players")[0].at("rating") == 0);
    // The password is kept only as a hash, bound to the tournament.
    {
        db::Database db(server.config().db_path, db::OpenMode::ReadOnly);
        CHECK(db.query_int("SELECT COUNT(*) FROM tournaments WHERE settings LIKE '%Geheim-1%'") == 0);
        CHECK(db.query_int("SELECT COUNT(*) FROM tournaments WHERE settings LIKE '%password_hash%'") == 1);
    }

    // Withdrawing: only oneself, once; a withdrawn player comes back through the director.
    check_refused(tourney_act(guest, "withdraw_tournament", rated), "not_in_tournament", "not registered");
    REQUIRE(tourney_act(bert, "withdraw_tournament", rated).at("type") == "ok");
    CHECK(visitor.receive_until("tournament_updated").at("tournament").at("players")[0].at("withdrawn") == true);
    check_refused(tourney_act(bert, "withdraw_tournament", rated), "not_in_tournament",
                  "withdrawn from this tournament already");
    check_refused(tourney_join(bert, rated), "already_in_tournament", "its director may readmit you");
    check_refused(tourney_act(anna, "director_readmit", rated, "Bert"), "forbidden",
                  "only the tournament's director (Leiterin), a moderator or an admin may");
    check_refused(tourney_act(director, "director_readmit", rated, "Anna"), "not_in_tournament", "has not withdrawn");
    check_refused(tourney_act(director, "director_readmit", rated, "Niemand"), "not_in_tournament",
                  "is not registered");
    REQUIRE(tourney_act(director, "director_readmit", rated, "bert").at("type") == "ok");
    CHECK(tourney_show(anna, rated).at("players")[0].at("withdrawn") == false);
    check_refused(tourney_act(anna, "director_withdraw", rated, "Bert"), "forbidden");
    REQUIRE(tourney_act(director, "director_withdraw", rated, "Bert").at("type") == "ok");
    check_refused(tourney_act(director, "director_withdraw", rated, "Bert"), "not_in_tournament", "withdrawn already");
    REQUIRE(tourney_act(director, "director_readmit", rated, "Bert").at("type") == "ok");
}

TEST_CASE("tournaments: the director starts the event, too few players, others and a second start are refused, "
          "late entries as set",
          "[server][tournament]")
{
    InProcessServer server;
    WsTestClient director, other_director, moderator, anna, bert, clara;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(other_director, server, "Andere", protocol::Role::Director);
    tourney_account(moderator, server, "Aufsicht", protocol::Role::Moderator);
    tourney_account(anna, server, "Anna");
    tourney_account(bert, server, "Bert");
    tourney_account(clara, server, "Clara");

    const std::int64_t closed = tourney_create(director);
    const std::int64_t late = tourney_create(director, {{"name", "Mit Nachmeldung"}, {"late_entry_until_round", 2}});
    const std::int64_t round_robin =
        tourney_create(director, {{"name", "Rundenturnier"}, {"system", "round_robin"}, {"rounds", nullptr}});
    REQUIRE(tourney_join(anna, closed).at("type") == "ok");
    check_refused(tourney_act(director, "start_tournament", closed), "too_few_players",
                  "a Swiss needs at least 2 players; 1 are registered");
    REQUIRE(tourney_join(bert, closed).at("type") == "ok");
    check_refused(tourney_act(anna, "start_tournament", closed), "forbidden");
    check_refused(tourney_act(other_director, "start_tournament", closed), "forbidden", "director (Leiterin)");
    REQUIRE(tourney_act(director, "start_tournament", closed).at("type") == "ok");
    const json started =
        anna.receive_matching(
                [](const json& frame) {
                    return frame.at("type") == "tournament_updated" && frame.at("tournament").at("state") == "running";
                },
                "the update of the start")
            .at("tournament");
    CHECK(started.at("state") == "running");
    CHECK(started.contains("started_ms"));
    check_refused(tourney_act(director, "start_tournament", closed), "tournament_started");
    check_refused(tourney_join(clara, closed), "tournament_closed", "takes no late entries");

    // Late entry until round 2: the start pairs round 1 at once; round 2 is not paired yet.
    REQUIRE(tourney_join(anna, late).at("type") == "ok");
    REQUIRE(tourney_join(bert, late).at("type") == "ok");
    REQUIRE(tourney_act(moderator, "start_tournament", late).at("type") == "ok"); // a moderator may direct
    anna.receive_matching(
        [late](const json& frame) {
            return frame.at("type") == "tournament_updated" && frame.at("tournament").at("id") == late &&
                   frame.at("tournament").at("rounds_paired") == 1;
        },
        "round 1 of the late-entry event paired");
    REQUIRE(tourney_join(clara, late).at("type") == "ok");
    CHECK(tourney_show(clara, late).at("players")[2].at("first_round") == 2);

    // A round robin needs three.
    REQUIRE(tourney_join(anna, round_robin).at("type") == "ok");
    REQUIRE(tourney_join(bert, round_robin).at("type") == "ok");
    check_refused(tourney_act(director, "start_tournament", round_robin), "too_few_players",
                  "a round robin needs at least 3 players");
    // Withdrawn players do not count.
    REQUIRE(tourney_join(clara, round_robin).at("type") == "ok");
    REQUIRE(tourney_act(clara, "withdraw_tournament", round_robin).at("type") == "ok");
    check_refused(tourney_act(director, "start_tournament", round_robin), "too_few_players", "2 are registered");
    check_refused(tourney_act(director, "start_tournament", 404), "no_such_tournament");
}

TEST_CASE("tournaments: two joins of the same player and two starts at once: exactly one wins", "[server][tournament]")
{
    InProcessServer server;
    WsTestClient director, moderator, anna, bert;
    tourney_account(director, server, "Leiterin", protocol::Role::Director);
    tourney_account(moderator, server, "Aufsicht", protocol::Role::Moderator);
    tourney_account(anna, server, "Anna");
    tourney_account(bert, server, "Bert");
    for (int round = 0; round < 5; ++round) {
        const std::int64_t id = tourney_create(director, {{"name", "Blitz " + std::to_string(round)}, {"rated", true}});
        // Two joins back to back: the second arrives while the first's rating is read.
        anna.send({{"type", "join_tournament"}, {"tournament", id}, {"id", "a1"}});
        anna.send({{"type", "join_tournament"}, {"tournament", id}, {"id", "a2"}});
        int ok = 0, refused = 0;
        for (int answers = 0; answers < 2;) {
            const json frame = anna.receive();
            if (!frame.contains("id")) continue;
            ++answers;
            if (frame.at("type") == "ok") ++ok;
            if (frame.at("type") == "error" && frame.at("code") == "already_in_tournament") ++refused;
        }
        CHECK(ok == 1);
        CHECK(refused == 1);
        REQUIRE(tourney_join(bert, id).at("type") == "ok");
        CHECK(tourney_show(bert, id).at("players").size() == 2);

        // The director and a moderator start it at once.
        director.send({{"type", "start_tournament"}, {"tournament", id}, {"id", "s1"}});
        moderator.send({{"type", "start_tournament"}, {"tournament", id}, {"id", "s2"}});
        const auto answer = [](WsTestClient& client) {
            return client.receive_matching([](const json& frame) { return frame.contains("id"); }, "an answer");
        };
        const json one = answer(director), two = answer(moderator);
        INFO(one.dump() << " " << two.dump());
        CHECK(int(one.at("type") == "ok") + int(two.at("type") == "ok") == 1);
        CHECK((one.at("type") == "ok" ? two : one).at("code") == "tournament_started");
    }
    db::Database db(server.config().db_path, db::OpenMode::ReadOnly);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournament_players") == 10);
    CHECK(db.query_int("SELECT COUNT(*) FROM tournaments WHERE state = 'running'") == 5);
}

TEST_CASE("tournaments: after a restart on the same database the tournaments, their players and state are there",
          "[server][tournament]")
{
    TempDir dir;
    const std::string db_path = (dir.path() / "tournaments.db").string();
    const auto on_that_store = [&](server::ServerConfig& config) { config.db_path = db_path; };
    std::int64_t swiss = 0, late = 0;
    {
        InProcessServer server(on_that_store);
        WsTestClient director, anna, bert;
        tourney_account(director, server, "Leiterin", protocol::Role::Director);
        tourney_account(anna, server, "Anna");
        tourney_account(bert, server, "Bert");
        swiss = tourney_create(director, {{"password", "Geheim-1"}});
        late = tourney_create(director, {{"name", "Nachmeldung bis 1"}, {"late_entry_until_round", 1}});
        REQUIRE(tourney_join(bert, swiss, "Geheim-1").at("type") == "ok");
        REQUIRE(tourney_join(anna, swiss, "Geheim-1").at("type") == "ok");
        REQUIRE(tourney_act(anna, "withdraw_tournament", swiss).at("type") == "ok");
        REQUIRE(tourney_join(anna, late).at("type") == "ok");
        REQUIRE(tourney_join(bert, late).at("type") == "ok");
        REQUIRE(tourney_act(director, "start_tournament", late).at("type") == "ok");
        // The start pairs round 1 at once, so its late entries (until round 1) close.
        anna.receive_matching(
            [](const json& frame) {
                return frame.at("type") == "tournament_updated" && frame.at("tournament").at("rounds_paired") == 1;
            },
            "round 1 paired");
    }

    {
        InProcessServer again(on_that_store);
        WsTestClient director, clara, visitor;
        visitor.connect(again.port());
        const json shown = tourney_show(visitor, swiss);
        CHECK(shown.at("name") == "Winter Swiss");
        CHECK(shown.at("state") == "registering");
        CHECK(shown.at("password") == true);
        CHECK(nicks_of(shown) == std::vector<std::string>{"Bert", "Anna"});
        CHECK(shown.at("players")[1].at("withdrawn") == true);
        CHECK(shown.at("player_count") == 1);
        const json running = tourney_show(visitor, late);
        CHECK(running.at("state") == "running");
        CHECK(running.at("rounds_paired") == 1);

        tourney_account(clara, again, "Clara");
        // The password still opens the event (its hash was kept), and a wrong one still does not.
        check_refused(tourney_join(clara, swiss, "falsch-1"), "wrong_tournament_password");
        REQUIRE(tourney_join(clara, swiss, "Geheim-1").at("type") == "ok");
        CHECK(tourney_show(clara, swiss).at("players")[2].at("entry") == 3);
        check_refused(tourney_join(clara, late), "tournament_closed", "late entries were taken until round 1");
        // The director is still its director; new ids continue after the stored ones.
        director.connect(again.port());
        REQUIRE(
            director.request({{"type", "hello"}, {"nick", "Leiterin"}, {"password", tourney_password}}).at("role") ==
            "director");
        REQUIRE(tourney_act(director, "director_readmit", swiss, "Anna").at("type") == "ok");
        CHECK(tourney_create(director, {{"name", "Danach"}}) == late + 1);
    }
    // A finished event takes nobody.
    tourney_store(db_path, db::TournamentStateChanged{late, "running", "finished", 2});
    InProcessServer third(on_that_store);
    WsTestClient dora, onlooker;
    tourney_account(dora, third, "Dora");
    check_refused(tourney_join(dora, late), "tournament_closed", "the tournament is over");
    onlooker.connect(third.port());
    REQUIRE(onlooker.request({{"type", "list_tournaments"}}).at("type") == "ok");
    const json list = onlooker.receive_until("tournaments");
    CHECK(list.at("finished").size() == 1);
    CHECK(list.at("upcoming").size() == 2);
}
