// The database writer under the server's peak load, to compare schema layouts and writer
// settings in one run on one machine (timings here are noisy; only ratios within a run count).
//
// usage: db_write_bench [--games N] [--plies P] [--warmup S] [--seconds S] [--moves M]
//                       [--batch B] [--rounds R] [--dir DIR] [--run LAYOUT:CACHE_KIB:CHECKPOINT_PAGES]...
//   --games N     concurrent games (default 1000), each submitting its next move only after the
//                 previous one's on_committed callback ran, as a table does
//   --plies P     plies per game (default 80); a game's last move carries its end, then the
//                 table starts the next game. The first games are shorter, staggered, so that
//                 games end at an even rate from the start
//   --warmup S    seconds before the measured window, always flat out, so that the games have
//                 a history and have ended at different times by then (default 5)
//   --seconds S   length of the measured window (default 10)
//   --moves M     end the window earlier, once M moves were committed in it (default: no limit)
//   --batch B     commits of exactly B submissions from B random games, the next B submitted
//                 when the last callback of a batch runs (default 0: flat out, each table
//                 submits as soon as its callback ran, and a commit takes what has queued)
//   --rounds R    repeat the list of runs R times, alternating configurations (default 1)
//   --dir DIR     where the database files go (default: the system's temp directory); each
//                 run starts with a fresh file, removed afterwards
//   --postgres URL  adds a run on PostgreSQL (db/pg/pg_writer.h, synchronous_commit on): in a
//                 database rochade_bench_PID created on URL's server and dropped afterwards. Its
//                 page and cache columns are 0 (SQLite's counters); moves/s, CPU and latency
//                 compare. scripts/postgres.sh start DIR prints a URL to give it.
//   --run L:C:P   one configuration: layout v3 (the current schema) or v2 (the current schema
//                 plus version 2's unique index on moves (game_id, ply), which version 3
//                 dropped), cache_size in KiB, and wal_autocheckpoint in pages. Repeatable;
//                 the first is the reference of the ratios. Default: v2:8192:10000 (the
//                 server before schema version 3), v3:2000:1000 (SQLite's defaults),
//                 v3:8192:10000 (the server now: db::WriterTuning's defaults)
//
// Every configuration writes with db::SqliteWriter (synchronous=FULL, WAL) exactly as the server does.
// Output: one line per run, then per configuration the medians over the rounds and of its ratios
// to the reference in the same round. CPU is the whole process's (getrusage), which includes the
// thread playing the tables; read and write system calls come from /proc/self/io, WAL pages and
// cache misses from the writer's SQLite connection. --dir /dev/shm takes the disk out (fsync on
// tmpfs is free): what remains is SQLite's own CPU, which a noisy disk otherwise drowns.
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "db/sqlite/migrations.h"
#include "db/pg/pg.h"
#include "db/pg/postgres_store.h"
#include "db/sqlite/sqlite.h"
#include "db/sqlite/sqlite_writer.h"

using namespace rochade;
using SteadyClock = std::chrono::steady_clock;

