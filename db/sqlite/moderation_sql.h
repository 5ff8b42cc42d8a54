// The SQL of moderation: the writer's statements for the audit log and the
// sanctions, and the reads of the admin's desk (sanctions in force, the audit log, a search of
// room and table chat). Kept apart from the game and identity SQL so each file has one
// subject; db::SqliteWriter calls ModerationWrites inside its transactions, db::SqliteReader the reads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "db/moderation_records.h"
#include "db/sqlite/sqlite.h"

namespace rochade::db {

// Prepared once per connection. Each write throws DbError when SQLite fails.
class ModerationWrites {
public:
    explicit ModerationWrites(Database& db);

    void write(const ModerationLogged& w);
    void write(const SanctionSet& w);
    void write(const SanctionLifted& w);

private:
    Statement logged_, sanction_set_, sanction_lifted_;
};

// The sanctions in force at `at_ms`: without an end, or ending after it; by kind, target, room.
std::vector<SanctionRecord> read_sanctions(Database& db, std::int64_t at_ms);
// Throw DbError (Refused) for a limit outside min_page_rows..max_page_rows, and find_chat for
// a cursor that is not one of its own.
AuditPage read_audit_log(Database& db, const AuditQuery& query);
ChatPage read_chat(Database& db, const ChatQuery& query);

// The SQL of read_chat, apart so that a test can ask SQLite for its plan. Parameters, bound only
// when their filter is set (the limit always):
//   ?1 the LIKE pattern   ?2 nick key   ?3 room   ?4 table id   ?5 from   ?6 before
//   ?7, ?8, ?9 the cursor (at_ms, source 0 room / 1 table, row id)   ?10 the page size plus one
// Columns: 0 at_ms, 1 source, 2 row id, 3 nick, 4 text, 5 room, 6 table_id, 7 game_id.
// Needs nick_key() defined on the connection (Database::define_text_function).
std::string chat_search_sql(const ChatQuery& query);

} // namespace rochade::db
