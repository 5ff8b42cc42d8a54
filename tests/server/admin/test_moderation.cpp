// The moderation service against a running server: every action done and every
// refusal (by role, unknown nick or table, a table in the wrong state, bad durations and
// reasons), and what the players see of it: a mute refuses chat with its end and reason, a ban
// refuses every way in, a kick and a ban close the connection, an adjudication ends the game
// for players and watchers and is stored with its reason. Every request leaves an audit line.
#include <catch2/catch.hpp>

#include <future>
#include <thread>

#include "db/sqlite/sqlite_store.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "server/admin/moderation_service.h"
#include "server/moderation/moderation.h"
#include "server/moderation/sanctions.h"
#include "server/wiring/server.h"
#include "tests/server/room_events.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade;
using namespace rochade::test;
using server::ModerationDone;
using server::ModerationRefused;
using server::ModerationResult;

namespace {

identity::Identity as(std::string nick, protocol::Role role, std::int64_t account = 900)
{
    return identity::Identity{{identity::Principal::Kind::Account, account}, std::move(nick), role, 0};
}

const identity::Identity player = as("Spieler", protocol::Role::Player, 901);
const identity::Identity moderator = as("Aufsicht", protocol::Role::Moderator, 902);
const identity::Identity admin = as("Chefin", protocol::Role::Admin, 903);

// A running server and its moderation service, called as the admin API calls it.
struct Desk {
    InProcessServer server;
    server::Moderation& moderation;

    Desk() : moderation(*server.server().moderation()) {}