namespace {

struct Configuration {
    std::string label;
    bool v2_index = false;
    db::WriterTuning tuning;
    std::string postgres_url; // not empty: PostgreSQL's writer instead of SQLite's
};

struct Options {
    int games = 1000;
    int plies = 80;
    double warmup_s = 5;
    double seconds = 10;
    std::uint64_t moves = 0;
    int batch = 0;
    int rounds = 1;
    std::filesystem::path dir = std::filesystem::temp_directory_path();
    std::vector<Configuration> runs;
};

[[noreturn]] void usage(const std::string& problem)
{
    std::fprintf(stderr,
                 "db_write_bench: %s\nusage: db_write_bench [--games N] [--plies P] [--warmup S] [--seconds S] "
                 "[--moves M] [--batch B] [--rounds R] [--dir DIR] [--run v2|v3:CACHE_KIB:CHECKPOINT_PAGES]... "
                 "[--postgres URL]\n",
                 problem.c_str());
    std::exit(2);
}

Configuration parse_run(const std::string& text)
{
    std::istringstream in(text);
    std::string layout, cache, pages;
    if (!std::getline(in, layout, ':') || !std::getline(in, cache, ':') || !std::getline(in, pages) ||
        (layout != "v2" && layout != "v3"))
        usage("--run wants v2|v3:CACHE_KIB:CHECKPOINT_PAGES, not '" + text + "'");
    Configuration run;
    run.label = text;
    run.v2_index = layout == "v2";
    run.tuning.cache_kib = std::atoi(cache.c_str());
    run.tuning.wal_autocheckpoint_pages = std::atoi(pages.c_str());
    if (run.tuning.cache_kib <= 0 || run.tuning.wal_autocheckpoint_pages <= 0)
        usage("--run wants positive numbers in '" + text + "'");
    return run;
}

Options parse_options(int argc, char** argv)
{
    Options options;
    std::string postgres_url;
    for (int i = 1; i < argc; ++i) {
        const std::string flag = argv[i];
        if (i + 1 >= argc) usage("missing value after " + flag);
        const std::string value = argv[++i];
        if (flag == "--games")
            options.games = std::atoi(value.c_str());
        else if (flag == "--plies")
            options.plies = std::atoi(value.c_str());
        else if (flag == "--warmup")
            options.warmup_s = std::atof(value.c_str());
        else if (flag == "--seconds")
            options.seconds = std::atof(value.c_str());
        else if (flag == "--moves")
            options.moves = std::strtoull(value.c_str(), nullptr, 10);
        else if (flag == "--batch")
            options.batch = std::atoi(value.c_str());
        else if (flag == "--rounds")
            options.rounds = std::atoi(value.c_str());
        else if (flag == "--dir")
            options.dir = value;
        else if (flag == "--run")
            options.runs.push_back(parse_run(value));
        else if (flag == "--postgres")
            postgres_url = value;
        else
            usage("unknown option " + flag);
    }
    if (options.games < 1 || options.plies < 1 || options.rounds < 1 || options.seconds <= 0 || options.warmup_s < 0 ||
        options.batch < 0)
        usage("--games, --plies, --rounds and --seconds must be positive");
    if (options.runs.empty())
        for (const char* run : {"v2:8192:10000", "v3:2000:1000", "v3:8192:10000"})
            options.runs.push_back(parse_run(run));
    if (!postgres_url.empty()) {
        Configuration run;
        run.label = "postgres";
        run.postgres_url = postgres_url;
        options.runs.push_back(run);
    }
    return options;
}

// A realistic row: the server stores both spellings of the move and three 13-digit numbers.
struct SampleMove {
    const char* uci;
    const char* san;
};
constexpr SampleMove sample_moves[] = {
    {"e2e4", "e4"},    {"c7c5", "c5"},   {"g1f3", "Nf3"}, {"d7d6", "d6"},  {"d2d4", "d4"},  {"c5d4", "cxd4"},
    {"f3d4", "Nxd4"},  {"g8f6", "Nf6"},  {"b1c3", "Nc3"}, {"a7a6", "a6"},  {"c1e3", "Be3"}, {"e7e5", "e5"},
    {"d4b3", "Nb3"},   {"c8e6", "Be6"},  {"f2f3", "f3"},  {"f8e7", "Be7"}, {"d1d2", "Qd2"}, {"e8g8", "O-O"},
    {"e1c1", "O-O-O"}, {"b8d7", "Nbd7"}, {"g2g4", "g4"},  {"b7b5", "b5"},  {"g4g5", "g5"},  {"b5b4", "b4"},
    {"c3e2", "Ne2"},   {"f6e8", "Ne8"},  {"f3f4", "f4"},  {"a6a5", "a5"},  {"f4f5", "f5"},  {"e6b3", "Bxb3"},
    {"a2b3", "axb3"},  {"a5a4", "a4"}};

std::int64_t wall_clock_ms()
{
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

// The tables. Flat out (batch 0), a table submits its next write as soon as the previous one's
// callback has handed it back, posted to the thread playing the tables as the server posts to a
// table's strand; the writer then commits whatever has queued meanwhile, which at this speed is
// most of the games. With a batch size B, the callback that ends a commit submits the next B
// writes, from B games drawn at random, itself on the writer's thread, so that every commit holds
// exactly B of them: the server's commits are as large as the moves that arrive during the
// previous commit (a handful at today's peak on this disk), and a fixed B compares layouts at
// that size without the disk's varying latency deciding it.
class TablesLoad {
public:
    // Starts flat out.
    TablesLoad(db::StoreWriter& writer, int games, int plies)
        : writer_(writer), plies_(plies), slots_(static_cast<std::size_t>(games))
    {
        for (int i = 0; i < games; ++i) {
            slots_[static_cast<std::size_t>(i)].length =
                1 + static_cast<int>(static_cast<std::int64_t>(i) * plies / games);
            ready_.push_back(i);
        }
        thread_ = std::thread([this] { run(); });
    }
    ~TablesLoad() { stop(); }
    TablesLoad(const TablesLoad&) = delete;
    TablesLoad& operator=(const TablesLoad&) = delete;

    // From flat out to commits of `batch`: waits until every table is back, then submits the
    // first batch.
    void switch_to_batches(int batch)
    {
        stop();
        writer_.flush();
        {
            std::lock_guard lock(mutex_);
            stopping_ = false;
            batch_ = batch;
            ready_.clear();
            for (std::size_t i = 0; i < slots_.size(); ++i) ready_.push_back(static_cast<int>(i));
        }
        submit_batch();
    }

    // Stops submitting; callbacks of writes already submitted may still arrive and are ignored.
    void stop()
    {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_one();
        if (thread_.joinable()) thread_.join();
    }

    std::uint64_t moves_committed() const { return moves_committed_.load(); }
    void measure_latency(bool on) { measuring_.store(on); }
    // Submit-to-callback times of the moves committed while measuring, in milliseconds. Only
    // after the writer is flushed: the callbacks write these on the writer's thread.
    std::vector<double> latencies_ms() const { return latencies_ms_; }

private:
    struct Slot {
        std::int64_t game_id = 0; // 0: the next submission starts a game
        int ply = 0;
        int length = 0;
        SteadyClock::time_point submitted;
    };

    // Flat out: the thread playing the tables.
    void run()
    {
        std::vector<int> handed_back;
        for (;;) {
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || !ready_.empty(); });
                if (stopping_) return;
                handed_back.swap(ready_);
            }
            for (int slot : handed_back) submit_next(slot);
            handed_back.clear();
        }
    }

    // With a batch size: every table is back when a batch is committed. The in-flight count is
    // set before the first submission, so no callback can see it reach zero early.
    void submit_batch()
    {
        const std::size_t size = std::min(static_cast<std::size_t>(batch_), slots_.size());
        for (std::size_t i = 0; i < size; ++i)
            std::swap(ready_[i], ready_[std::uniform_int_distribution<std::size_t>(i, ready_.size() - 1)(random_)]);
        in_flight_ = size;
        for (std::size_t i = 0; i < size; ++i) submit_next(ready_[i]);
    }

    void submit_next(int index)
    {
        Slot& slot = slots_[static_cast<std::size_t>(index)];
        const std::int64_t now_ms = wall_clock_ms();
        std::vector<db::Write> writes;
        bool is_move = false;
        if (slot.game_id == 0) {
            slot.game_id = next_game_id_++;
            slot.ply = 0;
            writes.push_back(db::GameStarted{
                slot.game_id, 1 + index, 34, "Anna" + std::to_string(index), "Bert" + std::to_string(index),
                R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})",
                "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 180000, 180000, now_ms, {}, {}});
            writes.push_back(db::TableEvent{1 + index, slot.game_id, 1, db::TableEventKind::GameStarted, "{}", now_ms});
        } else {
            ++slot.ply;
            const SampleMove& sample = sample_moves[static_cast<std::size_t>(slot.ply) % std::size(sample_moves)];
            writes.push_back(db::MovePlayed{slot.game_id, slot.ply, slot.ply + 1, sample.uci, sample.san,
                                            180000 - slot.ply * 731, 180000 - slot.ply * 677, now_ms});
            if (slot.ply == slot.length)
                writes.push_back(db::GameEnded{slot.game_id, Score::Draw, Termination::Agreement,
                                               R"({"message":"draw agreed"})", 180000 - slot.ply * 731,
                                               180000 - slot.ply * 677, now_ms});
            is_move = true;
        }
        slot.submitted = SteadyClock::now();
        writer_.submit(std::move(writes), [this, index, is_move](const std::optional<db::StoreError>& error) {
            if (!error) committed(index, is_move);
        });
    }

    // On the writer's thread.
    void committed(int index, bool is_move)
    {
        Slot& slot = slots_[static_cast<std::size_t>(index)];
        if (is_move) {
            moves_committed_.fetch_add(1);
            if (measuring_.load())
                latencies_ms_.push_back(
                    std::chrono::duration<double, std::milli>(SteadyClock::now() - slot.submitted).count());
            if (slot.ply == slot.length) {
                slot.game_id = 0;
                slot.length = plies_;
            }
        }
        if (batch_ > 0) {
            if (--in_flight_ == 0 && !stopping()) submit_batch();
            return;
        }
        {
            std::lock_guard lock(mutex_);
            ready_.push_back(index);
        }
        wake_.notify_one();
    }

    bool stopping()
    {
        std::lock_guard lock(mutex_);
        return stopping_;
    }

    db::StoreWriter& writer_;
    const int plies_;
    int batch_ = 0; // 0: flat out
    std::vector<Slot> slots_;
    std::int64_t next_game_id_ = 1;
    std::mt19937_64 random_{20261121}; // fixed: every configuration plays the same sequence
    std::size_t in_flight_ = 0;        // with a batch size: this batch's uncommitted submissions

    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<int> ready_; // flat out: tables handed back; with a batch size: every table
    bool stopping_ = false;
    std::thread thread_;

    std::atomic<std::uint64_t> moves_committed_{0};
    std::atomic<bool> measuring_{false};
    std::vector<double> latencies_ms_;
};

