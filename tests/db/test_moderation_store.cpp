// The store's moderation rows: the append-only audit log, the sanctions, rated games
// and the chat nicks the writer keeps; and the reads of the admin's desk over them.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "db/sqlite/migrations.h"
#include "db/sqlite/moderation_sql.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_reader.h"
#include "db/sqlite/sqlite_writer.h"
#include "store_backend.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::query_int;
using rochade::db::testing::store_now;
using rochade::db::testing::TempDatabase;
using rochade::db::testing::TestReader;
using rochade::db::testing::TestStore;
using rochade::db::testing::TestWriter;

namespace {

constexpr std::int64_t t0 = 1700000000000;

// Text a moderator's desk must show as written: markup, both quotes, a backslash, newlines and
// a PGN tag's end.
const std::string hostile = "<script>alert(\"x\")</script> it's a \\ back\nslash\r\n] [Result \"1-0\"]";

ModerationLogged logged(std::string action, std::string target, std::int64_t at_ms)
{
    ModerationLogged line;
    line.at_ms = at_ms;
    line.actor_account = 1;
    line.actor_nick = "Mod";
    line.actor_role = "moderator";
    line.action = std::move(action);
    line.target = std::move(target);
    line.reason = "spam";
    return line;
}

SanctionSet mute(std::string nick, std::int64_t room, std::optional<std::int64_t> until_ms)
{
    SanctionSet set;
    set.kind = SanctionKind::Mute;
    set.target = nick;
    set.target_key = nick; // ASCII lower-case nicks here: their own key
    set.room = room;
    set.until_ms = until_ms;
    set.reason = "spam";
    set.by_nick = "Mod";
    set.at_ms = t0;
    return set;
}

GameStarted game(std::int64_t id, bool rated)
{
    GameStarted start;
    start.game_id = id;
    start.table_id = 100 + id;
    start.room = 34;
    start.white = "Anna";
    start.black = "Bert";
    start.time_control_json = R"({"kind":"untimed"})";
    start.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    start.started_at_ms = t0 + id;
    start.rated = rated;
    if (rated) {
        // A rated game needs two accounts (see players()) and a timed control's category.
        start.time_control_json = R"({"kind":"sudden_death","base_ms":300000})";
        start.white_owner.account_id = 1;
        start.black_owner.account_id = 2;
        start.category = rochade::rating::RatingCategory::Blitz;
    }
    return start;
}

// The accounts of Anna (id 1) and Bert (id 2), whom game() seats at a rated game.
std::vector<Write> players()
{
    return {AccountCreated{"Anna", "anna", "$argon2id$h", Role::Player, t0},
            AccountCreated{"Bert", "bert", "$argon2id$h", Role::Player, t0}};
}

} // namespace

TEST_CASE("sanction kinds are spelled as the sanctions table keeps them, and read back")
{
    for (const auto kind : {SanctionKind::Mute, SanctionKind::NickBan, SanctionKind::AddressBan})
        CHECK(parse_sanction_kind(sanction_kind_name(kind)) == kind);
    CHECK(sanction_kind_name(SanctionKind::Mute) == "mute");
    CHECK(sanction_kind_name(SanctionKind::NickBan) == "ban");
    CHECK(sanction_kind_name(SanctionKind::AddressBan) == "address_ban");
    CHECK_FALSE(parse_sanction_kind("Mute"));
    CHECK_FALSE(parse_sanction_kind(""));
}

