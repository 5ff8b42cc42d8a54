// The courtesies players grant each other at a table: taking moves back and giving time
// (docs/protocol.md, "Takebacks and more time"). A value on the table's strand with no I/O, as
// Offers is for draw offers: the table asks it, then emits and stores what it answered.
//
// A takeback request stands until the opponent accepts or declines it, the asker withdraws it,
// or a move is made (the position it asked about is gone). A declined request may be asked
// again only after a wait that doubles with each decline in the game: 10 s, 20 s, 40 s, ... up
// to 320 s. More time may be given once every 10 s per giver.
//
// Who decides whether takebacks are allowed is typed (TakebackAuthority): the table's setting
// for a game between two players; a tournament's rules (never); the computer (always). Only the
// first exists today; the others are what a tournament's or the computer's table will say.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "protocol/error_code.h"
#include "protocol/messages.h"

namespace rochade::server {

enum class TakebackAuthority : std::uint8_t {
    Table,      // the table's `takebacks` setting (default: on for casual, off for rated)
    Tournament, // a tournament game: never (FIDE: a move made is made)
    Computer,   // against the computer: always
};

struct TakebackPolicy {
    TakebackAuthority decided_by = TakebackAuthority::Table;
    bool table_allows = true;

    // The table's default: on for a casual game, off for a rated one unless the opener allows it.
    static TakebackPolicy for_table(bool rated, std::optional<bool> asked)
    {
        return TakebackPolicy{TakebackAuthority::Table, asked.value_or(!rated)};
    }
    bool allowed() const
    {
        switch (decided_by) {
        case TakebackAuthority::Table: return table_allows;
        case TakebackAuthority::Tournament: return false;
        case TakebackAuthority::Computer: return true;
        }
        return false;
    }
};

// The refusal of a courtesy request: its code and its text (without the message type).
struct CourtesyRefusal {
    protocol::ErrorCode code;
    std::string message;
};

// Both clocks as they read after each ply (index 0: at the start), for a takeback to go back to.
// One push per move; a takeback or a failed emission cuts it back.
struct ClockReadings {
    std::int64_t white_ms = 0, black_ms = 0;
};

class Courtesies {
public:
    using Side = protocol::Side;
    using time_point = std::chrono::steady_clock::time_point;

    static constexpr std::chrono::seconds first_takeback_wait{10};
    static constexpr std::chrono::seconds longest_takeback_wait{320};
    static constexpr std::chrono::seconds give_time_interval{10};

    const std::optional<protocol::TakebackRequest>& request() const { return request_; }

    // `who` asks to take back his last move (`to_move` is the opponent), or on his own turn his
    // last move and the reply; `moves_made` is how many moves `who` has made in the game.
    // Nothing when the request stands now (request() says how many plies), else why not.
    std::optional<CourtesyRefusal> ask(const TakebackPolicy& policy, Side who, Side to_move, int moves_made,
                                       time_point now);
    // The opponent's request stands: it is the one accepted (and gone), else why not.
    std::optional<CourtesyRefusal> accept(Side who);
    // The opponent's request is declined: how long its asker waits before asking again.
    std::optional<CourtesyRefusal> decline(Side who, time_point now, std::chrono::milliseconds& wait);
    std::optional<CourtesyRefusal> withdraw(Side who);
    // The request accepted: the one that stood before accept() (kept for the table's event).
    const std::optional<protocol::TakebackRequest>& accepted() const { return accepted_; }

    // `who` gives his opponent time now, or why not (too soon after his last gift).
    std::optional<CourtesyRefusal> give_time(Side who, time_point now);

    // A move lapses a standing request: a few compares on every move.
    void on_move() { request_.reset(); }
    // A new game, or the table went back to what is stored: no request, no waits.
    void reset() { *this = Courtesies{}; }
    // The request that stood is gone (a game's end, or a failed emission): the waits stay.
    void forget_request() { request_.reset(); }

    // The clocks after each ply of the running game.
    void clocks_started(ClockReadings start) { readings_.assign(1, start); }
    void clocks_after_move(ClockReadings after) { readings_.push_back(after); }
    // The readings after `ply` (0: the start); nullopt if not known.
    std::optional<ClockReadings> clocks_at(int ply) const;
    void cut_readings_to(int ply)
    {
        if (ply >= 0 && std::size_t(ply) + 1 < readings_.size()) readings_.resize(std::size_t(ply) + 1);
    }
    const std::vector<ClockReadings>& readings() const { return readings_; }
    void restore_readings(std::vector<ClockReadings> readings) { readings_ = std::move(readings); }

private:
    static int index(Side side) { return side == Side::White ? 0 : 1; }

    std::optional<protocol::TakebackRequest> request_;
    std::optional<protocol::TakebackRequest> accepted_;
    std::array<int, 2> declines_{0, 0};
    std::array<time_point, 2> next_request_at_{};
    std::array<time_point, 2> next_gift_at_{};
    std::vector<ClockReadings> readings_;
};

} // namespace rochade::server