double process_cpu_seconds()
{
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// Read and write system calls of this process (pread and pwrite count here); zero where
// /proc/self/io is missing.
struct IoCalls {
    std::uint64_t reads = 0, writes = 0;
};

IoCalls io_calls()
{
    IoCalls calls;
    std::ifstream in("/proc/self/io");
    std::string key;
    std::uint64_t value = 0;
    while (in >> key >> value) {
        if (key == "syscr:") calls.reads = value;
        if (key == "syscw:") calls.writes = value;
    }
    return calls;
}

struct Snapshot {
    SteadyClock::time_point at;
    double cpu_s = 0;
    std::uint64_t moves = 0;
    db::WriterStats stats;
    IoCalls io;
};

// `writer` is SQLite's, or null for PostgreSQL's (which keeps no page counts).
Snapshot snapshot(const TablesLoad& load, const db::SqliteWriter* writer)
{
    return Snapshot{SteadyClock::now(), process_cpu_seconds(), load.moves_committed(),
                    writer ? writer->stats() : db::WriterStats{}, io_calls()};
}

// A database of its own on the server of `url` for one PostgreSQL run, dropped with this object.
// Its name is made of digits (an identifier, which no statement takes as a parameter).
class BenchDatabase {
public:
    explicit BenchDatabase(const std::string& url) : server_url_(url)
    {
        name_ = "rochade_bench_" + std::to_string(::getpid());
        db::pg::Connection admin(server_url_, db::pg::ConnectOptions{});
        admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        admin.exec("CREATE DATABASE " + name_);
        const auto scheme = url.find("://");
        const auto path = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
        const auto query = url.find('?', path == std::string::npos ? 0 : path);
        url_ = (path == std::string::npos ? url.substr(0, query) : url.substr(0, path)) + "/" + name_ +
               (query == std::string::npos ? "" : url.substr(query));
    }
    ~BenchDatabase()
    {
        try {
            db::pg::Connection admin(server_url_, db::pg::ConnectOptions{});
            admin.exec("DROP DATABASE IF EXISTS " + name_ + " WITH (FORCE)");
        } catch (const std::exception& error) {
            std::fprintf(stderr, "db_write_bench: dropping %s: %s\n", name_.c_str(), error.what());
        }
    }
    BenchDatabase(const BenchDatabase&) = delete;
    BenchDatabase& operator=(const BenchDatabase&) = delete;
    const std::string& url() const { return url_; }

private:
    std::string server_url_, name_, url_;
};

struct Result {
    double moves_per_s = 0, cpu_us_per_move = 0, moves_per_commit = 0, pages_per_commit = 0, pages_per_move = 0;
    double misses_per_move = 0, reads_per_move = 0, writes_per_move = 0;
    double p50_ms = 0, p99_ms = 0, max_ms = 0, wal_mib = 0;
};

// The current schema plus the index that version 3 dropped: every move also writes an entry
// of (game_id, ply), as it did at version 2. The SqliteWriter's statements do not depend on it.
void create_v2_index(const std::string& path)
{
    db::Database database = db::open_migrated(path);
    database.exec("CREATE UNIQUE INDEX moves_by_game ON moves (game_id, ply)");
}

void remove_database(const std::string& path)
{
    std::error_code ignored;
    for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path + suffix, ignored);
}