TEST_CASE("an audit line is stored byte for byte, with the actor's and target's folded nicks")
{
    TempDatabase file("audit-write");
    SqliteWriter writer(file.path());
    ModerationLogged line = logged("mute", "JÜRGEN", t0);
    line.actor_nick = "Straße";
    line.actor_account = std::nullopt;
    line.reason = hostile;
    line.until_ms = t0 + 60000;
    line.refused = true;
    line.detail_json = R"({"room":34,"note":"<script>\"\\\n"})";
    REQUIRE_FALSE(store_now(writer, {line}));

    Database db(file.path(), OpenMode::ReadOnly);
    Statement row = db.prepare("SELECT at_ms, actor_account, actor_nick, actor_key, actor_role, action, target, "
                               "target_key, reason, until_ms, refused, detail_json FROM moderation_log");
    REQUIRE(row.step());
    CHECK(row.column_int(0) == t0);
    CHECK(row.column_is_null(1));
    CHECK(row.column_text(2) == "Straße");
    CHECK(row.column_text(3) == "strasse");
    CHECK(row.column_text(4) == "moderator");
    CHECK(row.column_text(5) == "mute");
    CHECK(row.column_text(6) == "JÜRGEN");
    CHECK(row.column_text(7) == "jürgen");
    CHECK(row.column_text(8) == hostile);
    CHECK(row.column_optional_int(9) == t0 + 60000);
    CHECK(row.column_int(10) == 1);
    CHECK(row.column_text(11) == line.detail_json);
    CHECK_FALSE(row.step());
}

TEST_CASE("the audit log is append-only: an UPDATE or a DELETE is refused by the database itself")
{
    TempDatabase file("audit-append-only");
    {
        SqliteWriter writer(file.path());
        REQUIRE_FALSE(store_now(writer, {logged("kick", "bob", t0)}));
    }
    Database db = open_migrated(file.path());
    for (const char* sql : {"UPDATE moderation_log SET reason = 'nothing happened'", "DELETE FROM moderation_log",
                            "UPDATE moderation_log SET refused = 1 WHERE id = 1"}) {
        INFO(sql);
        CHECK_THROWS_WITH(db.exec(sql), Catch::Contains("moderation_log is append-only"));
    }
    CHECK(db.query_int("SELECT COUNT(*) FROM moderation_log WHERE reason = 'spam' AND refused = 0") == 1);
    // Adding goes on.
    db.exec("INSERT INTO moderation_log (at_ms, actor_nick, actor_key, actor_role, action, target, target_key, reason, "
            "refused, detail_json) VALUES (2, 'M', 'm', 'admin', 'ban', 'x', 'x', '', 0, '{}')");
    CHECK(db.query_int("SELECT COUNT(*) FROM moderation_log") == 2);
}

TEST_CASE("an audit line whose detail is not a JSON object is refused, and its submission alone fails")
{
    TestStore file("audit-detail");
    std::vector<std::string> errors;
    TestWriter writer(file, [&errors](std::string message) { errors.push_back(std::move(message)); });
    for (const char* detail : {"[1]", "\"text\"", "{not json"}) {
        INFO(detail);
        ModerationLogged line = logged("kick", "bob", t0);
        line.detail_json = detail;
        CHECK(store_now(writer, {line}).has_value());
    }
    CHECK_FALSE(store_now(writer, {logged("kick", "bob", t0)}));
    CHECK(errors.size() == 3);
    CHECK(query_int(file, "SELECT COUNT(*) FROM moderation_log") == 1);
}

TEST_CASE("a sanction set again replaces the one of its kind, target and room, a lift deletes it")
{
    TestStore file("sanction-writes");
    TestWriter writer(file);
    auto rows = [&file](const std::string& where) {
        return query_int(file, "SELECT COUNT(*) FROM sanctions WHERE " + where);
    };

    REQUIRE_FALSE(store_now(writer, {mute("bob", 34, t0 + 1000)}));
    SanctionSet longer = mute("bob", 34, std::nullopt);
    longer.reason = hostile;
    longer.by_nick = "Admin";
    REQUIRE_FALSE(store_now(writer, {longer}));
    CHECK(rows("true") == 1);
    CHECK(rows("kind = 'mute' AND target_key = 'bob' AND room = 34 AND until_ms IS NULL AND by_nick = 'Admin'") == 1);

    // Another room, everywhere, and a ban of the same nick are other sanctions.
    SanctionSet ban = mute("bob", 0, t0 + 5000);
    ban.kind = SanctionKind::NickBan;
    REQUIRE_FALSE(store_now(writer, {mute("bob", 35, t0 + 1000), mute("bob", 0, t0 + 1000), ban}));
    CHECK(rows("true") == 4);

    REQUIRE_FALSE(store_now(writer, {SanctionLifted{SanctionKind::Mute, "bob", 34, t0 + 10}}));
    CHECK(rows("kind = 'mute' AND room = 34") == 0);
    CHECK(rows("true") == 3);
    // Lifting what does not stand changes nothing and is no error.
    REQUIRE_FALSE(store_now(writer, {SanctionLifted{SanctionKind::AddressBan, "bob", 0, t0 + 20}}));
    CHECK(rows("true") == 3);
}

