// How a game ends, as python-chess's Outcome and Termination keep it: the automatic endings
// (the rules end the game by themselves) apart from the claimable ones (a player must ask).
#pragma once

#include <cstdint>
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

// Why a side cannot checkmate by any series of legal moves: the kind of proof that settled it
// (engine/winnability.h). A player who loses half a point to a flag fall's verdict, or whose
// game ends as dead, is owed the reason, not just the answer. (Game::dead_position_reason gives
// a dead position's; it is not a member of Outcome, whose copies inside std::optional made
// GCC 12 warn of an uninitialised nested optional.)
enum class UnwinnableReason : std::uint8_t {
    BareKing,             // the side has only its king
    InsufficientMaterial, // the material rule: a lone knight, bishops on one square colour, ...
    Blocked,              // the static proof that pawns and bishops form a wall nothing can cross
    ForcedCycle,          // every move is forced, and the chain of forced moves repeats
    NoMatingLine,         // an exhaustive search, closure or check chain: no series of moves mates
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
