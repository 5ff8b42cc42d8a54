#include "server/wiring/server.h"

#include <condition_variable>
#include <csignal>
#include <filesystem>
#include <future>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/ip/host_name.hpp>
#include <boost/asio/signal_set.hpp>
#include <spdlog/spdlog.h>

#include "db/pg/postgres_store.h"
#include "db/read_thread.h"
#include "db/sqlite/sqlite_store.h"
#include "protocol/nick.h"
#include "protocol/tournament_room.h"
#include "server/admin/admin_api.h"
#include "server/admin/moderation_service.h"
#include "server/analysis/game_analysis_service.h"
#include "server/api/account_api.h"
#include "server/api/analysis_api.h"
#include "server/api/archive_api.h"
#include "server/api/challenge_setting_api.h"
#include "server/api/player_api.h"
#include "server/base/id_allocator.h"
#include "server/base/metrics.h"
#include "server/base/wall_clock.h"
#include "server/bots/bot_api.h"
#include "server/bots/bot_sessions.h"
#include "server/bots/token_api.h"
#include "server/cluster/node.h"
#include "server/cluster/redis/redis_bus.h"
#include "server/engines/engine_pool.h"
#include "server/identity/authenticator.h"
#include "server/identity/password_hasher.h"
#include "server/lobby/lobby.h"
#include "server/lobby/recent_room_chat.h"
#include "server/lobby/room.h"
#include "server/moderation/sanctions.h"
#include "server/net/beast.h"
#include "server/net/descriptor_limit.h"
#include "server/net/listener.h"
#include "server/net/session_services.h"
#include "server/pools/pool_service.h"
#include "server/router/router.h"
#include "server/table/flag_analysis.h"
#include "server/tournaments/tournament_export_api.h"

namespace rochade::server {

namespace {

// The engine pool's configuration from the server's: "0 engines" is the machine's default.
engines::EnginePoolConfig computer_pool_config(const ComputerConfig& computer)
{
    engines::EnginePoolConfig pool;
    pool.engines = computer.engines ? computer.engines : engines::default_engine_count();
    pool.queue_limit = computer.queue_limit;
    pool.stockfish_path = computer.stockfish_path;
    pool.fairy_stockfish_path = computer.fairy_stockfish_path;
    return pool;
}

// How long shutdown waits for the clients to answer the 1001 close frames.
constexpr std::chrono::seconds close_wait{2};

// Ids reserved in the store per round trip: a restart skips at most this many of each kind. The
// next block is reserved when half of one is used, so the commit has 5,000 tables, games or
// hellos to land in: a load test's ramp starts 1,000 games and 3,000 sessions in a second, and
// blocks of 100 ran out before their successor was stored (storage_unavailable to the players).
constexpr std::int64_t id_block_size = 10'000;

void create_database_directory(const std::string& db_path)
{
    if (db_path.empty() || db_path == ":memory:" || db::is_postgres_url(db_path)) return;
    const auto directory = std::filesystem::path(db_path).parent_path();
    if (directory.empty()) return;
    std::error_code ec;
    std::filesystem::create_directories(directory, ec);
    if (ec)
        throw std::runtime_error("cannot create the database directory '" + directory.string() + "': " + ec.message());
}

int thread_count(int configured)
{
    if (configured > 0) return configured;
    return std::max(1u, std::thread::hardware_concurrency());
}

std::string room_list(const std::vector<RoomConfig>& rooms)
{
    std::string list;
    for (const auto& room : rooms) {
        if (!list.empty()) list += ", ";
        list += std::to_string(room.number) + " \"" + room.name + "\"";
    }
    return list;
}

// The config with max_connections lowered to what the open-file limit allows once raised:
// past it accept() fails and every new client, /health included, hangs.
ServerConfig within_descriptor_limit(ServerConfig config)
{
    const auto limit = raise_descriptor_limit();
    const auto allowed = connections_within(config.limits.max_connections, limit.soft);
    if (allowed < config.limits.max_connections) {
        spdlog::warn("limits.max_connections lowered from {} to {}: the open-file limit is {} and {} descriptors are "
                     "kept for the database, the log and the listener",
                     config.limits.max_connections, allowed, limit.soft, descriptors_kept_back);
        config.limits.max_connections = allowed;
    }
    return config;
}

} // namespace

struct Server::State {
    State(ServerConfig config_, bool handle_signals_, BusFactory bus_factory_)
        : config(within_descriptor_limit(std::move(config_))), handle_signals(handle_signals_),
          bus_factory(std::move(bus_factory_)), listening_port(listening.get_future().share())
    {
    }

