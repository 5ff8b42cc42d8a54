#include "server/table/table_directory.h"

namespace rochade::server {

void TableDirectory::add(protocol::TableId id, std::shared_ptr<Table> table)
{
    std::lock_guard lock(mutex_);
    tables_[id] = std::move(table);
}

void TableDirectory::remove(protocol::TableId id)
{
    std::lock_guard lock(mutex_);
    tables_.erase(id);
}

std::shared_ptr<Table> TableDirectory::find(protocol::TableId id) const
{
    std::lock_guard lock(mutex_);
    const auto found = tables_.find(id);
    return found == tables_.end() ? nullptr : found->second;
}

std::vector<std::shared_ptr<Table>> TableDirectory::all() const
{
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<Table>> result;
    result.reserve(tables_.size());
    for (const auto& [id, table] : tables_) result.push_back(table);
    return result;
}

} // namespace rochade::server
