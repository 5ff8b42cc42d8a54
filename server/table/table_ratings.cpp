#include "server/table/table_ratings.h"

#include <cmath>

#include "db/game_query.h"
#include "rating/glicko2.h"

namespace rochade::server {

namespace {

int rounded(double value) { return int(std::lround(value)); }

protocol::SeatRating shown(const rating::Rating& value)
{
    return protocol::SeatRating{rounded(value.rating), rating::is_provisional(value)};
}

protocol::PlayerRatingChange player_change(const db::RatingChange& change)
{
    return protocol::PlayerRatingChange{change.nick, rounded(change.before.rating), rounded(change.after.rating),
                                        rounded(change.after.rd), rating::is_provisional(change.after)};
}

} // namespace

TableRatings::TableRatings(bool rated, const protocol::TimeControl& time_control, bool chess960)
    : rated_(rated), speed_(category_of(time_control)),
      category_(chess960 && speed_ ? std::optional(rating::RatingCategory::Chess960) : speed_)
{
}

std::optional<rating::RatingCategory> TableRatings::category_of(const protocol::TimeControl& time_control)
{
    if (time_control.untimed()) return std::nullopt;
    // A delay gives a player up to that much time per move, as an increment does: it counts as
    // one (lichess counts a delay the same way), so 150 s + 2 s delay is blitz, not bullet.
    const std::int64_t per_move_ms =
        time_control.increment_ms + (time_control.delay == protocol::DelayKind::None ? 0 : time_control.delay_ms);
    return rating::category_for(time_control.stages.front().time_ms, per_move_ms);
}

std::optional<protocol::SeatRating> TableRatings::seat_rating(const std::vector<db::StoredRating>& ratings,
                                                              std::int64_t now_ms) const
{
    if (!category_) return std::nullopt;
    for (const db::StoredRating& stored : ratings)
        if (stored.category == *category_) {
            const std::int64_t idle_days = (now_ms - stored.last_game_at_ms) / db::utc_day_ms;
            return shown(rating::age_rd(stored.value, idle_days, rating::Glicko2Config{}));
        }
    return shown(rating::Glicko2Config{}.initial);
}

protocol::SeatRating TableRatings::seat_rating_after(const db::RatingChange& change) { return shown(change.after); }

std::optional<protocol::RatingChangeEvent> TableRatings::change_event(protocol::TableId table, std::int64_t game_id,
                                                                      const std::vector<db::RatingChange>& changes)
{
    // Two changes, white first, or the game was not rated (an abort, or a casual start).
    if (changes.size() != 2 || !changes[0].white || changes[1].white) return std::nullopt;
    protocol::RatingChangeEvent event;
    event.table = table;
    event.game_id = game_id;
    event.category = std::string(rating::category_name(changes[0].category));
    event.white = player_change(changes[0]);
    event.black = player_change(changes[1]);
    return event;
}

} // namespace rochade::server
