// Table chat waits in a bounded inbox while the table's store is busy (server/table/chat_inbox.h,
// server/table/table_chat.cpp): a flood of chat lines neither grows the table without bound nor holds
// up the opponent's move. The in-process tests hold the database's write lock from a second
// connection, so that the order of events is fixed by the test rather than by timing: while the
// lock stands, the first chat line is at the store and everything else waits at the table.
#include <catch2/catch.hpp>

#include <set>

#include "db/sqlite/sqlite.h"
#include "server/table/chat_inbox.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/store_lock.h"

using namespace rochade::test;
using rochade::db::Database;
using rochade::db::OpenMode;
using rochade::server::ChatInbox;

namespace {

ChatInbox::Line line(std::string text) { return ChatInbox::Line{nullptr, std::nullopt, "Anna", std::move(text), {}}; }

// The replies (ok or error) `client` gets for the requests with ids in `ids`, by id; waits until
// all have come or a frame does not come in time.
std::map<std::int64_t, json> replies_to(WsTestClient& client, std::set<std::int64_t> ids)
{
    std::map<std::int64_t, json> replies;
    while (!ids.empty()) {
        auto frame = client.try_receive(3000ms);
        if (!frame) break;
        const json& id = frame->contains("id") ? frame->at("id") : json();
        if (id.is_number_integer() && ids.erase(id.get<std::int64_t>()))
            replies.emplace(id.get<std::int64_t>(), *frame);
    }
    return replies;
}

// Chat lines enough to flood a table: with the chat limits raised, as the attacker had.
void flood_limits(rochade::server::ServerConfig& config)
{
    config.player_limits.chat_messages_per_minute = 1'000'000;
    config.limits.messages_per_second = 1'000'000;
    config.limits.message_burst = 1'000'000;
    config.table_chat_queue = 16;
}

} // namespace

TEST_CASE("the chat inbox keeps lines in order up to its capacity and refuses the next", "[table_chat]")
{
    ChatInbox inbox(2);
    auto first = line("eins"), second = line("zwei"), third = line("drei");
    CHECK(inbox.try_add(first));
    CHECK(inbox.try_add(second));
    CHECK_FALSE(inbox.try_add(third));
    CHECK(third.text == "drei"); // refused: left to the caller, who answers its sender
    CHECK(inbox.size() == 2);
    CHECK(inbox.take()->text == "eins");
    CHECK(inbox.try_add(third)); // a place came free
    const auto rest = inbox.take_all();
    REQUIRE(rest.size() == 2);
    CHECK(rest[0].text == "zwei");
    CHECK(rest[1].text == "drei");
    CHECK(inbox.empty());
    CHECK_FALSE(inbox.take());
}

