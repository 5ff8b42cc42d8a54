// The offers at one table that wait for the other player's answer: the running game's draw
// offer (FIDE 9.1.2) and, after a game, the rematch one player asked for. The table's collaborator
// for them, as lila's round has its Drawer and Rematcher; takebacks and more time join here.
//
// A value on the table's strand with no I/O: the table asks it, then emits and stores what it
// answered. It keeps no clock and no board: the table says whose turn it is and whether a move
// ended the game, and the referee (RefereedGame) ends a game drawn by agreement.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "protocol/error_code.h"
#include "protocol/messages.h"

namespace rochade::server {

// Why an offer or its answer was refused; nothing changed.
enum class OfferRefusal : std::uint8_t {
    NotYourTurn,         // a draw is offered on one's own turn only (FIDE 9.1.2.1)
    OwnOfferStands,      // the asker's draw offer stands already
    OpponentOfferStands, // the opponent's offer stands: it is to be accepted or declined, not countered
    NoOfferFromOpponent, // nothing to accept or decline
};

// The error code and the text a client gets for a refusal of `who`'s request; the text names
// the side as the referee does ("White's draw offer stands already").
protocol::ErrorCode error_code_of(OfferRefusal refusal);
std::string refusal_text(OfferRefusal refusal, protocol::Side who);

enum class RematchAnswer : std::uint8_t {
    Asked,        // the offer stands now; the table tells both players
    AskedAlready, // the asker's offer stood already; nothing to tell
    Agreed,       // the opponent had asked: a game with the colours swapped starts
};

class Offers {
public:
    using Side = protocol::Side;

    std::optional<Side> draw_offer() const { return draw_offer_; }
    std::optional<Side> rematch_offer() const { return rematch_offer_; }

    // A draw offer without a move, on `who`'s own turn (`to_move`), one standing offer at a time.
    std::optional<OfferRefusal> offer_draw(Side who, Side to_move);
    // Whether `who` may accept: the opponent's offer stands. The referee then ends the game and
    // the table calls game_over().
    std::optional<OfferRefusal> accept_draw(Side who) const;
    std::optional<OfferRefusal> decline_draw(Side who);

    // A move by `mover`, with or without a draw offer: the opponent's standing offer lapses (FIDE
    // 9.1.2.3), the mover's stands, and a move that ends the game leaves none. Returns whether
    // the mover's offer stands after the move (the move event says so). On every move: a few
    // compares, nothing more.
    bool on_move(Side mover, bool offer_with_move, bool ended_game)
    {
        if (draw_offer_ != mover) draw_offer_.reset();
        if (offer_with_move) draw_offer_ = mover;
        if (ended_game) draw_offer_.reset();
        return draw_offer_ == mover;
    }

    // A rematch after the game: asked, asked again, or agreed because the opponent asked. Agreed
    // leaves the offer standing until game_started(), so that a game that cannot start (no game
    // id) leaves it as it was.
    RematchAnswer ask_rematch(Side who);

    // Whatever ends the game ends its offers.
    void game_over() { *this = Offers{}; }
    // A new game starts without offers.
    void game_started() { *this = Offers{}; }
    // A player left the table, or the table went back to what is stored: the rematch offer is
    // gone (it is not worth an undo log; it can be made again).
    void forget_rematch() { rematch_offer_.reset(); }

    // The draw offer that stands as the store holds it (the game's checkpoint, or the table
    // events read back after a restart: stored_draw_offer.h); a rematch offer is never stored.
    void restore_draw_offer(std::optional<Side> standing) { draw_offer_ = standing; }

private:
    std::optional<Side> draw_offer_;
    std::optional<Side> rematch_offer_;
};

} // namespace rochade::server