Result run_once(const Options& options, const Configuration& configuration)
{
    const std::string path = (options.dir / ("rochade-db-write-bench-" + std::to_string(::getpid()) + ".db")).string();
    std::optional<BenchDatabase> postgres;
    if (!configuration.postgres_url.empty()) {
        postgres.emplace(configuration.postgres_url);
    } else {
        remove_database(path);
        if (configuration.v2_index) create_v2_index(path);
    }

    Result result;
    {
        std::unique_ptr<db::StoreWriter> store =
            postgres ? db::open_postgres_writer(postgres->url())
                     : std::make_unique<db::SqliteWriter>(path, nullptr, configuration.tuning);
        db::SqliteWriter* sqlite_writer = postgres ? nullptr : static_cast<db::SqliteWriter*>(store.get());
        db::StoreWriter& writer = *store;
        TablesLoad load(writer, options.games, options.plies);
        std::this_thread::sleep_for(std::chrono::duration<double>(options.warmup_s));
        if (options.batch > 0) load.switch_to_batches(options.batch);

        load.measure_latency(true);
        const Snapshot start = snapshot(load, sqlite_writer);
        const auto deadline = start.at + std::chrono::duration_cast<SteadyClock::duration>(
                                             std::chrono::duration<double>(options.seconds));
        while (SteadyClock::now() < deadline &&
               (options.moves == 0 || load.moves_committed() - start.moves < options.moves))
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        const Snapshot end = snapshot(load, sqlite_writer);
        load.measure_latency(false);
        load.stop();
        writer.flush();

        const double seconds = std::chrono::duration<double>(end.at - start.at).count();
        const double moves = static_cast<double>(end.moves - start.moves);
        const double commits = static_cast<double>(end.stats.transactions - start.stats.transactions);
        const double pages = static_cast<double>(end.stats.pages_written - start.stats.pages_written);
        result.moves_per_s = moves / seconds;
        result.cpu_us_per_move = (end.cpu_s - start.cpu_s) * 1e6 / moves;
        result.moves_per_commit = commits > 0 ? moves / commits : 0;
        result.pages_per_commit = commits > 0 ? pages / commits : 0;
        result.pages_per_move = pages / moves;
        result.misses_per_move = static_cast<double>(end.stats.cache_misses - start.stats.cache_misses) / moves;
        result.reads_per_move = static_cast<double>(end.io.reads - start.io.reads) / moves;
        result.writes_per_move = static_cast<double>(end.io.writes - start.io.writes) / moves;

        std::vector<double> latencies = load.latencies_ms();
        std::sort(latencies.begin(), latencies.end());
        if (!latencies.empty()) {
            result.p50_ms = latencies[latencies.size() / 2];
            result.p99_ms = latencies[latencies.size() * 99 / 100];
            result.max_ms = latencies.back();
        }
        std::error_code ignored;
        const auto wal_bytes = std::filesystem::file_size(path + "-wal", ignored);
        result.wal_mib = ignored ? 0 : static_cast<double>(wal_bytes) / (1024.0 * 1024.0);
    }
    if (!postgres) remove_database(path);
    return result;
}

