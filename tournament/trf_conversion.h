// The results model to and from pairing/'s TRF tournament, so that a Swiss can be exported as a
// FIDE Tournament Report File at any round and paired by pairing/dutch.
#pragma once

#include <string>
#include <variant>

#include "pairing/trf.h"
#include "tournament/tournament_model.h"

namespace rochade::tournament {

// Our rounds as TRF round entries: a game over the board 1/=/0 with colour, a forfeit +/-, the
// pairing-allocated bye U, a half-point bye H, an absence Z. A pending game is left blank (TRF
// has no code for it), and so is every player not named in a round that has byes but no games
// yet (the round being prepared for the pairer). A double forfeit is written as Z for both: our TRF reader (like
// TRF-16) wants a game's two entries to mirror each other, and -/- does not.
pairing::Tournament to_trf(const Tournament& tournament);

struct ConversionError {
    std::string message; // "round 2, player 5: ..."
};

// A TRF tournament as our model: every player Active (TRF has no status), unrated results
// (W D L) read as games over the board, blank entries in a round somebody played as absences.
// A full-point bye F (an arbiter's award that is not the pairing's) has no place in our model
// and is refused by name.
std::variant<Tournament, ConversionError> from_trf(const pairing::Tournament& trf);

// to_trf, written as TRF-16 with the XXR/XXC/XXP extensions (pairing::write_trf).
std::string write_trf(const Tournament& tournament);

} // namespace rochade::tournament
