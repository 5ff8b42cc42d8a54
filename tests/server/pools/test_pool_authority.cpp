// The pools' pairing authority on its own (server/pools/pool_authority.h), fed messages and the
// clock as the pool service feeds it: a pairing asks Black's node to claim Black before White's
// node is asked to start; a refused claim lets White wait on; nothing is done out of office;
// rosters mend what lost messages left out; a gone node's players and pairings are dropped; an
// unanswered pairing is given up; and no player is in two pairings at once.
#include <chrono>
#include <string>

#include <catch2/catch.hpp>

#include "server/pools/pool_authority.h"

using namespace rochade::server::pools;
using namespace std::chrono_literals;
using Clock = PoolAuthority::Clock;

namespace {

PoolEntrant entrant(const std::string& player, const std::string& nick, const std::string& pool = "3+0",
                    bool guest = true)
{
    PoolEntrant e;
    e.player = player;
    e.nick = nick;
    e.guest = guest;
    e.pool = pool;
    return e;
}

PoolAuthority authority_in_office(Clock::time_point now)
{
    PoolAuthority authority("n1", [](const rochade::matchmaking::PoolSpec&) { return Clock::duration(10ms); });
    const auto out = authority.take_office(now);
    REQUIRE(out.size() == 1);
    REQUIRE(std::get<AuthorityIs>(out.front()).node == "n1");
    return authority;
}

template <class M> std::vector<M> all_of(const PoolAuthority::Outbox& out)
{
    std::vector<M> found;
    for (const auto& message : out)
        if (const auto* m = std::get_if<M>(&message)) found.push_back(*m);
    return found;
}

std::size_t waiting_in(const PoolAuthority& authority, const std::string& pool)
{
    for (const auto& count : authority.counts())
        if (count.pool == pool) return count.waiting;
    return 0;
}

} // namespace

TEST_CASE("pool authority: Black's node is asked first, then White's node starts the game", "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("g1", "Anna")}, t0);
    authority.received(Waiting{"n2", entrant("g2", "Bert")}, t0);
    CHECK(waiting_in(authority, "3+0") == 2);

    const auto claims = all_of<ClaimAsked>(authority.run_due_waves(t0 + 1s));
    REQUIRE(claims.size() == 1);
    const ClaimAsked claim = claims.front();
    CHECK(claim.authority == "n1");
    const bool bert_black = claim.player == "g2";
    CHECK(claim.node == (bert_black ? "n2" : "n1"));
    CHECK(waiting_in(authority, "3+0") == 0);
    CHECK(authority.pairings_in_progress() == 1);

    const auto starts = all_of<StartAsked>(
        authority.received(ClaimAnswered{"n1", claim.pairing, claim.node, claim.player, true}, t0 + 1s));
    REQUIRE(starts.size() == 1);
    CHECK(starts.front().node == (bert_black ? "n1" : "n2"));
    CHECK(starts.front().white == (bert_black ? "g1" : "g2"));
    CHECK(starts.front().black == claim.player);
    CHECK(starts.front().black_nick == (bert_black ? "Bert" : "Anna"));
    CHECK(starts.front().black_node == claim.node);
    CHECK_FALSE(starts.front().rated); // two guests

    // A second claim answer for the same pairing changes nothing.
    CHECK(authority.received(ClaimAnswered{"n1", claim.pairing, claim.node, claim.player, true}, t0 + 1s).empty());

    StartAnswered started;
    started.authority = "n1";
    started.pairing = claim.pairing;
    started.node = starts.front().node;
    started.pool = "3+0";
    started.black_node = claim.node;
    started.black = claim.player;
    started.table = 7;
    authority.received(started, t0 + 1s);
    CHECK(authority.pairings_in_progress() == 0);
    CHECK(authority.known_players() == 0);
}

TEST_CASE("pool authority: a refused claim lets White wait on, and he is paired with the next player",
          "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("g1", "Anna")}, t0);
    authority.received(Waiting{"n2", entrant("g2", "Bert")}, t0);
    const auto claim = all_of<ClaimAsked>(authority.run_due_waves(t0 + 1s)).at(0);
    const std::string white = claim.player == "g1" ? "g2" : "g1";
    // Black left his pool before his node heard the claim.
    const auto out = authority.received(ClaimAnswered{"n1", claim.pairing, claim.node, claim.player, false}, t0 + 1s);
    CHECK(all_of<StartAsked>(out).empty());
    CHECK(waiting_in(authority, "3+0") == 1);
    authority.received(Waiting{"n3", entrant("g3", "Cora")}, t0 + 1s);
    const auto next = all_of<ClaimAsked>(authority.run_due_waves(t0 + 2s));
    REQUIRE(next.size() == 1);
    CHECK((next.front().player == white || next.front().player == "g3"));
    CHECK(next.front().player != claim.player);
}

TEST_CASE("pool authority: out of office it does nothing, another node taking office ends its own",
          "[pools][authority]")
{
    const auto t0 = Clock::now();
    PoolAuthority idle("n1", [](const rochade::matchmaking::PoolSpec&) { return Clock::duration(10ms); });
    CHECK(idle.received(Waiting{"n1", entrant("g1", "Anna")}, t0).empty());
    CHECK(idle.known_players() == 0);
    CHECK_FALSE(idle.next_wave_at());

    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("g1", "Anna")}, t0);
    authority.received(Waiting{"n2", entrant("g2", "Bert")}, t0);
    authority.received(AuthorityIs{"n2"}, t0);
    CHECK_FALSE(authority.in_office());
    CHECK(authority.known_players() == 0);
    CHECK(authority.run_due_waves(t0 + 1s).empty());
    // Its own announcement (heard back on the channel) keeps it in office.
    auto again = authority_in_office(t0);
    again.received(AuthorityIs{"n1"}, t0);
    CHECK(again.in_office());
}

