// Who a connection is, once its hello is done: the principal that owns seats (an account, or a
// guest's session), the nick it shows, and its role. A seat belongs to a principal, never to
// a nick string: whoever says a nick is not thereby its owner.
#pragma once

#include <compare>
#include <cstdint>
#include <string>

#include "protocol/role.h"

namespace rochade::identity {

struct Principal {
    // Visitor: a connection that has not said hello (docs/protocol.md, "Visitors"). It may look
    // into the listed rooms and watch their games; it owns no seat, no nick and nothing else.
    // Computer: the computer at a level (id: the level, 1..8) that plays a play_computer game;
    // it owns that game's seat and nothing else, and no connection is it.
    enum class Kind : std::uint8_t { Account, Guest, Visitor, Computer };
    Kind kind = Kind::Guest;
    std::int64_t id = 0; // the account's id, or the guest's session id

    bool guest() const { return kind == Kind::Guest; }
    bool visitor() const { return kind == Kind::Visitor; }
    bool computer() const { return kind == Kind::Computer; }
    friend bool operator==(const Principal&, const Principal&) = default;
    friend auto operator<=>(const Principal&, const Principal&) = default;
};

struct Identity {
    Principal principal;
    std::string nick;
    protocol::Role role = protocol::Role::Player;
    std::int64_t session_id = 0;
    // A bot account (lichess's BOT title, docs/bots.md): it plays through the Bot API, takes and
    // sends challenges, and is never paired in the pools.
    bool bot = false;
};

// Who a visitor is to a table it watches: nobody that any seat could belong to.
inline Identity visitor_identity() { return Identity{{Principal::Kind::Visitor, 0}, "", protocol::Role::Player, 0}; }

} // namespace rochade::identity