TEST_CASE("a game is stored rated or casual, and room chat with its writer's folded nick")
{
    TempDatabase file("rated-write");
    SqliteWriter writer(file.path());
    REQUIRE_FALSE(store_now(writer, players()));
    REQUIRE_FALSE(store_now(writer, {game(1, true), game(2, false), RoomChatted{34, "JÜRGEN", hostile, t0}}));
    Database db(file.path(), OpenMode::ReadOnly);
    CHECK(db.query_int("SELECT rated FROM games WHERE id = 1") == 1);
    CHECK(db.query_int("SELECT rated FROM games WHERE id = 2") == 0);
    Statement chat = db.prepare("SELECT nick, nick_key, text FROM room_chat");
    REQUIRE(chat.step());
    CHECK(chat.column_text(0) == "JÜRGEN");
    CHECK(chat.column_text(1) == "jürgen");
    CHECK(chat.column_text(2) == hostile);
}

// ---- reads --------------------------------------------------------------------------------

namespace {

// The error kind of what `read` throws, or nullopt when it does not throw a DbError.
template <class Read> std::optional<StoreFailure> failure_of(Read read)
{
    try {
        read();
    } catch (const DbError& error) {
        return error.kind();
    }
    return std::nullopt;
}

std::vector<std::int64_t> ids_of(const AuditPage& page)
{
    std::vector<std::int64_t> ids;
    for (const AuditEntry& entry : page.entries) ids.push_back(entry.id);
    return ids;
}

std::vector<std::string> texts_of(const ChatPage& page)
{
    std::vector<std::string> texts;
    for (const ChatLine& line : page.lines) texts.push_back(line.text);
    return texts;
}

TableEvent table_chat(std::int64_t table_id, std::optional<std::int64_t> game_id, std::int64_t seq,
                      const std::string& from, const std::string& text, std::int64_t at_ms)
{
    // As server/table/table.cpp writes it (nlohmann::json's dump): here by hand, escaped for JSON.
    auto json_string = [](const std::string& raw) {
        std::string quoted = "\"";
        for (const char c : raw) {
            if (c == '"' || c == '\\') {
                quoted += '\\';
                quoted += c;
            } else if (c == '\n') {
                quoted += "\\n";
            } else if (c == '\r') {
                quoted += "\\r";
            } else {
                quoted += c;
            }
        }
        return quoted + "\"";
    };
    return TableEvent{table_id,
                      game_id,
                      seq,
                      rochade::db::TableEventKind::TableChat,
                      "{\"from\":" + json_string(from) + ",\"text\":" + json_string(text) + "}",
                      at_ms};
}

} // namespace

