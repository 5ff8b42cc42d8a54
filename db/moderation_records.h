// The moderation rows the server keeps: the append-only audit log of moderators'
// actions (and of refused attempts), the sanctions in force (mutes and bans), and the searches
// over them and over chat. Plain values: no SQL, no SQLite. Times are wall-clock Unix ms.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rochade::db {

// ---- writes -------------------------------------------------------------------------------

// One line of the audit log: who did what to whom, when and why, and whether it was done or
// refused (a player trying a moderator's action, a moderator an admin's, an unknown target).
// Rows are only ever added: the store refuses to change or delete one.
struct ModerationLogged {
    std::int64_t at_ms = 0;
    std::optional<std::int64_t> actor_account; // the account that asked; empty for a guest
    std::string actor_nick;
    std::string actor_role; // protocol::role_name
    std::string action;     // server/moderation_action.h's names: "kick", "mute", "ban", ...
    std::string target;     // "Bob", "203.0.113.7", "table 12", "game 7", "room 34", "everyone"
    std::string reason;
    std::optional<std::int64_t> until_ms; // mutes and bans for a time; empty: for good or none
    bool refused = false;
    std::string detail_json = "{}"; // a JSON object: the room of a mute, a result, the refusal
};

// What a sanction keeps from someone: chat (in one room or everywhere), or entry (an account's
// nick, or a client address).
enum class SanctionKind : std::uint8_t { Mute, NickBan, AddressBan };

// "mute", "ban", "address_ban"; and back.
std::string_view sanction_kind_name(SanctionKind kind);
std::optional<SanctionKind> parse_sanction_kind(std::string_view text);

// Imposes a sanction, or replaces the one with the same kind, target and room.
struct SanctionSet {
    SanctionKind kind = SanctionKind::Mute;
    std::string target_key;     // a folded nick (protocol::nick_key) or an address
    std::string target;         // as shown: the nick as written, or the address
    std::int64_t room = 0;      // a mute's room; 0: everywhere (and for bans)
    std::optional<std::int64_t> until_ms; // empty: for good
    std::string reason;
    std::string by_nick;
    std::int64_t at_ms = 0;
};

// Lifts the sanction of this kind, target and room before its end (nothing when none stands).
struct SanctionLifted {
    SanctionKind kind = SanctionKind::Mute;
    std::string target_key;
    std::int64_t room = 0;
    std::int64_t at_ms = 0;
};

// ---- reads --------------------------------------------------------------------------------

using SanctionRecord = SanctionSet;

inline constexpr int min_page_rows = 1;
inline constexpr int max_page_rows = 200;

struct AuditEntry {
    std::int64_t id = 0; // ascending in the order of storing
    ModerationLogged logged;
};

// The audit log, newest first; `before_id` is the previous page's next_before_id.
struct AuditQuery {
    std::optional<std::string> actor_key;  // a folded nick
    std::optional<std::string> target;     // exact, as stored (a nick is compared folded)
    std::optional<std::string> action;
    int limit = 50; // min_page_rows..max_page_rows
    std::optional<std::int64_t> before_id;
};

struct AuditPage {
    std::vector<AuditEntry> entries;
    std::optional<std::int64_t> next_before_id; // empty on the last page
};

// A chat line's place in the search's order (at_ms, source, row id) descending, spelled
// "AT_room_ID" or "AT_table_ID" ("1700000000000_room_42"): room chat (source 0) and table chat
// (source 1) live in different tables, so a row id alone does not name a line. Both backends
// write and read the page cursor (ChatQuery::cursor, ChatPage::next_page) through these.
struct ChatCursor {
    std::int64_t at_ms = 0;
    int source = 0; // 0 room chat, 1 table chat
    std::int64_t row_id = 0;
};
std::string chat_cursor_text(const ChatCursor& cursor);
// Nothing for a text that is no cursor.
std::optional<ChatCursor> parse_chat_cursor(std::string_view text);

// Room chat and table chat, searched by moderators. Every filter that is set must hold.
struct ChatQuery {
    std::optional<std::string> text;      // a part of the line, case-insensitive for ASCII
    std::optional<std::string> nick_key;  // the writer, folded
    std::optional<std::int64_t> room;     // room chat of this room (and table chat of its tables)
    std::optional<std::int64_t> table_id; // table chat of this table only
    std::optional<std::int64_t> from_ms;   // at or after
    std::optional<std::int64_t> before_ms; // before (exclusive)
    int limit = 50; // min_page_rows..max_page_rows
    // The previous page's next_page: below this line in the order (at_ms, kind, row id) descending.
    std::optional<std::string> after;
};

// ChatQuery::text as a LIKE pattern (ILIKE on PostgreSQL) that matches it anywhere, with '%', '_'
// and '\' (the ESCAPE character) taken literally: "100%" becomes "%100\%%". Both backends search
// chat with it.
std::string chat_text_pattern(std::string_view text);

struct ChatLine {
    std::int64_t at_ms = 0;
    std::string nick, text;
    std::optional<std::int64_t> room;     // room chat
    std::optional<std::int64_t> table_id; // table chat
    std::optional<std::int64_t> game_id;  // table chat during (or after) a game
};

struct ChatPage {
    std::vector<ChatLine> lines; // newest first
    std::optional<std::string> next_page;
};

} // namespace rochade::db
