#include "db/sqlite/moderation_sql.h"

#include <charconv>
#include <optional>

#include "protocol/nick.h"

namespace rochade::db {

namespace {

void check_limit(Database& db, const char* read, int limit)
{
    if (limit < min_page_rows || limit > max_page_rows)
        throw DbError(std::string(read) + " in '" + db.path() + "': a page holds " + std::to_string(min_page_rows) +
                          " to " + std::to_string(max_page_rows) + " rows, not " + std::to_string(limit),
                      StoreFailure::Refused);
}

// The filters both arms share; `source` is the arm's (0 room chat, 1 table chat).
void add_shared(std::string& where, const ChatQuery& query, const char* source)
{
    if (query.from_ms) where += " AND at_ms >= ?5";
    if (query.before_ms) where += " AND at_ms < ?6";
    // The plain at_ms bound lets an index range start at the cursor; the row value decides.
    if (query.after) where += std::string(" AND at_ms <= ?7 AND (at_ms, ") + source + ", id) < (?7, ?8, ?9)";
}

} // namespace

std::string chat_search_sql(const ChatQuery& query)
{
    std::string room_arm, table_arm;
    if (!query.table_id) {
        room_arm = "SELECT at_ms, 0 AS src, id AS row_id, nick, text, room, NULL AS table_id, NULL AS game_id "
                   "FROM room_chat WHERE 1";
        if (query.text) room_arm += " AND text LIKE ?1 ESCAPE '\\'";
        if (query.nick_key) room_arm += " AND nick_key = ?2";
        if (query.room) room_arm += " AND room = ?3";
        add_shared(room_arm, query, "0");
    }
    // Table chat keeps its writer and line in the event's detail ({"from", "text"}; server/table/table.cpp).
    // nick_key() is protocol::nick_key, defined on the store's connection (db/sqlite/sqlite_reader.cpp).
    table_arm = "SELECT at_ms, 1 AS src, id AS row_id, json_extract(detail_json, '$.from') AS nick, "
                "json_extract(detail_json, '$.text') AS text, NULL AS room, table_id, game_id "
                "FROM table_events WHERE kind IN ('table_chat', 'spectator_chat')";
    if (query.text) table_arm += " AND json_extract(detail_json, '$.text') LIKE ?1 ESCAPE '\\'";
    if (query.nick_key) table_arm += " AND nick_key(json_extract(detail_json, '$.from')) = ?2";
    // A table belongs to one room; its games say which (chat before its first game included).
    // The unary + keeps SQLite from reading every event of the room's tables by table_id and
    // sorting them: it reads table chat newest first from its index and stops at the limit.
    if (query.room) table_arm += " AND +table_id IN (SELECT table_id FROM games WHERE room = ?3)";
    if (query.table_id) table_arm += " AND table_id = ?4";
    add_shared(table_arm, query, "1");

    // A compound select, not a subquery: SQLite then merges the two arms, each read in order from
    // an index, and stops at the limit instead of sorting every matching line.
    const std::string order = " ORDER BY at_ms DESC, src DESC, row_id DESC LIMIT ?10";
    return (room_arm.empty() ? table_arm : room_arm + " UNION ALL " + table_arm) + order;
}

ModerationWrites::ModerationWrites(Database& db)
    : logged_(db.prepare("INSERT INTO moderation_log (at_ms, actor_account, actor_nick, actor_key, actor_role, action, "
                         "target, target_key, reason, until_ms, refused, detail_json) "
                         "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)")),
      // One sanction per kind, target and room: imposing it again replaces the old one.
      sanction_set_(
          db.prepare("INSERT INTO sanctions (kind, target_key, room, target, until_ms, reason, by_nick, at_ms) "
                     "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT (kind, target_key, room) DO UPDATE "
                     "SET target = excluded.target, until_ms = excluded.until_ms, reason = excluded.reason, "
                     "by_nick = excluded.by_nick, at_ms = excluded.at_ms")),
      sanction_lifted_(db.prepare("DELETE FROM sanctions WHERE kind = ?1 AND target_key = ?2 AND room = ?3"))
{
}

void ModerationWrites::write(const ModerationLogged& w)
{
    logged_.bind(1, w.at_ms).bind(2, w.actor_account).bind(3, w.actor_nick).bind(4, protocol::nick_key(w.actor_nick));
    logged_.bind(5, w.actor_role).bind(6, w.action).bind(7, w.target).bind(8, protocol::nick_key(w.target));
    logged_.bind(9, w.reason).bind(10, w.until_ms).bind(11, w.refused ? 1 : 0).bind(12, w.detail_json).run();
}

void ModerationWrites::write(const SanctionSet& w)
{
    sanction_set_.bind(1, sanction_kind_name(w.kind)).bind(2, w.target_key).bind(3, w.room).bind(4, w.target);
    sanction_set_.bind(5, w.until_ms).bind(6, w.reason).bind(7, w.by_nick).bind(8, w.at_ms).run();
}

void ModerationWrites::write(const SanctionLifted& w)
{
    sanction_lifted_.bind(1, sanction_kind_name(w.kind)).bind(2, w.target_key).bind(3, w.room).run();
}

std::vector<SanctionRecord> read_sanctions(Database& db, std::int64_t at_ms)
{
    Statement query =
        db.prepare("SELECT kind, target_key, room, target, until_ms, reason, by_nick, at_ms "
                   "FROM sanctions WHERE until_ms IS NULL OR until_ms > ?1 ORDER BY kind, target_key, room");
    query.bind(1, at_ms);
    std::vector<SanctionRecord> sanctions;
    while (query.step()) {
        const auto kind = parse_sanction_kind(query.column_text(0));
        if (!kind) // the column's CHECK keeps this from happening; say where if it does
            throw DbError("reading the sanctions in '" + db.path() + "': unknown kind '" + query.column_text(0) + "'");
        SanctionRecord sanction;
        sanction.kind = *kind;
        sanction.target_key = query.column_text(1);
        sanction.room = query.column_int(2);
        sanction.target = query.column_text(3);
        sanction.until_ms = query.column_optional_int(4);
        sanction.reason = query.column_text(5);
        sanction.by_nick = query.column_text(6);
        sanction.at_ms = query.column_int(7);
        sanctions.push_back(std::move(sanction));
    }
    return sanctions;
}

AuditPage read_audit_log(Database& db, const AuditQuery& query)
{
    check_limit(db, "audit_log", query.limit);
    std::string sql = "SELECT id, at_ms, actor_account, actor_nick, actor_role, action, target, reason, until_ms, "
                      "refused, detail_json FROM moderation_log WHERE 1";
    if (query.actor_key) sql += " AND actor_key = ?1";
    if (query.target) sql += " AND target_key = ?2";
    if (query.action) sql += " AND action = ?3";
    if (query.before_id) sql += " AND id < ?4";
    sql += " ORDER BY id DESC LIMIT ?5";
    Statement search = db.prepare(sql);
    // Folded here too: a caller's key is folded already, and folding is idempotent.
    if (query.actor_key) search.bind(1, protocol::nick_key(*query.actor_key));
    if (query.target) search.bind(2, protocol::nick_key(*query.target));
    if (query.action) search.bind(3, *query.action);
    if (query.before_id) search.bind(4, *query.before_id);
    search.bind(5, query.limit + 1);
    AuditPage page;
    while (page.entries.size() < static_cast<std::size_t>(query.limit) && search.step()) {
        AuditEntry entry;
        entry.id = search.column_int(0);
        ModerationLogged& logged = entry.logged;
        logged.at_ms = search.column_int(1);
        logged.actor_account = search.column_optional_int(2);
        logged.actor_nick = search.column_text(3);
        logged.actor_role = search.column_text(4);
        logged.action = search.column_text(5);
        logged.target = search.column_text(6);
        logged.reason = search.column_text(7);
        logged.until_ms = search.column_optional_int(8);
        logged.refused = search.column_int(9) != 0;
        logged.detail_json = search.column_text(10);
        page.entries.push_back(std::move(entry));
    }
    // A row beyond a full page: there is a next page (only then: a done statement would rerun).
    if (page.entries.size() == static_cast<std::size_t>(query.limit) && search.step())
        page.next_before_id = page.entries.back().id;
    return page;
}

ChatPage read_chat(Database& db, const ChatQuery& query)
{
    check_limit(db, "find_chat", query.limit);
    std::optional<ChatCursor> after;
    if (query.after) {
        after = parse_chat_cursor(*query.after);
        if (!after)
            throw DbError("find_chat in '" + db.path() + "': '" + *query.after +
                              "' is not a chat page cursor (AT_room_ID or AT_table_ID)",
                          StoreFailure::Refused);
    }
    Statement search = db.prepare(chat_search_sql(query));
    if (query.text) search.bind(1, chat_text_pattern(*query.text));
    if (query.nick_key) search.bind(2, protocol::nick_key(*query.nick_key));
    if (query.room) search.bind(3, *query.room);
    if (query.table_id) search.bind(4, *query.table_id);
    if (query.from_ms) search.bind(5, *query.from_ms);
    if (query.before_ms) search.bind(6, *query.before_ms);
    if (after) search.bind(7, after->at_ms).bind(8, after->source).bind(9, after->row_id);
    search.bind(10, query.limit + 1);
    ChatPage page;
    ChatCursor last;
    while (page.lines.size() < static_cast<std::size_t>(query.limit) && search.step()) {
        ChatLine line;
        line.at_ms = search.column_int(0);
        last = ChatCursor{line.at_ms, static_cast<int>(search.column_int(1)), search.column_int(2)};
        line.nick = search.column_text(3);
        line.text = search.column_text(4);
        line.room = search.column_optional_int(5);
        line.table_id = search.column_optional_int(6);
        line.game_id = search.column_optional_int(7);
        page.lines.push_back(std::move(line));
    }
    if (page.lines.size() == static_cast<std::size_t>(query.limit) && search.step())
        page.next_page = chat_cursor_text(last);
    return page;
}

} // namespace rochade::db
