// One room of the lobby: who is in it and which tables stand in it. Owned by the lobby and
// touched only on the lobby's strand. Gravon's rooms: the configured ones stay open; a room
// opened by number (`/raum N`) is ad hoc and closes when nobody is in it and no table stands
// in it; a negative number is a secret room that is never listed. A tournament's room
// (protocol/tournament_room.h) is held open by its tournament service while the event is not
// over, and then closes like an ad-hoc room.
#pragma once

#include <compare>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "protocol/encode.h"
#include "protocol/messages.h"
#include "server/clients/connection.h"
#include "server/lobby/room_batch.h"

namespace rochade::server {

// Above this many members a room sends the count instead of the list (docs/protocol.md): a
// list of thousands of nicks to thousands of members at every batch would be the same storm
// the batch prevents.
inline constexpr std::size_t listed_members_max = 100;
// How many of the last lines said in a room its `room` reply repeats to one who enters: enough
// to follow the talk one walks into (a tournament's chat between rounds), little to send.
inline constexpr std::size_t room_chat_remembered = 50;

// Where a member of a room is connected: one connection of this node (`node` empty) or of
// another node. A room's members are these places, not nicks: the same player may stand in a
// room at two places for a moment (resumed on another node, or on a new connection, before the
// old place has left), and the old place's exit must not take the new one with it.
struct MemberPlace {
    std::string node; // "" for this node
    std::uint64_t connection = 0;
    friend auto operator<=>(const MemberPlace&, const MemberPlace&) = default;
};

class Room {
public:
    Room(protocol::RoomNumber number, std::string name, bool configured);

    protocol::RoomNumber number() const { return number_; }
    const std::string& name() const { return name_; }
    bool secret() const { return number_ < 0; }
    bool configured() const { return configured_; }
    // An ad-hoc room closes when it is empty and has no tables, unless held open.
    bool can_close() const { return !configured_ && !held_open_ && members_.empty() && tables_.empty(); }
    // A tournament's room: held open under its event's name while the event is not over.
    void hold_open(std::string name)
    {
        name_ = std::move(name);
        held_open_ = true;
    }
    void let_close() { held_open_ = false; }
    bool held_open() const { return held_open_; }

    // Onlookers: visitors' connections (no hello) that look into the room. They hear what its
    // members hear (room_presence, room_tables, room_chat) but are not members: not listed, not
    // counted, and they cannot speak. A room that closes forgets them.
    bool add_onlooker(const std::shared_ptr<Connection>& connection);
    bool remove_onlooker(std::uint64_t connection_id) { return onlookers_.erase(connection_id) > 0; }
    bool has_onlooker(std::uint64_t connection_id) const { return onlookers_.contains(connection_id); }

    // Whether `place` is in the room (for a nick's own requests: its connection here).
    bool has_member(const MemberPlace& place, const std::string& nick_key) const;
    // Whether the nick stands in the room at any place (the member list shows it).
    bool lists(const std::string& nick_key) const { return members_.contains(nick_key); }
    // Returns false when `place` is in the room already. `connection` is null for another
    // node's place (Room::broadcast skips it).
    bool add_member(const MemberPlace& place, const std::string& nick_key, std::string nick, bool guest,
                    std::shared_ptr<Connection> connection);
    // Returns false when `place` was not in the room; the nick stays listed while it has another.
    bool remove_member(const MemberPlace& place, const std::string& nick_key);
    // Each nick once, however many places it has.
    std::vector<std::string> member_nicks() const;
    std::size_t member_count() const { return members_.size(); }
    // The list as `room` and `room_presence` send it: the nicks, or only the count when large.
    protocol::RoomMemberList member_list() const;
    // Members [offset, offset + limit) in nick-key order (an empty page past the end).
    protocol::MemberPage member_page(std::int64_t offset, int limit) const;

    // Both also note the change in the pending batch.
    void put_table(const protocol::TableSummary& table);
    void remove_table(protocol::TableId table);
    bool has_table(protocol::TableId table) const { return tables_.contains(table); }
    std::vector<protocol::TableSummary> tables() const;
    // The table's summary in this room, or nullptr; valid until the room's tables change.
    const protocol::TableSummary* find_table(protocol::TableId table) const
    {
        const auto found = tables_.find(table);
        return found == tables_.end() ? nullptr : &found->second;
    }

    // A line said in the room (here or on another node): kept among the last
    // room_chat_remembered, for those who enter. Not kept across a restart, nor once the room
    // closes.
    void remember_chat(protocol::RoomChatLine line);
    std::vector<protocol::RoomChatLine> recent_chat() const { return {chat_.begin(), chat_.end()}; }

    protocol::RoomSummary summary() const;
    // Sends one frame to every member and onlooker.
    void broadcast(const std::shared_ptr<const std::string>& frame) const;

    // An entry or exit happened; it goes out with the next batch.
    void note_presence_changed() { batch_.presence_changed(); }
    bool has_pending_update() const { return !batch_.empty(); }
    // Sends the pending batch to every member (room_presence and/or room_tables) and empties it.
    void send_update();

private:
    struct Member {
        std::string nick;
        bool guest = true;
        std::map<MemberPlace, std::weak_ptr<Connection>> places; // never empty
    };

    protocol::RoomNumber number_;
    std::string name_;
    bool configured_;
    bool held_open_ = false;
    std::map<std::string, Member> members_; // by nick key, so the member list is sorted and each nick once
    std::map<protocol::TableId, protocol::TableSummary> tables_;
    RoomBatch batch_; // what the members have not heard yet
    std::map<std::uint64_t, std::weak_ptr<Connection>> onlookers_; // by connection id
    std::deque<protocol::RoomChatLine> chat_;                      // oldest first
};

} // namespace rochade::server
