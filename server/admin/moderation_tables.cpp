// Closing a table and adjudicating its game: the moderation service's part, for a
// moderator on this node (carry_out) and, in a cluster, for one on another node who asked this
// node as the table's owner (close_at and adjudicate_at, from moderation_cluster.cpp), so that
// both go through the same table calls and get the same refusals.
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "server/cluster/cluster_link.h"
#include "server/admin/moderation_service.h"
#include "server/game/refereed_game.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"

namespace rochade::server {

using protocol::ErrorCode;
using json = nlohmann::json;

namespace {

std::string adjudication_text(Adjudication decision)
{
    switch (decision) {
    case Adjudication::Abort: return "aborted";
    case Adjudication::WhiteWins: return "White wins";
    case Adjudication::BlackWins: return "Black wins";
    case Adjudication::Draw: return "drawn";
    }
    return "?";
}

} // namespace

void ModerationService::close_at(Table& table, identity::Identity by, std::string reason, TableDone done)
{
    table.close_by_moderator(std::move(by), std::move(reason),
                             [done = std::move(done), room = table.room()](std::optional<RefereeError> refused) {
                                 if (refused) return done(ModerationRefused{refused->code, refused->message}, room);
                                 done(std::nullopt, room);
                             });
}

void ModerationService::adjudicate_at(Table& table, identity::Identity by, Adjudication decision, std::string reason,
                                      TableDone done)
{
    const std::string message = decision == Adjudication::Abort ? "Game aborted by moderator " + by.nick + ": " + reason
                                                                : "Game adjudicated by moderator " + by.nick + ", " +
                                                                      adjudication_text(decision) + ": " + reason;
    // The table refuses a moderator who plays there: nobody decides their own game.
    Table::Adjudication decided{std::move(by), score_of(decision), std::move(reason), message};
    table.adjudicate(std::move(decided),
                     [done = std::move(done)](std::optional<RefereeError> refused, std::int64_t game_id) {
                         if (refused) return done(ModerationRefused{refused->code, refused->message}, game_id);
                         done(std::nullopt, game_id);
                     });
}

void ModerationService::table_closed(Attempt attempt, CloseTable close, std::optional<ModerationRefused> refused,
                                     std::int64_t room)
{
    if (refused) return refuse(std::move(attempt), refused->code, "close_table: " + refused->message);
    finish(std::move(attempt),
           ModerationDone{"table " + std::to_string(close.table) + " in room " + std::to_string(room) + " closed",
                          std::nullopt, 0},
           audit_detail_text(json{{"room", room}}));
}

void ModerationService::table_adjudicated(Attempt attempt, Adjudicate adjudicate,
                                          std::optional<ModerationRefused> refused, std::int64_t game_id)
{
    const std::string result(to_text(score_of(adjudicate.decision)));
    json detail{{"table", adjudicate.table},
                {"decision", std::string(adjudication_name(adjudicate.decision))},
                {"result", result}};
    if (game_id) detail["game"] = game_id;
    if (refused) return refuse(std::move(attempt), refused->code, "adjudicate: " + refused->message);
    finish(std::move(attempt),
           ModerationDone{"game " + std::to_string(game_id) + " at table " + std::to_string(adjudicate.table) + " " +
                              adjudication_text(adjudicate.decision) + " (" + result + ")",
                          std::nullopt, 0},
           audit_detail_text(detail));
}

void ModerationService::carry_out(Attempt attempt, CloseTable close)
{
    auto table = services_.tables.find(close.table);
    if (!table && cluster_) {
        return ask_owner(std::move(attempt), close.table, std::nullopt, close.reason,
                         [this, close](Attempt attempt, std::optional<ModerationRefused> refused,
                                       cluster::ModerationAnswered answer) {
                             table_closed(std::move(attempt), close, std::move(refused), answer.room);
                         });
    }
    if (!table)
        return refuse(std::move(attempt), ErrorCode::NoSuchTable,
                      "close_table: there is no table " + std::to_string(close.table));
    // Copied before the attempt moves into the callback; the table refuses one who sits there.
    identity::Identity by = attempt.who;
    close_at(*table, std::move(by), close.reason,
             [this, attempt = std::move(attempt), close](std::optional<ModerationRefused> refused,
                                                         std::int64_t room) mutable {
                 table_closed(std::move(attempt), close, std::move(refused), room);
             });
}

void ModerationService::carry_out(Attempt attempt, Adjudicate adjudicate)
{
    auto table = services_.tables.find(adjudicate.table);
    if (!table && cluster_) {
        return ask_owner(std::move(attempt), adjudicate.table, adjudicate.decision, adjudicate.reason,
                         [this, adjudicate](Attempt attempt, std::optional<ModerationRefused> refused,
                                            cluster::ModerationAnswered answer) {
                             table_adjudicated(std::move(attempt), adjudicate, std::move(refused), answer.game_id);
                         });
    }
    if (!table)
        return refuse(std::move(attempt), ErrorCode::NoSuchTable,
                      "adjudicate: there is no table " + std::to_string(adjudicate.table));
    identity::Identity by = attempt.who;
    adjudicate_at(*table, std::move(by), adjudicate.decision, adjudicate.reason,
                  [this, attempt = std::move(attempt), adjudicate](std::optional<ModerationRefused> refused,
                                                                   std::int64_t game_id) mutable {
                      table_adjudicated(std::move(attempt), adjudicate, std::move(refused), game_id);
                  });
}

} // namespace rochade::server
