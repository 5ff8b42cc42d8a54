// TableRatings (server/table/table_ratings.h): which games a table rates and in which category,
// what a seated account shows, and a finished game's stored changes as the players see them.
#include <catch2/catch.hpp>

#include "server/table/table_ratings.h"

using namespace rochade;
using rochade::server::TableRatings;

namespace {

protocol::TimeControl minutes_plus(int minutes, int increment_s)
{
    protocol::TimeControl control;
    control.stages.push_back(protocol::TimeStage{0, std::int64_t(minutes) * 60'000});
    control.increment_ms = std::int64_t(increment_s) * 1000;
    return control;
}

constexpr std::int64_t day_ms = 86'400'000;

db::RatingChange change(bool white, const std::string& nick, double before, double after, double rd_after)
{
    db::RatingChange c;
    c.game_id = 7;
    c.account_id = white ? 1 : 2;
    c.nick = nick;
    c.white = white;
    c.category = rating::RatingCategory::Blitz;
    c.before = rating::Rating{before, 80, 0.06};
    c.after = rating::Rating{after, rd_after, 0.06};
    return c;
}

} // namespace

TEST_CASE("a table rates a game between two accounts, in its time control's category, only when rated",
          "[table][ratings]")
{
    const TableRatings rated(true, minutes_plus(5, 3));
    CHECK(rated.category() == rating::RatingCategory::Blitz);
    CHECK(rated.rates_game_between(false, false));
    CHECK_FALSE(rated.rates_game_between(true, false));
    CHECK_FALSE(rated.rates_game_between(false, true));
    CHECK(rated.shows_rating(false));
    CHECK_FALSE(rated.shows_rating(true));

    const TableRatings casual(false, minutes_plus(5, 3));
    CHECK_FALSE(casual.rates_game_between(false, false));
    CHECK_FALSE(casual.shows_rating(false));

    // An untimed game has no category, so it is never rated, whatever the lobby said.
    const TableRatings untimed(true, protocol::TimeControl{});
    CHECK_FALSE(untimed.category());
    CHECK_FALSE(untimed.rates_game_between(false, false));
    CHECK(TableRatings::category_of(minutes_plus(1, 0)) == rating::RatingCategory::Bullet);
    CHECK(TableRatings::category_of(minutes_plus(30, 0)) == rating::RatingCategory::Classical);
    // A delay counts as an increment: 150 s + 2 s is blitz (150 + 40 x 2 = 230 s), whether the
    // 2 s are an increment, a Bronstein delay or a simple delay; without them it is bullet.
    protocol::TimeControl short_base;
    short_base.stages.push_back(protocol::TimeStage{0, 150'000});
    CHECK(TableRatings::category_of(short_base) == rating::RatingCategory::Bullet);
    for (const auto delay : {protocol::DelayKind::Bronstein, protocol::DelayKind::Simple}) {
        protocol::TimeControl delayed = short_base;
        delayed.delay = delay;
        delayed.delay_ms = 2'000;
        CHECK(TableRatings::category_of(delayed) == rating::RatingCategory::Blitz);
    }
    protocol::TimeControl incremented = short_base;
    incremented.increment_ms = 2'000;
    CHECK(TableRatings::category_of(incremented) == rating::RatingCategory::Blitz);
}

TEST_CASE("a seated account shows its rating in the table's category, its RD grown by the idle days",
          "[table][ratings]")
{
    const TableRatings blitz(true, minutes_plus(5, 3));
    // Nothing stored in the category: the first rating, provisional.
    db::StoredRating rapid;
    rapid.category = rating::RatingCategory::Rapid;
    rapid.value = rating::Rating{2100, 50, 0.06};
    const auto newcomer = blitz.seat_rating({rapid}, 100 * day_ms);
    REQUIRE(newcomer);
    CHECK(newcomer->rating == 1500);
    CHECK(newcomer->provisional);

    db::StoredRating stored;
    stored.category = rating::RatingCategory::Blitz;
    stored.value = rating::Rating{1834.6, 60, 0.06};
    stored.last_game_at_ms = 10 * day_ms;
    const auto fresh = blitz.seat_rating({rapid, stored}, 10 * day_ms + 1000);
    REQUIRE(fresh);
    CHECK(fresh->rating == 1835); // rounded
    CHECK_FALSE(fresh->provisional);
    // Years away: the RD grows past the provisional line, the rating itself stays.
    const auto back = blitz.seat_rating({stored}, 10 * day_ms + 5 * 365 * day_ms);
    REQUIRE(back);
    CHECK(back->rating == 1835);
    CHECK(back->provisional);

    CHECK_FALSE(TableRatings(true, protocol::TimeControl{}).seat_rating({stored}, 0));
}

TEST_CASE("a finished game's stored changes become the event the players see, anything else is no rated game",
          "[table][ratings]")
{
    const std::vector<db::RatingChange> changes = {change(true, "Anna", 1500.4, 1516.6, 70.2),
                                                   change(false, "Bert", 1500, 1483.5, 120)};
    const auto event = TableRatings::change_event(3, 7, changes);
    REQUIRE(event);
    CHECK(event->table == 3);
    CHECK(event->game_id == 7);
    CHECK(event->category == "blitz");
    CHECK(event->white.nick == "Anna");
    CHECK(event->white.before == 1500);
    CHECK(event->white.after == 1517);
    CHECK(event->white.rd == 70);
    CHECK_FALSE(event->white.provisional);
    CHECK(event->black.after == 1484); // 1483.5 rounds away from zero
    CHECK(event->black.provisional);
    CHECK(TableRatings::seat_rating_after(changes[1]) == protocol::SeatRating{1484, true});

    CHECK_FALSE(TableRatings::change_event(3, 7, {}));
    CHECK_FALSE(TableRatings::change_event(3, 7, {changes[0]}));
    CHECK_FALSE(TableRatings::change_event(3, 7, {changes[1], changes[0]})); // black first: not as stored

    // The last game's change stands until the next game starts.
    TableRatings table(true, minutes_plus(5, 3));
    CHECK_FALSE(table.last_change());
    table.remember(*event);
    REQUIRE(table.last_change());
    CHECK(table.last_change()->game_id == 7);
    table.game_started();
    CHECK_FALSE(table.last_change());
}
