// The lobby: who is online (nicks and resume tokens), the rooms and which tables stand in
// them. All of it lives on the lobby's strand; every public function posts there, so callers on
// any strand may call them. Tables live on their own strands and tell the lobby when their
// summary changes.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>

#include "db/records.h"
#include "db/store_error.h"
#include "protocol/messages.h"
#include "server/connection.h"
#include "server/net.h"
#include "server/room.h"

namespace rochade::server {

struct TableServices;
class Table;

class Lobby : public std::enable_shared_from_this<Lobby> {
public:
    using Id = std::optional<protocol::RequestId>;
    using ConnectionPtr = std::shared_ptr<Connection>;

    Lobby(TableServices& services);

    // Start-up, before any connection: resume tokens and the restored tables (their rooms are
    // opened if they are not configured ones).
    void restore(const std::vector<db::ResumeTokenIssued>& tokens, const std::vector<std::shared_ptr<Table>>& tables);

    void hello(ConnectionPtr connection, Id id, protocol::Hello hello);
    void list_rooms(ConnectionPtr connection, Id id);
    void enter_room(ConnectionPtr connection, std::string nick, Id id, protocol::RoomNumber room);
    void leave_room(ConnectionPtr connection, std::string nick, Id id, protocol::RoomNumber room);
    void room_chat(ConnectionPtr connection, std::string nick, Id id, protocol::RoomChat chat);
    void whisper(ConnectionPtr connection, std::string nick, Id id, protocol::Whisper whisper);
    void open_table(ConnectionPtr connection, std::string nick, Id id, protocol::OpenTable open);
    void join_table(ConnectionPtr connection, std::string nick, Id id, protocol::JoinTable join);
    void watch_table(ConnectionPtr connection, std::string nick, Id id, protocol::WatchTable watch);
    // The connection closed: the nick it holds goes offline and leaves its rooms, whether its
    // hello was answered or still on its way (the lobby takes the nick when it accepts the hello).
    void disconnected(ConnectionPtr connection);

    // From tables.
    void table_changed(protocol::TableSummary summary);
    void table_closed(protocol::RoomNumber room, protocol::TableId table);
    // `nick` sits (or no longer sits) at `table` since a game started there: while it runs, and
    // after it until the player stands up (or stays away for the grace period). hello_ok lists
    // these tables, and their players may watch them again from outside the room.
    void seat_changed(std::string nick, protocol::TableId table, bool seated);

private:
    struct Online {
        std::string nick;
        std::weak_ptr<Connection> connection;
        std::uint64_t connection_id = 0;
        std::set<protocol::RoomNumber> rooms;
    };

    template <class Work> void on_strand(Work work);
    Online* online(const std::string& nick);
    Room* room(protocol::RoomNumber number);
    Room& open_room(protocol::RoomNumber number);
    void leave(Online& player, Room& room);
    void close_room_if_done(protocol::RoomNumber number);
    std::string new_resume_token();
    // The hello's token was not stored: the nick is not online, the spent token is good again,
    // and the connection is told (storage_unavailable) and may say hello again.
    void hello_not_stored(const ConnectionPtr& connection, const Id& id, const std::string& nick,
                          const std::string& token, const std::optional<std::string>& used_token,
                          const db::StoreError& error);
    // The table with this id, or nullptr after replying no_such_table to `request`.
    std::shared_ptr<Table> find_table(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                      protocol::TableId table_id);
    bool in_room_of(const Table& table, const std::string& nick);
    static void refuse_outside_room(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                    const Table& table);
    static void reply_error(const ConnectionPtr& connection, const Id& id, protocol::ErrorCode code,
                            std::string message);

    TableServices& services_;
    net::strand<net::io_context::executor_type> strand_;
    std::unordered_map<std::string, Online> online_;                      // by nick key
    std::unordered_map<std::uint64_t, std::string> online_by_connection_; // connection id -> nick key
    std::unordered_map<std::string, std::string> resume_tokens_;          // token -> nick
    std::unordered_map<std::string, std::set<protocol::TableId>> seats_;  // nick key -> tables
    std::map<protocol::RoomNumber, Room> rooms_;
    std::mt19937_64 random_;
};

} // namespace rochade::server
