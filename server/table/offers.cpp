#include "server/table/offers.h"

namespace rochade::server {

using protocol::ErrorCode;
using protocol::Side;

namespace {

std::string name_of(Side side) { return side == Side::White ? "White" : "Black"; }

} // namespace

ErrorCode error_code_of(OfferRefusal refusal)
{
    return refusal == OfferRefusal::NoOfferFromOpponent ? ErrorCode::NoDrawOffer : ErrorCode::DrawOfferNotAllowed;
}

// Every refusal is of `who`'s request, so the side each one names follows from `who`: a draw
// offered out of turn is on the opponent's turn, and an offer that stands and is not the asker's
// is the opponent's.
std::string refusal_text(OfferRefusal refusal, Side who)
{
    const std::string opponent = name_of(protocol::opponent_of(who));
    switch (refusal) {
    case OfferRefusal::NotYourTurn:
        return "a draw may be offered only on one's own turn; it is " + opponent + "'s turn";
    case OfferRefusal::OwnOfferStands: return name_of(who) + "'s draw offer stands already";
    case OfferRefusal::OpponentOfferStands: return opponent + "'s draw offer stands: accept or decline it";
    case OfferRefusal::NoOfferFromOpponent: return opponent + " has not offered a draw";
    }
    return {};
}

std::optional<OfferRefusal> Offers::offer_draw(Side who, Side to_move)
{
    if (who != to_move) return OfferRefusal::NotYourTurn;
    if (draw_offer_ == who) return OfferRefusal::OwnOfferStands;
    if (draw_offer_) return OfferRefusal::OpponentOfferStands;
    draw_offer_ = who;
    return std::nullopt;
}

std::optional<OfferRefusal> Offers::accept_draw(Side who) const
{
    if (draw_offer_ != protocol::opponent_of(who)) return OfferRefusal::NoOfferFromOpponent;
    return std::nullopt;
}

std::optional<OfferRefusal> Offers::decline_draw(Side who)
{
    if (auto refused = accept_draw(who)) return refused;
    draw_offer_.reset();
    return std::nullopt;
}

RematchAnswer Offers::ask_rematch(Side who)
{
    if (rematch_offer_ == who) return RematchAnswer::AskedAlready;
    if (rematch_offer_ == protocol::opponent_of(who)) return RematchAnswer::Agreed;
    rematch_offer_ = who;
    return RematchAnswer::Asked;
}

} // namespace rochade::server
