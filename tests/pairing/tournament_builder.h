// Builds TRF tournaments in tests: players, then round by round the games and byes.
#pragma once

#include <string>

#include "pairing/trf.h"

namespace rochade::pairing::test {

inline Tournament tournament_of(int players, int rounds)
{
    Tournament t;
    t.header["012"] = "Test tournament";
    t.total_rounds = rounds;
    for (int i = 1; i <= players; ++i) {
        TrfPlayer p;
        p.start_number = i;
        p.name = "Player " + std::to_string(i);
        p.rating = 2400 - 10 * i;
        t.players.push_back(p);
    }
    return t;
}

inline void set_entry(Tournament& t, int player, int round, RoundEntry entry)
{
    auto& rounds = t.players[static_cast<std::size_t>(player - 1)].rounds;
    if (rounds.size() < static_cast<std::size_t>(round)) rounds.resize(static_cast<std::size_t>(round));
    rounds[static_cast<std::size_t>(round - 1)] = entry;
}

// result from White's side: '1', '=', '0', '+', '-'.
inline void add_game(Tournament& t, int round, int white, int black, char result)
{
    ResultCode w = ResultCode::Win, b = ResultCode::Loss;
    switch (result) {
    case '1': w = ResultCode::Win, b = ResultCode::Loss; break;
    case '=': w = b = ResultCode::Draw; break;
    case '0': w = ResultCode::Loss, b = ResultCode::Win; break;
    case '+': w = ResultCode::ForfeitWin, b = ResultCode::ForfeitLoss; break;
    case '-': w = ResultCode::ForfeitLoss, b = ResultCode::ForfeitWin; break;
    }
    set_entry(t, white, round, RoundEntry{black, Colour::White, w});
    set_entry(t, black, round, RoundEntry{white, Colour::Black, b});
}

inline void add_bye(Tournament& t, int round, int player, ResultCode code)
{
    set_entry(t, player, round, RoundEntry{0, std::nullopt, code});
}

} // namespace rochade::pairing::test