TEST_CASE("sanctions(at) lists those in force: for good, or ending after it, each as it was set")
{
    TestStore file("sanction-reads");
    {
        TestWriter writer(file);
        SanctionSet address = mute("203.0.113.7", 0, std::nullopt);
        address.kind = SanctionKind::AddressBan;
        address.reason = hostile;
        REQUIRE_FALSE(store_now(writer, {mute("bob", 34, t0 + 1000), mute("carl", 0, t0 + 2000), address}));
    }
    TestReader store(file);
    auto targets = [&store](std::int64_t at_ms) {
        std::vector<std::string> found;
        for (const SanctionRecord& s : store.sanctions(at_ms))
            found.push_back(std::string(sanction_kind_name(s.kind)) + " " + s.target + " " + std::to_string(s.room));
        return found;
    };
    CHECK(targets(t0) == std::vector<std::string>{"address_ban 203.0.113.7 0", "mute bob 34", "mute carl 0"});
    CHECK(targets(t0 + 999) == std::vector<std::string>{"address_ban 203.0.113.7 0", "mute bob 34", "mute carl 0"});
    CHECK(targets(t0 + 1000) == std::vector<std::string>{"address_ban 203.0.113.7 0", "mute carl 0"}); // ends then
    CHECK(targets(t0 + 5000) == std::vector<std::string>{"address_ban 203.0.113.7 0"});

    const auto in_force = store.sanctions(t0);
    const SanctionRecord& ban = in_force[0];
    CHECK(ban.kind == SanctionKind::AddressBan);
    CHECK(ban.target_key == "203.0.113.7");
    CHECK_FALSE(ban.until_ms);
    CHECK(ban.reason == hostile);
    CHECK(ban.by_nick == "Mod");
    CHECK(ban.at_ms == t0);
    CHECK(in_force[1].until_ms == t0 + 1000);
}

TEST_CASE("the audit log reads newest first, page by page, and by actor, target and action")
{
    TestStore file("audit-reads");
    {
        TestWriter writer(file);
        ModerationLogged by_admin = logged("ban", "Jürgen", t0 + 3);
        by_admin.actor_nick = "Ädmin";
        by_admin.actor_role = "admin";
        by_admin.reason = hostile;
        by_admin.detail_json = R"({"text":"<script>\"\\\n"})";
        ModerationLogged refused = logged("ban_address", "203.0.113.7", t0 + 4);
        refused.refused = true;
        REQUIRE_FALSE(store_now(writer, {logged("kick", "bob", t0), logged("mute", "bob", t0 + 1),
                                         logged("kick", "carl", t0 + 2), by_admin, refused}));
    }
    TestReader store(file);

    AuditQuery all;
    all.limit = 2;
    AuditPage page = store.audit_log(all);
    CHECK(ids_of(page) == std::vector<std::int64_t>{5, 4});
    REQUIRE(page.next_before_id == 4);
    all.before_id = page.next_before_id;
    page = store.audit_log(all);
    CHECK(ids_of(page) == std::vector<std::int64_t>{3, 2});
    all.before_id = page.next_before_id;
    page = store.audit_log(all);
    CHECK(ids_of(page) == std::vector<std::int64_t>{1});
    CHECK_FALSE(page.next_before_id);
    // A page exactly full at the end says there is no more.
    AuditQuery exact;
    exact.limit = 5;
    CHECK_FALSE(store.audit_log(exact).next_before_id);

    AuditQuery query;
    query.actor_key = "ädmin";
    page = store.audit_log(query);
    REQUIRE(ids_of(page) == std::vector<std::int64_t>{4});
    const ModerationLogged& line = page.entries[0].logged;
    CHECK(line.actor_nick == "Ädmin");
    CHECK(line.actor_role == "admin");
    CHECK(line.action == "ban");
    CHECK(line.target == "Jürgen");
    CHECK(line.reason == hostile);
    CHECK(line.detail_json == R"({"text":"<script>\"\\\n"})");
    CHECK(line.actor_account == 1);
    CHECK(line.at_ms == t0 + 3);
    CHECK_FALSE(line.refused);
    CHECK_FALSE(line.until_ms);

    AuditQuery by_target;
    by_target.target = "JÜRGEN"; // a nick compared folded
    CHECK(ids_of(store.audit_log(by_target)) == std::vector<std::int64_t>{4});
    by_target.target = "BOB";
    CHECK(ids_of(store.audit_log(by_target)) == std::vector<std::int64_t>{2, 1});
    by_target.action = "kick";
    CHECK(ids_of(store.audit_log(by_target)) == std::vector<std::int64_t>{1});
    AuditQuery by_action;
    by_action.action = "ban_address";
    page = store.audit_log(by_action);
    REQUIRE(ids_of(page) == std::vector<std::int64_t>{5});
    CHECK(page.entries[0].logged.refused); // refused attempts are in the log too
    AuditQuery by_moderator;
    by_moderator.actor_key = "mod";
    by_moderator.before_id = 3;
    CHECK(ids_of(store.audit_log(by_moderator)) == std::vector<std::int64_t>{2, 1});

    for (const int limit : {0, -1, max_page_rows + 1}) {
        INFO("limit " << limit);
        AuditQuery bad;
        bad.limit = limit;
        CHECK(failure_of([&] { store.audit_log(bad); }) == StoreFailure::Refused);
    }
    AuditQuery biggest;
    biggest.limit = max_page_rows;
    CHECK(store.audit_log(biggest).entries.size() == 5);
}