    const ServerConfig config;
    const bool handle_signals;
    const BusFactory bus_factory; // none: a server alone

    std::mutex mutex;
    std::condition_variable changed;
    bool started = false;
    bool stop_requested = false;
    bool finished = false;

    std::promise<std::uint16_t> listening;
    std::shared_future<std::uint16_t> listening_port;
    std::atomic<std::uint16_t> port{0};
    Moderation* moderation_service = nullptr; // while serving; guarded by `mutex`

    // Everything run() does while the server is up; returns when a stop was requested and done.
    void serve();
    // With a bus: this server's node, its lobby joined to the cluster's; else none.
    std::shared_ptr<cluster::Node> join_cluster(net::io_context& io, Router& router, SessionRegistry& sessions,
                                                ModerationService& moderation);
    void wait_for_stop_request()
    {
        std::unique_lock lock(mutex);
        changed.wait(lock, [this] { return stop_requested; });
    }
};

Server::Server(ServerConfig config, bool handle_signals) : Server(std::move(config), handle_signals, BusFactory{}) {}

Server::Server(ServerConfig config, bool handle_signals, BusFactory bus)
    : state_(std::make_unique<State>(std::move(config), handle_signals, std::move(bus)))
{
}

Server::~Server()
{
    stop();
    std::unique_lock lock(state_->mutex);
    state_->changed.wait(lock, [this] { return !state_->started || state_->finished; });
}

void Server::run()
{
    {
        std::lock_guard lock(state_->mutex);
        if (state_->started) throw std::logic_error("Server::run() was called twice");
        state_->started = true;
    }
    try {
        state_->serve();
    } catch (...) {
        {
            std::lock_guard lock(state_->mutex);
            state_->finished = true;
        }
        state_->changed.notify_all();
        // Tell a waiter in wait_until_listening() why the server never came up (the promise
        // is already satisfied when the failure came later).
        try {
            state_->listening.set_exception(std::current_exception());
        } catch (const std::future_error&) {
        }
        throw;
    }
    {
        std::lock_guard lock(state_->mutex);
        state_->finished = true;
    }
    state_->changed.notify_all();
}

void Server::stop()
{
    {
        std::lock_guard lock(state_->mutex);
        state_->stop_requested = true;
    }
    state_->changed.notify_all();
}

std::uint16_t Server::wait_until_listening() { return state_->listening_port.get(); }

std::uint16_t Server::port() const { return state_->port; }

const ServerConfig& Server::config() const { return state_->config; }

Moderation* Server::moderation() const
{
    std::lock_guard lock(state_->mutex);
    return state_->moderation_service;
}

namespace {

// Router::sweep_orphans every `period`, for as long as the io_context runs.
void sweep_periodically(net::io_context& io, Router& router, std::chrono::milliseconds period)
{
    auto timer = std::make_shared<net::steady_timer>(io, period);
    timer->async_wait([timer, &io, &router, period](const beast::error_code& error) {
        if (error) return;
        router.sweep_orphans();
        sweep_periodically(io, router, period);
    });
}

} // namespace

std::shared_ptr<cluster::Node> Server::State::join_cluster(net::io_context& io, Router& router,
                                                           SessionRegistry& sessions, ModerationService& moderation)
{
    auto make_bus = bus_factory;
    if (!make_bus && !config.cluster.bus.empty()) {
        const auto endpoint = *parse_redis_url(config.cluster.bus); // checked with the config
        make_bus = [endpoint](net::io_context& on) -> std::shared_ptr<cluster::Bus> {
            return std::make_shared<cluster::RedisBus>(on, endpoint);
        };
    }
    if (!make_bus) return nullptr;
    cluster::NodeOptions options;
    options.id = !config.cluster.node.empty() ? config.cluster.node
                                              : boost::asio::ip::host_name() + ":" + std::to_string(port.load());
    options.heartbeat = std::chrono::milliseconds(config.cluster.heartbeat_ms);
    options.node_timeout = std::chrono::milliseconds(config.cluster.node_timeout_ms);
    auto node = std::make_shared<cluster::Node>(io, make_bus(io), options);
    const std::weak_ptr<Lobby> lobby = router.lobby();
    const std::weak_ptr<PoolService> pools = router.pools();
    router.join_cluster(node);
    // A node that does not answer a moderator's question within the node timeout is as good
    // as gone: the moderator hears so rather than wait.
    moderation.join_cluster(node, io, options.node_timeout);
    cluster::Node::Handlers handlers;
    // The moderation service outlives the node's handlers like the router (see below).
    handlers.on_message = [lobby, &moderation](cluster::NodeMessage message) {
        if (ModerationService::handles(message)) return moderation.cluster_message(std::move(message));
        if (std::holds_alternative<cluster::NodeState>(message)) moderation.sanctions_may_be_stale();
        if (auto alive = lobby.lock()) alive->cluster_message(std::move(message));
    };
    // A gone node's leases expire about when it is given up; its games are looked for once a
    // heartbeat later and once more a node timeout later, for a lease renewed at its last beat.
    auto sweep = [&io, &router](std::chrono::milliseconds after) {
        auto timer = std::make_shared<net::steady_timer>(io, after);
        timer->async_wait([timer, &router](const beast::error_code& error) {
            if (!error) router.adopt_orphans();
        });
    };
    handlers.on_node_gone = [lobby, pools, sweep, options](std::string gone) {
        if (auto alive = pools.lock()) alive->node_gone(gone);
        if (auto alive = lobby.lock()) alive->node_gone(std::move(gone));
        sweep(options.heartbeat);
        sweep(options.heartbeat + options.node_timeout);
    };
    // The router and the sessions outlive the node's handlers: the node stops, and the io_context
    // with it, before either goes.
    handlers.on_table_request = [&router](std::shared_ptr<Connection> client, protocol::TableId table,
                                          std::string text) { router.remote_request(client, table, std::move(text)); };
    handlers.on_remote_gone = [&router](std::shared_ptr<Connection> client, protocol::TableId table) {
        router.remote_gone(client, table);
    };
    handlers.on_to_clients = [&sessions](std::vector<std::uint64_t> connections, std::string frame) {
        const auto shared = std::make_shared<const std::string>(std::move(frame));
        for (const auto connection : connections)
            if (auto session = sessions.find(connection)) session->send(shared);
    };
    handlers.on_close_client = [&sessions](std::uint64_t connection, CloseCode code, std::string reason) {
        if (auto session = sessions.find(connection)) session->close(code, std::move(reason));
    };
    handlers.on_clients_orphaned = [&sessions](std::vector<std::uint64_t> connections) {
        for (const auto connection : connections)
            if (auto session = sessions.find(connection))
                session->close(CloseCode::ServiceRestart,
                               "the node of a table you were at went away; reconnect and resume to find it again");
    };
    handlers.on_table_lost = [&router](protocol::TableId table) { router.table_lost(table); };
    handlers.on_doubt_cleared = [lobby] {
        if (auto alive = lobby.lock()) alive->announce_state();
    };
    node->start(std::move(handlers));
    router.adopt_orphans();
    sweep_periodically(io, router, std::chrono::milliseconds(config.cluster.orphan_sweep_ms));
    return node;
}

// The order of construction and of the explicit teardown at the end matters: the router's
// tables own timers of the io_context, so the router goes before it; the sessions still
// referenced by the io_context's pending handlers count themselves out of `services` when
// they are destroyed, so `services` goes after it. The flag analysis posts its answers to the
// tables' strands: it stops with the rest of the game side (questions not begun are dropped)
// and its thread is joined while the io_context still runs, so the answer it was working on
// still reaches its table and is committed by the flushes below (a game whose answer does not
// make it stays unfinished and is restored at the next start). Its dropped questions hold
// tables, so it is destroyed after the router and before the io_context.
void Server::State::serve()
{
    create_database_directory(config.db_path);
    // Made first and gone last: the store's thread, the tables and the sessions count into it.
    auto metrics = std::make_unique<Metrics>();
    const int threads = thread_count(config.threads);
    auto io = std::make_unique<net::io_context>(threads);
    // The only place that names the store's implementations: PostgreSQL for a postgresql:// or
    // postgres:// --db, else the SQLite file.
    auto on_store_error = [](const std::string& message) { spdlog::error("store: {}", message); };
    auto on_store_done = [&metrics = *metrics](std::chrono::nanoseconds waited,
                                               const std::optional<db::StoreError>& error) {
        metrics.store_completed(waited, error);
    };
    std::unique_ptr<db::StoreWriter> writer;
    std::unique_ptr<db::StoreReader> reader;
    if (db::is_postgres_url(config.db_path)) {
        db::PostgresOptions store_options;
        store_options.on_error = on_store_error;
        store_options.on_done = on_store_done;
        writer = db::open_postgres_writer(config.db_path, store_options);
        reader = db::open_postgres_reader(config.db_path, store_options);
    } else {
        db::SqliteOptions store_options;
        store_options.busy_timeout_ms = config.db_busy_timeout_ms;
        store_options.on_error = on_store_error;
        store_options.on_done = on_store_done;
        writer = db::open_sqlite_writer(config.db_path, store_options);
        reader = db::open_sqlite_reader(config.db_path, store_options);
    }
    auto flag_analysis = std::make_unique<FlagAnalysis>();
    auto engine_pool = std::make_unique<engines::EnginePool>(computer_pool_config(config.computer));

    // Start-up reads, before anything listens: synchronous on this thread. They may throw
    // db::DbError: a store that cannot be read now stops the start with its message (nothing is
    // served yet). Every later read runs on the read thread, which turns its DbError into a
    // StoreError (db/read_thread.h).
    Router::StoredState stored;
    stored.unfinished_games = reader->unfinished_games();
    for (const auto& game : stored.unfinished_games)
        if (auto log = reader->game_log(game.start.game_id))
            stored.game_events.emplace(game.start.game_id, std::move(log->events));
    std::vector<db::TournamentLog> tournaments;
    for (const auto& record : reader->tournaments())
        if (auto log = reader->tournament(record.created.id)) tournaments.push_back(std::move(*log));
    // The rooms whose recent chat a restart keeps: the configured ones and those of the
    // tournaments not finished (their service holds them open again).
    std::vector<protocol::RoomNumber> lasting_rooms;
    for (const RoomConfig& room : config.rooms) lasting_rooms.push_back(room.number);
    for (const auto& log : tournaments)
        if (log.tournament.state != "finished")
            lasting_rooms.push_back(protocol::tournament_room(log.tournament.created.id));
    auto room_chat = read_recent_room_chat(*reader, lasting_rooms, room_chat_remembered);
    auto table_ids = IdAllocator::reserve("table", *reader, *writer, id_block_size);
    auto game_ids = IdAllocator::reserve("game", *reader, *writer, id_block_size);
    auto session_ids = IdAllocator::reserve("session", *reader, *writer, id_block_size);
    // The mutes and bans in force; from here on the moderation service changes them.
    auto sanctions = std::make_unique<Sanctions>(reader->sanctions(wall_clock_ms()));
    // From here on reads run on their own thread.
    auto reads = std::make_unique<db::ReadThread>(std::move(reader), on_store_error);
    // In a cluster another node may reserve ids between this one's reads and writes: a refused
    // reservation reads the new start here and asks again (server/base/id_allocator.h).
    for (auto* ids : {table_ids.get(), game_ids.get(), session_ids.get()}) ids->read_through(*reads);
    auto hasher = std::make_unique<identity::PasswordHasher>(
        static_cast<std::size_t>(config.identity.password_hash_threads), config.identity.password_hash_queue);
    auto authenticator = std::make_shared<identity::Authenticator>(
        identity::AuthServices{*io, *writer, *reads, *hasher, *session_ids, config.identity, *sanctions});
    authenticator->start_pruning();
    // Every live WebSocket: the listener's sessions add themselves; the moderation service closes
    // those from a banned address.
    auto sessions = std::make_unique<SessionRegistry>();
    std::unique_ptr<ModerationService> moderation; // built by the router over its lobby and tables
    auto build_moderation = [&](std::shared_ptr<Lobby> lobby, TableDirectory& tables) -> Moderation& {
        moderation = std::make_unique<ModerationService>(
            ModerationServices{std::move(lobby), tables, *writer, *reads, *sanctions, *sessions});
        return *moderation;
    };
    auto router = std::make_unique<Router>(*io,
                                           Router::Services{*writer, *reads, *flag_analysis, *table_ids, *game_ids,
                                                            *authenticator, *metrics, *sanctions, build_moderation,
                                                            engine_pool.get()},
                                           config);
    // In a cluster, the games in the store are restored by whichever node takes their lease
    // (Router::adopt_orphans, once on the bus); alone, this node restores them all now.
    if (!bus_factory && config.cluster.bus.empty()) router->restore(std::move(stored));
    router->restore_tournaments(std::move(tournaments));
    router->lobby()->restore_chat(std::move(room_chat));

    auto accounts = std::make_unique<AccountApi>(
        authenticator, config,
        [&router = *router](identity::Principal who, std::optional<std::int64_t> session) {
            router.sign_out(who, session, nullptr, session ? "logged out" : "the password was changed");
        },
        [&router = *router](const std::string& nick, std::string what,
                            std::function<void(std::optional<identity::AuthRefusal>)> then) {
            router.nick_available(nick, std::move(what), std::move(then));
        });
    auto services = std::make_unique<SessionServices>(config, *router, *metrics, *sessions);
    auto admin_api = std::make_unique<AdminApi>(authenticator, *reads, *moderation, PgnSite::of(config));
    auto archive_api = std::make_unique<ArchiveApi>(*reads, PgnSite::of(config));
    auto player_api = std::make_unique<PlayerApi>(*reads);
    auto challenge_setting_api = std::make_unique<ChallengeSettingApi>(authenticator, *reads, *writer);
    auto tournament_export_api = std::make_unique<TournamentExportApi>(*reads, PgnSite::of(config));
    AnalysisLimits analysis_limits;
    analysis_limits.per_player_per_day = int(config.analyses_per_player_per_day);
    auto analyses = std::make_shared<GameAnalysisService>(*io, *reads, *writer, engine_pool.get(), analysis_limits);
    auto analysis_api = std::make_unique<AnalysisApi>(authenticator, *reads, analyses);
    // Bots (docs/bots.md, "The Bot API"): a bot's session is admitted by the router as a hello's;
    // whether a challenger is a bot, and who is online, the store and the lobby say.
    auto bot_sessions = std::make_unique<bots::BotSessions>(
        *io, *router,
        [&router = *router](std::shared_ptr<Connection> connection, identity::Identity who) {
            router.admit_established(connection, std::move(who));
        },
        [&reads = *reads](const std::string& nick, std::function<void(bool)> answer) {
            reads.read([key = protocol::nick_key(nick)](db::StoreReader& reader) { return reader.account(key); },
                       [answer](db::ReadResult<std::optional<db::AccountRecord>> account) {
                           answer(account && *account && (*account)->bot);
                       });
        });
    auto token_api = std::make_unique<bots::TokenApi>(authenticator, *reads, *writer);
    auto bot_api = std::make_unique<bots::BotApi>(
        bots::BotApiConfig{int(config.bot_api.requests_per_minute)}, *reads, *writer, *bot_sessions,
        [lobby = router->lobby()](std::vector<std::string> nicks, std::function<void(std::set<std::string>)> answer) {
            lobby->online_players(std::move(nicks), [answer](std::map<std::string, identity::Identity> online) {
                std::set<std::string> keys;
                for (const auto& [key, who] : online) keys.insert(key);
                answer(std::move(keys));
            });
        },
        [&router = *router](identity::Principal who) {
            router.sign_out(who, std::nullopt, nullptr, "the account became a bot account");
        },
        PgnSite::of(config));
    {
        std::lock_guard lock(mutex);
        moderation_service = moderation.get();
    }
    const HttpEndpoints endpoints{
        *accounts,     *admin_api, *archive_api, *player_api, *challenge_setting_api, *tournament_export_api,
        *analysis_api, *bot_api,   *token_api,   *hasher};
    auto listener = std::make_shared<Listener>(*io, *services, endpoints);
    listener->open(config.bind_address, config.port);
    port = listener->port();
    // After the port is known (it names the node), before anyone connects.
    auto node = join_cluster(*io, *router, services->sessions, *moderation);

    auto signals = std::make_unique<net::signal_set>(*io);
    if (handle_signals) {
        signals->add(SIGINT);
        signals->add(SIGTERM);
        signals->async_wait([this](const beast::error_code& ec, int signal_number) {
            if (ec) return;
            spdlog::info("signal {} received: stopping", signal_number);
            std::lock_guard lock(mutex);
            stop_requested = true;
            changed.notify_all();
        });
    }

    listener->start();
    auto work = net::make_work_guard(*io);
    std::vector<std::thread> workers;
    workers.reserve(std::size_t(threads));
    for (int i = 0; i < threads; ++i) workers.emplace_back([&io] { io->run(); });

    spdlog::info("rochade {} listening on {} port {}; database {}; web root {}; {} thread(s); rooms {}",
                 ROCHADE_VERSION, config.bind_address, port.load(),
                 db::is_postgres_url(config.db_path) ? db::postgres_url_for_log(config.db_path) : config.db_path,
                 config.web_root, threads, room_list(config.rooms));
    listening.set_value(port);

    wait_for_stop_request();

    spdlog::info("shutting down: closing {} connection(s)", services->sessions.size());
    services->shutting_down = true;
    listener->stop();
    if (node) node->stop();
    router->shut_down();
    analyses->shut_down();
    bot_sessions->close_all();
    flag_analysis->stop();
    services->sessions.close_all(CloseCode::GoingAway, "server shutting down");
    if (!services->sessions.wait_until_empty(close_wait))
        spdlog::warn("shutting down: {} connection(s) did not close in {} s", services->sessions.size(),
                     close_wait.count());
    flag_analysis->join();
    authenticator->stop();
    writer->flush();

    beast::error_code ignored;
    signals->cancel(ignored);
    work.reset();
    io->stop();
    for (auto& worker : workers) worker.join();
    // The engines' outcomes are posted to tables' strands: only once no io thread runs them.
    engine_pool.reset();
    // Hashes still queued run now (a registration may still submit its account), before the
    // writer's last flush.
    hasher.reset();

    // No id reservation reads and then submits any more: the writer goes next.
    for (auto* ids : {table_ids.get(), game_ids.get(), session_ids.get()}) ids->stop_reading();
    // The last events (a disconnect seen after the first flush) commit now. Their callbacks
    // hold tables and sessions; the writer must run and drop them while the io_context and its
    // services still exist, so it goes first.
    writer->flush();
    writer.reset();
    reads.reset();
    signals.reset();
    listener.reset();
    {
        std::lock_guard lock(mutex);
        moderation_service = nullptr;
    }
    router.reset();
    node.reset(); // its strand and timer belong to the io_context
    bot_api.reset();      // after the read thread and the writer, whose jobs it answered
    token_api.reset();    // likewise; it holds the authenticator
    bot_sessions.reset(); // the sessions' strands and timers belong to the io_context
    admin_api.reset();
    archive_api.reset();           // after the read thread, whose jobs it answered
    player_api.reset();            // likewise
    challenge_setting_api.reset(); // likewise, and after the writer, whose callbacks it answered
    analysis_api.reset();          // likewise; it holds the authenticator, whose timer is the io_context's
    analyses.reset();              // its strand and timers belong to the io_context
    moderation.reset();            // holds the lobby, whose strand belongs to the io_context
    accounts.reset();
    authenticator.reset();
    flag_analysis.reset();
    io.reset();
    services.reset();
    sanctions.reset();
    spdlog::info("stopped");
}

} // namespace rochade::server
