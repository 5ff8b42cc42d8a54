// A rated table's ratings (docs/ratings.md): what the seated players' ratings are, for the
// table's summary, and what a finished game did to them, for the players.
//
// The table never computes a rating: the store rates a game inside the transaction that stores
// its end, so the changes are read back (on the read thread) once that commit is through, and
// shown as the store has them. A read that fails costs only the display: the changes are kept
// with the game either way, and the profile shows them.
#include <cmath>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/table/table.h"
#include "server/table/table_services.h"
#include "server/wall_clock.h"

namespace rochade::server {

namespace {

int rounded(double value) { return int(std::lround(value)); }

// A rating as it stands today: RD grown by the whole days since the last rated game, as the
// store will grow it before the next one.
rating::Rating as_of_now(const db::StoredRating& stored)
{
    const std::int64_t idle_days = (wall_clock_ms() - stored.last_game_at_ms) / db::utc_day_ms;
    return rating::age_rd(stored.value, idle_days, rating::Glicko2Config{});
}

protocol::SeatRating seat_rating(const rating::Rating& value)
{
    return protocol::SeatRating{rounded(value.rating), rating::is_provisional(value)};
}

protocol::PlayerRatingChange player_change(const db::RatingChange& change)
{
    return protocol::PlayerRatingChange{change.nick, rounded(change.before.rating), rounded(change.after.rating),
                                        rounded(change.after.rd), rating::is_provisional(change.after)};
}

} // namespace

std::optional<rating::RatingCategory> Table::rating_category_of(const protocol::TimeControl& time_control)
{
    if (time_control.untimed()) return std::nullopt;
    return rating::category_for(time_control.stages.front().time_ms, time_control.increment_ms);
}

void Table::read_seat_rating(const identity::Principal& owner, const std::string& nick,
                             std::function<void(std::optional<protocol::SeatRating>)> done)
{
    if (!rated_ || !category_ || owner.guest()) return done(std::nullopt);
    const std::string nick_key = protocol::nick_key(nick);
    auto read_rating = [owner, category = *category_, nick_key](db::StoreReader& reader) {
        std::optional<protocol::SeatRating> found;
        if (const auto player = reader.player(nick_key); player && player->account.id == owner.id) {
            found = seat_rating(rating::Glicko2Config{}.initial);
            for (const db::StoredRating& stored : player->ratings)
                if (stored.category == category) found = seat_rating(as_of_now(stored));
        }
        return found;
    };
    services_.reads.read(std::move(read_rating), [table = id_, nick_key, done = std::move(done)](
                                                     db::ReadResult<std::optional<protocol::SeatRating>> found) {
        if (!found) {
            spdlog::warn("table {}: the rating of {} could not be read: {}", table, nick_key, found.error().message);
            return done(std::nullopt);
        }
        done(*found);
    });
}

void Table::look_up_rating(Side side)
{
    const Seat* sitting = seat(side);
    if (!sitting) return;
    read_seat_rating(
        sitting->owner, sitting->nick,
        [self = shared_from_this(), side, owner = sitting->owner](std::optional<protocol::SeatRating> found) {
            if (!found) return;
            net::post(self->strand_, [self, side, owner, found] {
                Seat* now_sitting = self->seat(side);
                if (!now_sitting || now_sitting->owner != owner) return; // they left meanwhile
                now_sitting->rating = found;
                self->table_changed();
            });
        });
}

void Table::look_up_rating_change(std::int64_t game_id)
{
    services_.reads.read([game_id](db::StoreReader& reader) { return reader.rating_changes(game_id); },
                         [self = shared_from_this(), game_id](db::ReadResult<std::vector<db::RatingChange>> changes) {
                             if (!changes) {
                                 spdlog::warn("table {}: the rating changes of game {} could not be read: {}",
                                              self->id_, game_id, changes.error().message);
                                 return;
                             }
                             net::post(self->strand_, [self, game_id, changes = std::move(*changes)]() mutable {
                                 self->rating_change_read(game_id, std::move(changes));
                             });
                         });
}

void Table::rating_change_read(std::int64_t game_id, std::vector<db::RatingChange> changes)
{
    // Two changes, white first, or the game was not rated (an abort, or a casual start).
    if (changes.size() != 2 || !changes[0].white || changes[1].white) return;
    protocol::RatingChangeEvent event;
    event.table = id_;
    event.game_id = game_id;
    event.category = std::string(rating::category_name(changes[0].category));
    event.white = player_change(changes[0]);
    event.black = player_change(changes[1]);
    // A rematch may have started meanwhile: then this game's change is old news to the state.
    const bool still_current = game_id_ == game_id;
    if (still_current) rating_change_ = event;
    for (const db::RatingChange& change : changes)
        for (auto& sitting : seats_)
            if (sitting && !sitting->owner.guest() && sitting->owner.id == change.account_id)
                sitting->rating = seat_rating(change.after);
    watchers_.broadcast(std::make_shared<const std::string>(protocol::encode_rating_change(event)));
    table_changed();
    spdlog::info("table {} game {} rated ({}): {} {} -> {}, {} {} -> {}", id_, game_id, event.category,
                 event.white.nick, event.white.before, event.white.after, event.black.nick, event.black.before,
                 event.black.after);
}

} // namespace rochade::server
