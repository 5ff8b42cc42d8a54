#include "server/id_allocator.h"

#include <future>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "db/store_reader.h"
#include "db/store_writer.h"

namespace rochade::server {

std::unique_ptr<IdAllocator> IdAllocator::reserve(std::string name, db::StoreReader& reader, db::StoreWriter& writer,
                                                  std::int64_t block_size)
{
    const std::int64_t next = reader.next_free_id(name);
    std::promise<std::optional<db::StoreError>> outcome;
    writer.submit(db::IdBlockReserved{name, next + block_size},
                  [&outcome](std::optional<db::StoreError> error) { outcome.set_value(std::move(error)); });
    writer.flush();
    if (auto error = outcome.get_future().get())
        throw std::runtime_error("reserving " + name + " ids from " + std::to_string(next) + " failed (" +
                                 std::string(db::store_failure_name(error->kind)) + "): " + error->message);
    return std::unique_ptr<IdAllocator>(new IdAllocator(std::move(name), writer, next, next + block_size, block_size));
}

IdAllocator::IdAllocator(std::string name, db::StoreWriter& writer, std::int64_t next, std::int64_t end,
                         std::int64_t block_size)
    : name_(std::move(name)), writer_(writer), block_size_(block_size), next_(next), end_(end)
{
}

bool IdAllocator::should_reserve_locked()
{
    if (reserving_ || end_ - next_ > block_size_ / 2) return false;
    reserving_ = true;
    return true;
}

std::optional<std::int64_t> IdAllocator::next()
{
    std::optional<std::int64_t> id;
    std::int64_t new_end = 0;
    bool reserve = false;
    {
        std::lock_guard lock(mutex_);
        if (next_ < end_) id = next_++;
        reserve = should_reserve_locked();
        new_end = end_ + block_size_;
    }
    // Outside the lock: the writer may complete the submission on its thread at once.
    if (reserve) reserve_next_block(new_end);
    if (!id) spdlog::warn("no {} id left: the next block of {} ids is not stored yet", name_, block_size_);
    return id;
}

void IdAllocator::reserve_next_block(std::int64_t new_end)
{
    writer_.submit(db::IdBlockReserved{name_, new_end}, [this, new_end](std::optional<db::StoreError> error) {
        std::lock_guard lock(mutex_);
        reserving_ = false;
        if (error) {
            spdlog::error("reserving {} ids below {} failed: {}", name_, new_end, error->message);
            return;
        }
        end_ = new_end; // blocks are contiguous: the new one starts where the last ended
    });
}

} // namespace rochade::server
