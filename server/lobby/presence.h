// Who is online on this node and which nicks are held for seated players: the lobby's presence,
// apart from its rooms. Owned by the Lobby and used only on its strand (no locking here).
//
// Online players and held nicks are keyed by the nick's skeleton (protocol::nick_skeleton), so
// that two look-alike nicks ("admin", "admın") are never online or held at once; a player is
// found by its own nick (protocol::nick_key), never by a look-alike.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "protocol/messages.h"
#include "server/base/metrics.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"

namespace rochade::server {

class Presence {
public:
    struct Online {
        identity::Identity who;
        std::weak_ptr<Connection> connection;
        std::uint64_t connection_id = 0;
        // The rooms the player stands in; the lobby writes them as the player enters and leaves.
        std::set<protocol::RoomNumber> rooms;
        std::int64_t since_ms = 0; // wall clock, when this connection was admitted
        std::string address;       // the connection's IP, for an admin's live view
    };

    // The gauges of /metrics (players online, by kind) mirror the map of online players.
    explicit Presence(Metrics& metrics);

    // The player online under `nick` itself (folded as nick_key does), not a look-alike, whose
    // connection is still open: one that closed is on its way out (its disconnect is posted).
    Online* online(const std::string& nick);
    // Whoever is online under this skeleton, open or closing.
    Online* online_as(const std::string& nick_skeleton);
    // The reason `nick` is not free for `who` (nobody yet, for a new guest or account) now, or
    // nothing: another player online (on an open connection) or seated under it or a look-alike.
    std::optional<std::string> held_by_another(const std::string& nick,
                                               const std::optional<identity::Principal>& who) const;

    // `player` goes online. A player online under the same skeleton (the same player again: a
    // resume, or a login from another device) goes offline first and is returned, so that the
    // lobby takes it out of its rooms and closes its connection.
    std::optional<Online> go_online(Online player);
    // The player online on this connection goes offline and is returned (with the rooms it
    // stood in); nothing if this connection is not online (its hello was refused, or a newer
    // connection of the same player replaced it).
    std::optional<Online> go_offline(std::uint64_t connection_id);

    template <class Visit> void for_each(Visit visit) const
    {
        for (const auto& [skeleton, player] : online_) visit(player);
    }

    // `who` sits at `table` (a running game, or one over that it has not left): its nick is held
    // for it, online or away, until its last seat goes.
    void seat(const identity::Identity& who, protocol::TableId table);
    // `who` no longer sits at `table`. True when that was its last seat: the nick is no longer
    // held for it (the caller lets it go across the cluster too).
    bool unseat(const identity::Identity& who, protocol::TableId table);
    bool seated(const identity::Principal& who, protocol::TableId table) const;
    // The tables where `who` sits, in order (hello_ok lists them).
    std::vector<protocol::TableId> seats(const identity::Principal& who) const;

private:
    Metrics& metrics_;
    std::unordered_map<std::string, Online> online_;                      // by nick skeleton
    std::unordered_map<std::uint64_t, std::string> online_by_connection_; // connection id -> nick skeleton
    std::map<identity::Principal, std::set<protocol::TableId>> seats_;    // unfinished games' seats
    std::unordered_map<std::string, identity::Principal> held_nicks_;     // nick skeleton -> who sits at a game
};

} // namespace rochade::server
