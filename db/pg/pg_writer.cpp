// The PostgreSQL group-commit writer. The thread, the queue and the order of the callbacks are
// db/batch_commit.h's, shared with db/sqlite/sqlite_writer.cpp: each round one transaction, callbacks in
// submission order. What differs, and is written here: the batch is first sent without
// savepoints, the hot path's statements in pipelines (a round trip costs more against a server
// than a call into SQLite), and written again with a savepoint per submission only when one
// fails; and what happens when the server goes away (db/pg/pg_writer.h).
#include "db/pg/pg_writer.h"

#include <atomic>
#include <optional>

#include "db/batch_commit.h"
#include "db/pg/pg_migrations.h"
#include "db/pg/pg_writes.h"

namespace rochade::db::pg {

struct PgWriter::State final : BatchBackend {
    State(const std::string& url_, PgWriterOptions options_)
        : url(url_), options(std::move(options_)), on_error(report_or_stderr(options.on_error))
    {
        options.connect.application_name = "rochade writer";
        connection.emplace(url, options.connect);
        migrate(*connection);
        pid = connection->backend_pid();
    }

    const std::string url;
    PgWriterOptions options;
    std::function<void(std::string)> on_error;
    // Only the writer's thread touches it (and the constructor, before the thread starts).
    std::optional<Connection> connection;
    std::atomic<int> pid{0};

