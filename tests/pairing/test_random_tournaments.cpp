// Random tournaments (entries, ratings, results, forfeits, withdrawals, late entries, requested
// byes, forbidden pairs) played through all their rounds with the Dutch pairer; every round's
// pairing is checked against the absolute criteria and the rules that follow from them, with
// the colour preferences worked out here again from the TRF, not taken from the pairer.
#include <catch2/catch.hpp>

#include <map>
#include <random>
#include <set>

#include "pairing/dutch.h"
#include "tournament_builder.h"

using namespace rochade::pairing;
using rochade::pairing::test::add_bye;
using rochade::pairing::test::add_game;
using rochade::pairing::test::set_entry;

namespace {

struct History {
    std::vector<char> colours; // 'w' / 'b' of the games played over the board
    std::set<int> met;
    bool had_full_point_without_playing = false;
    int score = 0; // tenths
};

std::map<int, History> histories(const Tournament& t, int rounds_done)
{
    std::map<int, History> out;
    for (const TrfPlayer& p : t.players) {
        History h;
        for (int r = 0; r < rounds_done && r < static_cast<int>(p.rounds.size()); ++r) {
            const auto& e = p.rounds[static_cast<std::size_t>(r)];
            if (!e) continue;
            h.score += t.points.points_for(e->result);
            if (e->result == ResultCode::PairingBye || e->result == ResultCode::FullPointBye ||
                e->result == ResultCode::ForfeitWin)
                h.had_full_point_without_playing = true;
            if (e->opponent != 0 && e->result != ResultCode::ForfeitWin && e->result != ResultCode::ForfeitLoss) {
                h.colours.push_back(*e->colour == Colour::White ? 'w' : 'b');
                h.met.insert(e->opponent);
            }
        }
        out[p.start_number] = h;
    }
    return out;
}

// A.6 again: 'w' or 'b' when absolute, 0 otherwise.
char absolute_preference(const std::vector<char>& colours)
{
    int difference = 0;
    for (char c : colours) difference += c == 'w' ? 1 : -1;
    if (difference > 1) return 'b';
    if (difference < -1) return 'w';
    const std::size_t n = colours.size();
    if (n >= 2 && colours[n - 1] == colours[n - 2]) return colours[n - 1] == 'w' ? 'b' : 'w';
    return 0;
}

void check_round(const Tournament& t, int round, const DutchPairing& pairing,
                 const std::set<std::pair<int, int>>& forbidden)
{
    const auto before = histories(t, round - 1);
    const bool last = t.total_rounds && round == *t.total_rounds;
    std::set<int> active;
    for (const TrfPlayer& p : t.players)
        if (p.rounds.size() < static_cast<std::size_t>(round) || !p.rounds[static_cast<std::size_t>(round - 1)])
            active.insert(p.start_number);
    std::multiset<int> seen;
    INFO("round " << round << "\n" << write_trf(t) << "pairing:\n" << format_pairing(pairing));
    // C5 at the scale of the round: everybody plays but one at most.
    CHECK(pairing.boards.size() == active.size() / 2);
    CHECK(pairing.bye.has_value() == (active.size() % 2 == 1));
    if (pairing.bye) {
        seen.insert(*pairing.bye);
        CHECK_FALSE(before.at(*pairing.bye).had_full_point_without_playing); // C2, C.04.1.4
    }
    int top = 0;
    for (const auto& [n, h] : before) top = std::max(top, h.score);
    const auto topscorer = [&](int n) { return last && 2 * before.at(n).score > (round - 1) * t.points.win; };
    for (const Board& b : pairing.boards) {
        seen.insert(b.white);
        seen.insert(b.black);
        const History& w = before.at(b.white);
        const History& k = before.at(b.black);
        CHECK_FALSE(w.met.contains(b.black)); // C1
        CHECK_FALSE(forbidden.contains({std::min(b.white, b.black), std::max(b.white, b.black)}));
        const char wa = absolute_preference(w.colours), ba = absolute_preference(k.colours);
        if (!topscorer(b.white) && !topscorer(b.black)) {
            CHECK_FALSE((wa != 0 && wa == ba)); // C3
            // Hence (E.1/E.2) an absolute preference is always granted outside topscorer pairs,
            // and C.04.1.6-7 hold: colour difference within 2, never three in a row.
            if (wa) CHECK(wa == 'w');
            if (ba) CHECK(ba == 'b');
            for (const auto& [h, given] : {std::pair{&w, 'w'}, std::pair{&k, 'b'}}) {
                std::vector<char> after = h->colours;
                after.push_back(given);
                int difference = 0;
                for (char c : after) difference += c == 'w' ? 1 : -1;
                CHECK(std::abs(difference) <= 2);
                const std::size_t n = after.size();
                CHECK_FALSE((n >= 3 && after[n - 1] == after[n - 2] && after[n - 2] == after[n - 3]));
            }
        }
    }
    CHECK(std::set<int>(seen.begin(), seen.end()) == active);
    CHECK(seen.size() == active.size()); // nobody twice
}

struct Plan {
    int entry_round = 1;      // a late entry misses the rounds before with a half-point bye
    int withdrawal_round = 0; // absent (zero-point bye) from this round on; 0 for never
};

} // namespace

