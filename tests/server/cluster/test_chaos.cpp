// The chaos harness: three `rochade serve` nodes on one Redis and one store, games
// played by bots with random legal moves and watched by spectators, players and spectators on
// every node, while faults strike at random: a node paused (SIGSTOP) for up to four node
// timeouts and woken, a node killed with SIGKILL and started again, Redis killed and started
// again empty. Every client sent away reconnects to a random node and resumes.
//
// Afterwards, with every fault healed, it checks what the promise is: every move any client saw
// confirmed is in the store; every client's board equals the store; no ply or event was stored
// twice; no game is stuck (each running game takes one more move); nobody is locked out (every
// client's last resume token gets it back in).
//
// CI runs it for ROCHADE_CHAOS_SECONDS (default 30). For an hour on demand:
//   ROCHADE_CHAOS_SECONDS=3600 build/tests/server_tests "[chaos]"
// with ROCHADE_CHAOS_SEED to replay a run's choice of faults (the seed is printed), and
// ROCHADE_CHAOS_LOGS=DIR to keep the three nodes' logs.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "tests/server/cluster_processes.h"

using namespace rochade;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

using Clock = std::chrono::steady_clock;

std::int64_t env_number(const char* name, std::int64_t fallback)
{
    const char* value = std::getenv(name);
    return value && *value ? std::atoll(value) : fallback;
}

// One client of the harness: a player (`side` "white" or "black") or a spectator of `table`.
struct Bot {
    std::string nick, token, side;
    std::int64_t table = 0;
    std::unique_ptr<WsTestClient> client;
    int reconnects = 0;
    std::string last_refusal; // why the last reconnect failed, for the report
    // A resume went unanswered (its node paused or killed after it read it): the token may be
    // spent with the answer lost, and only its grace as a retired token lets the client back in
    // (db/identity_records.h). Counted for the report.
    bool resume_lost = false;
};

struct Harness {
    explicit Harness(std::string store_location, std::uint64_t seed)
        : store(std::move(store_location)), nodes(store), random(seed)
    {
    }

    std::string store;
    ThreeProcesses nodes;
    std::mt19937_64 random;
    std::vector<Bot> bots;
    std::set<std::int64_t> tables;
    // Every move a client saw confirmed (a move event is sent only once stored): table -> ply -> uci.
    std::map<std::int64_t, std::map<int, std::string>> confirmed;
    std::set<std::int64_t> finished;
    std::map<std::string, int> faults;

    ChildServer& node(std::size_t i) { return i == 0 ? *nodes.one : i == 1 ? *nodes.two : *nodes.three; }
    std::size_t any_node() { return std::uniform_int_distribution<std::size_t>(0, 2)(random); }

    // Connects `bot` to a random node and resumes its session; false when no node lets it in yet.
    bool reconnect(Bot& bot)
    {
        bool resuming = false;
        try {
            auto client = std::make_unique<WsTestClient>();
            client->set_timeout(3s);
            client->connect(node(any_node()).port());
            resuming = true;
            const json hello = client->resume(bot.token);
            resuming = false;
            bot.token = hello.at("resume_token").get<std::string>();
            bot.resume_lost = false;
            client->request({{"type", "enter_room"}, {"room", 34}});
            const json state = client->request({{"type", "watch_table"}, {"table", bot.table}});
            if (state.value("type", "") != "table_state" && game_ended_in_store(bot.table)) {
                // The game ended while the bot was away, and its table closed: back, with nothing to do.
                finished.insert(bot.table);
                bot.client = std::move(client);
                ++bot.reconnects;
                return true;
            }
            if (state.value("type", "") != "table_state") { // not taken over yet
                bot.last_refusal = state.dump();
                return false;
            }
            bot.client = std::move(client);
            ++bot.reconnects;
            act_on(bot, state);
            return true;
        } catch (const std::exception& error) {
            bot.last_refusal = error.what();
            if (resuming && std::string_view(error.what()).starts_with("no reply")) bot.resume_lost = true;
            return false;
        }
    }