    ModerationResult act(const identity::Identity& who, server::ModerationRequest request)
    {
        std::promise<ModerationResult> answer;
        auto future = answer.get_future();
        moderation.act(who, "127.0.0.1", std::move(request),
                       [&answer](ModerationResult result) { answer.set_value(std::move(result)); });
        REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
        return future.get();
    }
    ModerationDone done(const identity::Identity& who, server::ModerationRequest request)
    {
        auto result = act(who, std::move(request));
        if (auto* refused = std::get_if<ModerationRefused>(&result)) FAIL("refused: " << refused->message);
        return std::get<ModerationDone>(result);
    }
    ModerationRefused refused(const identity::Identity& who, server::ModerationRequest request)
    {
        auto result = act(who, std::move(request));
        REQUIRE(std::holds_alternative<ModerationRefused>(result));
        return std::get<ModerationRefused>(result);
    }
    // The audit log as stored, newest first.
    std::vector<db::AuditEntry> audit()
    {
        auto reader = db::open_sqlite_reader(server.config().db_path);
        db::AuditQuery query;
        query.limit = db::max_page_rows;
        return reader->audit_log(query).entries;
    }
    // The lobby hears of a close a moment after the client saw it.
    void wait_offline(const std::string& nick)
    {
        for (int i = 0; i < 100; ++i) {
            std::promise<bool> answer;
            auto future = answer.get_future();
            moderation.live(false, [&](server::LiveView live) {
                answer.set_value(std::none_of(live.players.begin(), live.players.end(),
                                              [&](const server::OnlinePlayer& p) { return p.nick == nick; }));
            });
            if (future.get()) return;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        FAIL(nick << " is still online");
    }
    std::optional<db::GameLog> game(std::int64_t id)
    {
        return db::open_sqlite_reader(server.config().db_path)->game_log(id);
    }
};

constexpr std::int64_t hour_ms = 3'600'000;

json http_json(std::uint16_t port, const std::string& path, const json& body)
{
    auto reply = http_request(port, "POST", path, {{"Content-Type", "application/json"}}, body.dump());
    json answer = json::parse(reply.body);
    answer["status"] = reply.status;
    return answer;
}

// Two guests, Laut and Leise, each in rooms 34 and 35.
void laut_and_leise_in_rooms_34_and_35(Desk& desk, WsTestClient& loud, WsTestClient& other)
{
    loud.connect(desk.server.port());
    other.connect(desk.server.port());
    loud.hello("Laut");
    other.hello("Leise");
    for (const int room : {34, 35}) {
        REQUIRE(loud.request({{"type", "enter_room"}, {"room", room}}).at("type") == "room");
        REQUIRE(other.request({{"type", "enter_room"}, {"room", room}}).at("type") == "room");
    }
}

} // namespace

TEST_CASE("moderation names: actions, roles and adjudications round-trip", "[moderation]")
{
    for (const char* name : {"kick", "mute", "unmute", "ban", "unban", "ban_address", "unban_address", "close_table",
                             "adjudicate", "notice"}) {
        const auto action = server::parse_moderation_action(name);
        REQUIRE(action);
        CHECK(server::moderation_action_name(*action) == name);
    }
    CHECK_FALSE(server::parse_moderation_action("delete_everything"));
    CHECK(server::role_needed(server::ModerationAction::Kick) == protocol::Role::Moderator);
    CHECK(server::role_needed(server::ModerationAction::BanAddress) == protocol::Role::Admin);
    CHECK(server::role_needed(server::ModerationAction::UnbanAddress) == protocol::Role::Admin);
    CHECK(server::action_of(server::SendNotice{}) == server::ModerationAction::Notice);
    CHECK(server::action_of(server::BanAddress{}) == server::ModerationAction::BanAddress);
    for (const char* name : {"abort", "1-0", "0-1", "1/2-1/2"})
        CHECK(server::adjudication_name(*server::parse_adjudication(name)) == name);
    CHECK_FALSE(server::parse_adjudication("*"));
}

TEST_CASE("moderation requests are checked before anything is looked up", "[moderation]")
{
    using server::moderation_request_error;
    CHECK(moderation_request_error(server::Kick{"Bob", "spam"}) == std::nullopt);
    CHECK(*moderation_request_error(server::Kick{"Bob", ""}) == "kick: a reason is required (1 to 500 characters)");
    CHECK(*moderation_request_error(server::Kick{"Bob", "  \n"}) == "kick: a reason is required (1 to 500 characters)");
    CHECK(*moderation_request_error(server::Kick{"Bob", std::string(501, 'x')}) ==
          "kick: the reason has 501 characters, more than 500");
    // Characters, not bytes: 500 umlauts are 1000 bytes and allowed.
    std::string umlauts;
    for (int i = 0; i < 500; ++i) umlauts += "ä";
    CHECK(moderation_request_error(server::Kick{"Bob", umlauts}) == std::nullopt);
    CHECK(*moderation_request_error(server::Kick{"", "x"}) == "kick: name the nick");
    CHECK(*moderation_request_error(server::Mute{"Bob", std::nullopt, 0, "x"}) ==
          "mute: the duration must be positive");
    CHECK(*moderation_request_error(server::Mute{"Bob", std::nullopt, -5, "x"}) ==
          "mute: the duration must be positive");
    CHECK(*moderation_request_error(server::Mute{"Bob", std::nullopt, server::max_sanction_ms + 1, "x"}) ==
          "mute: the duration is longer than ten years");
    CHECK(*moderation_request_error(server::Mute{"Bob", 0, hour_ms, "x"}) ==
          "mute: room 0 is no room; leave it out for everywhere");
    CHECK(moderation_request_error(server::Ban{"Bob", std::nullopt, "x"}) == std::nullopt);
    CHECK(*moderation_request_error(server::Ban{"Bob", server::max_sanction_ms + 1, "x"}) ==
          "ban: the duration is longer than ten years; leave it out to ban for good");
    CHECK(*moderation_request_error(server::BanAddress{"300.1.1.1", std::nullopt, "x"}) ==
          "ban_address: '300.1.1.1' is not an IPv4 or IPv6 address");
    CHECK(moderation_request_error(server::BanAddress{"2001:db8::1", std::nullopt, "x"}) == std::nullopt);
    CHECK(*moderation_request_error(server::CloseTable{0, "x"}) == "close_table: 0 is no table id");
    CHECK(*moderation_request_error(server::SendNotice{std::nullopt, ""}) ==
          "notice: a text is required (1 to 500 characters)");
    CHECK(server::moderation_target(server::BanAddress{"2001:DB8:0::1", std::nullopt, "x"}) == "2001:db8::1");
    CHECK(server::moderation_target(server::Adjudicate{12, server::Adjudication::Draw, "x"}) == "table 12");
    CHECK(server::moderation_target(server::SendNotice{34, "x"}) == "room 34");
    CHECK(server::moderation_target(server::SendNotice{std::nullopt, "x"}) == "everyone");
}

TEST_CASE("sanction texts name the end in UTC, or for good", "[moderation]")
{
    CHECK(server::sanction_end_text(std::nullopt) == "for good");
    CHECK(server::sanction_end_text(1795600800000) == "until 2026-11-25 10:00 UTC");
    db::SanctionRecord mute{db::SanctionKind::Mute, "bob", "Bob", 34, 1795600800000, "insults", "Aufsicht", 0};
    CHECK(server::sanction_text(mute) == "muted in room 34 until 2026-11-25 10:00 UTC: insults");
    mute.room = 0;
    CHECK(server::sanction_text(mute) == "muted everywhere until 2026-11-25 10:00 UTC: insults");
    server::Sanctions registry;
    registry.apply(db::SanctionSet{db::SanctionKind::Mute, "bob", "Bob", 34, 2000, "a", "M", 1000});
    CHECK(registry.mute("BOB", 34, 1500));
    CHECK_FALSE(registry.mute("Bob", 35, 1500));
    CHECK_FALSE(registry.mute("Bob", 34, 2000)); // over at its end
    registry.apply(db::SanctionSet{db::SanctionKind::Mute, "bob", "Bob", 0, std::nullopt, "b", "M", 1000});
    CHECK(registry.mute("Bob", 35, 1500)->reason == "b");
    CHECK(registry.mute("Bob", 34, 1500)->reason == "b"); // the one without end lasts longer
    registry.apply(db::SanctionLifted{db::SanctionKind::Mute, "bob", 0, 1600});
    CHECK_FALSE(registry.mute("Bob", 35, 1700));
}

TEST_CASE("moderation: refusals by role, unknown targets and bad input are answered and logged", "[moderation]")
{
    Desk desk;
    auto refused = desk.refused(player, server::Kick{"Bob", "spam"});
    CHECK(refused.code == protocol::ErrorCode::Forbidden);
    CHECK(refused.message == "kick: needs the moderator role");
    refused = desk.refused(moderator, server::BanAddress{"203.0.113.7", std::nullopt, "spam"});
    CHECK(refused.code == protocol::ErrorCode::Forbidden);
    CHECK(refused.message == "ban_address: needs the admin role");
    refused = desk.refused(moderator, server::Kick{"Niemand", "spam"});
    CHECK(refused.code == protocol::ErrorCode::NoSuchNick);
    CHECK(refused.message == "kick: no player 'Niemand' is online or registered");
    refused = desk.refused(moderator, server::Mute{"Niemand", std::nullopt, hour_ms, "spam"});
    CHECK(refused.code == protocol::ErrorCode::NoSuchNick);
    CHECK(refused.message == "mute: no player 'Niemand' is online or registered");
    CHECK(desk.refused(admin, server::Ban{"Niemand", std::nullopt, "spam"}).code == protocol::ErrorCode::NoSuchNick);
    CHECK(desk.refused(moderator, server::Unban{"Niemand", "x"}).message == "unban: 'Niemand' is not banned");
    CHECK(desk.refused(moderator, server::Unmute{"Niemand", 34, "x"}).message ==
          "unmute: 'Niemand' is not muted in room 34");
    CHECK(desk.refused(admin, server::UnbanAddress{"203.0.113.7", "x"}).message ==
          "unban_address: 203.0.113.7 is not banned");
    refused = desk.refused(moderator, server::CloseTable{4711, "x"});
    CHECK(refused.code == protocol::ErrorCode::NoSuchTable);
    CHECK(refused.message == "close_table: there is no table 4711");
    CHECK(desk.refused(moderator, server::Adjudicate{4711, server::Adjudication::Draw, "x"}).code ==
          protocol::ErrorCode::NoSuchTable);
    CHECK(desk.refused(moderator, server::Mute{"Bob", std::nullopt, 0, "x"}).code == protocol::ErrorCode::BadRequest);
    CHECK(desk.refused(moderator, server::Kick{"Bob", ""}).code == protocol::ErrorCode::BadRequest);
    CHECK(desk.refused(moderator, server::SendNotice{999, "hallo"}).code == protocol::ErrorCode::NoSuchRoom);
    desk.moderation.log_refusal(player, "127.0.0.1", "GET /api/admin/live", "", "admin API: needs the moderator role");

    // log_refusal answers nobody: its line is stored a moment later.
    auto audit = desk.audit();
    for (int i = 0; i < 100 && audit.size() < 14; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        audit = desk.audit();
    }
    REQUIRE(audit.size() == 14);
    for (const auto& entry : audit) CHECK(entry.logged.refused);
    const auto& first = audit.back().logged; // oldest last
    CHECK(first.actor_nick == "Spieler");
    CHECK(first.actor_role == "player");
    CHECK(first.actor_account == 901);
    CHECK(first.action == "kick");
    CHECK(first.target == "Bob");
    CHECK(first.reason == "spam");
    CHECK(json::parse(first.detail_json).at("code") == "forbidden");
    CHECK(audit.front().logged.action == "GET /api/admin/live");
    CHECK(audit[1].logged.target == "room 999");
}

TEST_CASE("moderation: while a mute or ban stands, newcomers do not read the offender's earlier lines", "[moderation]")
{
    Desk desk;
    WsTestClient loud, other;
    laut_and_leise_in_rooms_34_and_35(desk, loud, other);
    for (const int room : {34, 35}) {
        REQUIRE(loud.request({{"type", "room_chat"}, {"room", room}, {"text", "Beleidigung"}}).at("type") == "ok");
        REQUIRE(other.request({{"type", "room_chat"}, {"room", room}, {"text", "Guten Abend"}}).at("type") == "ok");
    }
    const auto read_by_newcomer = [&](int room) {
        WsTestClient newcomer;
        newcomer.connect(desk.server.port());
        std::vector<std::string> lines;
        const json reply = newcomer.request({{"type", "enter_room"}, {"room", room}});
        INFO(reply.dump());
        for (const json& line : reply.at("chat"))
            lines.push_back(line.at("from").get<std::string>() + ": " + line.at("text").get<std::string>());
        return lines;
    };
    const std::vector<std::string> both = {"Laut: Beleidigung", "Leise: Guten Abend"};
    CHECK(read_by_newcomer(34) == both);

    desk.done(moderator, server::Mute{"laut", 34, hour_ms, "Beleidigungen"});
    CHECK(read_by_newcomer(34) == std::vector<std::string>{"Leise: Guten Abend"});
    CHECK(read_by_newcomer(35) == both); // muted in room 34 only
    desk.done(moderator, server::Unmute{"Laut", 34, "entschuldigt"});
    CHECK(read_by_newcomer(34) == both);

    desk.done(moderator, server::Ban{"Laut", std::nullopt, "Beleidigungen"});
    CHECK(read_by_newcomer(35) == std::vector<std::string>{"Leise: Guten Abend"});
}

TEST_CASE("moderation: a mute in a room refuses chat there with its end and reason, a global one everywhere",
          "[moderation]")
{
    Desk desk;
    WsTestClient loud, other;
    laut_and_leise_in_rooms_34_and_35(desk, loud, other);
    const std::string reason = "Beleidigungen <script>alert(\"x\")</script> \\ und\nneue Zeile";
    const auto muted = desk.done(moderator, server::Mute{"laut", 34, hour_ms, reason});
    CHECK(muted.summary.starts_with("Laut muted in room 34 until "));
    REQUIRE(muted.until_ms);

    json refused = loud.request({{"type", "room_chat"}, {"room", 34}, {"text", "hallo"}});
    CHECK(refused.at("code") == "muted");
    CHECK(refused.at("until") == *muted.until_ms);
    CHECK(refused.at("reason") == reason); // the JSON escaping carries every character back
    CHECK(refused.at("message").get<std::string>() ==
          "room_chat: you are muted in room 34 " + server::sanction_end_text(muted.until_ms) + ": " + reason);
    CHECK(loud.request({{"type", "room_chat"}, {"room", 35}, {"text", "hallo"}}).at("type") == "ok");
    CHECK(loud.request({{"type", "whisper"}, {"to", "Leise"}, {"text", "psst"}}).at("code") == "muted");
    CHECK(other.request({{"type", "room_chat"}, {"room", 34}, {"text", "ich darf"}}).at("type") == "ok");

    // Table chat at a table of room 34.
    json opened = loud.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}});
    REQUIRE(opened.at("type") == "ok");
    CHECK(loud.request({{"type", "table_chat"}, {"table", opened.at("table")}, {"text", "x"}}).at("code") == "muted");

    desk.done(moderator, server::Unmute{"Laut", 34, "entschuldigt"});
    CHECK(loud.request({{"type", "room_chat"}, {"room", 34}, {"text", "danke"}}).at("type") == "ok");

    desk.done(moderator, server::Mute{"Laut", std::nullopt, hour_ms, "überall"});
    refused = loud.request({{"type", "room_chat"}, {"room", 35}, {"text", "hallo"}});
    CHECK(refused.at("code") == "muted");
    CHECK(refused.at("reason") == "überall");
    CHECK(loud.request({{"type", "table_chat"}, {"table", opened.at("table")}, {"text", "x"}}).at("code") == "muted");

    std::vector<db::SanctionRecord> in_force;
    desk.moderation.sanctions([&](std::vector<db::SanctionRecord> list) { in_force = std::move(list); });
    REQUIRE(in_force.size() == 1);
    CHECK(in_force[0].target == "Laut");
    CHECK(in_force[0].room == 0);

    const auto audit = desk.audit();
    REQUIRE(audit.size() == 3);
    CHECK(audit[2].logged.action == "mute");
    CHECK(audit[2].logged.target == "Laut");
    CHECK(audit[2].logged.reason == reason); // stored unchanged
    CHECK(audit[2].logged.until_ms == muted.until_ms);
    CHECK(json::parse(audit[2].logged.detail_json).at("room") == 34);
    CHECK(audit[1].logged.action == "unmute");
    CHECK_FALSE(audit[0].logged.refused);
}

