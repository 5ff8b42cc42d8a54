#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "matchmaking/pool_matcher.h"

using namespace rochade::matchmaking;

namespace {

WaitingPlayer registered(PlayerId id, int rating, int waves_missed = 0)
{
    WaitingPlayer player;
    player.id = id;
    player.rating = rating;
    player.deviation = 60;
    player.registered = true;
    player.waves_missed = waves_missed;
    return player;
}

WaitingPlayer guest(PlayerId id)
{
    WaitingPlayer player;
    player.id = id;
    return player;
}

bool plays(const std::vector<Pairing>& games, PlayerId a, PlayerId b)
{
    return std::any_of(games.begin(), games.end(), [&](const Pairing& g) {
        return (g.white == a && g.black == b) || (g.white == b && g.black == a);
    });
}

} // namespace

TEST_CASE("the base range: 130 under 1000, 100 under 1500, a fifteenth above, 130 while provisional")
{
    struct Case {
        int rating;
        int deviation;
        int expected;
    };
    const Case cases[] = {
        {800, 60, 130},  {999, 60, 130},  {1000, 60, 100}, {1499, 60, 100},
        {1500, 60, 100}, {2100, 60, 140}, {2400, 60, 160}, {2400, 200, 130},
    };
    for (const Case& c : cases) {
        INFO(c.rating << " +- " << c.deviation);
        CHECK(base_rating_range(c.rating, c.deviation) == c.expected);
    }
}

TEST_CASE("each missed wave of either player widens the pair's range by 12 points")
{
    CHECK(allowed_rating_difference(registered(1, 1200), registered(2, 1300)) == 100);
    CHECK(allowed_rating_difference(registered(1, 1200, 2), registered(2, 1300)) == 124);
    CHECK(allowed_rating_difference(registered(1, 1200, 2), registered(2, 1300, 3)) == 160);
    // The wider base range of the two counts: 2400 accepts 160.
    CHECK(allowed_rating_difference(registered(1, 1400), registered(2, 2400)) == 160);
}

TEST_CASE("the closest ratings are paired first")
{
    // Sorted: 1500 1510 1590 1600. Closest pairs: 1500-1510 (10) and 1590-1600 (10), not the
    // 1510-1590 middle pair (80) that a first-come matcher would start with.
    const std::vector<WaitingPlayer> waiting{registered(1, 1590), registered(2, 1500), registered(3, 1600),
                                             registered(4, 1510)};
    const auto games = match_wave(waiting);
    REQUIRE(games.size() == 2);
    CHECK(plays(games, 2, 4));
    CHECK(plays(games, 1, 3));
    CHECK(std::all_of(games.begin(), games.end(), [](const Pairing& g) { return g.rated; }));
}

TEST_CASE("players too far apart wait, until missed waves bring them into range")
{
    std::vector<WaitingPlayer> waiting{registered(1, 1200), registered(2, 1350)};
    CHECK(match_wave(waiting).empty()); // 150 > 100
    waiting[0].waves_missed = 2;
    waiting[1].waves_missed = 2;
    CHECK(match_wave(waiting).empty()); // 150 > 100 + 48
    waiting[0].waves_missed = 3;
    const auto games = match_wave(waiting); // 150 <= 100 + 60
    REQUIRE(games.size() == 1);
    CHECK(plays(games, 1, 2));
}

TEST_CASE("registered players are paired rated among themselves and guests casual among themselves")
{
    const std::vector<WaitingPlayer> waiting{registered(1, 1500), guest(2), registered(3, 1500), guest(4), guest(5)};
    const auto games = match_wave(waiting);
    REQUIRE(games.size() == 2);
    for (const Pairing& g : games) {
        const bool both_registered = (g.white == 1 || g.white == 3) && (g.black == 1 || g.black == 3);
        const bool both_guests = g.white % 2 == 0 || g.white == 5;
        CHECK((both_registered ? g.rated : !g.rated));
        CHECK((both_registered || both_guests));
    }
    CHECK(plays(games, 1, 3));
    // A registered player and a guest of the same nominal rating never meet.
    CHECK(match_wave(std::vector<WaitingPlayer>{registered(1, 1500), guest(2)}).empty());
}

TEST_CASE("last opponents are not paired again while someone else can play them")
{
    auto a = registered(1, 1500);
    auto b = registered(2, 1500);
    auto c = registered(3, 1520);
    a.last_opponent = 2;
    b.last_opponent = 1;
    const auto games = match_wave(std::vector<WaitingPlayer>{a, b, c});
    REQUIRE(games.size() == 1);
    CHECK_FALSE(plays(games, 1, 2));

    SECTION("but when only the two wait, they play again")
    {
        const auto alone = match_wave(std::vector<WaitingPlayer>{a, b});
        REQUIRE(alone.size() == 1);
        CHECK(plays(alone, 1, 2));
    }
}

TEST_CASE("colours: white to the one who had black more often, then to the one whose last game was black")
{
    auto a = registered(1, 1500);
    auto b = registered(2, 1500);
    a.recent_colours = {SeatColour::White, SeatColour::White, SeatColour::Black};
    b.recent_colours = {SeatColour::Black, SeatColour::Black};
    CHECK(assign_colours(a, b, true).white == 2);
    CHECK(assign_colours(b, a, true).white == 2);

    a.recent_colours = {SeatColour::Black, SeatColour::White};
    b.recent_colours = {SeatColour::White, SeatColour::Black};
    CHECK(assign_colours(a, b, true).white == 2);
    CHECK(assign_colours(b, a, true).white == 2);

    SECTION("with no history, the one who waited longer plays white")
    {
        auto c = registered(3, 1500, 2);
        auto d = registered(4, 1500, 0);
        CHECK(assign_colours(d, c, false).white == 3);
    }
}

TEST_CASE("no player appears in two games, and a thousand players are paired")
{
    std::vector<WaitingPlayer> waiting;
    for (PlayerId id = 1; id <= 1000; ++id) waiting.push_back(registered(id, 1000 + int(id * 7919 % 1200)));
    const auto games = match_wave(waiting);
    std::set<PlayerId> seen;
    for (const Pairing& g : games) {
        CHECK(seen.insert(g.white).second);
        CHECK(seen.insert(g.black).second);
        const int difference = std::abs(waiting[g.white - 1].rating - waiting[g.black - 1].rating);
        CHECK(difference <= allowed_rating_difference(waiting[g.white - 1], waiting[g.black - 1]));
    }
    CHECK(games.size() >= 490);
}
