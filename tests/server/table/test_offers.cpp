// table/offers.h: the draw offer of a running game (FIDE 9.1.2 as the server applies it) and
// the rematch asked after a game, as values: no table, no store, no clock.
#include <catch2/catch.hpp>

#include <optional>

#include "db/records.h"
#include "server/table/offers.h"
#include "server/table/stored_draw_offer.h"

namespace {

using rochade::protocol::ErrorCode;
using rochade::protocol::Side;
using rochade::server::OfferRefusal;
using rochade::server::Offers;
using rochade::server::RematchAnswer;

constexpr Side White = Side::White;
constexpr Side Black = Side::Black;

} // namespace

TEST_CASE("offers: a draw offer on one's own turn stands until the opponent answers it", "[offers][draw]")
{
    Offers offers;
    CHECK_FALSE(offers.draw_offer());
    // Only on one's own turn: Black may not offer while White is to move.
    CHECK(offers.offer_draw(Black, White) == OfferRefusal::NotYourTurn);
    CHECK_FALSE(offers.draw_offer());

    CHECK_FALSE(offers.offer_draw(White, White));
    CHECK(offers.draw_offer() == White);
    CHECK(offers.offer_draw(White, White) == OfferRefusal::OwnOfferStands);
    // One's own offer is not one's to accept or decline.
    CHECK(offers.accept_draw(White) == OfferRefusal::NoOfferFromOpponent);
    CHECK(offers.decline_draw(White) == OfferRefusal::NoOfferFromOpponent);
    CHECK(offers.draw_offer() == White);

    SECTION("the opponent accepts: the referee ends the game, and the offers go with it")
    {
        CHECK_FALSE(offers.accept_draw(Black));
        CHECK(offers.draw_offer() == White); // accepting asks only; the ending clears
        offers.game_over();
        CHECK_FALSE(offers.draw_offer());
    }
    SECTION("the opponent declines: the offer is gone, and there is nothing left to answer")
    {
        CHECK_FALSE(offers.decline_draw(Black));
        CHECK_FALSE(offers.draw_offer());
        CHECK(offers.accept_draw(Black) == OfferRefusal::NoOfferFromOpponent);
        CHECK(offers.decline_draw(Black) == OfferRefusal::NoOfferFromOpponent);
    }
}

// Today's rule, kept by this restructuring: an offer is answered with accept_draw or
// decline_draw; a counter-offer while it stands is refused, not taken as agreement.
TEST_CASE("offers: a counter-offer while the opponent's offer stands is refused, not an agreement", "[offers][draw]")
{
    Offers offers;
    REQUIRE_FALSE(offers.offer_draw(White, White));
    CHECK(offers.on_move(White, false, false)); // White's offer stands after White's own move
    CHECK(offers.offer_draw(Black, Black) == OfferRefusal::OpponentOfferStands);
    CHECK(offers.draw_offer() == White);
    CHECK_FALSE(offers.accept_draw(Black));
}

TEST_CASE("offers: a move keeps the mover's offer and lapses the opponent's", "[offers][draw]")
{
    struct Row {
        const char* what;
        std::optional<Side> standing; // before the move
        Side mover;
        bool offer_with_move, ends_game;
        bool mover_offer_stands; // what on_move answers
        std::optional<Side> after;
    };
    const Row rows[] = {
        {"a quiet move", std::nullopt, White, false, false, false, std::nullopt},
        {"an offer made with a move (FIDE 9.1.2.2)", std::nullopt, White, true, false, true, White},
        {"the opponent's offer lapses when not answered (9.1.2.3)", Black, White, false, false, false, std::nullopt},
        {"a counter-offer made with a move replaces the lapsed one", Black, White, true, false, true, White},
        {"the mover's own offer stands, and the move says so", White, White, false, false, true, White},
        {"an offer made with a move that ends the game is dropped", std::nullopt, Black, true, true, false,
         std::nullopt},
        {"a game ended by the move leaves no offer standing", White, White, false, true, false, std::nullopt},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        Offers offers;
        if (row.standing) REQUIRE_FALSE(offers.offer_draw(*row.standing, *row.standing));
        CHECK(offers.on_move(row.mover, row.offer_with_move, row.ends_game) == row.mover_offer_stands);
        CHECK(offers.draw_offer() == row.after);
    }
}