TEST_CASE("a game's rated flag is read back and filters the search of the games")
{
    TestStore file("rated-reads");
    {
        TestWriter writer(file);
        REQUIRE_FALSE(store_now(writer, players()));
        REQUIRE_FALSE(store_now(writer, {game(1, true), game(2, false), game(3, true)}));
    }
    TestReader store(file);
    auto ids = [&store](std::optional<bool> rated) {
        GameQuery query;
        query.rated = rated;
        std::vector<std::int64_t> found;
        for (const GameSummary& g : store.find_games(query).games) found.push_back(g.game_id);
        return found;
    };
    CHECK(ids(std::nullopt) == std::vector<std::int64_t>{3, 2, 1});
    CHECK(ids(true) == std::vector<std::int64_t>{3, 1});
    CHECK(ids(false) == std::vector<std::int64_t>{2});
    const auto recent = store.recent_games();
    REQUIRE(recent.size() == 3);
    CHECK(recent[0].rated);
    CHECK_FALSE(recent[1].rated);
    GameQuery rated_paged;
    rated_paged.rated = true;
    rated_paged.limit = 1;
    const GamePage first = store.find_games(rated_paged);
    REQUIRE(first.next_page);
    rated_paged.after = first.next_page;
    const GamePage second = store.find_games(rated_paged);
    REQUIRE(second.games.size() == 1);
    CHECK(second.games[0].game_id == 1);
    CHECK(second.games[0].rated);
}

