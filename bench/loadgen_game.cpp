#include "bench/loadgen_game.h"

#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <mutex>
#include <random>

#include "bench/loadgen_frame_fields.h"
#include "bench/loadgen_frame_type.h"

namespace rochade::bench {

using json = nlohmann::json;
using TableId = std::int64_t;
using SteadyClock = std::chrono::steady_clock;

namespace {

std::int64_t now_ns()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(SteadyClock::now().time_since_epoch()).count();
}

// The time control as the protocol takes it: a string ("untimed", "5+3") or a JSON object.
json time_control_value(const std::string& text)
{
    if (!text.empty() && text.front() == '{') return json::parse(text);
    return text;
}

std::string error_code_of(std::string_view frame, std::string* id)
{
    const json message = json::parse(frame, nullptr, false);
    if (message.is_discarded()) return "unparsable error frame";
    if (id && message.contains("id") && message["id"].is_string()) *id = message["id"].get<std::string>();
    return message.value("code", std::string("error without code"));
}

// A guest's hello, or the resume of its session once a hello_ok gave a token.
std::string hello_frame(const std::string& nick, const std::string& resume_token)
{
    if (resume_token.empty()) return json{{"type", "hello"}, {"id", "hello"}, {"nick", nick}}.dump();
    return json{{"type", "hello"}, {"id", "hello"}, {"resume_token", resume_token}}.dump();
}

// Keeps hello_ok's resume token (a new one after each resume) and says whether it resumed.
bool read_hello_ok(std::string_view frame, std::string& resume_token)
{
    const json reply = json::parse(frame);
    resume_token = reply.value("resume_token", std::string());
    return reply.value("resumed", false);
}

} // namespace

class Player;
class Spectator;

// What the two players of one game share: who sits, which table, the move in flight (for the
// latency, measured across the two players' handlers) and the game's move schedule.
class Pairing {
public:
    Pairing(std::int64_t room, const LoadgenOptions& options, LoadStats& stats)
        : room(room), options(options), stats(stats)
    {
    }

    void player_in_room();
    void table_opened(TableId table);
    void spectator_in_room(Spectator& spectator);
    // The table the pairing plays at now (0 before the first one is open).
    TableId current_table()
    {
        std::lock_guard lock(mutex_);
        return table_;
    }
    // The first game_started of this pairing counts for the ramp-up.
    void game_started()
    {
        if (!started_once_.exchange(true)) stats.pairings_playing.add();
    }
    // When the next move of this game is due: one every 1/rate seconds, the first one at a
    // random offset so that the games do not move in lockstep. Called by the side to move only.
    std::int64_t next_slot_ns(std::mt19937_64& random)
    {
        const auto period = static_cast<std::int64_t>(1e9 / options.rate);
        const std::int64_t now = now_ns();
        std::int64_t slot = next_slot_;
        if (slot == 0)
            slot = now + std::uniform_int_distribution<std::int64_t>(0, period)(random);
        else
            slot = std::max(slot + period, now);
        next_slot_ = slot;
        return slot;
    }

    const std::int64_t room;
    const LoadgenOptions& options;
    LoadStats& stats;
    std::shared_ptr<Player> opener;
    std::shared_ptr<Player> joiner;
    std::vector<std::shared_ptr<Spectator>> spectators;
    std::atomic<int> pending_ply{0};
    std::atomic<std::int64_t> sent_at_ns{0};

private:
    std::atomic<int> players_in_room_{0};
    std::atomic<bool> started_once_{false};
    std::atomic<std::int64_t> next_slot_{0};
    // Guards the two below. GameLoad puts a pairing's clients on one thread, so it is never
    // contended; it keeps the pairing safe if they are ever spread.
    std::mutex mutex_;
    TableId table_ = 0;
    std::vector<Spectator*> spectators_in_room_;
};

// One seat of a pairing. Everything but open_table and join runs on the client's thread.
class Player final : public WsClient {
public:
    Player(net::io_context& io, const ServerAddress& address, LoadStats& stats, Pairing& pairing, std::string nick,
           bool opener, std::uint64_t seed)
        : WsClient(io, address, stats), pairing_(pairing), nick_(std::move(nick)), opener_(opener), random_(seed),
          timer_(executor())
    {
    }

