// The store under test: SQLite on a temporary file by default, or PostgreSQL when the
// environment names a server (ROCHADE_TEST_POSTGRES=postgresql://user@127.0.0.1:PORT/rochade;
// scripts/postgres.sh starts one and prints that URL). The store tests that go through the
// interfaces (db::StoreWriter, db::StoreReader) build their store here, so one suite checks both
// backends; tests of SQLite's own files, pragmas and migrations use TempDatabase directly.
//
// On PostgreSQL each TestStore is a database of its own (rochade_test_PID_N, created from the
// server's URL and dropped at the end), so tests never see each other's rows.
#pragma once

#include <atomic>
#include <cstdlib>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <unistd.h>
#include <vector>

#include <catch2/catch.hpp>

#include "db/sqlite/migrations.h"
#include "db/pg/pg.h"
#include "db/pg/pg_migrations.h"
#include "db/pg/postgres_store.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_store.h"
#include "temp_database.h"

namespace rochade::db::testing {

// The server named by ROCHADE_TEST_POSTGRES, if any.
inline std::optional<std::string> postgres_server_url()
{
    const char* url = std::getenv("ROCHADE_TEST_POSTGRES");
    if (!url || !*url) return std::nullopt;
    return std::string(url);
}

// `url` with its database name replaced by `name` (the path after host:port; the query kept).
inline std::string with_database(const std::string& url, const std::string& name)
{
    const auto scheme = url.find("://");
    const auto path = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
    const auto query = url.find('?', path == std::string::npos ? 0 : path);
    const std::string head = path == std::string::npos ? url.substr(0, query) : url.substr(0, path);
    return head + "/" + name + (query == std::string::npos ? "" : url.substr(query));
}

// A connection to the test server's own database, or a failure that says how to start one.
inline pg::Connection connect_test_server(const std::string& url)
{
    try {
        pg::ConnectOptions options;
        options.connect_timeout_s = 5;
        return pg::Connection(url, options);
    } catch (const DbError& error) {
        throw std::runtime_error(std::string("ROCHADE_TEST_POSTGRES is set, but its server does not answer (start it "
                                             "with: scripts/postgres.sh start build/postgres): ") +
                                 error.what());
    }
}

// A fresh PostgreSQL database on the test server, dropped with this object.
class PgTestDatabase {
public:
    explicit PgTestDatabase(const std::string& server_url) : server_url_(server_url)
    {
        static std::atomic<int> counter{0};
        // Digits and underscores only: the name is spliced into CREATE DATABASE (an identifier,
        // which no statement takes as a parameter), so it is built from numbers alone.
        name_ = "rochade_test_" + std::to_string(::getpid()) + "_" + std::to_string(counter++);
        pg::Connection admin = connect_test_server(server_url_);
        admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        admin.exec("CREATE DATABASE " + name_);
        url_ = with_database(server_url_, name_);
    }
    ~PgTestDatabase()
    {
        try {
            pg::Connection admin = connect_test_server(server_url_);
            admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (const std::exception&) {
            // The server went away (a test stopped it); the next run's DROP IF EXISTS cleans up.
        }
    }
    PgTestDatabase(const PgTestDatabase&) = delete;
    PgTestDatabase& operator=(const PgTestDatabase&) = delete;

    const std::string& url() const { return url_; }

private:
    std::string server_url_, name_, url_;
};

class TestStore {
public:
    explicit TestStore(const std::string& label)
    {
        if (const auto server = postgres_server_url()) {
            postgres_.emplace(*server);
            // Migrated now, as SQLite's SqliteReader(path) does, so a reader may come first.
            pg::Connection connection(postgres_->url(), pg::ConnectOptions{});
            pg::migrate(connection);
        } else {
            sqlite_.emplace(label);
            open_migrated(sqlite_->path()); // as SqliteReader(path) did: a reader may come before a writer
        }
    }

    bool postgres() const { return postgres_.has_value(); }
    // The file's path, or the database's URL.
    const std::string& location() const { return postgres_ ? postgres_->url() : sqlite_->path(); }

    std::unique_ptr<StoreWriter> open_writer(std::function<void(std::string)> on_error = {},
                                             WriteObserver on_done = {}) const
    {
        if (postgres_) {
            PostgresOptions options;
            options.on_error = std::move(on_error);
            options.on_done = std::move(on_done);
            return open_postgres_writer(postgres_->url(), std::move(options));
        }
        SqliteOptions options;
        options.on_error = std::move(on_error);
        options.on_done = std::move(on_done);
        return open_sqlite_writer(sqlite_->path(), std::move(options));
    }
    std::unique_ptr<StoreReader> open_reader() const
    {
        if (postgres_) return open_postgres_reader(postgres_->url());
        return open_sqlite_reader(sqlite_->path());
    }

private:
    std::optional<TempDatabase> sqlite_;
    std::optional<PgTestDatabase> postgres_;
};

// The first column of the first row of `sql` (plain SQL that both backends read alike), on a
// connection of its own; -1 for no row or NULL. For tests that look at the tables themselves.
inline std::int64_t query_int(const TestStore& store, const std::string& sql)
{
    if (store.postgres()) {
        pg::Connection connection(store.location(), pg::ConnectOptions{});
        return connection.query_int(sql).value_or(-1);
    }
    Database db(store.location(), OpenMode::ReadOnly);
    return db.query_int(sql).value_or(-1);
}

// Runs `sql` (plain SQL that both backends read alike) on a connection of its own: for tests
// that put into the tables what no writer would.
inline void execute(const TestStore& store, const std::string& sql)
{
    if (store.postgres()) {
        pg::Connection connection(store.location(), pg::ConnectOptions{});
        connection.run(sql);
        return;
    }
    Database db(store.location(), OpenMode::ReadWrite);
    db.exec(sql);
}

// A writer on a TestStore, usable as a value (writer.submit(...)) as the tests used db::SqliteWriter.
class TestWriter final : public StoreWriter {
public:
    explicit TestWriter(const TestStore& store, std::function<void(std::string)> on_error = {},
                        WriteObserver on_done = {})
        : writer_(store.open_writer(std::move(on_error), std::move(on_done)))
    {
    }
    using StoreWriter::submit;
    void submit(std::vector<Write> writes, WriteDone done) override
    {
        writer_->submit(std::move(writes), std::move(done));
    }
    void flush() override { writer_->flush(); }

private:
    std::unique_ptr<StoreWriter> writer_;
};

// A reader on a TestStore, usable as a value as the tests used db::SqliteReader.
class TestReader final : public StoreReader {
public:
    explicit TestReader(const TestStore& store) : reader_(store.open_reader()) {}

