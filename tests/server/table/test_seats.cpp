// table/seats.h: who sits on which side, by principal; a rematch's swap; the timers of seats
// held for a player who went away after a game.
#include <catch2/catch.hpp>

#include <chrono>
#include <vector>

#include "server/table/seats.h"

namespace {

using rochade::protocol::Side;
using rochade::server::Seat;
using rochade::server::Seats;
using rochade::identity::Principal;

Principal seat_account(std::int64_t id) { return Principal{Principal::Kind::Account, id}; }
Principal seat_guest(std::int64_t session) { return Principal{Principal::Kind::Guest, session}; }

struct SeatsOnStrand {
    boost::asio::io_context io;
    boost::asio::strand<boost::asio::io_context::executor_type> strand = boost::asio::make_strand(io);
    Seats seats{strand};
};

} // namespace

TEST_CASE("seats: a seat is its principal's, the same number as a guest is someone else", "[seats]")
{
    SeatsOnStrand table;
    auto& seats = table.seats;
    CHECK_FALSE(seats.taken(Side::White));
    CHECK(seats.at(Side::White) == nullptr);
    seats[0] = Seat{"Anna", seat_account(7), {}, true, {}, {}};
    seats[1] = Seat{"gast", seat_guest(7), {}, true, {}, {}};
    CHECK(seats.side_of(seat_account(7)) == Side::White);
    CHECK(seats.side_of(seat_guest(7)) == Side::Black);
    CHECK(seats.side_of(seat_account(8)) == std::nullopt);
    REQUIRE(seats.at(Side::Black) != nullptr);
    CHECK(seats.at(Side::Black)->nick == "gast");

    seats.swap_sides(); // a rematch
    CHECK(seats.side_of(seat_account(7)) == Side::Black);
    CHECK(seats.side_of(seat_guest(7)) == Side::White);
    int taken = 0;
    for (const auto& seat : seats) taken += seat.has_value();
    CHECK(taken == 2);
}

TEST_CASE("seats: a held seat's end comes once, a later hold replaces it, a return stops it", "[seats]")
{
    SeatsOnStrand table;
    std::vector<Side> over;
    const auto now = std::chrono::steady_clock::now();
    table.seats.hold(Side::White, now, [&] { over.push_back(Side::White); });
    table.seats.hold(Side::White, now + std::chrono::milliseconds(1), [&] { over.push_back(Side::White); });
    table.seats.hold(Side::Black, now, [&] { over.push_back(Side::Black); });
    table.seats.stop_holding(Side::Black); // the player came back
    table.io.run();
    CHECK(over == std::vector<Side>{Side::White});

    table.io.restart();
    table.seats.hold(Side::White, now, [&] { over.push_back(Side::White); });
    table.seats.hold(Side::Black, now, [&] { over.push_back(Side::Black); });
    table.seats.stop_holding_all(); // the table closes
    table.io.run();
    CHECK(over.size() == 1);
}