    void open_table()
    {
        json request = {{"type", "open_table"},
                        {"id", "open"},
                        {"room", pairing_.room},
                        {"time_control", time_control_value(pairing_.options.time_control)},
                        {"color", "random"}};
        send(request.dump());
    }

    void join(TableId table)
    {
        joining_ = table;
        send(json{{"type", "join_table"}, {"id", "join"}, {"table", table}}.dump());
    }

protected:
    void on_open() override {}

    void on_frame(std::string_view frame) override
    {
        const std::string_view type = frame_type(frame);
        if (type == "move") return on_move(frame);
        if (type == "game_started") return on_game_started(frame);
        if (type == "game_over") return on_game_over();
        if (type == "error") return on_error(frame);
        if (type == "welcome") return send(hello_frame(nick_, resume_token_));
        if (type == "hello_ok") return on_hello_ok(frame);
        if (type == "table_state") return on_table_state(frame);
        if (type == "room") {
            if (!resumed_) pairing_.player_in_room();
            return;
        }
        if (type == "ok" && opener_) {
            const json reply = json::parse(frame);
            if (reply.value("id", "") == "open" && reply.contains("table")) {
                table_ = reply["table"].get<TableId>();
                pairing_.table_opened(table_);
            }
        }
        // Room events (room_presence, room_tables, ...) and the rest are not needed here.
    }

    // reconnect() began: no move is played on the closing connection; the table's state after
    // the resume says whose turn it is.
    void on_reconnecting() override
    {
        timer_.cancel();
        my_turn_ = false;
    }

private:
    // Keeps the resume token. After a resume: back into the room, as a browser would, and
    // watch the table again, which is what brings its events to this connection.
    void on_hello_ok(std::string_view frame)
    {
        resumed_ = read_hello_ok(frame, resume_token_);
        if (resumed_) stats().resumes.add();
        send(json{{"type", "enter_room"}, {"id", "enter"}, {"room", pairing_.room}}.dump());
        if (resumed_ && table_ != 0) send(json{{"type", "watch_table"}, {"id", "rewatch"}, {"table", table_}}.dump());
    }

    // The reply to the watch after a resume: whose turn it is, or that the game ended while we
    // were away (then ask for the rematch that game_over would have asked for, unless ours stands).
    void on_table_state(std::string_view frame)
    {
        const json state = json::parse(frame);
        my_side_ = state.value("white", json()) == nick_ ? "white" : "black";
        const std::string status = state.value("status", "");
        if (status == "finished") {
            if (state.value("rematch_offer", json()) != my_side_)
                send(json{{"type", "rematch"}, {"id", "rematch"}, {"table", table_}}.dump());
            return;
        }
        if (status != "playing") return;
        next_ply_ = static_cast<int>(state.value("moves", json::array()).size()) + 1;
        take_turn(read_turn_counted(frame));
    }

    // Once per game, so the table, the seats and the moves are read by a full parse.
    void on_game_started(std::string_view frame)
    {
        const json event = json::parse(frame);
        table_ = event.at("table").get<TableId>();
        move_frame_prefix_ = "{\"type\":\"move\",\"table\":" + std::to_string(table_) + ",\"move\":\"";
        const bool white = event.value("white", json()).is_string() && event["white"] == nick_;
        my_side_ = white ? "white" : "black";
        next_ply_ = static_cast<int>(event.value("moves", json::array()).size()) + 1;
        pairing_.game_started();
        if (opener_ && stats().measuring.load()) stats().games_started.add();
        take_turn(read_turn_counted(frame));
    }

    void on_move(std::string_view frame)
    {
        PlayerTurn turn = read_turn_counted(frame);
        if (!turn.ply) return stats().errors.add("move event without ply");
        const int ply = static_cast<int>(*turn.ply);
        // Plies count from the standard start: odd plies are White's moves.
        const bool mine = (ply % 2 == 1) == (my_side_ == "white");
        const bool measuring = stats().measuring.load();
        if (mine) {
            if (measuring) stats().moves_confirmed.add();
        } else if (measuring && pairing_.pending_ply.load() == ply) {
            stats().latency.record((now_ns() - pairing_.sent_at_ns.load()) / 1000);
        }
        next_ply_ = ply + 1;
        take_turn(std::move(turn));
    }