TEST_CASE("the chat search finds room and table chat, newest first, by text, nick, room, table and time")
{
    TestStore file("chat-reads");
    {
        TestWriter writer(file);
        GameStarted in_34 = game(1, false); // table 101 in room 34
        GameStarted in_35 = game(2, false);
        in_35.room = 35; // table 102 in room 35
        REQUIRE_FALSE(store_now(writer, {in_34, in_35, RoomChatted{34, "Anna", "hello room", t0 + 10},
                                         table_chat(101, 1, 5, "JÜRGEN", "Hello table", t0 + 20),
                                         RoomChatted{35, "Jürgen", "servus", t0 + 30},
                                         table_chat(102, 2, 6, "Bert", "good luck", t0 + 40),
                                         table_chat(103, std::nullopt, 1, "Cem", "before any game", t0 + 50),
                                         RoomChatted{34, "Bert", hostile, t0 + 60}}));
    }
    TestReader store(file);
    auto texts = [&store](const ChatQuery& query) { return texts_of(store.find_chat(query)); };

    ChatQuery all;
    const ChatPage everything = store.find_chat(all);
    CHECK(texts_of(everything) ==
          std::vector<std::string>{hostile, "before any game", "good luck", "servus", "Hello table", "hello room"});
    CHECK_FALSE(everything.next_page);
    // Each line says where it was said.
    const ChatLine& room_line = everything.lines[0];
    CHECK(room_line.nick == "Bert");
    CHECK(room_line.room == 34);
    CHECK_FALSE(room_line.table_id);
    CHECK_FALSE(room_line.game_id);
    CHECK(room_line.at_ms == t0 + 60);
    const ChatLine& table_line = everything.lines[4];
    CHECK(table_line.nick == "JÜRGEN");
    CHECK(table_line.table_id == 101);
    CHECK(table_line.game_id == 1);
    CHECK_FALSE(table_line.room);
    CHECK_FALSE(everything.lines[1].game_id); // chat before the table's first game

    ChatQuery by_text;
    by_text.text = "HELLO"; // ASCII case does not matter
    CHECK(texts(by_text) == std::vector<std::string>{"Hello table", "hello room"});
    ChatQuery by_nick;
    by_nick.nick_key = "jürgen"; // room chat and table chat, folded
    CHECK(texts(by_nick) == std::vector<std::string>{"servus", "Hello table"});
    ChatQuery by_room;
    by_room.room = 34; // the room's chat and its tables' chat
    CHECK(texts(by_room) == std::vector<std::string>{hostile, "Hello table", "hello room"});
    ChatQuery by_table;
    by_table.table_id = 102; // that table's chat only
    CHECK(texts(by_table) == std::vector<std::string>{"good luck"});
    by_table.room = 34; // every filter must hold
    CHECK(texts(by_table).empty());
    ChatQuery by_time;
    by_time.from_ms = t0 + 20;
    by_time.before_ms = t0 + 50;
    CHECK(texts(by_time) == std::vector<std::string>{"good luck", "servus", "Hello table"});
    ChatQuery combined;
    combined.text = "LUCK";
    combined.nick_key = "bert";
    combined.room = 35;
    CHECK(texts(combined) == std::vector<std::string>{"good luck"});
}

TEST_CASE("the chat search pages by a stable cursor, lines said in the same millisecond included")
{
    TestStore file("chat-paging");
    std::vector<std::string> expected; // newest first
    {
        TestWriter writer(file);
        REQUIRE_FALSE(store_now(writer, {game(1, false)}));
        std::vector<Write> lines;
        // Seven lines in three milliseconds, room and table chat mixed.
        for (int i = 0; i < 7; ++i) {
            const std::int64_t at_ms = t0 + i / 3;
            const std::string text = "line " + std::to_string(i);
            if (i % 2 == 0)
                lines.push_back(RoomChatted{34, "Anna", text, at_ms});
            else
                lines.push_back(table_chat(101, 1, i, "Bert", text, at_ms));
        }
        REQUIRE_FALSE(store_now(writer, lines));
    }
    TestReader store(file);
    ChatQuery query;
    query.limit = 7;
    const std::vector<std::string> whole = texts_of(store.find_chat(query));
    REQUIRE(whole.size() == 7);
    // Newest millisecond first; within one, table chat before room chat, later rows first.
    CHECK(whole == std::vector<std::string>{"line 6", "line 5", "line 3", "line 4", "line 1", "line 2", "line 0"});

    for (const int limit : {1, 2, 3}) {
        INFO("limit " << limit);
        ChatQuery paged;
        paged.limit = limit;
        std::vector<std::string> read;
        for (int pages = 0; pages < 10; ++pages) {
            const ChatPage page = store.find_chat(paged);
            for (const auto& text : texts_of(page)) read.push_back(text);
            if (!page.next_page) break;
            paged.after = page.next_page;
        }
        CHECK(read == whole);
    }
    // A line stored after the first page was read does not shift the later pages.
    ChatQuery first;
    first.limit = 3;
    const ChatPage page = store.find_chat(first);
    {
        TestWriter writer(file);
        REQUIRE_FALSE(store_now(writer, {RoomChatted{34, "Anna", "late", t0 + 9}}));
    }
    first.after = page.next_page;
    CHECK(texts_of(store.find_chat(first)) == std::vector<std::string>{"line 4", "line 1", "line 2"});
}

