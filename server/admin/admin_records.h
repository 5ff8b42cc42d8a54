// The admin API's reads of the moderation records: the audit log (GET /api/admin/audit) and the
// search of room and table chat (GET /api/admin/chat): query parameters read strictly into the
// store's queries, and the pages written as the JSON of docs/admin.md. Pure: the AdminApi runs
// the reads on the store's read thread.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "db/moderation_records.h"
#include "engine/expected.h"

namespace rochade::server {

// actor (a nick), target, action, limit (1-200), before (a previous page's "next").
Expected<db::AuditQuery, std::string> parse_audit_query(std::string_view query);
// {"entries": [...], "next": ID | null}
nlohmann::json audit_page_json(const db::AuditPage& page);

// text (a part of the line), nick, room, table, from, to (YYYY-MM-DD, UTC, `to` inclusive),
// limit (1-200), after (a previous page's "next").
Expected<db::ChatQuery, std::string> parse_chat_query(std::string_view query);
// {"lines": [...], "next": CURSOR | null}
nlohmann::json chat_page_json(const db::ChatPage& page);

} // namespace rochade::server