    void on_game_over()
    {
        timer_.cancel();
        my_turn_ = false;
        if (opener_ && stats().measuring.load()) stats().games_finished.add();
        // Both ask: the first request offers the rematch, the second accepts it.
        send(json{{"type", "rematch"}, {"id", "rematch"}, {"table", table_}}.dump());
    }

    void on_error(std::string_view frame)
    {
        std::string id;
        const std::string code = error_code_of(frame, &id);
        // A joiner on another node (--cross-port) may ask before that node heard of the table
        // (the owner announces it on the bus while the opener tells the joiner here at once): ask
        // again a little later. A real client learns of a table from its node's room list.
        if (id == "join" && code == "no_such_table" && joining_ != 0 && join_retries_ < 100) {
            ++join_retries_;
            stats().errors.add("no_such_table (join asked again)");
            timer_.expires_after(std::chrono::milliseconds(20));
            timer_.async_wait([self = std::static_pointer_cast<Player>(shared_from_this()),
                               table = joining_](boost::system::error_code error) {
                if (!error) self->join(table);
            });
            return;
        }
        stats().errors.add(code);
        // No rematch (the opponent left, or the table closed): the opener starts afresh.
        if (id == "rematch" && opener_) open_table();
    }

    PlayerTurn read_turn_counted(std::string_view frame)
    {
        PlayerTurn turn = read_turn(frame, my_side_, random_);
        if (!turn.scanned) stats().scan_fallbacks.add();
        return turn;
    }

    // Plays the chosen move now or at the pairing's next slot; no move: not this side's turn.
    void take_turn(PlayerTurn&& turn)
    {
        if (turn.move.empty() || closing()) return;
        chosen_move_ = std::move(turn.move);
        my_turn_ = true;
        if (pairing_.options.max || pairing_.options.rate <= 0) return play();
        const auto due = SteadyClock::time_point(std::chrono::nanoseconds(pairing_.next_slot_ns(random_)));
        timer_.expires_at(due);
        timer_.async_wait(
            [self = std::static_pointer_cast<Player>(shared_from_this())](boost::system::error_code error) {
                if (!error) self->play();
            });
    }

    void play()
    {
        if (!my_turn_) return;
        my_turn_ = false;
        pairing_.pending_ply.store(next_ply_);
        pairing_.sent_at_ns.store(now_ns());
        if (stats().measuring.load()) stats().moves_sent.add();
        std::string frame;
        frame.reserve(move_frame_prefix_.size() + chosen_move_.size() + 2);
        frame.append(move_frame_prefix_).append(chosen_move_).append("\"}");
        send(std::move(frame));
    }

    Pairing& pairing_;
    const std::string nick_;
    const bool opener_;
    std::mt19937_64 random_;
    net::steady_timer timer_;
    TableId table_ = 0;
    TableId joining_ = 0;           // the joiner's last join_table, asked again on no_such_table
    int join_retries_ = 0;          // over the run, at most 100
    std::string move_frame_prefix_; // {"type":"move","table":T,"move":"  (built once per game)
    std::string my_side_;
    int next_ply_ = 1;
    std::string chosen_move_;
    bool my_turn_ = false;
    std::string resume_token_; // from the last hello_ok
    bool resumed_ = false;     // this connection resumed the session (reconnect())
};

// A watcher of one pairing's table: it only receives (every event of the table) and counts.
class Spectator final : public WsClient {
public:
    Spectator(net::io_context& io, const ServerAddress& address, LoadStats& stats, Pairing& pairing, std::string nick)
        : WsClient(io, address, stats), pairing_(pairing), nick_(std::move(nick))
    {
    }

    void watch(TableId table) { send(json{{"type", "watch_table"}, {"id", "watch"}, {"table", table}}.dump()); }

protected:
    void on_open() override {}

