// What becomes of a pool's pairing whose game could not start. The two were taken out of the
// pool when the wave paired them; if one of them left meanwhile (his connection closed between
// the wave and the seating), the other did nothing wrong and waits on in his pool rather than
// being sent away. If both are still there the table itself could not be opened (no room, the
// store, a shutdown): both are told why and may join again, rather than being paired into the
// same failure wave after wave.
#pragma once

namespace rochade::matchmaking {

enum class FailedPairing {
    BothTold,     // both still connected: the refusal goes to both, neither waits any more
    WhiteWaitsOn, // Black left: White goes back into the pool
    BlackWaitsOn, // White left: Black goes back into the pool
    NobodyLeft,   // both left: nothing to tell anyone
};

constexpr FailedPairing after_failed_start(bool white_connected, bool black_connected)
{
    if (white_connected && black_connected) return FailedPairing::BothTold;
    if (white_connected) return FailedPairing::WhiteWaitsOn;
    if (black_connected) return FailedPairing::BlackWaitsOn;
    return FailedPairing::NobodyLeft;
}

} // namespace rochade::matchmaking
