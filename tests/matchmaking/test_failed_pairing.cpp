#include <catch2/catch.hpp>

#include "matchmaking/failed_pairing.h"

using namespace rochade::matchmaking;

TEST_CASE("a pairing that did not start: who left decides who waits on")
{
    // white connected, black connected -> what follows
    CHECK(after_failed_start(true, true) == FailedPairing::BothTold);
    CHECK(after_failed_start(true, false) == FailedPairing::WhiteWaitsOn);
    CHECK(after_failed_start(false, true) == FailedPairing::BlackWaitsOn);
    CHECK(after_failed_start(false, false) == FailedPairing::NobodyLeft);
}
