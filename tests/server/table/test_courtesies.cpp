// table/courtesies.h and stored_courtesies.h as values, time injected: who decides whether
// takebacks are allowed, how many plies a request asks for, the growing wait after declines,
// the interval between gifts of time, the clocks per ply, and what a restart reads back.
#include <catch2/catch.hpp>

#include <chrono>

#include "db/records.h"
#include "server/table/courtesies.h"
#include "server/table/stored_courtesies.h"

namespace {

using rochade::protocol::ErrorCode;
using rochade::protocol::Side;
using rochade::server::ClockReadings;
using rochade::server::Courtesies;
using rochade::server::TakebackAuthority;
using rochade::server::TakebackPolicy;
using namespace std::chrono_literals;

const Courtesies::time_point courtesy_t0 = Courtesies::time_point{} + 1000s;

} // namespace

TEST_CASE("takeback policy: casual on, rated off unless allowed, a tournament never, the computer always",
          "[courtesies]")
{
    CHECK(TakebackPolicy::for_table(false, std::nullopt).allowed());
    CHECK_FALSE(TakebackPolicy::for_table(true, std::nullopt).allowed());
    CHECK(TakebackPolicy::for_table(true, true).allowed());
    CHECK_FALSE(TakebackPolicy::for_table(false, false).allowed());
    CHECK_FALSE(TakebackPolicy{TakebackAuthority::Tournament, true}.allowed());
    CHECK(TakebackPolicy{TakebackAuthority::Computer, false}.allowed());
    Courtesies courtesies;
    const auto refused =
        courtesies.ask(TakebackPolicy{TakebackAuthority::Tournament, true}, Side::White, Side::Black, 3, courtesy_t0);
    REQUIRE(refused);
    CHECK(refused->code == ErrorCode::TakebacksNotAllowed);
    CHECK(refused->message == "takebacks are not allowed in a tournament game");
}

TEST_CASE("takeback request: one ply on the opponent's turn, two on one's own, a move lapses it", "[courtesies]")
{
    const TakebackPolicy allowed;
    Courtesies courtesies;
    CHECK(courtesies.ask(allowed, Side::White, Side::Black, 0, courtesy_t0)->code == ErrorCode::NothingToTakeBack);
    REQUIRE_FALSE(courtesies.ask(allowed, Side::White, Side::Black, 1, courtesy_t0));
    CHECK(courtesies.request() == rochade::protocol::TakebackRequest{Side::White, 1});
    courtesies.on_move();
    CHECK_FALSE(courtesies.request());
    REQUIRE_FALSE(courtesies.ask(allowed, Side::White, Side::White, 2, courtesy_t0));
    CHECK(courtesies.request()->plies == 2);
    CHECK(courtesies.accept(Side::White)->code == ErrorCode::NoTakebackRequest);
    REQUIRE_FALSE(courtesies.accept(Side::Black));
    CHECK(courtesies.accepted() == rochade::protocol::TakebackRequest{Side::White, 2});
    CHECK_FALSE(courtesies.request());
}

TEST_CASE("takeback declines: the wait doubles from 10 s to at most 320 s, per asker", "[courtesies]")
{
    const TakebackPolicy allowed;
    Courtesies courtesies;
    auto now = courtesy_t0;
    const std::chrono::milliseconds expected[] = {10s, 20s, 40s, 80s, 160s, 320s, 320s};
    for (const auto wait_expected : expected) {
        REQUIRE_FALSE(courtesies.ask(allowed, Side::White, Side::Black, 5, now));
        std::chrono::milliseconds wait{};
        REQUIRE_FALSE(courtesies.decline(Side::Black, now, wait));
        CHECK(wait == wait_expected);
        const auto too_soon = courtesies.ask(allowed, Side::White, Side::Black, 5, now + wait - 1ms);
        REQUIRE(too_soon);
        CHECK(too_soon->code == ErrorCode::TakebackTooSoon);
        // Side::Black's own requests do not wait for Side::White's declines.
        REQUIRE_FALSE(courtesies.ask(allowed, Side::Black, Side::Black, 5, now));
        REQUIRE_FALSE(courtesies.withdraw(Side::Black));
        now += wait;
    }
}

