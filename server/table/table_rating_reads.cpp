// A rated table's reads (docs/ratings.md): the seated players' ratings, for the table's summary,
// and what a finished game did to them, for the players; what they mean is TableRatings'
// (table_ratings.h).
//
// The store rates a game inside the transaction that stores its end, so the changes are read
// back (on the read thread) once that commit is through, and shown as the store has them. A
// read that fails costs only the display: the changes are kept with the game either way, and
// the profile shows them.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/base/wall_clock.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

void Table::read_seat_rating(const identity::Principal& owner, const std::string& nick,
                             std::function<void(std::optional<protocol::SeatRating>)> done)
{
    if (!ratings_.shows_rating(owner.guest())) return done(std::nullopt);
    const std::string nick_key = protocol::nick_key(nick);
    auto read_rating = [owner, nick_key](db::StoreReader& reader) -> std::optional<std::vector<db::StoredRating>> {
        if (auto player = reader.player(nick_key); player && player->account.id == owner.id)
            return std::move(player->ratings);
        return std::nullopt; // not that account (any more)
    };
    services_.reads.read(std::move(read_rating),
                         [self = shared_from_this(), nick_key,
                          done = std::move(done)](db::ReadResult<std::optional<std::vector<db::StoredRating>>> found) {
                             if (!found) {
                                 spdlog::warn("table {}: the rating of {} could not be read: {}", self->id_, nick_key,
                                              found.error().message);
                                 return done(std::nullopt);
                             }
                             if (!*found) return done(std::nullopt);
                             done(self->ratings_.seat_rating(**found, wall_clock_ms()));
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
    auto event = TableRatings::change_event(id_, game_id, changes);
    if (!event) return;
    // A rematch may have started meanwhile: then this game's change is old news to the state.
    if (game_id_ == game_id) ratings_.remember(*event);
    for (const db::RatingChange& change : changes)
        for (auto& sitting : seats_)
            if (sitting && !sitting->owner.guest() && sitting->owner.id == change.account_id)
                sitting->rating = TableRatings::seat_rating_after(change);
    watchers_.broadcast(std::make_shared<const std::string>(protocol::encode_rating_change(*event)));
    table_changed();
    spdlog::info("table {} game {} rated ({}): {} {} -> {}, {} {} -> {}", id_, game_id, event->category,
                 event->white.nick, event->white.before, event->white.after, event->black.nick, event->black.before,
                 event->black.after);
}

} // namespace rochade::server
