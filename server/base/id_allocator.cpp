#include "server/base/id_allocator.h"

#include <future>
#include <stdexcept>

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"

namespace rochade::server {

namespace {

// Reservations refused because other nodes reserved first, in a row, before giving up: each
// retry reads the new start, so only a storm of nodes reserving the same kind at once gets here.
constexpr int max_attempts = 20;

} // namespace

std::unique_ptr<IdAllocator> IdAllocator::reserve(std::string name, db::StoreReader& reader, db::StoreWriter& writer,
                                                  std::int64_t block_size)
{
    for (int attempt = 1;; ++attempt) {
        const std::int64_t next = reader.next_free_id(name);
        std::promise<std::optional<db::StoreError>> outcome;
        writer.submit(db::IdBlockReserved{name, next + block_size, next},
                      [&outcome](std::optional<db::StoreError> error) { outcome.set_value(std::move(error)); });
        writer.flush();
        const auto error = outcome.get_future().get();
        if (!error)
            return std::unique_ptr<IdAllocator>(
                new IdAllocator(std::move(name), writer, next, next + block_size, block_size));
        if (error->kind != db::StoreFailure::Refused || attempt == max_attempts)
            throw std::runtime_error("reserving " + name + " ids from " + std::to_string(next) + " failed (" +
                                     std::string(db::store_failure_name(error->kind)) + "): " + error->message);
        spdlog::info("{} ids from {} were reserved by another node meanwhile; reading the next free one again", name,
                     next);
    }
}

IdAllocator::IdAllocator(std::string name, db::StoreWriter& writer, std::int64_t next, std::int64_t end,
                         std::int64_t block_size)
    : name_(std::move(name)), writer_(writer), block_size_(block_size), next_(next), end_(end), reserved_end_(end)
{
}

void IdAllocator::read_through(db::ReadThread& reads)
{
    std::lock_guard lock(mutex_);
    reads_ = &reads;
}

void IdAllocator::stop_reading()
{
    std::lock_guard lock(mutex_);
    reads_ = nullptr;
}

bool IdAllocator::should_reserve_locked()
{
    if (reserving_ || waiting_ || end_ - next_ > block_size_ / 2) return false;
    reserving_ = true;
    return true;
}

std::optional<std::int64_t> IdAllocator::next()
{
    std::optional<std::int64_t> id;
    std::int64_t from = 0;
    bool reserve = false;
    {
        std::lock_guard lock(mutex_);
        if (next_ == end_ && waiting_) {
            std::tie(next_, end_) = *waiting_;
            waiting_.reset();
        }
        if (next_ < end_) id = next_++;
        reserve = should_reserve_locked();
        from = reserved_end_;
    }
    // Outside the lock: the writer may complete the submission on its thread at once.
    if (reserve) reserve_block(from, max_attempts);
    if (!id) spdlog::warn("no {} id left: the next block of {} ids is not stored yet", name_, block_size_);
    return id;
}

void IdAllocator::reserve_block(std::int64_t from, int attempts)
{
    const std::int64_t to = from + block_size_;
    writer_.submit(
        db::IdBlockReserved{name_, to, from}, [this, from, to, attempts](std::optional<db::StoreError> error) {
            if (!error) {
                std::lock_guard lock(mutex_);
                reserving_ = false;
                reserved_end_ = to;
                if (next_ == end_ && from == end_)
                    end_ = to; // contiguous and the block in use is done: go on at once
                else
                    waiting_.emplace(from, to);
                return;
            }
            // Another node reserved [from, ...) first: read where the free ids start now, and ask
            // again from there. Without a read thread (tools, tests), or after too many, give up
            // until the next id is asked for.
            db::ReadThread* reads = nullptr;
            {
                std::lock_guard lock(mutex_);
                reads = reads_;
                if (error->kind != db::StoreFailure::Refused || !reads || attempts <= 1) reserving_ = false;
            }
            if (error->kind != db::StoreFailure::Refused || !reads || attempts <= 1) {
                spdlog::error("reserving {} ids below {} failed: {}", name_, to, error->message);
                return;
            }
            reads->read([this](db::StoreReader& reader) { return reader.next_free_id(name_); },
                        [this, attempts](db::ReadResult<std::int64_t> start) {
                            if (!start)
                                spdlog::error("reading the next free {} id failed: {}", name_, start.error().message);
                            // Held while submitting, so that stop_reading() returns only once no job can reach
                            // the writer any more.
                            std::unique_lock lock(mutex_);
                            if (!start || !reads_) {
                                reserving_ = false;
                                return;
                            }
                            reserve_block(*start, attempts - 1);
                        });
        });
}

} // namespace rochade::server