TEST_CASE("moderation: a ban closes the connection and refuses every way in until it is lifted", "[moderation]")
{
    Desk desk;
    const auto port = desk.server.port();
    WsTestClient account;
    account.connect(port);
    REQUIRE(account.request({{"type", "register"}, {"nick", "Störer"}, {"password", "geheim-genug-1"}}).at("type") ==
            "hello_ok");
    const auto banned = desk.done(moderator, server::Ban{"STÖRER", 2 * hour_ms, "Spam"});
    CHECK(banned.connections_closed == 1);
    CHECK(banned.summary.starts_with("Störer banned until "));
    json last = account.expect_error("banned");
    CHECK(last.at("reason") == "Spam");
    CHECK(last.at("until") == *banned.until_ms);
    CHECK(last.at("ban") == "account"); // what is banned, for the client to say (not read from the text)
    CHECK(account.wait_closed().code == 1008);

    WsTestClient again;
    again.connect(port);
    json login = again.request({{"type", "hello"}, {"nick", "Störer"}, {"password", "geheim-genug-1"}});
    CHECK(login.at("code") == "banned");
    CHECK(login.at("message") == "hello: banned " + server::sanction_end_text(banned.until_ms) + ": Spam");
    CHECK(login.at("reason") == "Spam");
    CHECK(login.at("ban") == "account");
    // A wrong password learns nothing about the ban.
    CHECK(again.request({{"type", "hello"}, {"nick", "Störer"}, {"password", "falsch-falsch"}}).at("code") ==
          "bad_credentials");
    json http = http_json(port, "/api/login", {{"nick", "Störer"}, {"password", "geheim-genug-1"}});
    CHECK(http.at("status") == 403);
    CHECK(http.at("error") == "banned");
    CHECK(http.at("until") == *banned.until_ms);
    CHECK(http.at("reason") == "Spam");
    CHECK(http.at("ban") == "account");

    // A guest's nick, banned for good: the guest entry with it is refused.
    WsTestClient guest;
    guest.connect(port);
    guest.hello("Gastnick");
    CHECK_FALSE(desk.done(moderator, server::Ban{"Gastnick", std::nullopt, "Trollerei"}).until_ms);
    guest.wait_closed();
    WsTestClient guest_again;
    guest_again.connect(port);
    json entry = guest_again.request({{"type", "hello"}, {"nick", "gastnick"}});
    CHECK(entry.at("code") == "banned");
    CHECK(entry.at("until").is_null());
    CHECK(entry.at("message") == "hello: banned for good: Trollerei");
    CHECK(http_json(port, "/api/guest", {{"nick", "Gastnick"}}).at("status") == 403);

    desk.done(moderator, server::Unban{"Störer", "Bewährung"});
    CHECK(again.request({{"type", "hello"}, {"nick", "Störer"}, {"password", "geheim-genug-1"}}).at("type") ==
          "hello_ok");
    const auto audit = desk.audit();
    REQUIRE(audit.size() == 3);
    CHECK(audit[0].logged.action == "unban");
    CHECK(audit[1].logged.target == "Gastnick");
    CHECK_FALSE(audit[1].logged.until_ms);
    CHECK(audit[2].logged.target == "Störer");
}

