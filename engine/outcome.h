// How a game ends, as python-chess's Outcome and Termination keep it: the automatic endings
// (the rules end the game by themselves) apart from the claimable ones (a player must ask), and
// those the players, the clock or an arbiter decide. With the score and a flag fall's winnability
// answer these are the facts of a game that the server sends, stores and writes as PGN: typed
// everywhere, spelled as text only through the to_text/parse pairs below.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "expected.h"
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
    // Decided by the players, the clock or the arbiter, not by the position: the engine's
    // Outcome never holds these, a refereed game's result does.
    Agreement,   // FIDE 9.1
    Resignation, // FIDE 5.1.2
    FlagFall,    // FIDE 6.9
    Abandoned,   // the opponent stayed away past the grace period and the win was claimed
    Aborted,     // ended before it counted (the result is Score::Unfinished)
    Adjudicated, // ended by a moderator (any score; Unfinished for an abort)
    NoFirstMove, // aborted: a side did not make its first move in time (the clocks never ran)
    Forfeit,     // a player was banned during the game and loses it (both banned: Unfinished)
};

// A game's result as PGN scores it: "1-0", "0-1", "1/2-1/2", or "*" for a game that ended
// without one (aborted) or has not ended.
enum class Score : std::uint8_t { WhiteWins, BlackWins, Draw, Unfinished };

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

// Can a side still checkmate by any series of legal moves (engine/winnability.h answers)?
// Undetermined when the budgets ran out before a proof either way.
enum class Winnability { CanMate, CannotMate, Undetermined };

struct Outcome {
    Termination termination;
    std::optional<Color> winner; // set only for checkmate; every other ending is a draw

    friend bool operator==(const Outcome&, const Outcome&) = default;
};

// The text of each fact, as JSON, SQL and PGN spell it, and back: one pair per type. The names
// are the wire's and the store's (docs/protocol.md, game_over); changing one changes both.
// A parse of any other text fails with a message naming the text and `source`, where it was read
// ("games.result of game 42").
std::string_view to_text(Termination termination); // "checkmate", "fifty_moves", "flag_fall", ...
Expected<Termination, std::string> parse_termination(std::string_view text, std::string_view source);
// Every termination's text, comma-separated, for an error message.
std::string termination_texts();

std::string_view to_text(Score score); // "1-0", "0-1", "1/2-1/2", "*"
Expected<Score, std::string> parse_score(std::string_view text, std::string_view source);

std::string_view to_text(Winnability winnability); // "can_mate", "cannot_mate", "undetermined"
Expected<Winnability, std::string> parse_winnability(std::string_view text, std::string_view source);

// A won game's score for `winner`; Draw without one.
constexpr Score score_of(std::optional<Color> winner)
{
    if (!winner) return Score::Draw;
    return *winner == Color::White ? Score::WhiteWins : Score::BlackWins;
}

// The side a score names the winner; nothing for a draw or an unfinished game.
constexpr std::optional<Color> winner_of(Score score)
{
    if (score == Score::WhiteWins) return Color::White;
    if (score == Score::BlackWins) return Color::Black;
    return std::nullopt;
}

constexpr bool is_automatic(Termination t) { return t <= Termination::DeadPosition; }

} // namespace rochade
