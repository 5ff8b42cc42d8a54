#include "server/admin/table_desk.h"

#include <nlohmann/json.hpp>

#include "server/admin/audit_trail.h"
#include "server/admin/other_nodes.h"
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

TableDesk::TableDesk(TableDirectory& tables, AuditTrail& audit, OtherNodes& others)
    : tables_(tables), audit_(audit), others_(others)
{
}

void TableDesk::close_at(Table& table, identity::Identity by, std::string reason, TableDone done)
{
    table.close_by_moderator(std::move(by), std::move(reason),
                             [done = std::move(done), room = table.room()](std::optional<RefereeError> refused) {
                                 if (refused) return done(ModerationRefused{refused->code, refused->message}, room);
                                 done(std::nullopt, room);
                             });
}

void TableDesk::adjudicate_at(Table& table, identity::Identity by, Adjudication decision, std::string reason,
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

void TableDesk::table_closed(ModerationAttempt attempt, CloseTable close, std::optional<ModerationRefused> refused,
                             std::int64_t room)
{
    if (refused) return audit_.refuse(std::move(attempt), refused->code, "close_table: " + refused->message);
    audit_.finish(
        std::move(attempt),
        ModerationDone{"table " + std::to_string(close.table) + " in room " + std::to_string(room) + " closed",
                       std::nullopt, 0},
        audit_detail_text(json{{"room", room}}));
}

void TableDesk::table_adjudicated(ModerationAttempt attempt, Adjudicate adjudicate,
                                  std::optional<ModerationRefused> refused, std::int64_t game_id)
{
    const std::string result(to_text(score_of(adjudicate.decision)));
    json detail{{"table", adjudicate.table},
                {"decision", std::string(adjudication_name(adjudicate.decision))},
                {"result", result}};
    if (game_id) detail["game"] = game_id;
    if (refused) return audit_.refuse(std::move(attempt), refused->code, "adjudicate: " + refused->message);
    audit_.finish(std::move(attempt),
                  ModerationDone{"game " + std::to_string(game_id) + " at table " + std::to_string(adjudicate.table) +
                                     " " + adjudication_text(adjudicate.decision) + " (" + result + ")",
                                 std::nullopt, 0},
                  audit_detail_text(detail));
}

void TableDesk::ask_owner(ModerationAttempt attempt, std::int64_t table, std::optional<Adjudication> decision,
                          std::string reason, OwnerAnswered answered)
{
    others_.table_owner(table, [this, attempt = std::move(attempt), table, decision, reason = std::move(reason),
                                answered = std::move(answered)](std::optional<std::string> owner) mutable {
        if (!owner)
            return audit_.refuse(std::move(attempt), ErrorCode::NoSuchTable,
                                 attempt.name() + ": there is no table " + std::to_string(table));
        cluster::TableModeration request{
            {}, 0, table, decision, attempt.who.principal, attempt.who.nick, std::move(reason)};
        others_.ask_table(*owner, std::move(request),
                          [this, attempt = std::move(attempt), table, owner = *owner,
                           answered = std::move(answered)](std::optional<cluster::ModerationAnswered> answer) mutable {
                              if (!answer)
                                  // It may have been done there all the same: the moderator looks before asking again.
                                  return audit_.refuse(std::move(attempt), ErrorCode::Busy,
                                                       attempt.name() + ": " +
                                                           silent_text(owner, others_.answer_timeout()) +
                                                           ", which has table " + std::to_string(table) +
                                                           "; whether it was done is unknown: see the live view");
                              std::optional<ModerationRefused> refused;
                              if (answer->refused) refused = ModerationRefused{*answer->refused, answer->message};
                              answered(std::move(attempt), std::move(refused), *answer);
                          });
    });
}

void TableDesk::carry_out(ModerationAttempt attempt, CloseTable close)
{
    auto table = tables_.find(close.table);
    if (!table)
        return ask_owner(std::move(attempt), close.table, std::nullopt, close.reason,
                         [this, close](ModerationAttempt attempt, std::optional<ModerationRefused> refused,
                                       cluster::ModerationAnswered answer) {
                             table_closed(std::move(attempt), close, std::move(refused), answer.room);
                         });
    // Copied before the attempt moves into the callback; the table refuses one who sits there.
    identity::Identity by = attempt.who;
    close_at(*table, std::move(by), close.reason,
             [this, attempt = std::move(attempt), close](std::optional<ModerationRefused> refused,
                                                         std::int64_t room) mutable {
                 table_closed(std::move(attempt), close, std::move(refused), room);
             });
}

void TableDesk::carry_out(ModerationAttempt attempt, Adjudicate adjudicate)
{
    auto table = tables_.find(adjudicate.table);
    if (!table)
        return ask_owner(std::move(attempt), adjudicate.table, adjudicate.decision, adjudicate.reason,
                         [this, adjudicate](ModerationAttempt attempt, std::optional<ModerationRefused> refused,
                                            cluster::ModerationAnswered answer) {
                             table_adjudicated(std::move(attempt), adjudicate, std::move(refused), answer.game_id);
                         });
    identity::Identity by = attempt.who;
    adjudicate_at(*table, std::move(by), adjudicate.decision, adjudicate.reason,
                  [this, attempt = std::move(attempt), adjudicate](std::optional<ModerationRefused> refused,
                                                                   std::int64_t game_id) mutable {
                      table_adjudicated(std::move(attempt), adjudicate, std::move(refused), game_id);
                  });
}

} // namespace rochade::server
