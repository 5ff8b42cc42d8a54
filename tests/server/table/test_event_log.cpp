// table/event_log.h: the seqs a table's events take, given back when the store fails, and the
// catch-up a reconnecting client gets from the kept events.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "server/table/event_log.h"

using rochade::server::EventLog;

namespace {

std::shared_ptr<const std::string> logged_frame(std::int64_t seq)
{
    return std::make_shared<const std::string>("event " + std::to_string(seq));
}

// Takes and stores events up to `last`.
void store_events_up_to(EventLog& log, std::int64_t last)
{
    while (log.last_taken() < last) {
        const auto seq = log.take_next();
        log.stored(seq, logged_frame(seq));
    }
}

} // namespace

TEST_CASE("event log: seqs count up from 1, and a failed emission's seqs are given back", "[event_log]")
{
    EventLog log(10);
    CHECK(log.take_next() == 1);
    log.stored(1, logged_frame(1));
    CHECK(log.take_next() == 2);
    CHECK(log.take_next() == 3);
    CHECK(log.last_taken() == 3);
    CHECK(log.last_stored() == 1);
    log.forget_unstored(); // the store did not take 2 and 3
    CHECK(log.last_taken() == 1);
    CHECK(log.take_next() == 2); // no gap for any client
}

TEST_CASE("event log: a client catches up with exactly the events after its `since`", "[event_log]")
{
    EventLog log(5);
    store_events_up_to(log, 8); // keeps 4..8

    struct Case {
        std::int64_t since;
        bool resync;
        std::vector<std::string> frames;
    };
    const Case cases[] = {
        {8, false, {}},                                         // up to date
        {7, false, {"event 8"}},                                // one behind
        {3, false, {"event 4", "event 5", "event 6", "event 7", "event 8"}}, // all kept
        {2, true, {}},                                          // 3 is no longer kept
        {0, true, {}},                                          // from the start
        {9, true, {}},                                          // ahead of the table
        {-4, true, {}},
    };
    for (const auto& c : cases) {
        INFO("since " << c.since);
        const auto missed = log.missed_since(c.since);
        CHECK(missed.resync == c.resync);
        CHECK(missed.frames == c.frames);
    }
}

TEST_CASE("event log: a restored table goes on from the stored seq and keeps nothing older", "[event_log]")
{
    EventLog log(5);
    log.restore(41);
    CHECK(log.last_stored() == 41);
    CHECK(log.missed_since(41).frames.empty());
    CHECK_FALSE(log.missed_since(41).resync);
    CHECK(log.missed_since(40).resync); // event 41 was before the restart
    CHECK(log.take_next() == 42);
    log.stored(42, logged_frame(42));
    CHECK(log.missed_since(41).frames == std::vector<std::string>{"event 42"});
}