TEST_CASE("the chat search takes the user's text literally: %, _ and the escape character are no wildcards")
{
    TestStore file("chat-wildcards");
    {
        TestWriter writer(file);
        REQUIRE_FALSE(store_now(writer, {game(1, false)}));
        REQUIRE_FALSE(store_now(
            writer, {RoomChatted{34, "Anna", "1000 points", t0}, RoomChatted{34, "Anna", "100% sure", t0 + 1},
                     table_chat(101, 1, 2, "Bert", "a_b", t0 + 2), table_chat(101, 1, 3, "Bert", "axb", t0 + 3),
                     RoomChatted{34, "Anna", "C:\\temp", t0 + 4}, RoomChatted{34, "Anna", "C:Xtemp", t0 + 5}}));
    }
    TestReader store(file);
    auto found = [&store](const std::string& text) {
        ChatQuery query;
        query.text = text;
        return texts_of(store.find_chat(query));
    };
    CHECK(found("100%") == std::vector<std::string>{"100% sure"});
    CHECK(found("100") == std::vector<std::string>{"100% sure", "1000 points"});
    CHECK(found("a_b") == std::vector<std::string>{"a_b"});
    CHECK(found("_") == std::vector<std::string>{"a_b"});
    CHECK(found("%").size() == 1);
    CHECK(found(":\\t") == std::vector<std::string>{"C:\\temp"});
    CHECK(found("\\") == std::vector<std::string>{"C:\\temp"});
    CHECK(chat_text_pattern("100%") == "%100\\%%");
    CHECK(chat_text_pattern("a_b\\") == "%a\\_b\\\\%");
}

TEST_CASE("chat with markup, quotes, backslashes and newlines is read back byte for byte, and found by it")
{
    TestStore file("chat-hostile");
    const std::string nick_like = "<b>\"x\"</b>";
    {
        TestWriter writer(file);
        REQUIRE_FALSE(store_now(writer, {game(1, false)}));
        REQUIRE_FALSE(store_now(
            writer, {RoomChatted{34, nick_like, hostile, t0}, table_chat(101, 1, 2, nick_like, hostile, t0 + 1)}));
    }
    TestReader store(file);
    ChatQuery query;
    query.text = "\\ back\nslash\r\n] [Result \"1-0\"";
    const ChatPage page = store.find_chat(query);
    REQUIRE(page.lines.size() == 2);
    for (const ChatLine& line : page.lines) {
        CHECK(line.text == hostile);
        CHECK(line.nick == nick_like);
    }
    query = ChatQuery{};
    query.nick_key = nick_like;
    CHECK(store.find_chat(query).lines.size() == 2);
}

TEST_CASE("a chat search with a page size out of range or a foreign cursor is refused, naming it")
{
    TestStore file("chat-refused");
    TestReader store(file);
    for (const int limit : {0, max_page_rows + 1}) {
        ChatQuery query;
        query.limit = limit;
        CHECK(failure_of([&] { store.find_chat(query); }) == StoreFailure::Refused);
    }
    for (const char* cursor : {"", "12", "1_room", "1_game_2", "x_room_2", "1_room_-2", "1_room_2_3", "1__2"}) {
        INFO("cursor '" << cursor << "'");
        ChatQuery query;
        query.after = cursor;
        try {
            store.find_chat(query);
            FAIL("the cursor was taken");
        } catch (const DbError& error) {
            CHECK(error.kind() == StoreFailure::Refused);
            CHECK_THAT(std::string(error.what()), Catch::Contains("not a chat page cursor"));
        }
    }
    ChatQuery good;
    good.after = "1700000000000_table_2";
    CHECK(store.find_chat(good).lines.empty());
}