void print_header()
{
    std::printf("%-16s %5s %9s %8s %8s %8s %7s %7s %7s %7s %8s %8s %8s %7s\n", "run", "round", "moves/s", "cpu_us/mv",
                "mv/commit", "pg/commit", "pg/mv", "miss/mv", "read/mv", "write/mv", "p50_ms", "p99_ms", "max_ms",
                "wal_MiB");
}

void print_result(const std::string& label, const std::string& round, const Result& r)
{
    std::printf("%-16s %5s %9.0f %8.1f %8.1f %8.1f %7.2f %7.2f %7.2f %7.2f %8.1f %8.1f %8.1f %7.1f\n", label.c_str(),
                round.c_str(), r.moves_per_s, r.cpu_us_per_move, r.moves_per_commit, r.pages_per_commit,
                r.pages_per_move, r.misses_per_move, r.reads_per_move, r.writes_per_move, r.p50_ms, r.p99_ms, r.max_ms,
                r.wal_mib);
    std::fflush(stdout);
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

int main(int argc, char** argv)
{
    const Options options = parse_options(argc, argv);
    const std::string mode = options.batch > 0 ? "commits of " + std::to_string(options.batch) : "flat out";
    std::printf("%d games of %d plies, %s, warm-up %.1f s, window %.1f s, %d round(s), files in %s\n", options.games,
                options.plies, mode.c_str(), options.warmup_s, options.seconds, options.rounds,
                options.dir.string().c_str());
    print_header();
    std::vector<std::vector<Result>> results(options.runs.size());
    for (int round = 1; round <= options.rounds; ++round)
        for (std::size_t i = 0; i < options.runs.size(); ++i) {
            results[i].push_back(run_once(options, options.runs[i]));
            print_result(options.runs[i].label, std::to_string(round), results[i].back());
        }

    // The disk's latency changes from minute to minute on a shared machine and drags CPU per
    // move along with it (a slow fsync costs more CPU too), so each ratio is taken within a
    // round, against the reference run just before, and the median of those is reported.
    std::printf("\nmedians over %d round(s); x = ratio to %s in the same round\n", options.rounds,
                options.runs[0].label.c_str());
    std::printf("%-16s %9s %9s %8s %8s %8s %8s %10s %10s\n", "run", "moves/s", "cpu_us/mv", "pg/mv", "miss/mv",
                "read/mv", "write/mv", "moves/s x", "cpu/mv x");
    auto median_of = [&](std::size_t i, auto value) {
        std::vector<double> values;
        for (std::size_t round = 0; round < results[i].size(); ++round)
            values.push_back(value(results[i][round], results[0][round]));
        return median(values);
    };
    for (std::size_t i = 0; i < options.runs.size(); ++i)
        std::printf(
            "%-16s %9.0f %9.1f %8.2f %8.2f %8.2f %8.2f %10.2f %10.2f\n", options.runs[i].label.c_str(),
            median_of(i, [](const Result& r, const Result&) { return r.moves_per_s; }),
            median_of(i, [](const Result& r, const Result&) { return r.cpu_us_per_move; }),
            median_of(i, [](const Result& r, const Result&) { return r.pages_per_move; }),
            median_of(i, [](const Result& r, const Result&) { return r.misses_per_move; }),
            median_of(i, [](const Result& r, const Result&) { return r.reads_per_move; }),
            median_of(i, [](const Result& r, const Result&) { return r.writes_per_move; }),
            median_of(i, [](const Result& r, const Result& ref) { return r.moves_per_s / ref.moves_per_s; }),
            median_of(i, [](const Result& r, const Result& ref) { return r.cpu_us_per_move / ref.cpu_us_per_move; }));
    return 0;
}
