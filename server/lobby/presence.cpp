#include "server/lobby/presence.h"

#include <utility>

#include "protocol/nick.h"

namespace rochade::server {

namespace {

OnlineKind online_kind(const identity::Identity& who)
{
    return who.principal.guest() ? OnlineKind::Guest : OnlineKind::Account;
}

} // namespace

Presence::Presence(Metrics& metrics) : metrics_(metrics) {}

Presence::Online* Presence::online(const std::string& nick)
{
    const auto found = online_.find(protocol::nick_skeleton(nick));
    if (found == online_.end() || protocol::nick_key(found->second.who.nick) != protocol::nick_key(nick))
        return nullptr;
    const auto connection = found->second.connection.lock();
    return connection && connection->is_open() ? &found->second : nullptr;
}

Presence::Online* Presence::online_as(const std::string& nick_skeleton)
{
    const auto found = online_.find(nick_skeleton);
    return found == online_.end() ? nullptr : &found->second;
}

std::optional<std::string> Presence::held_by_another(const std::string& nick,
                                                     const std::optional<identity::Principal>& who) const
{
    const std::string skeleton = protocol::nick_skeleton(nick);
    if (const auto existing = online_.find(skeleton); existing != online_.end())
        if (const auto connection = existing->second.connection.lock();
            existing->second.who.principal != who && connection && connection->is_open()) {
            if (protocol::nick_key(existing->second.who.nick) == protocol::nick_key(nick))
                return "'" + existing->second.who.nick + "' is online already";
            return "'" + nick + "' is too similar to '" + existing->second.who.nick + "', who is online";
        }
    if (const auto held = held_nicks_.find(skeleton); held != held_nicks_.end() && held->second != who)
        return "'" + nick + "' (or a nick too similar to it) sits at a game; only its player may come back with it";
    return std::nullopt;
}

std::optional<Presence::Online> Presence::go_online(Online player)
{
    const std::string skeleton = protocol::nick_skeleton(player.who.nick);
    std::optional<Online> replaced;
    if (const auto existing = online_.find(skeleton); existing != online_.end())
        replaced = go_offline(existing->second.connection_id);
    ++metrics_.players_online(online_kind(player.who));
    online_by_connection_[player.connection_id] = skeleton;
    online_.emplace(skeleton, std::move(player));
    return replaced;
}

std::optional<Presence::Online> Presence::go_offline(std::uint64_t connection_id)
{
    const auto by_connection = online_by_connection_.find(connection_id);
    if (by_connection == online_by_connection_.end()) return std::nullopt;
    const auto found = online_.find(by_connection->second);
    online_by_connection_.erase(by_connection);
    if (found == online_.end()) return std::nullopt;
    Online gone = std::move(found->second);
    online_.erase(found);
    --metrics_.players_online(online_kind(gone.who));
    return gone;
}

void Presence::seat(const identity::Identity& who, protocol::TableId table)
{
    seats_[who.principal].insert(table);
    held_nicks_.insert_or_assign(protocol::nick_skeleton(who.nick), who.principal);
}

bool Presence::unseat(const identity::Identity& who, protocol::TableId table)
{
    const auto seats = seats_.find(who.principal);
    if (seats == seats_.end()) return false;
    seats->second.erase(table);
    if (!seats->second.empty()) return false;
    seats_.erase(seats);
    // A look-alike's player may hold the skeleton now; only this principal's hold goes.
    if (const auto held = held_nicks_.find(protocol::nick_skeleton(who.nick));
        held != held_nicks_.end() && held->second == who.principal)
        held_nicks_.erase(held);
    return true;
}

bool Presence::seated(const identity::Principal& who, protocol::TableId table) const
{
    const auto seats = seats_.find(who);
    return seats != seats_.end() && seats->second.contains(table);
}

std::vector<protocol::TableId> Presence::seats(const identity::Principal& who) const
{
    const auto seats = seats_.find(who);
    if (seats == seats_.end()) return {};
    return {seats->second.begin(), seats->second.end()};
}

} // namespace rochade::server
