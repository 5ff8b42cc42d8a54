// A moderator's decisions at a table: closing a table that waits for its opponent,
// adjudicating the running game, and the table's line in the admin area's live view. The
// moderation service checked the role and the request; here the table, on its own strand,
// checks that its state allows it and goes through the same emission pipeline as a player's
// action, so an adjudication is stored before anyone sees it.
#include <boost/asio/post.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/decode.h"
#include "protocol/encode.h"
#include "server/base/metrics.h"
#include "server/base/wall_clock.h"
#include "server/clients/client.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

// Lichess's and FICS's rule: a moderator who sits at a table (plays its game, or waits there
// for an opponent) does not decide it; nor does an admin. Another moderator must.
RefereeError own_table(const std::string& table)
{
    return RefereeError{ErrorCode::Forbidden, "you play at " + table + "; another moderator must decide"};
}

} // namespace

void Table::close_by_moderator(identity::Identity by, std::string reason, ModeratorDone done)
{
    net::post(strand_, [self = shared_from_this(), by = std::move(by), reason = std::move(reason),
                        done = std::move(done)]() mutable {
        self->when_flag_settled([self, by = std::move(by), reason = std::move(reason), done](auto) {
            const std::string table = "table " + std::to_string(self->id_);
            if (self->closed_) return done(RefereeError{ErrorCode::NoSuchTable, table + " is closed already"});
            if (self->side_of(by.principal)) return done(own_table(table));
            if (self->game_ && !self->game_->is_over())
                return done(
                    RefereeError{ErrorCode::GameInProgress, table + " has a running game; adjudicate it instead"});
            if (self->game_)
                return done(
                    RefereeError{ErrorCode::GameOver, table + "'s game is over; it closes when its players leave"});
            const auto notice = std::make_shared<const std::string>(
                protocol::encode_notice(self->room_, by.nick, table + " was closed by a moderator: " + reason));
            for (auto& seat : self->seats_) {
                if (!seat) continue;
                if (auto connection = seat->connection.lock()) connection->send(notice);
                seat.reset();
            }
            // Its watchers (the opener too) let it go: it answers nothing any more.
            const auto closed =
                std::make_shared<const std::string>(protocol::encode_table_closed(self->room_, self->id_));
            for (const auto& connection : self->watchers_.open()) {
                connection->send(closed);
                self->unsubscribe(connection);
            }
            self->closed_ = true;
            self->flag_watch_.cancel();
            self->summary_timer_.cancel();
            self->seats_.stop_holding_all();
            spdlog::info("{} in room {} closed by moderator {}", table, self->room_, by.nick);
            if (auto lobby = self->listener_.lock()) lobby->table_closed(self->room_, self->id_);
            done(std::nullopt);
        });
    });
}

void Table::adjudicate(Adjudication adjudication,
                       std::function<void(std::optional<RefereeError>, std::int64_t game_id)> done)
{
    net::post(strand_, [self = shared_from_this(), adjudication = std::move(adjudication),
                        done = std::move(done)]() mutable {
        self->when_flag_settled([self, adjudication = std::move(adjudication), done](auto now) {
            const std::string table = "table " + std::to_string(self->id_);
            if (self->closed_) return done(RefereeError{ErrorCode::NoSuchTable, table + " is closed"}, 0);
            if (self->side_of(adjudication.by.principal)) return done(own_table(table), self->game_id_.value_or(0));
            if (!self->game_)
                return done(
                    RefereeError{ErrorCode::GameNotStarted, table + " has no game yet (it waits for an opponent)"}, 0);
            const std::int64_t game_id = self->game_id_.value_or(0);
            auto ending = self->game_->adjudicate(adjudication.result, adjudication.message, now);
            if (!ending) return done(RefereeError{ending.error().code, table + ": " + ending.error().message}, game_id);
            Emission emission;
            self->add_ending(emission, *ending, now);
            // Under the game_over's number, like a flag fall's verdict: the game log shows who
            // decided, what and why.
            emission.writes.push_back(
                db::TableEvent{self->id_, self->game_id_, self->events_.last_taken(), db::TableEventKind::Adjudicated,
                               nlohmann::json{{"by", adjudication.by.nick},
                                              {"decision", to_text(adjudication.result)},
                                              {"reason", adjudication.reason}}
                                   .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace),
                               wall_clock_ms()});
            emission.what = "adjudicate";
            emission.game_change = GameChange::Ended;
            emission.on_done = [done, game_id](bool stored) {
                if (stored) return done(std::nullopt, game_id);
                done(RefereeError{ErrorCode::StorageUnavailable,
                                  "the adjudication was not stored (the store is unavailable); the game goes on"},
                     game_id);
            };
            spdlog::info("{} game {} adjudicated by {}: {}", table, game_id, adjudication.by.nick,
                         to_text(adjudication.result));
            self->emit(std::move(emission));
            self->table_changed();
        });
    });
}

void Table::describe(std::function<void(LiveTable)> done)
{
    net::post(strand_, [self = shared_from_this(), done = std::move(done)] {
        const auto now = self->summary();
        LiveTable live;
        live.table = self->id_;
        live.room = self->room_;
        live.game_id = self->game_id_;
        live.white = now.white;
        live.black = now.black;
        live.state = now.status == protocol::TableStatus::Waiting   ? "waiting"
                     : now.status == protocol::TableStatus::Playing ? "playing"
                                                                    : "finished";
        live.time_control_json = protocol::time_control_to_json(self->time_control_).dump();
        live.spectators = now.spectators;
        done(std::move(live));
    });
}

} // namespace rochade::server
