// The FIDE Tournament Report File (TRF-16 and TRF-2026, FIDE Handbook C.04 Annex 2) as values:
// the header lines, the player lines (001) with their round results, and the extensions that
// pairing programs read (XXR rounds, XXC white1/black1/rank, XXP forbidden pairs). Reading takes
// the file's text and never touches a file; errors name the line and column.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace rochade::pairing {

enum class Colour { White, Black };
constexpr Colour opposite(Colour c) { return c == Colour::White ? Colour::Black : Colour::White; }

// The result codes of a round entry (TRF column 99 of round 1).
enum class ResultCode {
    Win,          // 1
    Draw,         // =
    Loss,         // 0
    ForfeitWin,   // +
    ForfeitLoss,  // -
    UnratedWin,   // W: game lasted less than one move
    UnratedDraw,  // D
    UnratedLoss,  // L
    HalfPointBye, // H
    FullPointBye, // F
    PairingBye,   // U: pairing-allocated bye
    ZeroPointBye, // Z, or blank
};
char result_code_letter(ResultCode code);

// One round of one player: the opponent's start number (0 for none), the colour, the result.
struct RoundEntry {
    int opponent = 0;
    std::optional<Colour> colour;
    ResultCode result = ResultCode::ZeroPointBye;

    // A game that took place over the board (both players appeared), rated or not.
    bool played() const;
};

struct TrfPlayer {
    int start_number = 0;
    std::string sex;                               // column 10
    std::string title;                             // 11-13
    std::string name;                              // 15-47
    int rating = 0;                                // 49-52, 0 when blank
    std::string federation;                        // 54-56
    std::string fide_id;                           // 58-68
    std::string birth_date;                        // 70-79
    std::string points;                            // 81-84, as written (the pairer computes its own score)
    int rank = 0;                                  // 86-89, 0 when blank
    std::vector<std::optional<RoundEntry>> rounds; // index 0 is round 1; nullopt for an empty field
};

// Points per result, TRF-2026 line 162; defaults are FIDE's (1, 0.5, 0, 0, PAB as a win).
// Held in tenths of a point so that scores compare exactly.
struct PointSystem {
    int win = 10;
    int draw = 5;
    int loss = 0;
    int absence = 0;
    int pairing_bye = 10;
    int points_for(ResultCode code) const;
};

struct Tournament {
    std::map<std::string, std::string> header;        // "012" -> "Club championship", in file order by code
    std::vector<std::string> unknown_lines;           // kept and written back unchanged
    std::vector<TrfPlayer> players;                   // in start-number order
    std::optional<int> total_rounds;                  // XXR, or TRF-2026 line 142
    std::optional<Colour> initial_colour;             // XXC white1/black1, or TRF-2026 line 152
    bool pair_by_rank = false;                        // XXC rank: the rank field orders the pairing numbers
    std::vector<std::pair<int, int>> forbidden_pairs; // XXP: start numbers that must never meet
    PointSystem points;

    const TrfPlayer* player(int start_number) const;
};

struct TrfError {
    int line = 0;   // 1-based
    int column = 0; // 1-based; 0 when the whole line is wrong
    std::string message;
    std::string to_string() const; // "line 4, column 92: ..."
};

using TrfReadResult = std::variant<Tournament, TrfError>;

// Reads a TRF text. Also checks that the rounds agree: an opponent exists, names the player
// back in the same round, with the other colour and a matching result.
TrfReadResult read_trf(std::string_view text);

// Writes a tournament as TRF-16 with the XXR/XXC/XXP extensions; read_trf(write_trf(t)) == t.
std::string write_trf(const Tournament& tournament);

} // namespace rochade::pairing