TEST_CASE("random tournaments: every round meets the absolute criteria and the colour rules",
          "[pairing][dutch][random]")
{
    int rounds_paired = 0, tournaments_finished = 0, unpairable = 0;
    for (unsigned seed = 1; seed <= 120; ++seed) {
        std::mt19937 rng(seed);
        const auto chance = [&](double p) { return std::uniform_real_distribution<double>(0, 1)(rng) < p; };
        const int players = 4 + static_cast<int>(rng() % 37);
        const int rounds = std::min(players - 1, 3 + static_cast<int>(rng() % 7));
        Tournament t = rochade::pairing::test::tournament_of(players, rounds);
        std::vector<int> ratings;
        for (int i = 0; i < players; ++i) ratings.push_back(1000 + static_cast<int>(rng() % 1700));
        std::sort(ratings.rbegin(), ratings.rend());
        for (int i = 0; i < players; ++i)
            t.players[static_cast<std::size_t>(i)].rating = ratings[static_cast<std::size_t>(i)];
        if (chance(0.5)) t.initial_colour = Colour::Black;
        std::vector<Plan> plans(static_cast<std::size_t>(players + 1));
        for (int p = 1; p <= players; ++p) {
            if (chance(0.1)) plans[static_cast<std::size_t>(p)].entry_round = 2 + static_cast<int>(rng() % 2);
            if (chance(0.08))
                plans[static_cast<std::size_t>(p)].withdrawal_round = 2 + static_cast<int>(rng() % rounds);
        }
        std::set<std::pair<int, int>> forbidden;
        for (int f = static_cast<int>(rng() % 4); f > 0; --f) {
            const int a = 1 + static_cast<int>(rng() % players), b = 1 + static_cast<int>(rng() % players);
            if (a != b && forbidden.insert({std::min(a, b), std::max(a, b)}).second)
                t.forbidden_pairs.push_back({std::min(a, b), std::max(a, b)});
        }
        bool finished = true;
        for (int round = 1; round <= rounds; ++round) {
            for (int p = 1; p <= players; ++p) {
                const Plan& plan = plans[static_cast<std::size_t>(p)];
                if (round < plan.entry_round)
                    add_bye(t, round, p, ResultCode::HalfPointBye);
                else if (plan.withdrawal_round && round >= plan.withdrawal_round)
                    add_bye(t, round, p, ResultCode::ZeroPointBye);
                else if (round > 1 && chance(0.03))
                    add_bye(t, round, p, ResultCode::HalfPointBye); // asked for a bye
            }
            const auto result = pair_dutch(t);
            if (const auto* error = std::get_if<DutchError>(&result)) {
                // Only the absolute criteria may stop a round (late in a small event).
                INFO("seed " << seed << ": " << error->message);
                CHECK(error->message.find("no pairing meets the absolute criteria") != std::string::npos);
                ++unpairable;
                finished = false;
                break;
            }
            const DutchPairing& pairing = std::get<DutchPairing>(result);
            INFO("seed " << seed);
            REQUIRE(pairing.round == round);
            check_round(t, round, pairing, forbidden);
            // Deterministic, and the same through a TRF written and read back.
            const auto again = read_trf(write_trf(t));
            REQUIRE(std::holds_alternative<Tournament>(again));
            const auto repeated = pair_dutch(std::get<Tournament>(again));
            REQUIRE(std::holds_alternative<DutchPairing>(repeated));
            CHECK(format_pairing(std::get<DutchPairing>(repeated)) == format_pairing(pairing));
            for (const Board& b : pairing.boards) {
                const auto roll = rng() % 100;
                add_game(t, round, b.white, b.black,
                         roll < 40   ? '1'
                         : roll < 65 ? '='
                         : roll < 95 ? '0'
                         : roll < 98 ? '+'
                                     : '-');
            }
            if (pairing.bye) add_bye(t, round, *pairing.bye, ResultCode::PairingBye);
            ++rounds_paired;
        }
        if (finished) ++tournaments_finished;
    }
    INFO(rounds_paired << " rounds paired, " << tournaments_finished << " tournaments finished, " << unpairable
                       << " stopped");
    CHECK(rounds_paired > 500);
    CHECK(tournaments_finished > 100);
}
