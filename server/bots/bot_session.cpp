#include "server/bots/bot_session.h"
#include "server/bots/json_read.h"

#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/api/query_string.h"
#include "server/base/wall_clock.h"
#include "server/bots/lichess_challenge.h"

namespace rochade::server::bots {

using nlohmann::json;

namespace {

// Bot sessions' ids have the second-highest bit set: never a local session's (a counter from 1)
// nor a remote client's (the top bit, server/cluster/remote_connection.cpp).
std::uint64_t next_bot_session_id()
{
    static std::atomic<std::uint64_t> counter{0};
    return (std::uint64_t{1} << 62) | ++counter;
}

json error_frame(std::string_view code, std::string_view message)
{
    return json{{"type", "error"}, {"code", code}, {"message", message}};
}

} // namespace

BotSession::BotSession(net::io_context& io, ConnectionHandler& router, Admit admit, AskBot ask_bot,
                       identity::Identity who, std::string address)
    : strand_(net::make_strand(io)), idle_timer_(strand_), router_(router), admit_(std::move(admit)),
      ask_bot_(std::move(ask_bot)), who_(std::move(who)), ip_(std::move(address)), address_(ip_ + " (bot api)"),
      id_(next_bot_session_id())
{
}

void BotSession::start()
{
    net::post(strand_, [self = shared_from_this()] {
        self->router_.on_open(self);
        if (!self->open_) return;
        spdlog::info("bot {}: session opened from {}", self->who_.nick, self->ip_);
        self->admit_(self, self->who_);
        self->arm_idle_check();
    });
}

// ---- the bot's side ----------------------------------------------------------------------

void BotSession::request(json message, Reply reply)
{
    net::post(strand_, [self = shared_from_this(), message = std::move(message), reply = std::move(reply)]() mutable {
        self->last_request_ = std::chrono::steady_clock::now();
        // A challenge the bot declined or canceled stands no more, and no frame says so to the bot
        // (the other side is told): its `ok` does, so that a stream opened later does not show it.
        if (const std::string type = text_or(message, "type");
            type == "decline_challenge" || type == "cancel_challenge")
            reply = [self, id = text_or(message, "challenge"), reply = std::move(reply)](const json& frame) {
                if (text_or(frame, "type") != "error") self->challenges_.erase(id);
                if (reply) reply(frame);
            };
        if (!self->open_) return reply(error_frame("not_logged_in", "the bot's session has ended; ask again"));
        if (!self->admitted_) {
            self->waiting_.emplace_back(std::move(message), std::move(reply));
            return;
        }
        self->send_now(std::move(message), std::move(reply));
    });
}

void BotSession::send_now(json message, Reply reply)
{
    const std::int64_t id = next_request_++;
    message["id"] = id;
    if (reply) replies_.emplace(id, std::move(reply));
    router_.on_message(shared_from_this(), message.dump());
}

void BotSession::open_event_stream(std::shared_ptr<LineStream> stream)
{
    net::post(strand_, [self = shared_from_this(), stream = std::move(stream)] {
        self->last_request_ = std::chrono::steady_clock::now();
        if (!self->open_) return stream->finish();
        // What lichess sends a stream that (re)connects: the games under way, the challenges.
        for (const auto& [id, game] : self->games_)
            if (!game.finished()) stream->push(json{{"type", "gameStart"}, {"game", game.event_game()}}.dump());
        for (const auto& [id, challenge] : self->challenges_)
            stream->push(json{{"type", "challenge"}, {"challenge", challenge}}.dump());
        self->drop_closed_streams();
        if (self->event_streams_.size() >= max_event_streams) {
            self->event_streams_.front()->finish();
            self->event_streams_.erase(self->event_streams_.begin());
        }
        self->event_streams_.push_back(stream);
    });
}

BotGame* BotSession::find_game(const std::string& game)
{
    std::optional<std::int64_t> game_id;
    if (const auto named = lichess_ids_.find(game); named != lichess_ids_.end())
        game_id = named->second;
    else
        game_id = parse_integer(game); // Rochade's id in decimal
    if (!game_id) return nullptr;
    const auto found = games_.find(*game_id);
    return found == games_.end() ? nullptr : &found->second;
}

void BotSession::open_game_stream(std::string name, std::shared_ptr<LineStream> stream, std::function<void(bool)> found)
{
    net::post(strand_, [self = shared_from_this(), name = std::move(name), stream = std::move(stream),
                        found = std::move(found)] {
        self->last_request_ = std::chrono::steady_clock::now();
        const BotGame* game = self->find_game(name);
        if (!game) return found(false);
        found(true);
        const std::int64_t game_id = game->game_id();
        stream->push(game->game_full().dump());
        // A finished game's stream is its gameFull alone, as lichess's.
        if (game->finished()) return stream->finish();
        self->drop_closed_streams();
        if (self->game_streams_.size() >= max_game_streams) {
            // The oldest of the game with the most streams goes (usually a stale copy of this one).
            auto oldest = self->game_streams_.find(game_id);
            if (oldest == self->game_streams_.end()) oldest = self->game_streams_.begin();
            oldest->second->finish();
            self->game_streams_.erase(oldest);
        }
        self->game_streams_.emplace(game_id, stream);
    });
}

void BotSession::with_game(std::string game, std::function<void(const BotGame*)> work)
{
    net::post(strand_, [self = shared_from_this(), game = std::move(game), work = std::move(work)] {
        self->last_request_ = std::chrono::steady_clock::now();
        work(self->find_game(game));
    });
}

void BotSession::playing(std::function<void(json)> done)
{
    net::post(strand_, [self = shared_from_this(), done = std::move(done)] {
        json games = json::array();
        for (const auto& [id, game] : self->games_)
            if (!game.finished()) games.push_back(game.event_game());
        done(json{{"nowPlaying", std::move(games)}});
    });
}

void BotSession::remember_outgoing(const std::string& challenge_id, json lichess_challenge)
{
    net::post(strand_, [self = shared_from_this(), challenge_id, challenge = std::move(lichess_challenge)] {
        self->challenges_[challenge_id] = challenge;
        self->push_events(json{{"type", "challenge"}, {"challenge", challenge}});
    });
}

// ---- Connection ------------------------------------------------------------------------

void BotSession::send(std::shared_ptr<const std::string> frame)
{
    if (!open_) return;
    net::post(strand_, [self = shared_from_this(), frame = std::move(frame)] {
        if (!self->open_) return;
        const json parsed = json::parse(*frame, nullptr, false);
        if (parsed.is_object()) self->on_frame(parsed);
    });
}

void BotSession::send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                            std::string_view message)
{
    send(protocol::encode_error(id, code, message));
}