TEST_CASE("a flood of table chat: the lines past the bound are refused busy, the opponent's move passes the rest",
          "[server][table_chat]")
{
    InProcessServer server([](rochade::server::ServerConfig& config) {
        flood_limits(config);
        config.db_busy_timeout_ms = 20'000; // the writer waits for the lock rather than fail
    });
    const auto bound = server.config().table_chat_queue;
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});

    auto lock = std::make_unique<StoreLock>(server.config().db_path);
    // White floods: line 1 goes to the store (and waits for the lock), `bound` lines wait at the
    // table, every line after them is refused at once.
    const std::int64_t lines = 1'000;
    for (std::int64_t i = 1; i <= lines; ++i)
        game.white->send(
            {{"type", "table_chat"}, {"table", game.table}, {"id", i}, {"text", "Zeile " + std::to_string(i)}});
    const std::int64_t taken = 1 + std::int64_t(bound);
    std::set<std::int64_t> refused_ids;
    for (std::int64_t i = taken + 1; i <= lines; ++i) refused_ids.insert(i);
    const auto refused = replies_to(*game.white, refused_ids);
    CHECK(refused.size() == refused_ids.size()); // before the inbox: none, every line queued at the table
    for (const auto& [id, reply] : refused) {
        INFO(reply.dump());
        CHECK(reply.at("code") == "busy");
        CHECK_THAT(reply.at("message").get<std::string>(),
                   Catch::Contains("table " + std::to_string(game.table)) && Catch::Contains("table_chat"));
    }

    // Black moves while the chat waits; a second move out of turn is answered at once from the
    // table, so the first has been taken by then.
    game.black->send({{"type", "move"}, {"table", game.table}, {"id", 5000}, {"move", "e5"}});
    CHECK(game.black->request({{"type", "move"}, {"table", game.table}, {"move", "d5"}}).at("code") == "not_your_turn");

    lock->release();
    // Black sees the chat line that was at the store, then its move, then the waiting lines; the
    // seqs follow on without a hole.
    std::vector<json> events;
    while (events.size() < std::size_t(taken) + 1) {
        const json frame = game.black->receive_matching(
            [&](const json& f) {
                const auto type = f.value("type", "");
                return (type == "table_chat" || type == "move") && f.value("table", std::int64_t(0)) == game.table;
            },
            "a table_chat or move event");
        events.push_back(frame);
    }
    std::size_t move_at = events.size();
    for (std::size_t i = 0; i < events.size(); ++i) {
        CHECK(events[i].at("seq") == game.last_seq + 1 + std::int64_t(i));
        if (events[i].at("type") == "move") move_at = i;
    }
    CHECK(move_at == 1); // behind the one line at the store, ahead of the `bound` waiting
    std::vector<std::string> heard;
    for (const auto& event : events)
        if (event.at("type") == "table_chat") heard.push_back(event.at("text").get<std::string>());
    std::vector<std::string> sent;
    for (std::int64_t i = 1; i <= taken; ++i) sent.push_back("Zeile " + std::to_string(i));
    CHECK(heard == sent); // every line taken is stored and heard, in order, and none refused
    for (const json& frame : game.black->drain(200ms))
        CHECK_FALSE((frame.value("type", "") == "table_chat" && frame.value("table", std::int64_t(0)) == game.table));

    std::set<std::int64_t> taken_ids;
    for (std::int64_t i = 1; i <= taken; ++i) taken_ids.insert(i);
    const auto answered = replies_to(*game.white, taken_ids);
    CHECK(answered.size() == taken_ids.size());
    for (const auto& [id, reply] : answered) CHECK(reply.at("type") == "ok");
}

TEST_CASE("chat waiting at a table whose store fails: every waiting line's sender is told, then chat goes on",
          "[server][table_chat]")
{
    InProcessServer server([](rochade::server::ServerConfig& config) {
        flood_limits(config);
        config.db_busy_timeout_ms = 100; // a locked store fails in a moment
    });
    auto game = SeatedGame::start(server.port());
    game.play({"e4"});

    auto lock = std::make_unique<StoreLock>(server.config().db_path);
    std::set<std::int64_t> ids;
    for (std::int64_t i = 1; i <= 5; ++i) {
        game.white->send(
            {{"type", "table_chat"}, {"table", game.table}, {"id", i}, {"text", "Zeile " + std::to_string(i)}});
        ids.insert(i);
    }
    const auto replies = replies_to(*game.white, ids);
    CHECK(replies.size() == ids.size());
    for (const auto& [id, reply] : replies) {
        INFO(reply.dump());
        CHECK(reply.at("code") == "storage_unavailable");
        CHECK_THAT(reply.at("message").get<std::string>(), Catch::Contains("table_chat at table"));
    }
    lock->release();

    CHECK(game.white->request({{"type", "table_chat"}, {"table", game.table}, {"text", "wieder da"}}).at("type") ==
          "ok");
    const json heard = game.black->receive_until("table_chat", game.table);
    CHECK(heard.at("text") == "wieder da");
    CHECK(heard.at("seq") == game.last_seq + 1); // the failed lines' numbers were given back
    game.last_seq = heard.at("seq").get<std::int64_t>();
    game.play({"e5"});
}
