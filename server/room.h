// One room of the lobby: who is in it and which tables stand in it. Owned by the lobby and
// touched only on the lobby's strand. Gravon's rooms: the configured ones stay open; a room
// opened by number (`/raum N`) is ad hoc and closes when nobody is in it and no table stands
// in it; a negative number is a secret room that is never listed.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "protocol/messages.h"
#include "server/connection.h"

namespace rochade::server {

class Room {
public:
    Room(protocol::RoomNumber number, std::string name, bool configured);

    protocol::RoomNumber number() const { return number_; }
    const std::string& name() const { return name_; }
    bool secret() const { return number_ < 0; }
    bool configured() const { return configured_; }
    // An ad-hoc room closes when it is empty and has no tables.
    bool can_close() const { return !configured_ && members_.empty() && tables_.empty(); }

    bool has_member(const std::string& nick_key) const { return members_.contains(nick_key); }
    // Returns false when the nick is already in the room.
    bool add_member(const std::string& nick_key, std::string nick, bool guest, std::shared_ptr<Connection> connection);
    bool remove_member(const std::string& nick_key);
    std::vector<std::string> member_nicks() const;
    // Those of member_nicks() that are guests, not accounts.
    std::vector<std::string> guest_nicks() const;

    void put_table(const protocol::TableSummary& table);
    void remove_table(protocol::TableId table);
    bool has_table(protocol::TableId table) const { return tables_.contains(table); }
    std::vector<protocol::TableSummary> tables() const;

    protocol::RoomSummary summary() const;
    // Sends one frame to every member.
    void broadcast(const std::shared_ptr<const std::string>& frame) const;

private:
    struct Member {
        std::string nick;
        bool guest = true;
        std::weak_ptr<Connection> connection;
    };

    protocol::RoomNumber number_;
    std::string name_;
    bool configured_;
    std::map<std::string, Member> members_; // by nick key, so the member list is sorted
    std::map<protocol::TableId, protocol::TableSummary> tables_;
};

} // namespace rochade::server