TEST_CASE("moderation: a moderator may not kick, mute or ban a moderator or an admin, an admin may", "[moderation]")
{
    Desk desk;
    WsTestClient colleague;
    colleague.connect(desk.server.port());
    REQUIRE(
        colleague.request({{"type", "register"}, {"nick", "Kollegin"}, {"password", "geheim-genug-1"}}).at("type") ==
        "hello_ok");
    {
        // The role is read at login: the stored role counts for an account that is not online.
        auto reader = db::open_sqlite_reader(desk.server.config().db_path);
        const auto account = reader->account(protocol::nick_key("Kollegin"));
        REQUIRE(account);
        auto writer = db::open_sqlite_writer(desk.server.config().db_path);
        std::promise<std::optional<db::StoreError>> stored;
        writer->submit(db::RoleChanged{account->id, protocol::Role::Moderator},
                       [&stored](std::optional<db::StoreError> error) { stored.set_value(error); });
        REQUIRE_FALSE(stored.get_future().get());
    }
    colleague.close();
    desk.wait_offline("Kollegin");
    for (server::ModerationRequest request : {server::ModerationRequest{server::Kick{"Kollegin", "x"}},
                                              server::ModerationRequest{server::Mute{"kollegin", 34, hour_ms, "x"}},
                                              server::ModerationRequest{server::Ban{"KOLLEGIN", std::nullopt, "x"}}}) {
        const auto refused = desk.refused(moderator, request);
        CHECK(refused.code == protocol::ErrorCode::Forbidden);
        CHECK(refused.message.ends_with("'Kollegin' is a moderator; only an admin may act on moderators and admins"));
    }
    CHECK(desk.done(admin, server::Mute{"Kollegin", 34, hour_ms, "x"}).summary.starts_with("Kollegin muted"));
}

