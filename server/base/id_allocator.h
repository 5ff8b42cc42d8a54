// Table, game and session ids from the store, never handed out twice, across restarts and across
// the nodes of a cluster too. The store keeps the first id not reserved yet (IdBlockReserved,
// StoreReader::next_free_id); this allocator hands out ids from a block [next, end) reserved
// ahead of use. At start-up it reserves the first block and waits for the commit; when half of a
// block is used it reserves the next one in the background. A restart continues above every
// reserved block, so ids that were never used (a table that stored nothing, the rest of a block)
// are skipped, never reused.
//
// Each reservation says where it believes the free ids start (IdBlockReserved::from), so two
// nodes reserving at once cannot both get one block: the store refuses the second, which reads
// the new start (through the read thread, when it has one) and asks again. A node's blocks are
// therefore not always contiguous: the next block waits beside the current one until it is used
// up.
//
// Thread-safe: the lobby's strand takes table ids, the tables' strands take game ids, and the
// store's threads complete reservations. The allocator must outlive the writer's callbacks and
// the read thread's jobs (the server flushes and destroys both first).
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace rochade::db {
class ReadThread;
class StoreReader;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

class IdAllocator {
public:
    // Reads the next free id of kind `name` ("table", "game", "session") and reserves the first
    // block of `block_size` ids, waiting for the commit (writer.flush()), reading again while
    // another node's reservation gets there first: call at start-up, before the listener
    // accepts. Throws std::runtime_error naming the kind and the store's error.
    static std::unique_ptr<IdAllocator> reserve(std::string name, db::StoreReader& reader, db::StoreWriter& writer,
                                                std::int64_t block_size);
    // From now on a refused reservation reads the new start through `reads` and asks again.
    // Until stop_reading(): the server calls it before the writer goes, so that no read job
    // submits to a writer that is gone.
    void read_through(db::ReadThread& reads);
    void stop_reading();

    // The next id; nullopt when the block is used up and the next one is not stored yet (the
    // store is failing): the caller answers storage_unavailable. Each nullopt asks the store
    // again.
    std::optional<std::int64_t> next();

    const std::string& name() const { return name_; }

private:
    IdAllocator(std::string name, db::StoreWriter& writer, std::int64_t next, std::int64_t end,
                std::int64_t block_size);
    // Whether the next block is to be reserved now (half of this one is used, none is waiting and
    // no reservation is under way); marks it under way. Called with mutex_ held.
    bool should_reserve_locked();
    // Reserves [from, from + block_size_), believing `from` is where the free ids start; when
    // another node got there first, reads the start again (`attempts` more times at most).
    void reserve_block(std::int64_t from, int attempts);

    const std::string name_;
    db::StoreWriter& writer_;
    const std::int64_t block_size_;
    std::mutex mutex_;
    db::ReadThread* reads_ = nullptr; // none: a refused reservation waits for the next id asked for
    std::int64_t next_;               // the next id to hand out
    std::int64_t end_;                // the end of the block in use
    std::optional<std::pair<std::int64_t, std::int64_t>> waiting_; // the next block, reserved and stored
    std::int64_t reserved_end_;                                    // where this node believes the free ids start
    bool reserving_ = false;
};

} // namespace rochade::server
