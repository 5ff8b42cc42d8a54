// Closing a table and adjudicating its game, for a moderator on this node (carry_out) and, in a
// cluster, for one on another node who asked this node as the table's owner (close_at and
// adjudicate_at, from server/admin/node_questions.cpp), so that both go through the same table
// calls and get the same refusals. A table not on this node is acted on by the node that has it.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "server/cluster/node_message.h"
#include "server/moderation/moderation_attempt.h"

namespace rochade::server {

class AuditTrail;
class OtherNodes;
class Table;
class TableDirectory;

class TableDesk {
public:
    TableDesk(TableDirectory& tables, AuditTrail& audit, OtherNodes& others);

    void carry_out(ModerationAttempt attempt, CloseTable close);
    void carry_out(ModerationAttempt attempt, Adjudicate adjudicate);

    // The table's part: `done` gets the refusal (with the table's words) or nothing, and the
    // table's room or the game's id. The table refuses a moderator who sits there.
    using TableDone = std::function<void(std::optional<ModerationRefused>, std::int64_t room_or_game)>;
    static void close_at(Table& table, identity::Identity by, std::string reason, TableDone done);
    static void adjudicate_at(Table& table, identity::Identity by, Adjudication decision, std::string reason,
                              TableDone done);

private:
    // Answers the attempt from the table's outcome, wherever the table was; the audit line.
    void table_closed(ModerationAttempt attempt, CloseTable close, std::optional<ModerationRefused> refused,
                      std::int64_t room);
    void table_adjudicated(ModerationAttempt attempt, Adjudicate adjudicate, std::optional<ModerationRefused> refused,
                           std::int64_t game_id);
    // The table is not here: the node that has it is asked to close it (`decision` none) or
    // adjudicate it, and `answered` gets its answer; or the attempt is refused: no such table
    // anywhere, or `busy` when the owner stays silent.
    using OwnerAnswered =
        std::function<void(ModerationAttempt, std::optional<ModerationRefused>, cluster::ModerationAnswered)>;
    void ask_owner(ModerationAttempt attempt, std::int64_t table, std::optional<Adjudication> decision,
                   std::string reason, OwnerAnswered answered);

    TableDirectory& tables_;
    AuditTrail& audit_;
    OtherNodes& others_;
};

} // namespace rochade::server
