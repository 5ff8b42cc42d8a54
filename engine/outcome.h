// How a game ends, as python-chess's Outcome and Termination keep it: the automatic endings
// (the rules end the game by themselves) apart from the claimable ones (a player must ask).
#pragma once

#include <optional>
#include <string_view>

#include "types.h"

namespace rochade {

enum class Termination {
    // Automatic: the game is over the moment the position arises.
    Checkmate,          // FIDE 5.1.1
    Stalemate,          // FIDE 5.2.1
    FivefoldRepetition, // FIDE 9.6.1
    SeventyFiveMoves,   // FIDE 9.6.2
    DeadPosition,       // FIDE 5.2.2
    // Claimable: drawn only on a correct claim by the player to move.
    ThreefoldRepetition, // FIDE 9.2
    FiftyMoves,          // FIDE 9.3
};

struct Outcome {
    Termination termination;
    std::optional<Color> winner; // set only for checkmate; every other ending is a draw

    friend bool operator==(const Outcome&, const Outcome&) = default;
};

// The snake_case name used on the wire and in the CLI ("checkmate", "fifty_moves", ...).
constexpr std::string_view termination_name(Termination t)
{
    switch (t) {
    case Termination::Checkmate: return "checkmate";
    case Termination::Stalemate: return "stalemate";
    case Termination::FivefoldRepetition: return "fivefold_repetition";
    case Termination::SeventyFiveMoves: return "seventyfive_moves";
    case Termination::DeadPosition: return "dead_position";
    case Termination::ThreefoldRepetition: return "threefold_repetition";
    case Termination::FiftyMoves: return "fifty_moves";
    }
    return "unknown";
}

constexpr bool is_automatic(Termination t)
{
    return t != Termination::ThreefoldRepetition && t != Termination::FiftyMoves;
}

} // namespace rochade
