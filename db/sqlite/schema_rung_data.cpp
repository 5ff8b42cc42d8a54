// The rungs of the SQLite schema's ladder that rewrite stored rows or check the schema's text
// after their SQL (schema_ladder.h): code, where SQL alone cannot fold a nick or read a time
// control as the server does.
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "db/sqlite/schema_ladder.h"
#include "db/store_error.h"
#include "protocol/decode.h"
#include "protocol/nick.h"
#include "rating/category.h"

namespace rochade::db {

namespace {

// The end of a rung that widened a CHECK by editing its table's text in place (versions 17 and
// 19): the edit is checked, the schema cookie raised so that every connection reads the new
// text, and the schema closed for writing again. `table` and `word` are this file's constants.
void widen_check(Database& db, std::string_view table, std::string_view word, std::string_view what)
{
    const auto widened = db.query_int("SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = '" +
                                      std::string(table) + "' AND sql LIKE '%''" + std::string(word) + "''%'");
    if (widened.value_or(0) != 1) throw DbError(std::string(what) + "'s CHECK does not read as it was written");
    const auto cookie = db.query_int("PRAGMA schema_version").value_or(0);
    // PRAGMA does not take parameters; the value is the integer SQLite gave.
    db.exec("PRAGMA schema_version = " + std::to_string(cookie + 1));
    db.exec("PRAGMA writable_schema = OFF");
}

// Version 5's folded nicks of the games stored before it.
void fill_nick_keys(Database& db)
{
    Statement games = db.prepare("SELECT id, white, black FROM games");
    Statement update = db.prepare("UPDATE games SET white_key = ?2, black_key = ?3 WHERE id = ?1");
    while (games.step())
        update.bind(1, games.column_int(0))
            .bind(2, protocol::nick_key(games.column_text(1)))
            .bind(3, protocol::nick_key(games.column_text(2)))
            .run();
}

// Version 6's folded nicks of the room chat stored before it.
void fill_chat_nick_keys(Database& db)
{
    Statement lines = db.prepare("SELECT id, nick FROM room_chat");
    Statement update = db.prepare("UPDATE room_chat SET nick_key = ?2 WHERE id = ?1");
    while (lines.step()) update.bind(1, lines.column_int(0)).bind(2, protocol::nick_key(lines.column_text(1))).run();
}

// Version 7's categories of the timed games stored before it. A control that does not read (none
// should) is left without a category, as an untimed one.
void fill_categories(Database& db)
{
    Statement games = db.prepare("SELECT id, time_control FROM games");
    Statement update = db.prepare("UPDATE games SET category = ?2 WHERE id = ?1");
    while (games.step()) {
        const auto stored = nlohmann::json::parse(games.column_text(1), nullptr, false);
        if (stored.is_discarded()) continue;
        const auto control = protocol::parse_time_control(stored);
        if (!control || control->untimed()) continue;
        const rating::RatingCategory category =
            rating::category_for(control->stages.front().time_ms, control->increment_ms);
        update.bind(1, games.column_int(0)).bind(2, rating::category_name(category)).run();
    }
}

// Version 8's skeletons of the accounts registered before it; a look-alike of an older account
// stays NULL (see schema_v9).
void fill_nick_skeletons(Database& db)
{
    Statement accounts = db.prepare("SELECT id, nick FROM accounts ORDER BY id");
    Statement update = db.prepare("UPDATE accounts SET nick_skeleton = ?2 WHERE id = ?1");
    std::set<std::string> taken;
    while (accounts.step()) {
        std::string skeleton = protocol::nick_skeleton(accounts.column_text(1));
        if (!taken.insert(skeleton).second) continue;
        update.bind(1, accounts.column_int(0)).bind(2, skeleton).run();
    }
}

} // namespace

void complete_schema_rung(Database& db, int version)
{
    switch (version) {
    case 5: return fill_nick_keys(db);
    case 6: return fill_chat_nick_keys(db);
    case 7: return fill_categories(db);
    case 9: return fill_nick_skeletons(db);
    case 17: return widen_check(db, "accounts", "director", "accounts.role");
    case 19: return widen_check(db, "tournaments", "arena", "tournaments.system");
    default: return;
    }
}

} // namespace rochade::db