TEST_CASE("moderation: a kick closes the player's connection with the reason", "[moderation]")
{
    Desk desk;
    WsTestClient guest;
    guest.connect(desk.server.port());
    guest.hello("Rüpel");
    const auto kicked = desk.done(moderator, server::Kick{"rüpel", "Ton"});
    CHECK(kicked.connections_closed == 1);
    json last = guest.expect_error("kicked");
    CHECK(last.at("reason") == "Ton");
    CHECK_FALSE(last.contains("until"));
    const auto closed = guest.wait_closed();
    CHECK(closed.code == 1008);
    CHECK(closed.reason == "kicked by a moderator");
    // Not online any more.
    desk.wait_offline("Rüpel");
    CHECK(desk.refused(moderator, server::Kick{"Rüpel", "Ton"}).code == protocol::ErrorCode::NoSuchNick);
    const auto audit = desk.audit();
    REQUIRE(audit.size() == 2);
    CHECK_FALSE(audit[1].logged.refused);
    CHECK(audit[0].logged.refused);
}

TEST_CASE("moderation: an adjudication ends the running game for players and watchers and is stored", "[moderation]")
{
    Desk desk;
    auto game = SeatedGame::start(desk.server.port());
    WsTestClient watcher;
    watcher.connect(desk.server.port());
    watcher.hello("Kiebitz");
    REQUIRE(watcher.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(watcher.request({{"type", "watch_table"}, {"table", game.table}}).at("type") == "table_state");
    game.play({"e4", "e5"});

    CHECK(desk.refused(player, server::Adjudicate{game.table, server::Adjudication::WhiteWins, "x"}).code ==
          protocol::ErrorCode::Forbidden);
    CHECK(desk.refused(moderator, server::CloseTable{game.table, "x"}).code == protocol::ErrorCode::GameInProgress);
    const auto done = desk.done(moderator, server::Adjudicate{game.table, server::Adjudication::BlackWins, "Fairplay"});
    CHECK(done.summary.find("Black wins (0-1)") != std::string::npos);
    for (WsTestClient* client : {game.white.get(), game.black.get(), &watcher}) {
        json over = client->receive_until("game_over", game.table);
        CHECK(over.at("result") == "0-1");
        CHECK(over.at("termination") == "adjudicated");
        CHECK(over.at("message") == "Game adjudicated by moderator Aufsicht, Black wins: Fairplay");
    }
    const auto again = desk.refused(moderator, server::Adjudicate{game.table, server::Adjudication::Draw, "x"});
    CHECK(again.code == protocol::ErrorCode::GameOver);

    const std::int64_t game_id = game.started.at("game_id").get<std::int64_t>();
    const auto log = desk.game(game_id);
    REQUIRE(log);
    REQUIRE(log->end);
    CHECK(log->end->result == rochade::Score::BlackWins);
    CHECK(log->end->termination == rochade::Termination::Adjudicated);
    const auto adjudicated = std::find_if(log->events.begin(), log->events.end(), [](const db::TableEvent& e) {
        return e.kind == rochade::db::TableEventKind::Adjudicated;
    });
    REQUIRE(adjudicated != log->events.end());
    CHECK(json::parse(adjudicated->detail_json) ==
          json{{"by", "Aufsicht"}, {"decision", "0-1"}, {"reason", "Fairplay"}});
    const auto audit = desk.audit();
    REQUIRE(audit.size() == 4);
    CHECK(audit[1].logged.action == "adjudicate");
    CHECK(audit[1].logged.target == "table " + std::to_string(game.table));
    CHECK(json::parse(audit[1].logged.detail_json).at("game") == game_id);
}

TEST_CASE("moderation: an aborting adjudication ends the game with *", "[moderation]")
{
    Desk desk;
    auto game = SeatedGame::start(desk.server.port());
    desk.done(admin, server::Adjudicate{game.table, server::Adjudication::Abort, "Serverproblem"});
    json over = game.white->receive_until("game_over", game.table);
    CHECK(over.at("result") == "*");
    CHECK(over.at("termination") == "adjudicated");
    CHECK(over.at("message") == "Game aborted by moderator Chefin: Serverproblem");
}

TEST_CASE("moderation: nobody decides a table where they sit, a moderator nor an admin, another moderator may",
          "[moderation]")
{
    Desk desk;
    const auto port = desk.server.port();
    WsTestClient judge, opponent;
    judge.connect(port);
    opponent.connect(port);
    REQUIRE(judge.request({{"type", "register"}, {"nick", "Richterin"}, {"password", "geheim-genug-1"}}).at("type") ==
            "hello_ok");
    opponent.hello("Gegner");
    const auto account = db::open_sqlite_reader(desk.server.config().db_path)->account(protocol::nick_key("Richterin"));
    REQUIRE(account);
    // The seat is the account's: as a moderator or as an admin, the same principal asks.
    const identity::Identity seated_moderator = as("Richterin", protocol::Role::Moderator, account->id);
    const identity::Identity seated_admin = as("Richterin", protocol::Role::Admin, account->id);
    for (WsTestClient* client : {&judge, &opponent})
        REQUIRE(client->request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    json opened =
        judge.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}, {"color", "white"}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t table = opened.at("table");
    const std::string own = "you play at table " + std::to_string(table) + "; another moderator must decide";

    // Waiting for an opponent: the opener may not close it as a moderator.
    for (const auto* who : {&seated_moderator, &seated_admin}) {
        const auto refused = desk.refused(*who, server::CloseTable{table, "eigener Tisch"});
        CHECK(refused.code == protocol::ErrorCode::Forbidden);
        CHECK(refused.message == "close_table: " + own);
    }
    REQUIRE(opponent.request({{"type", "join_table"}, {"table", table}}).at("type") == "ok");
    judge.receive_until("game_started", table);
    opponent.receive_until("game_started", table);

    // Playing: no adjudication of one's own game, whatever the decision.
    for (const auto* who : {&seated_moderator, &seated_admin}) {
        const auto refused = desk.refused(*who, server::Adjudicate{table, server::Adjudication::WhiteWins, "ich"});
        CHECK(refused.code == protocol::ErrorCode::Forbidden);
        CHECK(refused.message == "adjudicate: " + own);
    }
    CHECK(desk.refused(seated_moderator, server::Adjudicate{table, server::Adjudication::Abort, "ich"}).message ==
          "adjudicate: " + own);
    // The game goes on as if nothing was asked.
    judge.send({{"type", "move"}, {"table", table}, {"move", "e4"}});
    CHECK(judge.receive_until("move", table).at("uci") == "e2e4");
    CHECK(opponent.receive_until("move", table).at("uci") == "e2e4");

    // Another moderator (another principal) decides it.
    CHECK(desk.done(moderator, server::Adjudicate{table, server::Adjudication::BlackWins, "Fairplay"})
              .summary.ends_with("Black wins (0-1)"));
    CHECK(opponent.receive_until("game_over", table).at("result") == "0-1");

    const auto audit = desk.audit();
    REQUIRE(audit.size() == 6);
    CHECK_FALSE(audit[0].logged.refused);
    CHECK(audit[0].logged.actor_nick == "Aufsicht");
    const std::vector<std::pair<std::string, std::string>> refusals{{"adjudicate", "moderator"},
                                                                    {"adjudicate", "admin"},
                                                                    {"adjudicate", "moderator"},
                                                                    {"close_table", "admin"},
                                                                    {"close_table", "moderator"}};
    for (std::size_t i = 0; i < refusals.size(); ++i) {
        const auto& line = audit[i + 1].logged;
        CHECK(line.refused);
        CHECK(line.action == refusals[i].first);
        CHECK(line.actor_role == refusals[i].second);
        CHECK(line.actor_account == account->id);
        CHECK(line.target == "table " + std::to_string(table));
        const json detail = json::parse(line.detail_json);
        CHECK(detail.at("code") == "forbidden");
        CHECK(detail.at("message") == refusals[i].first + ": " + own);
    }
}

TEST_CASE("moderation: a waiting table is closed and its opener told why", "[moderation]")
{
    Desk desk;
    WsTestClient opener, member;
    opener.connect(desk.server.port());
    member.connect(desk.server.port());
    opener.hello("Eröffner");
    member.hello("Zuschauer");
    REQUIRE(opener.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    REQUIRE(member.request({{"type", "enter_room"}, {"room", 34}}).at("type") == "room");
    json opened = opener.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}});
    REQUIRE(opened.at("type") == "ok");
    const std::int64_t table = opened.at("table");
    CHECK(desk.refused(moderator, server::Adjudicate{table, server::Adjudication::Draw, "x"}).code ==
          protocol::ErrorCode::GameNotStarted);
    const auto done = desk.done(moderator, server::CloseTable{table, "anstößiger Name"});
    CHECK(done.summary == "table " + std::to_string(table) + " in room 34 closed");
    json notice = opener.receive_until("notice");
    CHECK(notice.at("text") == "table " + std::to_string(table) + " was closed by a moderator: anstößiger Name");
    CHECK(receive_table_closed(member, table).at("room") == 34);
    CHECK(desk.refused(moderator, server::CloseTable{table, "x"}).code == protocol::ErrorCode::NoSuchTable);
    // The opener may open another: the closed one no longer counts against the limit.
    CHECK(opener.request({{"type", "open_table"}, {"room", 34}, {"time_control", "untimed"}}).at("type") == "ok");
}

