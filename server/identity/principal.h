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
    enum class Kind : std::uint8_t { Account, Guest };
    Kind kind = Kind::Guest;
    std::int64_t id = 0; // the account's id, or the guest's session id

    bool guest() const { return kind == Kind::Guest; }
    friend bool operator==(const Principal&, const Principal&) = default;
    friend auto operator<=>(const Principal&, const Principal&) = default;
};

struct Identity {
    Principal principal;
    std::string nick;
    protocol::Role role = protocol::Role::Player;
    std::int64_t session_id = 0;
};

} // namespace rochade::identity
