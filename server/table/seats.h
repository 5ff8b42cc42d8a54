// The two seats of a table: who sits on each side (by principal, as a seat is owned: an account,
// or a guest's session), their connection and whether it is there, their rating at a rated
// table, and the timers of seats held for a player who went away after a game. On the table's
// strand; the table decides who may sit, stand up or take a seat back.
#pragma once

#include <array>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>

#include "protocol/messages.h"
#include "server/base/asio.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"

namespace rochade::server {

struct Seat {
    std::string nick;
    identity::Principal owner;
    std::weak_ptr<Connection> connection;
    bool connected = false;
    std::chrono::steady_clock::time_point disconnected_at{};
    std::optional<protocol::SeatRating> rating; // at a rated table, once read (table_ratings.cpp)

    identity::Identity player() const { return identity::Identity{owner, nick, protocol::Role::Player, 0}; }
};

class Seats {
public:
    using Side = protocol::Side;

    explicit Seats(const net::strand<net::io_context::executor_type>& strand)
        : hold_timers_{net::steady_timer(strand), net::steady_timer(strand)}
    {
    }

    // By index (0 white, 1 black), as the protocol's sides count.
    std::optional<Seat>& operator[](int index) { return seats_[std::size_t(index)]; }
    const std::optional<Seat>& operator[](int index) const { return seats_[std::size_t(index)]; }
    auto begin() { return seats_.begin(); }
    auto end() { return seats_.end(); }
    auto begin() const { return seats_.begin(); }
    auto end() const { return seats_.end(); }

    bool taken(Side side) const { return seats_[index(side)].has_value(); }
    Seat* at(Side side) { return seats_[index(side)] ? &*seats_[index(side)] : nullptr; }
    // The side `who` sits on, if any.
    std::optional<Side> side_of(const identity::Principal& who) const
    {
        for (const Side side : {Side::White, Side::Black})
            if (seats_[index(side)] && seats_[index(side)]->owner == who) return side;
        return std::nullopt;
    }
    // A rematch: the players change colours.
    void swap_sides() { std::swap(seats_[0], seats_[1]); }

    // Calls `over` on the strand at `until`, for the seat of a player who went away after a game;
    // instead of an earlier hold of that seat.
    template <class Over> void hold(Side side, std::chrono::steady_clock::time_point until, Over over)
    {
        auto& timer = hold_timers_[index(side)];
        timer.expires_at(until);
        timer.async_wait([over = std::move(over)](const boost::system::error_code& error) {
            if (!error) over();
        });
    }
    // The player is back, or stood up: the seat is no longer held.
    void stop_holding(Side side) { hold_timers_[index(side)].cancel(); }
    void stop_holding_all()
    {
        for (auto& timer : hold_timers_) timer.cancel();
    }

private:
    static std::size_t index(Side side) { return std::size_t(int(side)); }

    std::array<std::optional<Seat>, 2> seats_;
    net::steady_timer hold_timers_[2];
};

} // namespace rochade::server
