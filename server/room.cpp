#include "server/room.h"

namespace rochade::server {

Room::Room(protocol::RoomNumber number, std::string name, bool configured)
    : number_(number), name_(std::move(name)), configured_(configured)
{
}

bool Room::add_member(const std::string& nick_key, std::string nick, bool guest, std::shared_ptr<Connection> connection)
{
    return members_.try_emplace(nick_key, Member{std::move(nick), guest, std::move(connection)}).second;
}

bool Room::remove_member(const std::string& nick_key) { return members_.erase(nick_key) > 0; }

std::vector<std::string> Room::member_nicks() const
{
    std::vector<std::string> nicks;
    nicks.reserve(members_.size());
    for (const auto& [key, member] : members_) nicks.push_back(member.nick);
    return nicks;
}

std::vector<std::string> Room::guest_nicks() const
{
    std::vector<std::string> nicks;
    for (const auto& [key, member] : members_)
        if (member.guest) nicks.push_back(member.nick);
    return nicks;
}

void Room::put_table(const protocol::TableSummary& table) { tables_[table.table] = table; }

void Room::remove_table(protocol::TableId table) { tables_.erase(table); }

std::vector<protocol::TableSummary> Room::tables() const
{
    std::vector<protocol::TableSummary> result;
    result.reserve(tables_.size());
    for (const auto& [id, table] : tables_) result.push_back(table);
    return result;
}

protocol::RoomSummary Room::summary() const
{
    return protocol::RoomSummary{number_, name_, int(members_.size()), int(tables_.size())};
}

void Room::broadcast(const std::shared_ptr<const std::string>& frame) const
{
    for (const auto& [key, member] : members_)
        if (auto connection = member.connection.lock()) connection->send(frame);
}

} // namespace rochade::server
