// Reads at runtime, off the caller's thread: one thread owns a StoreReader (for SQLite, its
// own read-only connection, which WAL lets read beside the writer) and runs the jobs given to
// it, one at a time, in the order they came. Backend-neutral: it knows only the interface.
//
// This is the one boundary of the read errors. A StoreReader's reads throw db::DbError (as a
// StoreWriter's submissions report a StoreError to `done`); at runtime they run only inside
// `read(query, done)`, which catches what the query throws and hands `done` a ReadResult: the
// query's value, or the StoreError (a DbError's kind and message; any other exception as
// `Unavailable` with its message). So the server handles a failed read as a value, like a
// failed write, and catches nothing itself. `done` runs on the read thread and hands its result
// back where it belongs, e.g. by posting to the asking strand; it must not block on anything
// else. A `done` that throws anyway is logged through `on_error` and dropped.
#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <type_traits>
#include <utility>

#include "db/store_error.h"
#include "db/store_reader.h"
#include "engine/expected.h"

namespace rochade::db {

// What a read on the read thread gives its `done`: the value read, or how the store failed.
template <class T> using ReadResult = Expected<T, StoreError>;

class ReadThread {
public:
    explicit ReadThread(std::unique_ptr<StoreReader> reader, std::function<void(std::string)> on_error = {});
    // Runs the jobs still queued, then stops the thread.
    ~ReadThread();
    ReadThread(const ReadThread&) = delete;
    ReadThread& operator=(const ReadThread&) = delete;

    // Queues `query` (StoreReader& -> T, T not void); callable from any thread. On the read
    // thread `done` gets ReadResult<T>: what the query returned, or the StoreError it threw.
    template <class Query, class Done> void read(Query query, Done done)
    {
        using Value = std::invoke_result_t<Query&, StoreReader&>;
        static_assert(!std::is_void_v<Value>, "a read returns what it read");
        queue([query = std::move(query), done = std::move(done)](StoreReader& reader) mutable {
            done(run_query<Value>(query, reader));
        });
    }

private:
    using Job = std::function<void(StoreReader&)>;

    // The boundary: the one place a read's exception becomes a StoreError.
    template <class Value, class Query> static ReadResult<Value> run_query(Query& query, StoreReader& reader)
    {
        try {
            return ReadResult<Value>(query(reader));
        } catch (const DbError& error) {
            return unexpected(error.error());
        } catch (const std::exception& error) {
            return unexpected(unexpected_read_error(error));
        }
    }
    static StoreError unexpected_read_error(const std::exception& error);

    void queue(Job job);
    void run();

    std::unique_ptr<StoreReader> reader_;
    std::function<void(std::string)> on_error_;
    std::mutex mutex_;
    std::condition_variable queued_;
    std::deque<Job> jobs_;
    bool stopping_ = false;
    std::thread thread_;
};

} // namespace rochade::db
