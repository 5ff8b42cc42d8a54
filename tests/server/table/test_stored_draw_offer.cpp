// The draw offer that stood when a game was stored, read back from its moves and table events.
#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <vector>

#include "server/table/stored_draw_offer.h"

using rochade::protocol::Side;
using rochade::server::standing_draw_offer;

namespace {

// One line of a stored game's log: a move ("m", its ply) or a table event (its kind and "by"),
// in seq order. A move and the offer made with it share a seq.
struct Entry {
    std::int64_t seq;
    std::string what; // "move", "draw_offered", "draw_declined", or another event kind
    int ply = 0;
    std::string by = {};
};

struct Log {
    std::vector<rochade::db::MovePlayed> moves;
    std::vector<rochade::db::TableEvent> events;
};

Log log_of(const std::vector<Entry>& entries)
{
    Log log;
    for (const Entry& e : entries) {
        if (e.what == "move") {
            rochade::db::MovePlayed move;
            move.game_id = 1;
            move.ply = e.ply;
            move.seq = e.seq;
            log.moves.push_back(move);
        } else {
            const auto kind = rochade::db::parse_table_event_kind(e.what, "the test's log");
            REQUIRE(kind);
            log.events.push_back(rochade::db::TableEvent{1, 1, e.seq, *kind, R"({"by":")" + e.by + R"("})", 0});
        }
    }
    return log;
}

} // namespace

TEST_CASE("The draw offer standing at the end of a stored log", "[server][draw_offer]")
{
    struct Row {
        const char* what;
        std::vector<Entry> log;
        std::optional<Side> standing;
        Side first_mover = Side::White;
    };
    const std::vector<Row> rows = {
        {"no offer", {{2, "move", 1}, {3, "move", 2}}, std::nullopt},
        {"made with the last move",
         {{2, "move", 1}, {3, "move", 2}, {4, "move", 3}, {4, "draw_offered", 0, "white"}},
         Side::White},
        {"made on one's turn, nothing since", {{2, "move", 1}, {3, "draw_offered", 0, "black"}}, Side::Black},
        {"made on one's turn, then one's own move",
         {{2, "move", 1}, {3, "draw_offered", 0, "black"}, {4, "move", 2}},
         Side::Black},
        {"lapsed by the opponent's move",
         {{2, "move", 1}, {2, "draw_offered", 0, "white"}, {3, "move", 2}, {4, "move", 3}},
         std::nullopt},
        {"declined", {{2, "move", 1}, {2, "draw_offered", 0, "white"}, {3, "draw_declined", 0, "black"}}, std::nullopt},
        {"declined, then offered back with a move",
         {{2, "move", 1},
          {2, "draw_offered", 0, "white"},
          {3, "draw_declined", 0, "black"},
          {4, "move", 2},
          {4, "draw_offered", 0, "black"}},
         Side::Black},
        {"other events change nothing",
         {{2, "move", 1},
          {2, "draw_offered", 0, "white"},
          {3, "player_disconnected", 0, "black"},
          {4, "table_chat", 0, "black"}},
         Side::White},
        {"a game from a position with Black to move: ply 1 is Black's",
         {{2, "move", 1}, {2, "draw_offered", 0, "black"}, {3, "move", 2}},
         std::nullopt,
         Side::Black},
        {"... where White's offer survives White's own move (ply 2)",
         {{2, "move", 1}, {3, "draw_offered", 0, "white"}, {4, "move", 2}},
         Side::White,
         Side::Black},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        const Log log = log_of(row.log);
        CHECK(standing_draw_offer(log.moves, log.events, row.first_mover) == row.standing);
    }
}

TEST_CASE("A stored offer without a readable side is passed over", "[server][draw_offer]")
{
    Log log = log_of({{2, "move", 1}, {2, "draw_offered", 0, "white"}});
    log.events.push_back(rochade::db::TableEvent{1, 1, 3, rochade::db::TableEventKind::DrawDeclined, "not json", 0});
    log.events.push_back(
        rochade::db::TableEvent{1, 1, 4, rochade::db::TableEventKind::DrawDeclined, R"({"by":"green"})", 0});
    CHECK(standing_draw_offer(log.moves, log.events, Side::White) == Side::White);
}