TEST_CASE("offers: the refusals' codes and texts are the ones clients have always had", "[offers][draw]")
{
    CHECK(error_code_of(OfferRefusal::NotYourTurn) == ErrorCode::DrawOfferNotAllowed);
    CHECK(error_code_of(OfferRefusal::OwnOfferStands) == ErrorCode::DrawOfferNotAllowed);
    CHECK(error_code_of(OfferRefusal::OpponentOfferStands) == ErrorCode::DrawOfferNotAllowed);
    CHECK(error_code_of(OfferRefusal::NoOfferFromOpponent) == ErrorCode::NoDrawOffer);
    CHECK(refusal_text(OfferRefusal::NotYourTurn, Black) ==
          "a draw may be offered only on one's own turn; it is White's turn");
    CHECK(refusal_text(OfferRefusal::OwnOfferStands, White) == "White's draw offer stands already");
    CHECK(refusal_text(OfferRefusal::OpponentOfferStands, Black) == "White's draw offer stands: accept or decline it");
    CHECK(refusal_text(OfferRefusal::NoOfferFromOpponent, White) == "Black has not offered a draw");
}

TEST_CASE("offers: a rematch is asked by one player and agreed by the other", "[offers][rematch]")
{
    Offers offers;
    CHECK_FALSE(offers.rematch_offer());
    CHECK(offers.ask_rematch(Black) == RematchAnswer::Asked);
    CHECK(offers.rematch_offer() == Black);
    CHECK(offers.ask_rematch(Black) == RematchAnswer::AskedAlready);
    CHECK(offers.rematch_offer() == Black);

    SECTION("the other player asks too: agreed, and the new game starts without offers")
    {
        CHECK(offers.ask_rematch(White) == RematchAnswer::Agreed);
        // Until the game starts the offer stands: a game that cannot start leaves it as it was.
        CHECK(offers.rematch_offer() == Black);
        CHECK(offers.ask_rematch(White) == RematchAnswer::Agreed);
        offers.game_started();
        CHECK_FALSE(offers.rematch_offer());
        CHECK_FALSE(offers.draw_offer());
    }
    SECTION("a player leaves: the offer is gone, and either may ask again")
    {
        offers.forget_rematch();
        CHECK_FALSE(offers.rematch_offer());
        CHECK(offers.ask_rematch(White) == RematchAnswer::Asked);
        CHECK(offers.rematch_offer() == White);
    }
}

TEST_CASE("offers: a rematch offer does not touch a draw offer, and a game's end clears both", "[offers][rematch]")
{
    Offers offers;
    offers.restore_draw_offer(Black);
    offers.forget_rematch();
    CHECK(offers.draw_offer() == Black);
    REQUIRE(offers.ask_rematch(White) == RematchAnswer::Asked);
    offers.game_over();
    CHECK_FALSE(offers.draw_offer());
    CHECK_FALSE(offers.rematch_offer());
}

// A restart reads the standing offer back from the stored log (stored_draw_offer.h) and the
// table restores it: it stands again, for the opponent to answer or to let lapse by moving.
TEST_CASE("offers: the draw offer read back from the store stands again", "[offers][draw]")
{
    // 1. e4 offering a draw (a draw_offered event under the move's seq), then nothing more.
    std::vector<rochade::db::MovePlayed> moves(1);
    moves[0].game_id = 1;
    moves[0].ply = 1;
    moves[0].seq = 5;
    const std::vector<rochade::db::TableEvent> events{
        rochade::db::TableEvent{1, 1, 5, rochade::db::TableEventKind::DrawOffered, R"({"by":"white"})", 0}};
    const auto standing = rochade::server::standing_draw_offer(moves, events, White);
    REQUIRE(standing == White);

    Offers offers;
    offers.restore_draw_offer(standing);
    CHECK(offers.draw_offer() == White);
    CHECK(offers.accept_draw(White) == OfferRefusal::NoOfferFromOpponent);
    CHECK_FALSE(offers.accept_draw(Black));
    CHECK(offers.offer_draw(Black, Black) == OfferRefusal::OpponentOfferStands);

    SECTION("Black moves instead of answering: it lapses")
    {
        CHECK_FALSE(offers.on_move(Black, false, false));
        CHECK_FALSE(offers.draw_offer());
    }
    SECTION("the table goes back to a stored game without an offer")
    {
        offers.restore_draw_offer(std::nullopt);
        CHECK_FALSE(offers.draw_offer());
        CHECK(offers.decline_draw(Black) == OfferRefusal::NoOfferFromOpponent);
    }
}