TEST_CASE("a chat search by room, nick or time reads indexes, not every chat line")
{
    TempDatabase file("chat-plans");
    Database db = open_migrated(file.path());
    db.define_text_function("nick_key", [](std::string_view text) { return std::string(text); });
    ChatQuery by_room;
    by_room.room = 34;
    by_room.after = "1700000000000_room_5";
    ChatQuery by_nick;
    by_nick.nick_key = "anna";
    ChatQuery by_time;
    by_time.from_ms = 1600000000000;
    by_time.text = "x";
    ChatQuery everything;
    const struct {
        const char* what;
        ChatQuery query;
        std::vector<const char*> plan_must_hold;
    } cases[] = {
        {"room",
         by_room,
         {"room_chat USING INDEX room_chat_by_room (room=?", "table_events USING INDEX table_events_chat (at_ms<?)"}},
        {"nick", by_nick, {"room_chat USING INDEX room_chat_by_nick (nick_key=?)", "table_events_chat"}},
        {"time", by_time, {"room_chat USING INDEX room_chat_by_time (at_ms>?)", "table_events_chat (at_ms>?)"}},
        {"everything", everything, {"room_chat USING INDEX room_chat_by_time", "table_events_chat"}},
    };
    for (const auto& c : cases) {
        INFO(c.what);
        std::string plan;
        Statement explain = db.prepare("EXPLAIN QUERY PLAN " + chat_search_sql(c.query));
        while (explain.step()) plan += explain.column_text(3) + "\n";
        INFO(plan);
        for (const char* step : c.plan_must_hold) CHECK(plan.find(step) != std::string::npos);
        CHECK(plan.find("SCAN room_chat\n") == std::string::npos);
        CHECK(plan.find("SCAN table_events\n") == std::string::npos);
        // Read newest first from the indexes and merged; only lines of one millisecond are put in
        // order among themselves ("RIGHT PART OF ORDER BY"), so the read stops at the limit.
        CHECK(plan.find("TEMP B-TREE FOR ORDER BY") == std::string::npos);
    }
}

TEST_CASE(
    "a spectators' chat line is stored under the seq before it, beside others of that seq, and found by the search")
{
    TestStore file("spectator-chat");
    {
        TestWriter writer(file);
        // Two spectators' lines after event 5, which is itself a players' line: three rows of seq 5.
        TableEvent first = table_chat(101, 1, 5, "Zoe", "Sf3 gewinnt", t0 + 10);
        first.kind = rochade::db::TableEventKind::SpectatorChat;
        TableEvent second = table_chat(101, 1, 5, "Yuri", "nein, Dh5", t0 + 20);
        second.kind = rochade::db::TableEventKind::SpectatorChat;
        REQUIRE_FALSE(
            store_now(writer, {game(1, false), table_chat(101, 1, 5, "Anna", "viel Glück", t0 + 5), first, second}));
        // Every other event of a game is still stored once per seq.
        CHECK(store_now(writer, {table_chat(101, 1, 5, "Anna", "noch einmal", t0 + 30)}));
    }
    TestReader store(file);
    const auto log = store.game_log(1);
    REQUIRE(log);
    std::vector<std::pair<rochade::db::TableEventKind, std::int64_t>> kinds;
    for (const auto& event : log->events) kinds.emplace_back(event.kind, event.seq);
    CHECK(kinds == std::vector<std::pair<rochade::db::TableEventKind, std::int64_t>>{
                       {rochade::db::TableEventKind::TableChat, 5},
                       {rochade::db::TableEventKind::SpectatorChat, 5},
                       {rochade::db::TableEventKind::SpectatorChat, 5}});
    ChatQuery by_nick;
    by_nick.nick_key = "zoe";
    CHECK(texts_of(store.find_chat(by_nick)) == std::vector<std::string>{"Sf3 gewinnt"});
    CHECK(texts_of(store.find_chat(ChatQuery{})) == std::vector<std::string>{"nein, Dh5", "Sf3 gewinnt", "viel Glück"});
}