    std::vector<UnfinishedGame> unfinished_games() override { return reader_->unfinished_games(); }
    std::optional<UnfinishedGame> unfinished_game(std::int64_t game_id) override
    {
        return reader_->unfinished_game(game_id);
    }
    std::vector<GameSummary> recent_games(int limit = 50) override { return reader_->recent_games(limit); }
    GamePage find_games(const GameQuery& query) override { return reader_->find_games(query); }
    std::optional<GameLog> game_log(std::int64_t game_id) override { return reader_->game_log(game_id); }
    std::int64_t next_free_id(std::string_view name) override { return reader_->next_free_id(name); }
    std::optional<AccountRecord> account(const std::string& nick_key) override { return reader_->account(nick_key); }
    std::optional<AccountRecord> account_by_skeleton(const std::string& nick_skeleton) override
    {
        return reader_->account_by_skeleton(nick_skeleton);
    }
    std::vector<AccountRecord> accounts() override { return reader_->accounts(); }
    std::optional<SessionRecord> session_by_token(const std::string& token_hash, TokenKind kind,
                                                  std::int64_t at_ms) override
    {
        return reader_->session_by_token(token_hash, kind, at_ms);
    }
    std::vector<SanctionRecord> sanctions(std::int64_t at_ms) override { return reader_->sanctions(at_ms); }
    AuditPage audit_log(const AuditQuery& query) override { return reader_->audit_log(query); }
    ChatPage find_chat(const ChatQuery& query) override { return reader_->find_chat(query); }
    std::optional<PlayerRecord> player(const std::string& nick_key) override { return reader_->player(nick_key); }
    std::vector<RatingPoint> rating_history(std::int64_t account_id, rating::RatingCategory category,
                                            int limit) override
    {
        return reader_->rating_history(account_id, category, limit);
    }
    std::vector<StoredRating> leaderboard(rating::RatingCategory category, double max_rd, int limit) override
    {
        return reader_->leaderboard(category, max_rd, limit);
    }
    std::vector<RatingChange> rating_changes(std::int64_t game_id) override { return reader_->rating_changes(game_id); }
    std::optional<OpenChallengeRecord> open_challenge(const std::string& token_hash) override
    {
        return reader_->open_challenge(token_hash);
    }
    std::vector<OpenChallengeRecord> open_challenges_of(const std::string& creator_key, std::int64_t at_ms) override
    {
        return reader_->open_challenges_of(creator_key, at_ms);
    }
    std::vector<TournamentRecord> tournaments() override { return reader_->tournaments(); }
    std::optional<TournamentLog> tournament(std::int64_t tournament_id) override
    {
        return reader_->tournament(tournament_id);
    }
    std::optional<ApiTokenRecord> api_token(const std::string& token_hash) override
    {
        return reader_->api_token(token_hash);
    }
    std::vector<ApiTokenRecord> api_tokens_of(std::int64_t account_id) override
    {
        return reader_->api_tokens_of(account_id);
    }

private:
    std::unique_ptr<StoreReader> reader_;
};

// Submits `writes` as one submission and returns what became of it (nothing: stored).
inline std::optional<StoreError> store_now(StoreWriter& writer, std::vector<Write> writes)
{
    std::optional<StoreError> outcome;
    writer.submit(std::move(writes), [&outcome](std::optional<StoreError> error) { outcome = std::move(error); });
    writer.flush();
    return outcome;
}

// One record (a braced list is the submission above).
template <class Record>
requires std::is_constructible_v<Write, Record> std::optional<StoreError> store_now(StoreWriter& writer, Record record)
{
    std::vector<Write> writes;
    writes.emplace_back(std::move(record));
    return store_now(writer, std::move(writes));
}

// The write is refused (not failed: it contradicts what is stored or itself), and the store's
// message says `why` ("" checks the kind alone).
inline void check_refused(StoreWriter& writer, Write write, const std::string& why = "")
{
    const auto outcome = store_now(writer, std::move(write));
    REQUIRE(outcome);
    CHECK(outcome->kind == StoreFailure::Refused);
    INFO(outcome->message);
    CHECK(outcome->message.find(why) != std::string::npos);
}

} // namespace rochade::db::testing