TEST_CASE("pool authority: a wait ended on another node than the player's is ignored, a repeated wait is one wait",
          "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("a7", "Anna", "5+0", false)}, t0);
    authority.received(Waiting{"n1", entrant("a7", "Anna", "5+0", false)}, t0);
    CHECK(waiting_in(authority, "5+0") == 1);
    // She logged in on n2 and waits there now; n1's late "ended" is about its old connection.
    authority.received(Waiting{"n2", entrant("a7", "Anna", "5+0", false)}, t0);
    authority.received(WaitEnded{"n1", "a7", false}, t0);
    CHECK(waiting_in(authority, "5+0") == 1);
    authority.received(WaitEnded{"n2", "a7", false}, t0);
    CHECK(waiting_in(authority, "5+0") == 0);
}

TEST_CASE("pool authority: a roster mends a lost message and brings the node's running games into the counts",
          "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("g1", "Anna", "1+0")}, t0);
    authority.received(Waiting{"n2", entrant("g2", "Bert", "1+0")}, t0);
    // n1's roster no longer lists Anna (her wait_ended was lost) and lists Cora (her waiting was lost).
    Roster one{"n1", {entrant("g3", "Cora", "10+0")}, {{"1+0", 2}}};
    authority.received(one, t0);
    authority.received(Roster{"n2", {entrant("g2", "Bert", "1+0")}, {{"1+0", 1}, {"3+0", 4}}}, t0);
    CHECK(authority.take_counts_changed());
    for (const auto& count : authority.counts()) {
        if (count.pool == "1+0") {
            CHECK(count.waiting == 1);
            CHECK(count.games_running == 3);
        } else if (count.pool == "3+0") {
            CHECK(count.games_running == 4);
        } else if (count.pool == "10+0") {
            CHECK(count.waiting == 1);
        }
    }
    CHECK_FALSE(authority.take_counts_changed());
    // Nobody to pair Bert with in 1+0.
    CHECK(authority.run_due_waves(t0 + 1s).empty());
}

TEST_CASE("pool authority: a gone node's players wait no more, and its pairings are given up", "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("g1", "Anna")}, t0);
    authority.received(Waiting{"n2", entrant("g2", "Bert")}, t0);
    authority.received(Waiting{"n2", entrant("g4", "Dora", "1+0")}, t0);
    const auto claim = all_of<ClaimAsked>(authority.run_due_waves(t0 + 1s)).at(0);
    const auto out = authority.node_gone("n2");
    CHECK(authority.pairings_in_progress() == 0);
    // The release goes to Black's node whichever node he is on; a node that did not claim him ignores it.
    const auto releases = all_of<StartAnswered>(out);
    REQUIRE(releases.size() == 1);
    CHECK(releases.front().pairing == claim.pairing);
    CHECK_FALSE(releases.front().table);
    // Anna (n1) waits on if she was White; Bert and Dora (n2) are gone.
    CHECK(waiting_in(authority, "1+0") == 0);
    CHECK(waiting_in(authority, "3+0") == (claim.player == "g2" ? 1u : 0u));
}

TEST_CASE("pool authority: an unanswered pairing is given up, and a silent node's players are forgotten",
          "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Roster{"n1", {entrant("g1", "Anna")}, {}}, t0);
    authority.received(Roster{"n2", {entrant("g2", "Bert")}, {}}, t0);
    const auto claim = all_of<ClaimAsked>(authority.run_due_waves(t0 + 1s)).at(0);
    // Nothing for 5 s: the pairing is given up, both waits are back (their nodes still send rosters).
    authority.received(Roster{"n1", {entrant("g1", "Anna")}, {}}, t0 + 5s);
    authority.received(Roster{"n2", {entrant("g2", "Bert")}, {}}, t0 + 5s);
    const auto out = authority.expire(t0 + 5s, 2s, 10s);
    CHECK(all_of<StartAnswered>(out).size() == 1);
    CHECK(authority.pairings_in_progress() == 0);
    // White waited on; Black's node puts Black back (as its roster says) when it releases him.
    authority.received(Roster{claim.node, {entrant(claim.player, claim.player == "g1" ? "Anna" : "Bert")}, {}},
                       t0 + 5s);
    CHECK(waiting_in(authority, "3+0") == 2);
    // n2 falls silent.
    authority.received(Roster{"n1", {entrant("g1", "Anna")}, {}}, t0 + 14s);
    authority.expire(t0 + 16s, 2s, 10s);
    CHECK(waiting_in(authority, "3+0") == 1);
}

TEST_CASE("pool authority: a player being paired is in no second pairing, whatever his node repeats",
          "[pools][authority]")
{
    const auto t0 = Clock::now();
    auto authority = authority_in_office(t0);
    authority.received(Waiting{"n1", entrant("g1", "Anna")}, t0);
    authority.received(Waiting{"n2", entrant("g2", "Bert")}, t0);
    const auto claim = all_of<ClaimAsked>(authority.run_due_waves(t0 + 1s)).at(0);
    // A roster sent before the claim arrived still lists both; a third player joins.
    authority.received(Roster{"n1", {entrant("g1", "Anna")}, {}}, t0 + 1s);
    authority.received(Roster{"n2", {entrant("g2", "Bert")}, {}}, t0 + 1s);
    authority.received(Waiting{"n3", entrant("g3", "Cora")}, t0 + 1s);
    CHECK(all_of<ClaimAsked>(authority.run_due_waves(t0 + 2s)).empty());
    CHECK(waiting_in(authority, "3+0") == 1);
    CHECK(claim.pairing > 0);
}
