#include "server/lobby/room.h"

#include <iterator>

namespace rochade::server {

Room::Room(protocol::RoomNumber number, std::string name, bool configured)
    : number_(number), name_(std::move(name)), configured_(configured)
{
}

bool Room::has_member(const MemberPlace& place, const std::string& nick_key) const
{
    const auto found = members_.find(nick_key);
    return found != members_.end() && found->second.places.contains(place);
}

bool Room::add_member(const MemberPlace& place, const std::string& nick_key, std::string nick, bool guest,
                      std::shared_ptr<Connection> connection)
{
    const auto member = members_.try_emplace(nick_key, Member{std::move(nick), guest, {}}).first;
    return member->second.places.try_emplace(place, std::move(connection)).second;
}

bool Room::remove_member(const MemberPlace& place, const std::string& nick_key)
{
    const auto member = members_.find(nick_key);
    if (member == members_.end() || !member->second.places.erase(place)) return false;
    if (member->second.places.empty()) members_.erase(member);
    return true;
}

std::vector<std::string> Room::member_nicks() const
{
    std::vector<std::string> nicks;
    nicks.reserve(members_.size());
    for (const auto& [key, member] : members_) nicks.push_back(member.nick);
    return nicks;
}

protocol::RoomMemberList Room::member_list() const
{
    protocol::RoomMemberList list;
    list.count = static_cast<int>(members_.size());
    if (members_.size() > listed_members_max) return list;
    list.members.emplace();
    list.members->reserve(members_.size());
    for (const auto& [key, member] : members_) {
        list.members->push_back(member.nick);
        if (member.guest) list.guests.push_back(member.nick);
    }
    return list;
}

protocol::MemberPage Room::member_page(std::int64_t offset, int limit) const
{
    protocol::MemberPage page;
    page.room = number_;
    page.offset = offset;
    page.member_count = static_cast<int>(members_.size());
    if (offset >= static_cast<std::int64_t>(members_.size())) return page;
    // A map has no random access; walking a few thousand nodes per page request is cheap next
    // to the frame it answers with.
    auto member = std::next(members_.begin(), static_cast<std::ptrdiff_t>(offset));
    for (int n = 0; n < limit && member != members_.end(); ++n, ++member) {
        page.members.push_back(member->second.nick);
        if (member->second.guest) page.guests.push_back(member->second.nick);
    }
    return page;
}

namespace {

// Whether two summaries of one table differ in nothing but the spectator count.
bool only_spectators_differ(const protocol::TableSummary& a, const protocol::TableSummary& b)
{
    return a.status == b.status && a.white == b.white && a.black == b.black && a.white_guest == b.white_guest &&
           a.black_guest == b.black_guest && a.opener_color == b.opener_color && a.invite == b.invite &&
           a.rated == b.rated && a.white_rating == b.white_rating && a.black_rating == b.black_rating;
}

} // namespace

void Room::put_table(const protocol::TableSummary& table)
{
    auto [it, opened] = tables_.try_emplace(table.table, table);
    // In a large room the spectator counts of a thousand watched tables would make each batch
    // a list of every table (~300 KB to each of 3,000 members, queued ahead of their moves);
    // the count alone is not worth that. `room` and the table's own `spectators` carry it.
    const bool count_only =
        !opened && members_.size() > listed_members_max && only_spectators_differ(it->second, table);
    it->second = table;
    if (!count_only) batch_.table_changed(table);
}

void Room::remove_table(protocol::TableId table)
{
    tables_.erase(table);
    batch_.table_closed(table);
}

void Room::send_update()
{
    const RoomBatch::Taken taken = batch_.take();
    if (taken.presence)
        broadcast(std::make_shared<const std::string>(protocol::encode_room_presence(number_, member_list())));
    if (!taken.tables.empty() || !taken.closed.empty())
        broadcast(
            std::make_shared<const std::string>(protocol::encode_room_tables(number_, taken.tables, taken.closed)));
}

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
        for (const auto& [place, weak] : member.places)
            if (auto connection = weak.lock()) connection->send(frame);
    for (const auto& [id, weak] : onlookers_)
        if (auto connection = weak.lock()) connection->send(frame);
}

bool Room::add_onlooker(const std::shared_ptr<Connection>& connection)
{
    return onlookers_.try_emplace(connection->id(), connection).second;
}

void Room::remember_chat(protocol::RoomChatLine line)
{
    chat_.push_back(std::move(line));
    if (chat_.size() > room_chat_remembered) chat_.pop_front();
}

} // namespace rochade::server
