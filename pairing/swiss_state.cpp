#include "pairing/swiss_state.h"

#include <algorithm>
#include <map>

namespace rochade::pairing {

std::pair<std::optional<Colour>, PreferenceStrength> colour_preference(const std::vector<Colour>& played)
{
    if (played.empty()) return {std::nullopt, PreferenceStrength::None};
    int difference = 0;
    for (Colour c : played) difference += c == Colour::White ? 1 : -1;
    const Colour last = played.back();
    if (difference > 1) return {Colour::Black, PreferenceStrength::Absolute};
    if (difference < -1) return {Colour::White, PreferenceStrength::Absolute};
    if (played.size() >= 2 && played[played.size() - 2] == last) return {opposite(last), PreferenceStrength::Absolute};
    if (difference == 1) return {Colour::Black, PreferenceStrength::Strong};
    if (difference == -1) return {Colour::White, PreferenceStrength::Strong};
    return {opposite(last), PreferenceStrength::Mild};
}

namespace {

bool is_pairing(const std::optional<RoundEntry>& entry)
{
    return entry && (entry->opponent != 0 || entry->result == ResultCode::PairingBye);
}

} // namespace

std::variant<SwissRound, SwissStateError> swiss_round_from(const Tournament& tournament)
{
    if (tournament.players.empty()) return SwissStateError{"the tournament has no players (no 001 lines)"};
    int rounds_done = 0;
    for (const TrfPlayer& player : tournament.players)
        for (std::size_t r = 0; r < player.rounds.size(); ++r)
            if (is_pairing(player.rounds[r])) rounds_done = std::max(rounds_done, static_cast<int>(r) + 1);
    SwissRound round;
    round.round = rounds_done + 1;
    if (tournament.total_rounds) {
        if (round.round > *tournament.total_rounds)
            return SwissStateError{"all " + std::to_string(*tournament.total_rounds) +
                                   " rounds (XXR) are already paired"};
        round.last_round = round.round == *tournament.total_rounds;
    }
    round.initial_colour = tournament.initial_colour.value_or(Colour::White);
    round.full_point = tournament.points.win;
    for (const auto& [a, b] : tournament.forbidden_pairs) round.forbidden_pairs.insert({a, b});

    // Pairing numbers: the start numbers' order, or the rank field's with XXC rank.
    std::vector<const TrfPlayer*> ordered;
    for (const TrfPlayer& player : tournament.players) ordered.push_back(&player);
    if (tournament.pair_by_rank)
        std::stable_sort(ordered.begin(), ordered.end(), [](const TrfPlayer* a, const TrfPlayer* b) {
            const int ra = a->rank ? a->rank : 1 << 30, rb = b->rank ? b->rank : 1 << 30;
            return ra < rb;
        });

    // Scores before each round, to tell floats (A.4): a player with more points than his
    // opponent floated down, with fewer up; one who did not play, for whatever reason, down.
    std::map<int, std::vector<int>>
        score_before; // start number -> score before round r (index r-1), r = 1..rounds_done+1
    for (const TrfPlayer& player : tournament.players) {
        std::vector<int> scores{0};
        for (int r = 0; r < rounds_done; ++r) {
            const auto& entry = static_cast<std::size_t>(r) < player.rounds.size() ? player.rounds[r] : std::nullopt;
            scores.push_back(scores.back() +
                             tournament.points.points_for(entry ? entry->result : ResultCode::ZeroPointBye));
        }
        score_before[player.start_number] = std::move(scores);
    }

    // A player counts for the pairing numbers (and so for E.5's odd and even) once he takes
    // part in a pairing: this round, or an earlier one with an opponent (a game or a forfeit) or
    // the pairing-allocated bye. A late entry who has only had requested byes, or a player absent
    // from round 1, does not shift the numbers of those below him; bbpPairings counts the same.
    const auto took_part_in_a_pairing = [&](const TrfPlayer& trf) {
        for (int r = 0; r <= rounds_done; ++r) {
            const auto& entry = static_cast<std::size_t>(r) < trf.rounds.size() ? trf.rounds[r] : std::nullopt;
            if (r == rounds_done) return !entry.has_value();
            if (entry && (entry->opponent != 0 || entry->result == ResultCode::PairingBye)) return true;
        }
        return false;
    };
    int pairing_number = 0;
    for (std::size_t index = 0; index < ordered.size(); ++index) {
        const TrfPlayer& trf = *ordered[index];
        if (took_part_in_a_pairing(trf)) ++pairing_number;
        const auto& next =
            static_cast<std::size_t>(rounds_done) < trf.rounds.size() ? trf.rounds[rounds_done] : std::nullopt;
        if (next) continue; // an entry for the round to pair: a requested bye or absence
        SwissPlayer player;
        player.start_number = trf.start_number;
        player.pairing_number = pairing_number;
        player.score = score_before[trf.start_number].back();
        std::vector<Float> floats;
        for (int r = 0; r < rounds_done; ++r) {
            const auto& entry = static_cast<std::size_t>(r) < trf.rounds.size() ? trf.rounds[r] : std::nullopt;
            // C.04.3 (2025) 1.4.3: a player who did not play floated down only if he scored
            // more than a loss's points without playing (a bye, a forfeit win), not when absent.
            const int unplayed_points = tournament.points.points_for(entry ? entry->result : ResultCode::ZeroPointBye);
            Float f = unplayed_points > tournament.points.loss ? Float::Down : Float::None;
            if (entry && entry->played()) {
                const int mine = score_before[trf.start_number][r];
                const int theirs = score_before[entry->opponent][r];
                f = mine > theirs ? Float::Down : mine < theirs ? Float::Up : Float::None;
                player.colour_by_round.push_back(entry->colour);
                player.played_colours.push_back(*entry->colour);
                player.colour_difference += *entry->colour == Colour::White ? 1 : -1;
                player.opponents.insert(entry->opponent);
            } else {
                player.colour_by_round.push_back(std::nullopt);
            }
            if (entry && (entry->result == ResultCode::PairingBye || entry->result == ResultCode::FullPointBye ||
                          entry->result == ResultCode::ForfeitWin))
                player.bye_excluded = true;
            floats.push_back(f);
        }
        if (floats.size() >= 1) player.float_last_round = floats[floats.size() - 1];
        if (floats.size() >= 2) player.float_two_rounds_ago = floats[floats.size() - 2];
        std::tie(player.preference, player.strength) = colour_preference(player.played_colours);
        if (round.last_round) player.topscorer = 2 * player.score > rounds_done * tournament.points.win;
        round.players.push_back(std::move(player));
    }
    std::stable_sort(round.players.begin(), round.players.end(), [](const SwissPlayer& a, const SwissPlayer& b) {
        return a.score != b.score ? a.score > b.score : a.pairing_number < b.pairing_number;
    });
    if (round.players.empty()) return SwissStateError{"nobody is left to pair in round " + std::to_string(round.round)};
    return round;
}

} // namespace rochade::pairing
