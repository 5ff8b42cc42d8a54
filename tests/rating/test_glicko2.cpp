#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include "rating/glicko2.h"

using namespace rochade::rating;

namespace {

// An absolute tolerance only: Catch's Approx also accepts a relative error of about 1e-5, which
// on a rating of 2000 would let 0.02 through where the test means 1e-6.
Approx within(double expected, double margin) { return Approx(expected).epsilon(0).margin(margin); }

void check_rating(const Rating& got, const Rating& expected)
{
    // The expected values are printed to 6 decimals (8 for volatility) by glicko2_reference.py.
    CHECK(got.rating == within(expected.rating, 1e-6));
    CHECK(got.rd == within(expected.rd, 1e-6));
    CHECK(got.volatility == within(expected.volatility, 2e-8));
}

const Rating newcomer{1500, 350, 0.06};
const Glicko2Config rochade_config{};

} // namespace

TEST_CASE("the defaults are the issue's: 1500, RD 350, volatility 0.06, tau 0.75, RD within 45 and 350")
{
    CHECK(rochade_config.initial == newcomer);
    CHECK(Rating{} == newcomer);
    CHECK(rochade_config.tau == 0.75);
    CHECK(rochade_config.rd_min == 45);
    CHECK(rochade_config.rd_max == 350);
}

TEST_CASE("a win scores 1, a draw 0.5, a loss 0")
{
    CHECK(score(GameResult::Win) == 1.0);
    CHECK(score(GameResult::Draw) == 0.5);
    CHECK(score(GameResult::Loss) == 0.0);
}

TEST_CASE("Glickman's worked example: 1500/200 wins against 1400/30, loses to 1550/100 and 1700/300")
{
    Glicko2Config paper;
    paper.tau = 0.5;
    const std::vector<RatedGame> period{{{1400, 30, 0.06}, GameResult::Win},
                                        {{1550, 100, 0.06}, GameResult::Loss},
                                        {{1700, 300, 0.06}, GameResult::Loss}};
    const Rating after = rate_period({1500, 200, 0.06}, period, paper);

    // The paper's own figures, which it reached with rounded intermediate values.
    CHECK(after.rating == within(1464.05, 0.02));
    CHECK(after.rd == within(151.52, 0.01));
    CHECK(after.volatility == within(0.05999, 0.00001));
    // The same period without rounding, from glicko2_reference.py.
    check_rating(after, {1464.050671, 151.516524, 0.05999598});
}

TEST_CASE("single games, checked against glicko2_reference.py (tau 0.75)")
{
    struct Case {
        const char* name;
        Rating player;
        Rating opponent;
        GameResult result;
        Rating expected;
    };
    const Case cases[] = {
        // Equals who draw keep their rating exactly; only the uncertainty falls.
        {"a draw between newcomers", newcomer, newcomer, GameResult::Draw, {1500, 290.318958, 0.05999766}},
        {"an established 1500 beats a 2100",
         {1500, 100, 0.06},
         {2100, 50, 0.06},
         GameResult::Win,
         {1555.078820, 100.038030, 0.06002633}},
        {"the 2100 loses to the 1500",
         {2100, 50, 0.06},
         {1500, 100, 0.06},
         GameResult::Loss,
         {2086.236927, 51.006550, 0.06002459}},
        // A newcomer's RD is large, so one surprising win moves the rating a long way.
        {"a newcomer beats a 2200", newcomer, {2200, 60, 0.06}, GameResult::Win, {2134.600615, 338.179064, 0.06002408}},
        // The expected loss tells almost nothing; step 6 would lift RD to 350.011617: capped.
        {"a newcomer loses to an unknown 3500",
         newcomer,
         {3500, 350, 0.06},
         GameResult::Loss,
         {1499.787064, 350, 0.06000000}},
    };
    for (const Case& c : cases) {
        INFO(c.name);
        check_rating(rate_game(c.player, c.opponent, c.result, rochade_config), c.expected);
    }
}

TEST_CASE("one game is a rating period of that game alone")
{
    const Rating player{1620, 80, 0.058};
    const Rating opponent{1710, 120, 0.061};
    const RatedGame game{opponent, GameResult::Draw};
    CHECK(rate_game(player, opponent, GameResult::Draw, rochade_config) ==
          rate_period(player, std::span<const RatedGame>(&game, 1), rochade_config));
}

TEST_CASE("RD does not fall below 45: a steady player's 70th draw in a row reaches the floor")
{
    // Volatility 0.02 against a steady equal: unbounded, RD would settle near 35. With the
    // default 0.06 it settles near 60 and the floor is never reached by one-game periods.
    const Rating equal{1500, 45, 0.02};
    Rating steady{1500, 350, 0.02};
    for (int game = 1; game <= 100; ++game) {
        steady = rate_game(steady, equal, GameResult::Draw, rochade_config);
        INFO("after draw " << game);
        CHECK(steady.rd >= 45);
        if (game == 69) check_rating(steady, {1500, 45.013190, 0.01998208});
        if (game == 70) check_rating(steady, {1500, 45, 0.01998181}); // 44.777868 without the floor
    }
    check_rating(steady, {1500, 45, 0.01997370});
}