    // Group `g` (its bots at 3g: Black, 3g + 1: the spectator, 3g + 2: White) starts a game at a
    // new table: at the start, and again whenever its game is over, so that an hour of chaos is an
    // hour of play. False (to be tried again) when a node did not answer.
    bool start_game(std::size_t g)
    {
        Bot& black = bots[3 * g];
        Bot& watcher = bots[3 * g + 1];
        Bot& white = bots[3 * g + 2];
        for (Bot* bot : {&black, &watcher, &white})
            if (!bot->client || !bot->client->is_open() || bot->client->closed_by_server()) return false;
        try {
            const auto table = white.client
                                   ->request({{"type", "open_table"},
                                              {"room", 34},
                                              {"time_control", "untimed"},
                                              {"color", "white"}})
                                   .at("table")
                                   .get<std::int64_t>();
            for (Bot* bot : {&black, &watcher, &white}) bot->table = table; // retired: the old table's game ended
            finished.insert(table); // until Black sits down: abandoned if that fails, and tried again
            black.client->receive_matching([table](const json& frame) { return lists_table(frame, table); },
                                           "the table");
            if (black.client->request({{"type", "join_table"}, {"table", table}}).at("type") != "ok") return false;
            finished.erase(table);
            tables.insert(table);
            watcher.client->receive_matching([table](const json& frame) { return lists_table(frame, table); },
                                             "the table");
            watcher.client->request({{"type", "watch_table"}, {"table", table}});
            act_on(white, white.client->request({{"type", "watch_table"}, {"table", table}})); // White's first move
            return true;
        } catch (const std::exception&) {
            return false; // a node paused or gone meanwhile: the clients reconnect, and it is tried again
        }
    }

    // Groups whose game is over start the next one.
    void next_games()
    {
        for (std::size_t g = 0; 3 * g < bots.size(); ++g)
            if (finished.contains(bots[3 * g + 2].table) && start_game(g)) ++games_started;
    }
    int games_started = 0;

    bool game_ended_in_store(std::int64_t table)
    {
        return store_count(store, "SELECT COUNT(*) FROM games WHERE table_id = " + std::to_string(table) +
                                      " AND ended_at_ms IS NOT NULL") > 0;
    }

    // A player whose turn it is plays a random legal move.
    void act_on(Bot& bot, const json& frame)
    {
        const std::string type = frame.value("type", "");
        if (!frame.contains("table") || !frame.at("table").is_number()) return;
        const auto table = frame.at("table").get<std::int64_t>(); // frames of a table left behind still come
        if (type == "game_over") finished.insert(table);
        if (type == "move") confirmed[table][frame.at("ply").get<int>()] = frame.at("uci").get<std::string>();
        if (type == "table_state") {
            int ply = 0;
            for (const json& move : frame.at("moves")) confirmed[table][++ply] = move.at("uci").get<std::string>();
            if (frame.value("status", "") == "finished") finished.insert(table);
        }
        if (table != bot.table || bot.side.empty() || (type != "move" && type != "table_state")) return;
        if (!frame.contains("to_move") || frame.at("to_move") != bot.side) return;
        const json& legal = frame.at("legal_moves");
        if (legal.empty()) return;
        const auto pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random);
        bot.client->send({{"type", "move"}, {"table", bot.table}, {"move", legal[pick]}});
    }

    // Reads what each client got; a closed client reconnects.
    void serve_clients()
    {
        for (auto& bot : bots) {
            if (!bot.client || !bot.client->is_open() || bot.client->closed_by_server()) {
                reconnect(bot);
                continue;
            }
            try {
                while (auto frame = bot.client->try_receive(1ms)) act_on(bot, *frame);
            } catch (const std::exception&) {
                bot.client.reset(); // dropped: reconnect next round
            }
        }
    }

    void strike()
    {
        const int fault = std::uniform_int_distribution<int>(0, 2)(random);
        const std::size_t victim = any_node();
        const auto length = std::chrono::milliseconds(std::uniform_int_distribution<int>(300, 6000)(random));
        const auto until = Clock::now() + length;
        if (fault == 0) {
            ++faults["node paused"];
            node(victim).pause();
            while (Clock::now() < until) serve_clients();
            node(victim).wake();
        } else if (fault == 1) {
            ++faults["node killed and restarted"];
            node(victim).kill_hard();
            while (Clock::now() < until) serve_clients();
            node(victim).restart();
        } else {
            ++faults["Redis killed and restarted empty"];
            nodes.redis->kill();
            while (Clock::now() < until) serve_clients();
            nodes.redis->start();
        }
    }
};