TEST_CASE("moderation: an admin's address ban closes and refuses connections from it", "[moderation]")
{
    Desk desk;
    const auto port = desk.server.port();
    WsTestClient online;
    online.connect(port);
    online.hello("Irgendwer");
    const auto banned = desk.done(admin, server::BanAddress{"127.0.0.1", hour_ms, "Botnetz"});
    CHECK(banned.connections_closed >= 1);
    CHECK(online.expect_error("banned").at("reason") == "Botnetz");
    CHECK(online.wait_closed().code == 1008);

    WsTestClient fresh;
    fresh.connect(port); // the welcome still comes, then the refusal
    json refused = fresh.expect_error("banned");
    CHECK(refused.at("until") == *banned.until_ms);
    CHECK(refused.at("ban") == "address");
    CHECK(fresh.wait_closed().code == 1008);
    const json guest_refused = http_json(port, "/api/guest", {{"nick", "Neu"}});
    CHECK(guest_refused.at("error") == "banned");
    CHECK(guest_refused.at("ban") == "address");

    desk.done(admin, server::UnbanAddress{"127.0.0.1", "Irrtum"});
    WsTestClient back;
    back.connect(port);
    CHECK_NOTHROW(back.hello("Zurück"));
}

TEST_CASE("moderation: notices reach the room and are audited, also over the WebSocket", "[moderation]")
{
    Desk desk;
    WsTestClient member, outsider;
    member.connect(desk.server.port());
    outsider.connect(desk.server.port());
    member.hello("Mitglied");
    outsider.hello("Draussen");
    REQUIRE(member.request({{"type", "enter_room"}, {"room", 35}}).at("type") == "room");
    CHECK(desk.done(moderator, server::SendNotice{35, "Turnier um 20 Uhr"}).summary == "notice sent to room 35");
    json notice = member.receive_until("notice");
    CHECK(notice.at("from") == "Aufsicht");
    CHECK(notice.at("text") == "Turnier um 20 Uhr");
    CHECK(outsider.drain().empty());
    // A guest's notice over the WebSocket is refused by the service, and audited.
    json refused = outsider.request({{"type", "notice"}, {"text", "ich auch"}});
    CHECK(refused.at("code") == "forbidden");
    CHECK(refused.at("message") == "notice: needs the moderator role");
    const auto audit = desk.audit();
    REQUIRE(audit.size() == 2);
    CHECK(audit[0].logged.refused);
    CHECK(audit[0].logged.actor_nick == "Draussen");
    CHECK_FALSE(audit[0].logged.actor_account); // a guest
    CHECK(audit[0].logged.target == "everyone");
    CHECK(audit[1].logged.reason == "Turnier um 20 Uhr");
}

