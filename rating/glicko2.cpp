#include "rating/glicko2.h"

#include <charconv>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>

namespace rochade::rating {

namespace {

// Step 2's factor between the Glicko scale and the Glicko-2 scale (400 / ln 10).
constexpr double glicko2_scale = 173.7178;
constexpr double glicko_centre = 1500;

// A rating on the paper's scale: mu and phi, with sigma unchanged.
struct Scaled {
    double mu;
    double phi;
};

Scaled to_glicko2(const Rating& rating)
{
    return {(rating.rating - glicko_centre) / glicko2_scale, rating.rd / glicko2_scale};
}

// The shortest spelling that reads back as `value` (std::to_string would print 1e-9 as 0.000000).
std::string spelled(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

void require(bool holds, const char* what, double value)
{
    if (!holds) throw std::invalid_argument(std::string("glicko2: ") + what + " (got " + spelled(value) + ")");
}

void check_rating(const Rating& rating, const char* whose_rating, const char* whose_rd, const char* whose_volatility)
{
    require(std::isfinite(rating.rating), whose_rating, rating.rating);
    require(std::isfinite(rating.rd) && rating.rd > 0, whose_rd, rating.rd);
    require(std::isfinite(rating.volatility) && rating.volatility > 0, whose_volatility, rating.volatility);
}

void check_config(const Glicko2Config& config)
{
    require(std::isfinite(config.tau) && config.tau > 0, "tau must be a positive number", config.tau);
    require(std::isfinite(config.rd_min) && config.rd_min > 0, "rd_min must be a positive number", config.rd_min);
    require(std::isfinite(config.rd_max) && config.rd_max >= config.rd_min, "rd_max must be at least rd_min",
            config.rd_max);
    require(std::isfinite(config.convergence) && config.convergence > 0, "convergence must be a positive number",
            config.convergence);
}

double clamp_rd(double rd, const Glicko2Config& config)
{
    return std::fmin(config.rd_max, std::fmax(config.rd_min, rd));
}

Rating with_rd_in_bounds(Rating rating, const Glicko2Config& config)
{
    rating.rd = clamp_rd(rating.rd, config);
    return rating;
}

// Step 3's g: how much an opponent's uncertainty dampens what a game against them says.
double g(double phi) { return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi)); }

// Step 3's E: the expected score against an opponent.
double expected_score(double mu, double opponent_mu, double opponent_g)
{
    return 1.0 / (1.0 + std::exp(-opponent_g * (mu - opponent_mu)));
}

// Step 5: the new volatility, the root of f found by the Illinois algorithm (regula falsi that
// halves the stale end's value). The update takes f(C)f(B) <= 0, not < 0: with < 0 an exact
// root at C would halve fA for ever and never close the bracket.
double new_volatility(double phi, double sigma, double v, double delta, const Glicko2Config& config)
{
    const double a = std::log(sigma * sigma);
    const double tau2 = config.tau * config.tau;
    const auto f = [&](double x) {
        const double ex = std::exp(x);
        const double denominator = phi * phi + v + ex;
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * denominator * denominator) - (x - a) / tau2;
    };

    double A = a;
    double B = 0;
    if (delta * delta > phi * phi + v) {
        B = std::log(delta * delta - phi * phi - v);
    } else {
        // f falls to -infinity on the right and rises to +infinity on the left: step left in
        // steps of tau until f is no longer negative, which brackets the root.
        int k = 1;
        while (f(a - k * config.tau) < 0) ++k;
        B = a - k * config.tau;
    }
    double fA = f(A);
    double fB = f(B);
    while (std::fabs(B - A) > config.convergence) {
        const double C = A + (A - B) * fA / (fB - fA);
        const double fC = f(C);
        if (fC * fB <= 0) {
            A = B;
            fA = fB;
        } else {
            fA /= 2;
        }
        B = C;
        fB = fC;
    }
    return std::exp(A / 2);
}

} // namespace

Rating rate_period(const Rating& player, std::span<const RatedGame> games, const Glicko2Config& config)
{
    check_config(config);
    check_rating(player, "the player's rating must be a finite number", "the player's RD must be a positive number",
                 "the player's volatility must be a positive number");
    if (games.empty()) return with_rd_in_bounds(age_rd(player, 1, config), config);

    // Step 3 (v) and step 4's sum, which gives delta and also moves mu in step 7.
    const Scaled own = to_glicko2(player);
    double information = 0; // 1 / v
    double surprise = 0;    // sum of g(phi_j) (s_j - E_j)
    for (const RatedGame& game : games) {
        check_rating(game.opponent, "an opponent's rating must be a finite number",
                     "an opponent's RD must be a positive number",
                     "an opponent's volatility must be a positive number");
        const Scaled opponent = to_glicko2(game.opponent);
        const double g_j = g(opponent.phi);
        // E_j and 1 - E_j each from its own exponential: 1.0 - E_j loses digits as the gap grows
        // and is exactly 0 beyond some 6,500 points, where v would be infinite. This way v stays
        // finite and an upset costs the favourite what the formulas say at any sane gap.
        const double s_j = score(game.result);
        const double e_j = expected_score(own.mu, opponent.mu, g_j);
        const double not_e_j = expected_score(opponent.mu, own.mu, g_j);
        information += g_j * g_j * e_j * not_e_j;
        surprise += g_j * (s_j * not_e_j - (1.0 - s_j) * e_j); // s_j - E_j
    }
    // Only beyond some 120,000 points does exp overflow and 1 - E_j become 0: no real
    // rating is there, but v must not be infinite (every later step would be NaN). Such a game
    // cannot be weighed, so the period counts as one without games.
    if (information == 0) return with_rd_in_bounds(age_rd(player, 1, config), config);
    const double v = 1.0 / information;
    const double delta = v * surprise;

    // Steps 5 to 7.
    const double sigma = new_volatility(own.phi, player.volatility, v, delta, config);
    const double phi_star = std::sqrt(own.phi * own.phi + sigma * sigma);
    const double phi = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
    const double mu = own.mu + phi * phi * surprise;

    // Step 8.
    return {mu * glicko2_scale + glicko_centre, clamp_rd(phi * glicko2_scale, config), sigma};
}

Rating rate_game(const Rating& player, const Rating& opponent, GameResult result, const Glicko2Config& config)
{
    const RatedGame game{opponent, result};
    return rate_period(player, std::span<const RatedGame>(&game, 1), config);
}

Rating age_rd(const Rating& rating, std::int64_t whole_days_idle, const Glicko2Config& config)
{
    check_config(config);
    check_rating(rating, "the rating must be a finite number", "the RD must be a positive number",
                 "the volatility must be a positive number");
    if (whole_days_idle <= 0) return rating;
    // Step 6 once a day adds sigma^2 to phi^2 each day; once at the ceiling, RD stays there, so
    // capping the sum is capping each day.
    const double phi = rating.rd / glicko2_scale;
    const double sigma = rating.volatility;
    const double grown = std::sqrt(phi * phi + static_cast<double>(whole_days_idle) * sigma * sigma) * glicko2_scale;
    return {rating.rating, std::fmin(config.rd_max, grown), rating.volatility};
}

} // namespace rochade::rating
