// The store's moderation rows (issue 12): the append-only audit log, the sanctions, rated games
// and the chat nicks the writer keeps; and the reads of the admin's desk over them.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "db/migrations.h"
#include "db/moderation_sql.h"
#include "db/sqlite.h"
#include "db/store.h"
#include "db/writer.h"
#include "temp_database.h"

using namespace rochade::db;
using rochade::db::testing::TempDatabase;

namespace {

constexpr std::int64_t t0 = 1700000000000;

// Text a moderator's desk must show as written: markup, both quotes, a backslash, newlines and
// a PGN tag's end.
const std::string hostile = "<script>alert(\"x\")</script> it's a \\ back\nslash\r\n] [Result \"1-0\"]";

// Submits `writes` as one submission and returns what became of it.
std::optional<StoreError> store_now(Writer& writer, std::vector<Write> writes)
{
    std::optional<StoreError> outcome;
    writer.submit(std::move(writes), [&outcome](std::optional<StoreError> error) { outcome = std::move(error); });
    writer.flush();
    return outcome;
}

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
    return start;
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
    Writer writer(file.path());
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
        Writer writer(file.path());
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
    TempDatabase file("audit-detail");
    std::vector<std::string> errors;
    Writer writer(file.path(), [&errors](std::string message) { errors.push_back(std::move(message)); });
    for (const char* detail : {"[1]", "\"text\"", "{not json"}) {
        INFO(detail);
        ModerationLogged line = logged("kick", "bob", t0);
        line.detail_json = detail;
        CHECK(store_now(writer, {line}).has_value());
    }
    CHECK_FALSE(store_now(writer, {logged("kick", "bob", t0)}));
    CHECK(errors.size() == 3);
    Database db(file.path(), OpenMode::ReadOnly);
    CHECK(db.query_int("SELECT COUNT(*) FROM moderation_log") == 1);
}

TEST_CASE("a sanction set again replaces the one of its kind, target and room; a lift deletes it")
{
    TempDatabase file("sanction-writes");
    Writer writer(file.path());
    auto rows = [&file](const std::string& where) {
        Database db(file.path(), OpenMode::ReadOnly);
        return db.query_int("SELECT COUNT(*) FROM sanctions WHERE " + where).value_or(-1);
    };

    REQUIRE_FALSE(store_now(writer, {mute("bob", 34, t0 + 1000)}));
    SanctionSet longer = mute("bob", 34, std::nullopt);
    longer.reason = hostile;
    longer.by_nick = "Admin";
    REQUIRE_FALSE(store_now(writer, {longer}));
    CHECK(rows("1") == 1);
    CHECK(rows("kind = 'mute' AND target_key = 'bob' AND room = 34 AND until_ms IS NULL AND by_nick = 'Admin'") == 1);

    // Another room, everywhere, and a ban of the same nick are other sanctions.
    SanctionSet ban = mute("bob", 0, t0 + 5000);
    ban.kind = SanctionKind::NickBan;
    REQUIRE_FALSE(store_now(writer, {mute("bob", 35, t0 + 1000), mute("bob", 0, t0 + 1000), ban}));
    CHECK(rows("1") == 4);

    REQUIRE_FALSE(store_now(writer, {SanctionLifted{SanctionKind::Mute, "bob", 34, t0 + 10}}));
    CHECK(rows("kind = 'mute' AND room = 34") == 0);
    CHECK(rows("1") == 3);
    // Lifting what does not stand changes nothing and is no error.
    REQUIRE_FALSE(store_now(writer, {SanctionLifted{SanctionKind::AddressBan, "bob", 0, t0 + 20}}));
    CHECK(rows("1") == 3);
}

TEST_CASE("a game is stored rated or casual, and room chat with its writer's folded nick")
{
    TempDatabase file("rated-write");
    Writer writer(file.path());
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
