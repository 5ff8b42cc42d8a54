// The audit log of the admin's desk: one line per moderation request, done or refused, written
// through the store's writer. The one place that writes moderation's audit lines, so that every
// answer to a moderator goes out only after its line was submitted. A sanction's line is not
// written here but by the sanctions desk, in one submission with the sanction
// (server/admin/sanctions_desk.h): both stored, or neither; it takes the line from line().
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json_fwd.hpp>

#include "db/moderation_records.h"
#include "protocol/error_code.h"
#include "server/moderation/moderation_attempt.h"

namespace rochade::db {
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

// An audit line's detail as JSON text. Nicks, reasons and notices are the players' and
// moderators' text, stored as they are: text that is not valid UTF-8 is replaced, never thrown over.
std::string audit_detail_text(const nlohmann::json& detail);

class AuditTrail {
public:
    explicit AuditTrail(db::StoreWriter& writer);

    // The line for `attempt`, stamped now.
    db::ModerationLogged line(const ModerationAttempt& attempt, bool refused, std::optional<std::int64_t> until_ms,
                              std::string detail_json) const;
    // Writes the refused line, then answers the refusal.
    void refuse(ModerationAttempt&& attempt, protocol::ErrorCode code, std::string message);
    // Writes the done line, then answers. For what is done already (a kick, a closed table, an
    // adjudication, a notice).
    void finish(ModerationAttempt&& attempt, ModerationDone result, std::string detail_json);
    // A refused request that never became a typed one: `action` is what was asked for, which
    // may name no action at all. Nobody waits for the answer.
    void log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                     std::string message);

private:
    db::StoreWriter& writer_;
};

} // namespace rochade::server