// One run: `games` games, each with its two players and a spectator on random nodes.
void chaos(const std::string& store, std::chrono::seconds duration, std::uint64_t seed)
{
    Harness h(store, seed);
    if (!h.nodes.redis) return;
    const int games = 4;
    for (int g = 0; g < games; ++g) {
        const std::string n = std::to_string(g);
        for (const auto& [nick, side] : {std::pair{"Schwarz", "black"}, {"Zuschauer", ""}, {"Weiss", "white"}}) {
            Bot bot{nick + n, "", side, 0, std::make_unique<WsTestClient>(), 0, ""};
            bot.client->connect(h.node(h.any_node()).port());
            bot.token = bot.client->hello(bot.nick);
            bot.client->request({{"type", "enter_room"}, {"room", 34}});
            h.bots.push_back(std::move(bot));
        }
        REQUIRE(h.start_game(std::size_t(g)));
    }

    const auto end = Clock::now() + duration;
    while (Clock::now() < end) {
        const auto calm_until = Clock::now() + std::chrono::milliseconds(
                                                   std::uniform_int_distribution<int>(500, 4000)(h.random));
        while (Clock::now() < calm_until) {
            h.serve_clients();
            h.next_games();
        }
        h.strike();
    }
    // The nodes' logs, for whoever reads a failed run (ROCHADE_CHAOS_LOGS: a folder to copy them to).
    struct KeepLogs {
        Harness& h;
        ~KeepLogs()
        {
            const char* folder = std::getenv("ROCHADE_CHAOS_LOGS");
            if (!folder || !*folder) return;
            const std::filesystem::path to(folder);
            const char* names[] = {"n1.log", "n2.log", "n3.log"};
            for (std::size_t i = 0; i < 3; ++i)
                std::filesystem::copy_file(h.node(i).log_path(), to / names[i],
                                           std::filesystem::copy_options::overwrite_existing);
        }
    } keep_logs{h};
    int lost_answers = 0;
    // Healed: every node and Redis up, a few node timeouts to settle, every client back.
    const auto settle_until = Clock::now() + 8s;
    while (Clock::now() < settle_until) h.serve_clients();
    for (auto& bot : h.bots) {
        bool back = bot.client && bot.client->is_open() && !bot.client->closed_by_server();
        for (int attempt = 0; !back && attempt < 50; ++attempt) {
            back = h.reconnect(bot);
            if (!back) std::this_thread::sleep_for(200ms);
        }
        INFO(bot.nick << " is locked out: " << bot.last_refusal);
        lost_answers += bot.resume_lost;
        CHECK(back);
    }
    // The clients settle on what they see now: each one's board, read again, equals the store.
    std::map<std::int64_t, std::int64_t> plies_in_store;
    std::map<std::int64_t, std::map<int, std::string>> stored;
    for (const auto table : h.tables) {
        stored[table] = stored_moves(h.store, table);
        plies_in_store[table] = std::int64_t(stored[table].size());
        // Every confirmed move is stored, in its place.
        for (const auto& [ply, uci] : h.confirmed[table]) {
            INFO("table " << table << " ply " << ply << " " << uci << " was confirmed");
            CHECK(stored[table][ply] == uci);
        }
    }
    std::vector<std::pair<Bot*, json>> last_states;
    for (auto& bot : h.bots) {
        json state;
        for (int attempt = 0; attempt < 20 && state.is_null(); ++attempt) {
            try {
                if (!bot.client || !bot.client->is_open() || bot.client->closed_by_server()) h.reconnect(bot);
                if (bot.client) state = bot.client->request({{"type", "watch_table"}, {"table", bot.table}});
            } catch (const std::exception&) {
                bot.client.reset();
            }
        }
        INFO(bot.nick << " cannot watch table " << bot.table << ": " << bot.last_refusal);
        REQUIRE(!state.is_null());
        if (state.at("type") != "table_state" && h.game_ended_in_store(bot.table)) continue; // closed after its end
        REQUIRE(state.at("type") == "table_state");
        INFO(bot.nick << "'s board of table " << bot.table);
        last_states.emplace_back(&bot, state);
        CHECK(std::int64_t(state.at("moves").size()) == plies_in_store[bot.table]);
        int ply = 0;
        for (const json& move : state.at("moves")) CHECK(stored[bot.table][++ply] == move.at("uci").get<std::string>());
    }
    CHECK(store_count(h.store, "SELECT COUNT(*) FROM (SELECT game_id, ply FROM moves GROUP BY game_id, ply HAVING "
                               "COUNT(*) > 1) AS twice") == 0);
    CHECK(store_count(h.store, "SELECT COUNT(*) FROM (SELECT game_id, seq FROM table_events WHERE game_id IS NOT "
                               "NULL GROUP BY game_id, seq HAVING COUNT(*) > 1) AS twice") == 0);
    // No game is stuck: each running one takes its next move. (A player to move whose last move
    // went to a node that then stopped plays again from the state it saw.)
    for (auto& [bot, state] : last_states) h.act_on(*bot, state);
    for (const auto table : h.tables) {
        if (h.finished.contains(table)) continue;
        const auto before = plies_in_store[table];
        const auto deadline = Clock::now() + 10s;
        while (Clock::now() < deadline &&
               store_count(h.store, "SELECT COUNT(*) FROM moves WHERE game_id = (SELECT id FROM games WHERE "
                                    "table_id = " +
                                        std::to_string(table) + ")") <= before &&
               !h.finished.contains(table))
            for (int i = 0; i < 50; ++i) h.serve_clients();
        INFO("table " << table << " is stuck at ply " << before);
        CHECK((h.finished.contains(table) ||
               store_count(h.store, "SELECT COUNT(*) FROM moves WHERE game_id = (SELECT id FROM games WHERE "
                                    "table_id = " +
                                        std::to_string(table) + ")") > before));
    }
    std::int64_t total_plies = 0, reconnects = 0;
    for (const auto& [table, plies] : plies_in_store) total_plies += plies;
    for (const auto& bot : h.bots) reconnects += bot.reconnects;
    std::string struck;
    for (const auto& [fault, count] : h.faults) struck += " " + fault + ": " + std::to_string(count) + ";";
    WARN("chaos run, seed " << seed << ", " << duration.count() << " s:" << struck << " " << total_plies
                            << " plies stored, " << reconnects << " reconnects, " << h.tables.size() << " games, "
                            << store_count(h.store, "SELECT COUNT(*) FROM games WHERE ended_at_ms IS NOT NULL")
                            << " of them over, " << lost_answers << " client(s) that lost a resume's answer");
}

} // namespace

TEST_CASE("chaos: nodes paused and killed and Redis restarted empty at random, mid-play, nothing confirmed is lost, "
          "no board differs from the store, nothing stuck, nobody locked out",
          "[server][cluster][redis][process][chaos]")
{
    const auto seconds = std::chrono::seconds(env_number("ROCHADE_CHAOS_SECONDS", 30));
    const auto seed = static_cast<std::uint64_t>(env_number("ROCHADE_CHAOS_SEED", std::random_device{}()));
    test::TempDir dir;
    chaos((dir.path() / "chaos.db").string(), seconds, seed);
}