void BotSession::send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                            std::string_view message, const protocol::ErrorSanction& sanction)
{
    send(protocol::encode_error(id, code, message, sanction));
}

void BotSession::close(CloseCode code, std::string reason)
{
    net::post(strand_, [self = shared_from_this(), code, reason = std::move(reason)] {
        self->end("closed by the server (" + std::to_string(static_cast<int>(code)) + ", " + reason + ")");
    });
}

void BotSession::post(std::function<void()> work) { net::post(strand_, std::move(work)); }

// ---- frames from the server --------------------------------------------------------------

void BotSession::on_frame(const json& frame)
{
    const std::string type = text_or(frame, "type");
    if (const auto id = frame.find("id"); id != frame.end() && id->is_number_integer()) {
        const auto reply = replies_.find(id->get<std::int64_t>());
        if (reply != replies_.end()) {
            auto done = std::move(reply->second);
            replies_.erase(reply);
            if (type == "table_state") table_frame(frame.value("table", std::int64_t{0}), frame);
            return done(frame);
        }
    }
    if (type == "hello_ok") return on_admitted(frame);
    if (type == "error" && !admitted_ && text_or(frame, "id") == "bot-hello")
        return end("refused: " + text_or(frame, "message"));
    if (type.starts_with("challenge")) return challenge_frame(type, frame);
    if (const auto table = frame.find("table"); table != frame.end() && table->is_number_integer())
        return table_frame(table->get<std::int64_t>(), frame);
}

void BotSession::on_admitted(const json& hello_ok)
{
    admitted_ = true;
    spdlog::info("bot {}: online", who_.nick);
    // The tables where it sits (a session after a restart of this node, or after the bot was
    // away): watching them brings their state, and with it the games.
    if (const auto tables = hello_ok.find("tables"); tables != hello_ok.end() && tables->is_array())
        for (const auto& table : *tables)
            if (table.is_number_integer())
                send_now(json{{"type", "watch_table"}, {"table", table}}, [](const json&) {});
    auto waiting = std::move(waiting_);
    for (auto& [message, reply] : waiting) send_now(std::move(message), std::move(reply));
}