TEST_CASE("moderation: the live view shows players, rooms and tables, addresses only when asked", "[moderation]")
{
    Desk desk;
    auto game = SeatedGame::start(desk.server.port());
    auto view = [&](bool with_addresses) {
        std::promise<server::LiveView> answer;
        auto future = answer.get_future();
        desk.moderation.live(with_addresses, [&](server::LiveView live) { answer.set_value(std::move(live)); });
        REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
        return future.get();
    };
    const auto live = view(false);
    REQUIRE(live.players.size() == 2);
    const auto white = std::find_if(live.players.begin(), live.players.end(),
                                    [](const server::OnlinePlayer& p) { return p.nick == "Weiss"; });
    REQUIRE(white != live.players.end());
    CHECK(white->guest);
    CHECK(white->role == protocol::Role::Player);
    CHECK(white->since_ms > 0);
    CHECK(white->connections == 1);
    CHECK(white->rooms == std::vector<std::int64_t>{34});
    CHECK_FALSE(white->address);
    const auto room = std::find_if(live.rooms.begin(), live.rooms.end(), [](const auto& r) { return r.number == 34; });
    REQUIRE(room != live.rooms.end());
    CHECK(room->members.size() == 2);
    REQUIRE(live.tables.size() == 1);
    CHECK(live.tables[0].table == game.table);
    CHECK(live.tables[0].state == "playing");
    CHECK(live.tables[0].white == "Weiss");
    CHECK(live.tables[0].game_id == game.started.at("game_id").get<std::int64_t>());
    CHECK(json::parse(live.tables[0].time_control_json).at("kind") == "untimed");
    for (const auto& online : view(true).players) CHECK(online.address == "127.0.0.1");
}
