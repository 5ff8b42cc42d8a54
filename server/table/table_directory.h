// Which table object has which id. The router looks a table up for every table message, from
// any connection's strand; the lobby adds and removes tables. A mutex guards only this map of
// pointers and is held just long enough to copy one (the Beast chat server's shared_state).
#pragma once

#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "protocol/messages.h"

namespace rochade::server {

class Table;

class TableDirectory {
public:
    void add(protocol::TableId id, std::shared_ptr<Table> table);
    void remove(protocol::TableId id);
    std::shared_ptr<Table> find(protocol::TableId id) const;
    std::vector<std::shared_ptr<Table>> all() const;

private:
    mutable std::mutex mutex_;
    std::unordered_map<protocol::TableId, std::shared_ptr<Table>> tables_;
};

} // namespace rochade::server
