// Table or game ids from the store, never handed out twice, across restarts too. The store
// keeps the first id not reserved yet (IdBlockReserved, StoreReader::next_free_id); this
// allocator hands out ids from a block [next, end) reserved ahead of use. At start-up it
// reserves the first block and waits for the commit; when half of a block is used it reserves
// the next one in the background. A restart continues above every reserved block, so ids that
// were never used (a table that stored nothing, the rest of a block) are skipped, never reused.
//
// Thread-safe: the lobby's strand takes table ids, the tables' strands take game ids, and the
// store's thread completes reservations. The allocator must outlive the writer's callbacks (the
// server flushes and destroys the writer first).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace rochade::db {
class StoreReader;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

class IdAllocator {
public:
    // Reads the next free id of kind `name` ("table", "game") and reserves the first block of
    // `block_size` ids, waiting for the commit (writer.flush()): call at start-up, before the
    // listener accepts. Throws std::runtime_error naming the kind and the store's error.
    static std::unique_ptr<IdAllocator> reserve(std::string name, db::StoreReader& reader, db::StoreWriter& writer,
                                                std::int64_t block_size);

    // The next id; nullopt when the block is used up and the next one is not stored yet (the
    // store is failing): the caller answers storage_unavailable. Each nullopt asks the store
    // again.
    std::optional<std::int64_t> next();

    const std::string& name() const { return name_; }

private:
    IdAllocator(std::string name, db::StoreWriter& writer, std::int64_t next, std::int64_t end,
                std::int64_t block_size);
    // Whether the next block is to be reserved now (half of this one is used and no reservation
    // is under way); marks it under way. Called with mutex_ held; the submission itself waits
    // until the lock is released (see next()).
    bool should_reserve_locked();
    void reserve_next_block(std::int64_t new_end);

    const std::string name_;
    db::StoreWriter& writer_;
    const std::int64_t block_size_;
    std::mutex mutex_;
    std::int64_t next_; // the next id to hand out
    std::int64_t end_;  // the first id not reserved by a committed block
    bool reserving_ = false;
};

} // namespace rochade::server