void BotSession::table_frame(std::int64_t table, const json& frame)
{
    const std::string type = text_or(frame, "type");
    if (type == "table_state" || type == "game_started") {
        auto game = BotGame::from_state(frame, who_.nick, wall_clock_ms());
        if (!game) return;
        const auto known = games_.find(game->game_id());
        if (known == games_.end()) return game_began(std::move(*game));
        if (known->second.apply(frame)) game_changed(known->second, frame);
        return;
    }
    const auto current = table_games_.find(table);
    if (current == table_games_.end()) return;
    const auto game = games_.find(current->second);
    if (game == games_.end()) return;
    if (type == "table_chat") {
        const std::string channel = text_or(frame, "channel");
        return push_game(game->first,
                         json{{"type", "chatLine"},
                              {"room", channel == "spectators" ? "spectator" : "player"},
                              {"username", text_or(frame, "from")},
                              {"text", text_or(frame, "text")}},
                         false);
    }
    if (type == "player_disconnected" || type == "player_reconnected") {
        if (protocol::nick_key(text_or(frame, "nick")) == protocol::nick_key(who_.nick)) return;
        json gone{{"type", "opponentGone"}, {"gone", type == "player_disconnected"}};
        if (type == "player_disconnected") gone["claimWinInSeconds"] = frame.value("grace_ms", std::int64_t{0}) / 1000;
        return push_game(game->first, gone, false);
    }
    if (game->second.apply(frame)) game_changed(game->second, frame);
}

void BotSession::game_began(BotGame game)
{
    const std::int64_t id = game.game_id();
    table_games_[game.table()] = id;
    game.set_bot(game.white(), who_.bot);
    if (const auto accepted = accepted_at_table_.find(game.table()); accepted != accepted_at_table_.end()) {
        game.set_lichess_id(accepted->second);
        accepted_at_table_.erase(accepted);
    }
    lichess_ids_[game.lichess_id()] = id;
    const bool finished = game.finished();
    const std::string opponent = game.opponent();
    const auto& stored = games_.emplace(id, std::move(game)).first->second;
    if (finished) {
        finished_at_[id] = std::chrono::steady_clock::now();
        return;
    }
    spdlog::info("bot {}: game {} at table {}", who_.nick, id, stored.table());
    // The opponent's BOT title is the store's to say; gameStart waits for it (a few ms), and a
    // game stream opened meanwhile already has the game.
    ask_bot_(opponent, [self = shared_from_this(), id](bool bot) {
        self->post([self, id, bot] {
            const auto game = self->games_.find(id);
            if (game == self->games_.end()) return;
            game->second.set_bot(!game->second.white(), bot);
            if (!game->second.finished())
                self->push_events(json{{"type", "gameStart"}, {"game", game->second.event_game()}});
        });
    });
}

void BotSession::game_changed(BotGame& game, const json&)
{
    const bool over = game.finished();
    push_game(game.game_id(), game.game_state(), over);
    if (!over || finished_at_.contains(game.game_id())) return;
    finished_at_[game.game_id()] = std::chrono::steady_clock::now();
    push_events(json{{"type", "gameFinish"}, {"game", game.event_game()}});
}

