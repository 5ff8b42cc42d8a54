// What a table knows of ratings (docs/ratings.md): whether it is rated and in which category,
// the rating a seated account shows in the table's summary, and what the last finished game did
// to its players' ratings (the `rating_change` a reload shows again until the next game starts).
//
// No I/O and no clock of its own: the table reads the rows on the read thread and hands them
// here, and says what time it is. The table never computes a rating: the store rates a game
// inside the transaction that stores its end, and this only turns the stored rows into what the
// players see.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "db/rating_records.h"
#include "protocol/messages.h"
#include "rating/category.h"

namespace rochade::server {

class TableRatings {
public:
    // `rated`: the lobby checked it (timed, and the opener has an account). A Chess960 table's
    // games count in the category Chess960 whatever their speed.
    TableRatings(bool rated, const protocol::TimeControl& time_control, bool chess960 = false);

    // The category of a time control's games (its first stage, and its increment or delay per
    // move: rating/category.h); none when untimed.
    static std::optional<rating::RatingCategory> category_of(const protocol::TimeControl& time_control);

    bool rated() const { return rated_; }
    // The category the table's games are rated in, and the seats' ratings shown from.
    std::optional<rating::RatingCategory> category() const { return category_; }
    // The time control's category (category_of), stored with every game for the searches; the
    // same as category() but at a Chess960 table.
    std::optional<rating::RatingCategory> speed() const { return speed_; }
    // Whether a game between these two is rated: a rated table with two accounts.
    bool rates_game_between(bool white_is_guest, bool black_is_guest) const
    {
        return rated_ && category_ && !white_is_guest && !black_is_guest;
    }
    // Whether a seated player shows a rating: an account at a rated table.
    bool shows_rating(bool guest) const { return rated_ && category_ && !guest; }

    // The rating the account `account_id` shows at this table, from its stored ratings, as of
    // `now_ms` (RD grown by the idle days, as the store will grow it before the next game): the
    // first rating of every account that has not played the category yet.
    std::optional<protocol::SeatRating> seat_rating(const std::vector<db::StoredRating>& ratings,
                                                    std::int64_t now_ms) const;
    // What one stored change leaves the player showing.
    static protocol::SeatRating seat_rating_after(const db::RatingChange& change);

    // A finished game's stored changes as the event the players see; none when the game was not
    // rated (no changes, or not one per side, white first).
    static std::optional<protocol::RatingChangeEvent> change_event(protocol::TableId table, std::int64_t game_id,
                                                                   const std::vector<db::RatingChange>& changes);

    // The last game's change, shown again to whoever comes back, until the next game starts.
    const std::optional<protocol::RatingChangeEvent>& last_change() const { return last_change_; }
    void remember(protocol::RatingChangeEvent event) { last_change_ = std::move(event); }
    void game_started() { last_change_.reset(); }

private:
    const bool rated_;
    const std::optional<rating::RatingCategory> speed_;
    const std::optional<rating::RatingCategory> category_;
    std::optional<protocol::RatingChangeEvent> last_change_;
};

} // namespace rochade::server