    Outcomes write_batch(const std::vector<Submission>& batch) override;
    // One transaction for all of `submissions`; nullopt (and the error) when it failed as a
    // whole. With `savepoints`, each submission in its own, so a failing one is rolled back
    // alone; without, the first failing submission fails the transaction and sets
    // `isolation_needed` (the batch is then written again with savepoints).
    std::optional<Outcomes> commit_together(const std::vector<const Submission*>& submissions, StoreError& error,
                                            bool savepoints);
    bool isolation_needed = false;
    // The last commit_together failed at its BEGIN, before anything of the batch was sent.
    bool begin_failed = false;
    // The batch's writes in order, the hot path's kinds sent in pipelines (one round trip for a
    // run of them), the others one by one between them. Throws DbError on the first failure,
    // with isolation_needed set unless the connection is lost.
    void write_pipelined(const std::vector<const Submission*>& submissions);
    // A connection that is up, opened anew if the last one was lost; false (and the error) if
    // the server cannot be reached.
    bool connect(StoreError& error);
};

bool PgWriter::State::connect(StoreError& error)
{
    if (connection && connection->alive()) return true;
    connection.reset();
    pid = 0;
    try {
        connection.emplace(url, options.connect);
        pid = connection->backend_pid();
        return true;
    } catch (const DbError& failure) {
        error = StoreError{StoreFailure::Unavailable, failure.what()};
        return false;
    }
}

std::optional<Outcomes> PgWriter::State::commit_together(const std::vector<const Submission*>& submissions,
                                                         StoreError& error, bool savepoints)
{
    Outcomes outcomes(submissions.size());
    std::vector<std::string> rejected;
    isolation_needed = false;
    begin_failed = true;
    try {
        Connection& c = *connection;
        Transaction transaction(c);
        begin_failed = false;
        if (!savepoints) {
            write_pipelined(submissions);
            transaction.commit();
            return outcomes;
        }
        for (std::size_t i = 0; i < submissions.size(); ++i) {
            c.exec("SAVEPOINT submission");
            try {
                for (const Write& w : submissions[i]->writes) apply_write(c, w);
            } catch (const DbError& failure) {
                // A lost connection is the batch's, not this submission's: the transaction is
                // gone. Anything else (a refusal, a statement timeout, a value the server
                // rejects) is this submission's alone, rolled back to its savepoint.
                if (!c.good()) throw;
                try {
                    c.exec("ROLLBACK TO SAVEPOINT submission");
                } catch (const DbError& rollback_failure) {
                    throw DbError(std::string(failure.what()) + "; then " + rollback_failure.what(),
                                  StoreFailure::Unavailable);
                }
                outcomes[i] = StoreError{failure.kind(), failure.what()};
                rejected.push_back(failure.what());
            }
            c.exec("RELEASE SAVEPOINT submission");
        }
        transaction.commit();
    } catch (const DbError& failure) {
        error = StoreError{failure.kind(), failure.what()};
        return std::nullopt;
    }
    for (const std::string& message : rejected) on_error("a submission was rolled back: " + message);
    return outcomes;
}

void PgWriter::State::write_pipelined(const std::vector<const Submission*>& submissions)
{
    Connection& c = *connection;
    std::vector<PipelinedStatement> pending;
    std::vector<bool> must_change_one_row;
    auto send_pending = [&] {
        if (pending.empty()) return;
        const std::vector<Result> results = c.run_pipelined(pending);
        for (std::size_t i = 0; i < results.size(); ++i)
            if (must_change_one_row[i] && results[i].affected() != 1)
                throw DbError("a move of the batch is refused", StoreFailure::Refused);
        pending.clear();
        must_change_one_row.clear();
    };
    try {
        for (const Submission* submission : submissions)
            for (const Write& w : submission->writes) {
                if (auto pipelined = pipelined_write(c, w)) {
                    pending.push_back(std::move(pipelined->statement));
                    must_change_one_row.push_back(pipelined->must_change_one_row);
                } else {
                    send_pending();
                    apply_write(c, w);
                }
            }
        send_pending();
    } catch (const DbError&) {
        // Not the submission's own outcome yet: the batch is written again with a savepoint per
        // submission, which finds the one that fails and says why.
        if (c.good()) isolation_needed = true;
        throw;
    }
}

Outcomes PgWriter::State::write_batch(const std::vector<Submission>& batch)
{
    std::vector<const Submission*> all;
    for (const Submission& submission : batch) all.push_back(&submission);
    StoreError error;
    auto all_failed = [&](const StoreError& why) {
        on_error("a batch of " + std::to_string(batch.size()) + " submissions failed: " + why.message);
        return Outcomes(batch.size(), why);
    };
    if (!connect(error)) return all_failed(error);
    // Refusals are rare: the batch is first written without savepoints, its moves, events and
    // chat in pipelines (one round trip for many); only if a submission fails is the batch
    // written again, statement by statement with a savepoint per submission.
    std::optional<Outcomes> outcomes = commit_together(all, error, false);
    // A connection that died while idle, unnoticed (Connection::alive reads the server's goodbye
    // only once it has arrived), fails at BEGIN, before anything of the batch was sent: then
    // the batch goes to a new connection at once instead of failing.
    if (!outcomes && begin_failed && !connection->good()) {
        if (!connect(error)) return all_failed(error);
        outcomes = commit_together(all, error, false);
    }
    if (outcomes) return std::move(*outcomes);
    if (isolation_needed && connection->good())
        if (auto isolated = commit_together(all, error, true)) return std::move(*isolated);
    // The server went away: the whole batch fails now, and the next batch reconnects. No
    // retry here: a reconnect may take connect_timeout, and the players wait for an answer.
    if (!connection->good()) return all_failed(error);
    // The server is there but the transaction failed as a whole (a statement timeout, a
    // serialisation failure): once more, then one submission per transaction, as db::SqliteWriter. The
    // store is down once the connection is lost.
    return retry_alone(
        all,
        [this](const std::vector<const Submission*>& submissions, StoreError& failure) {
            return commit_together(submissions, failure, true);
        },
        [this](const StoreError&) { return !connection->good(); }, error, on_error);
}

PgWriter::PgWriter(const std::string& url, PgWriterOptions options)
    : state_(std::make_unique<State>(url, std::move(options))),
      queue_(std::make_unique<BatchCommitQueue>(*state_, state_->on_error, std::move(state_->options.on_done)))
{
}

// queue_ goes first (members in reverse): it commits what is queued while the connection is open.
PgWriter::~PgWriter() = default;

void PgWriter::submit(std::vector<Write> writes, WriteDone done) { queue_->submit(std::move(writes), std::move(done)); }

void PgWriter::flush() { queue_->flush(); }

int PgWriter::backend_pid() const { return state_->pid; }

} // namespace rochade::db::pg