void BotSession::challenge_frame(const std::string& type, const json& frame)
{
    if (type == "challenge") {
        const json ours = frame.value("challenge", json::object());
        const std::string id = text_or(ours, "id");
        const std::string from = text_or(ours, "from");
        if (id.empty()) return;
        // Whether the challenger is a bot is the store's to say (lichess-bot accepts or declines
        // bots by it); the event waits for that read.
        ask_bot_(from, [self = shared_from_this(), ours, id](bool challenger_bot) {
            self->post([self, ours, id, challenger_bot] {
                json challenge = lichess_challenge(ours, ChallengeSides{challenger_bot, true, true});
                self->challenges_[id] = challenge;
                self->push_events(json{{"type", "challenge"}, {"challenge", std::move(challenge)}});
            });
        });
        return;
    }
    const std::string id = text_or(frame, "challenge");
    if (type == "challenge_accepted") {
        // The game's own frames follow (game_started); its lichess id is the challenge's.
        challenges_.erase(id);
        if (const auto table = number_or(frame, "table")) accepted_at_table_[table] = id;
        return;
    }
    const auto known = challenges_.find(id);
    if (known == challenges_.end()) return;
    json challenge = std::move(known->second);
    challenges_.erase(known);
    if (type == "challenge_declined") {
        const std::string reason = text_or(frame, "reason");
        challenge["status"] = "declined";
        challenge["declineReason"] = lichess_decline_text(reason);
        challenge["declineReasonKey"] = lichess_decline_key(reason);
        return push_events(json{{"type", "challengeDeclined"}, {"challenge", std::move(challenge)}});
    }
    if (type == "challenge_canceled" || type == "challenge_expired") {
        challenge["status"] = "canceled";
        return push_events(json{{"type", "challengeCanceled"}, {"challenge", std::move(challenge)}});
    }
}

// ---- streams -----------------------------------------------------------------------------

void BotSession::push_events(const json& line)
{
    drop_closed_streams();
    const std::string text = line.dump();
    for (const auto& stream : event_streams_) stream->push(text);
}

void BotSession::push_game(std::int64_t game_id, const json& line, bool last)
{
    drop_closed_streams();
    const std::string text = line.dump();
    const auto [first, end] = game_streams_.equal_range(game_id);
    for (auto stream = first; stream != end; ++stream) {
        stream->second->push(text);
        if (last) stream->second->finish();
    }
    if (last) game_streams_.erase(game_id);
}

void BotSession::drop_closed_streams()
{
    std::erase_if(event_streams_, [](const auto& stream) { return !stream->is_open(); });
    std::erase_if(game_streams_, [](const auto& entry) { return !entry.second->is_open(); });
}

// Every few seconds: finished games past their time go, and a bot with no stream open and no
// request for offline_after goes offline (the session ends; its next request opens another).
void BotSession::arm_idle_check()
{
    idle_timer_.expires_after(std::chrono::seconds(5));
    idle_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || !self->open_) return;
        const auto now = std::chrono::steady_clock::now();
        // Finished games' tables are left after a while (no rematch: a bot's next game is a new
        // challenge), so that they close when the opponent leaves too.
        for (const auto& [id, at] : self->finished_at_) {
            const auto game = self->games_.find(id);
            if (now - at < table_left_after || game == self->games_.end() || self->tables_left_.contains(id)) continue;
            self->tables_left_.insert(id);
            self->send_now(json{{"type", "leave_table"}, {"table", game->second.table()}}, [](const json&) {});
        }
        for (auto it = self->finished_at_.begin(); it != self->finished_at_.end();) {
            if (now - it->second < finished_kept) {
                ++it;
                continue;
            }
            std::erase_if(self->table_games_, [id = it->first](const auto& entry) { return entry.second == id; });
            std::erase_if(self->lichess_ids_, [id = it->first](const auto& entry) { return entry.second == id; });
            self->tables_left_.erase(it->first);
            self->games_.erase(it->first);
            it = self->finished_at_.erase(it);
        }
        self->drop_closed_streams();
        const bool streaming = !self->event_streams_.empty() || !self->game_streams_.empty();
        if (!streaming && self->replies_.empty() && now - self->last_request_ >= offline_after)
            return self->end("no stream open and no request for " + std::to_string(offline_after.count()) + " s");
        self->arm_idle_check();
    });
}

void BotSession::end(std::string why)
{
    if (!open_.exchange(false)) return;
    spdlog::info("bot {}: session ended: {}", who_.nick, why);
    idle_timer_.cancel();
    for (const auto& stream : event_streams_) stream->finish();
    for (const auto& [id, stream] : game_streams_) stream->finish();
    event_streams_.clear();
    game_streams_.clear();
    auto replies = std::move(replies_);
    for (auto& [id, reply] : replies) reply(error_frame("not_logged_in", "the bot's session ended: " + why));
    auto waiting = std::move(waiting_);
    for (auto& [message, reply] : waiting) reply(error_frame("not_logged_in", "the bot's session ended: " + why));
    router_.on_close(shared_from_this());
}

} // namespace rochade::server::bots