TEST_CASE("more time: once every 10 s per giver", "[courtesies]")
{
    Courtesies courtesies;
    REQUIRE_FALSE(courtesies.give_time(Side::White, courtesy_t0));
    const auto again = courtesies.give_time(Side::White, courtesy_t0 + 9999ms);
    REQUIRE(again);
    CHECK(again->code == ErrorCode::GiveTimeTooSoon);
    CHECK(again->message == "White may give time again in 1 s (once every 10 s)");
    CHECK_FALSE(courtesies.give_time(Side::Black, courtesy_t0 + 1s));
    CHECK_FALSE(courtesies.give_time(Side::White, courtesy_t0 + 10s));
}

TEST_CASE("clocks per ply: a takeback goes back to the readings after the ply it keeps", "[courtesies]")
{
    Courtesies courtesies;
    courtesies.clocks_started({300000, 300000});
    courtesies.clocks_after_move({300000, 300000});
    courtesies.clocks_after_move({300000, 299000});
    courtesies.clocks_after_move({295000, 299000});
    CHECK(courtesies.clocks_at(2)->black_ms == 299000);
    CHECK(courtesies.clocks_at(3)->white_ms == 295000);
    CHECK_FALSE(courtesies.clocks_at(4));
    courtesies.cut_readings_to(1);
    CHECK(courtesies.readings().size() == 2);
    CHECK_FALSE(courtesies.clocks_at(2));
}

TEST_CASE("stored courtesies: the takeback setting, and the time given after the last move or takeback",
          "[courtesies][restore]")
{
    using rochade::db::MovePlayed;
    using rochade::db::TableEvent;
    using rochade::db::TableEventKind;
    const std::vector<MovePlayed> moves{{1, 1, 2, "e2e4", "e4", 300000, 300000, 0, 0},
                                        {1, 2, 3, "e7e5", "e5", 300000, 300000, 0, 0}};
    const auto event = [](std::int64_t seq, TableEventKind kind, std::string detail) {
        return TableEvent{5, 1, seq, kind, std::move(detail), 0, 0};
    };
    const std::vector<TableEvent> events{
        event(1, TableEventKind::GameStarted, R"({"white":"A","black":"B","takebacks":false})"),
        event(3, TableEventKind::TimeGiven, R"({"by":"black","to":"white","ms":15000})"), // before e5's row? same seq
        event(4, TableEventKind::TimeGiven, R"({"by":"white","to":"black","ms":15000})"),
        event(5, TableEventKind::TimeGiven, R"({"by":"black","to":"white","ms":60000})"),
    };
    const auto found = rochade::server::stored_courtesies(moves, events);
    CHECK(found.takebacks == false);
    CHECK_FALSE(found.tournament);
    CHECK(found.draw_offers_from_move == 0);
    // A tournament's board keeps the tournament's rules: no takebacks, its first move for offers.
    const auto board = rochade::server::stored_courtesies(
        moves, {event(1, TableEventKind::GameStarted,
                      R"({"white":"A","black":"B","takebacks":false,"tournament":true,"draw_offers_from_move":30})")});
    CHECK(board.tournament);
    CHECK(board.draw_offers_from_move == 30);
    CHECK(found.white_given_ms == 60000);
    CHECK(found.black_given_ms == 15000);
    CHECK_FALSE(found.berserk_allowed);
    // An arena's board: berserk allowed; a berserk stored before the last move (seq 2) is on that
    // move's stored clocks already, one stored after it (seq 4) is not, and counts as time taken.
    const auto arena = rochade::server::stored_courtesies(
        moves, {event(1, TableEventKind::GameStarted, R"({"white":"A","black":"B","tournament":true,"berserk":true})"),
                event(2, TableEventKind::Berserk, R"({"by":"white","removed_ms":150000})"),
                event(4, TableEventKind::Berserk, R"({"by":"black","removed_ms":150000})")});
    CHECK(arena.berserk_allowed);
    CHECK(arena.white_berserk);
    CHECK(arena.black_berserk);
    CHECK(arena.white_given_ms == 0);
    CHECK(arena.black_given_ms == -150000);
    // A takeback after the gifts sets the clocks from a stored reading: they are gone.
    auto with_takeback = events;
    with_takeback.push_back(event(6, TableEventKind::TakenBack, R"({"by":"white","plies":1})"));
    const auto after = rochade::server::stored_courtesies(moves, with_takeback);
    CHECK(after.white_given_ms == 0);
    CHECK(after.black_given_ms == 0);
    rochade::db::GameStarted start;
    start.white_ms = start.black_ms = 300000;
    const auto readings = found.readings_after(start, moves);
    REQUIRE(readings.size() == 3);
    CHECK(readings[0].white_ms == 300000);
}
