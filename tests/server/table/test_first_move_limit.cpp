// How long a player has for the first move, by time control (server/table/first_move_limit.h).
#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

#include "server/table/first_move_limit.h"

using rochade::protocol::DelayKind;
using rochade::protocol::TimeControl;
using rochade::protocol::TimeStage;
using rochade::server::first_move_limit;

TEST_CASE("the first move's limit follows the time control as lichess's does, unless configured",
          "[first_move][first_move_limit]")
{
    struct Row {
        const char* what;
        TimeControl tc;
        long seconds;
    };
    const std::vector<Row> rows = {
        {"15 s + 0 (ultrabullet)", TimeControl{{TimeStage{0, 15'000}}, 0, 0, DelayKind::None}, 15},
        {"1+0 (bullet)", TimeControl{{TimeStage{0, 60'000}}, 0, 0, DelayKind::None}, 20},
        {"2+1 (bullet)", TimeControl{{TimeStage{0, 120'000}}, 1'000, 0, DelayKind::None}, 20},
        {"3+0 (blitz)", TimeControl{{TimeStage{0, 180'000}}, 0, 0, DelayKind::None}, 25},
        {"150 s + 2 s Bronstein delay (blitz, the delay counts)",
         TimeControl{{TimeStage{0, 150'000}}, 0, 2'000, DelayKind::Bronstein}, 25},
        {"10+0 (rapid)", TimeControl{{TimeStage{0, 600'000}}, 0, 0, DelayKind::None}, 30},
        {"15+10 (rapid)", TimeControl{{TimeStage{0, 900'000}}, 10'000, 0, DelayKind::None}, 30},
        {"90/40 + 30 (classical)",
         TimeControl{{TimeStage{40, 5'400'000}, TimeStage{0, 1'800'000}}, 30'000, 0, DelayKind::None}, 35},
    };
    for (const Row& row : rows) {
        INFO(row.what);
        CHECK(first_move_limit(row.tc, std::nullopt) == std::chrono::seconds(row.seconds));
        CHECK(first_move_limit(row.tc, 1'234) == std::chrono::milliseconds(1'234));
    }
    // Untimed: no clock waits, so no limit, configured or not.
    CHECK_FALSE(first_move_limit(TimeControl{}, std::nullopt));
    CHECK_FALSE(first_move_limit(TimeControl{}, 1'234));
}