TEST_CASE("idle days grow RD by step 6 once a day, up to 350")
{
    const Rating regular{1500, 60, 0.06};
    struct Case {
        std::int64_t days;
        double rd;
    };
    // From glicko2_reference.py, which applies step 6 day by day.
    const Case cases[] = {{1, 60.898607}, {365, 207.975303}, {1094, 349.932192}, {1095, 350}, {100000, 350}};
    for (const Case& c : cases) {
        INFO(c.days << " days");
        const Rating aged = age_rd(regular, c.days, rochade_config);
        CHECK(aged.rd == within(c.rd, 1e-6));
        CHECK(aged.rating == regular.rating);
        CHECK(aged.volatility == regular.volatility);
    }
}

TEST_CASE("ten idle days at once are ten single days")
{
    Rating day_by_day{1432, 71, 0.052};
    for (int day = 0; day < 10; ++day) day_by_day = age_rd(day_by_day, 1, rochade_config);
    CHECK(age_rd({1432, 71, 0.052}, 10, rochade_config).rd == within(day_by_day.rd, 1e-9));
}

TEST_CASE("a second game on the same day ages nothing, nor does a clock set back")
{
    const Rating regular{1500, 60, 0.06};
    CHECK(age_rd(regular, 0, rochade_config) == regular);
    CHECK(age_rd(regular, -3, rochade_config) == regular);
}

TEST_CASE("a period without games is one day of step 6")
{
    const Rating regular{1500, 60, 0.06};
    CHECK(rate_period(regular, {}, rochade_config) == age_rd(regular, 1, rochade_config));
    CHECK(rate_period(regular, {}, rochade_config).rd == within(60.898607, 1e-6));
}

TEST_CASE("a favourite thousands of points ahead still loses points to an upset")
{
    // At 12,000 against 1,500, E rounds to exactly 1.0: 1 - E must come from its own exponential,
    // or v is infinite. The cost of the upset levels off as the gap grows (RD 100 can move the
    // underdog's rating only so far), so the favourite at 12,000 pays what it pays at 8,000.
    const Rating underdog{1500, 100, 0.06};
    const auto upset_cost = [&](double favourite_rating) {
        const Rating favourite{favourite_rating, 45, 0.06};
        return favourite.rating - rate_game(favourite, underdog, GameResult::Loss, rochade_config).rating;
    };
    CHECK(upset_cost(8000) > 11);
    CHECK(upset_cost(12000) == within(upset_cost(8000), 1e-6));
    const auto underdog_gain = [&](double favourite_rating) {
        return rate_game(underdog, {favourite_rating, 45, 0.06}, GameResult::Win, rochade_config).rating - 1500;
    };
    CHECK(underdog_gain(12000) == within(underdog_gain(8000), 1e-6));
    // The expected result tells nothing new: the rating stays, RD grows by step 6.
    const Rating titan{12000, 45, 0.06};
    CHECK(rate_game(titan, underdog, GameResult::Win, rochade_config).rating == within(12000, 1e-9));
}

TEST_CASE("a game no double can weigh (a gap past 120,000 points) counts as a period without games")
{
    const Rating player{1500, 100, 0.06};
    const Rating unreal{200000, 45, 0.06};
    CHECK(rate_game(player, unreal, GameResult::Loss, rochade_config) == age_rd(player, 1, rochade_config));
    CHECK(rate_game(unreal, player, GameResult::Loss, rochade_config) == age_rd(unreal, 1, rochade_config));
}

TEST_CASE("nonsense in is refused with a message that names it")
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    using Catch::Contains;
    CHECK_THROWS_WITH(rate_game({1500, -1, 0.06}, newcomer, GameResult::Win, rochade_config),
                      Contains("the player's RD") && Contains("-1"));
    CHECK_THROWS_WITH(rate_game({nan, 100, 0.06}, newcomer, GameResult::Win, rochade_config),
                      Contains("the player's rating"));
    CHECK_THROWS_WITH(rate_game(newcomer, {1500, 100, 0}, GameResult::Win, rochade_config),
                      Contains("an opponent's volatility"));
    CHECK_THROWS_WITH(age_rd({1500, 0, 0.06}, 3, rochade_config), Contains("the RD"));

    Glicko2Config no_tau;
    no_tau.tau = 0;
    CHECK_THROWS_WITH(rate_game(newcomer, newcomer, GameResult::Draw, no_tau), Contains("tau"));
    Glicko2Config upside_down;
    upside_down.rd_max = 30;
    CHECK_THROWS_WITH(age_rd(newcomer, 1, upside_down), Contains("rd_max must be at least rd_min") && Contains("30"));
}

TEST_CASE("a rating is provisional while RD is above 110")
{
    CHECK(is_provisional(newcomer));
    CHECK(is_provisional({1500, 110.01, 0.06}));
    CHECK_FALSE(is_provisional({1500, 110, 0.06}));
    CHECK_FALSE(is_provisional({1500, 45, 0.06}));
}