    void on_frame(std::string_view frame) override
    {
        const std::string_view type = frame_type(frame);
        if (type == "move" || type == "game_over" || type == "game_started") return;
        if (type == "error") return stats().errors.add(error_code_of(frame, nullptr));
        if (type == "table_state" && !watching_) {
            watching_ = true;
            stats().spectators_watching.add();
        } else if (type == "welcome") {
            send(hello_frame(nick_, resume_token_));
        } else if (type == "hello_ok") {
            if (read_hello_ok(frame, resume_token_)) stats().resumes.add();
            send(json{{"type", "enter_room"}, {"id", "enter"}, {"room", pairing_.room}}.dump());
        } else if (type == "room") {
            // Back after a reconnect: the pairing knows this spectator already.
            if (watching_) return watch(pairing_.current_table());
            pairing_.spectator_in_room(*this);
        }
    }

private:
    Pairing& pairing_;
    const std::string nick_;
    bool watching_ = false;
    std::string resume_token_;
};

void Pairing::player_in_room()
{
    if (players_in_room_.fetch_add(1) + 1 == 2) opener->open_table();
}

void Pairing::table_opened(TableId table)
{
    joiner->join(table);
    std::lock_guard lock(mutex_);
    table_ = table;
    for (Spectator* spectator : spectators_in_room_) spectator->watch(table);
}

void Pairing::spectator_in_room(Spectator& spectator)
{
    std::lock_guard lock(mutex_);
    spectators_in_room_.push_back(&spectator);
    if (table_ != 0) spectator.watch(table_);
}

GameLoad::GameLoad(IoThreads& threads, const ServerAddress& address, const ServerAddress& cross_address,
                   const LoadgenOptions& options, LoadStats& stats)
    : options_(options), stats_(stats)
{
    std::string prefix = options.nick_prefix;
    std::random_device entropy;
    if (prefix.empty()) {
        // Random per run, so a second run against the same server does not meet the nicks of
        // the first one still held for reconnection.
        const std::string letters = "abcdefghijklmnopqrstuvwxyz";
        prefix = "lg";
        for (int i = 0; i < 4; ++i) prefix += letters[entropy() % letters.size()];
    }
    const std::uint64_t seed = (std::uint64_t{entropy()} << 32) | entropy();
    for (int i = 0; i < options.games; ++i) {
        auto pairing = std::make_shared<Pairing>(options.room + i % options.rooms, options, stats);
        const std::string number = std::to_string(i);
        net::io_context& io = threads.context_for(i);
        pairing->opener =
            std::make_shared<Player>(io, address, stats, *pairing, prefix + "a" + number, true, seed + 2 * i);
        // Game i crosses when floor((i + 1) f) > floor(i f): exactly the share f, spread evenly.
        const bool crosses = options.cross_port != 0 && static_cast<std::int64_t>((i + 1) * options.cross_fraction) >
                                                            static_cast<std::int64_t>(i * options.cross_fraction);
        pairing->joiner = std::make_shared<Player>(io, crosses ? cross_address : address, stats, *pairing,
                                                   prefix + "b" + number, false, seed + 2 * i + 1);
        clients_.push_back(pairing->opener);
        clients_.push_back(pairing->joiner);
        pairings_.push_back(std::move(pairing));
    }
    for (int i = 0; i < options.spectators; ++i) {
        Pairing& pairing = *pairings_[i % pairings_.size()];
        net::io_context& io = threads.context_for(i % pairings_.size());
        auto spectator = std::make_shared<Spectator>(io, address, stats, pairing, prefix + "s" + std::to_string(i));
        pairing.spectators.push_back(spectator);
        clients_.push_back(std::move(spectator));
    }
    reconnector_ = std::make_unique<Reconnector>(
        threads.context_for(0), clients_,
        plan_reconnects(clients_.size(), options.reconnect_fraction, options.reconnect_every_s));
}

GameLoad::~GameLoad() = default;

void GameLoad::start()
{
    for (int i = 0; i < options_.connect_concurrency; ++i) connect_next();
    reconnector_->start();
}

// Each finished handshake starts the next connect, so at most connect_concurrency are in flight
// and the server's accept backlog is not flooded.
void GameLoad::connect_next()
{
    const std::size_t index = next_to_connect_.fetch_add(1);
    if (index >= clients_.size()) return;
    clients_[index]->start([this](bool) { connect_next(); });
}

bool GameLoad::ramp_done() const
{
    return stats_.pairings_playing.load() >= options_.games && stats_.spectators_watching.load() >= options_.spectators;
}

void GameLoad::close_all()
{
    reconnector_->stop();
    for (auto& client : clients_) client->close();
}

} // namespace rochade::bench
