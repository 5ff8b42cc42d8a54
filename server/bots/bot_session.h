// A bot account at the game side: the Connection that the lobby admits and the tables seat for a
// bot that speaks lichess's Bot API over HTTP (docs/bots.md, "The Bot API"). Its requests (a move,
// a resignation, a challenge) go to the router as protocol messages, exactly as a WebSocket
// client's would, so a bot's game is refereed, stored and broadcast by the same code as anyone's;
// the frames the server sends it are read here and turned into lichess's NDJSON lines on the
// bot's open streams (BotGame). One per bot account per node, while the bot has a stream open or
// asks something; BotSessions keeps them.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "server/api/line_stream.h"
#include "server/base/asio.h"
#include "server/bots/bot_game.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"

namespace rochade::server::bots {

class BotSession final : public Connection, public std::enable_shared_from_this<BotSession> {
public:
    // How the session is admitted: the router's admission of an identity established elsewhere
    // (here: by the bot's token), called on this session's strand after the router's on_open.
    using Admit = std::function<void(std::shared_ptr<Connection>, identity::Identity)>;
    // What a request's reply was: the `ok` or `error` frame (or `table_state`) that carried its id.
    using Reply = std::function<void(const nlohmann::json& frame)>;
    // The challenger of an incoming challenge, as the store knows him: whether he is a bot.
    using AskBot = std::function<void(const std::string& nick, std::function<void(bool bot)>)>;

    // Without any stream open and without a request for this long, the bot goes offline.
    static constexpr std::chrono::seconds offline_after{30};
    // Streams one bot may hold open at once: a newer one ends the oldest (a client that
    // reconnects without closing, or one that opens streams without end, holds no more sockets).
    static constexpr std::size_t max_event_streams = 1; // lichess's: the newer stream wins
    static constexpr std::size_t max_game_streams = 32;
    // How long the bot stays at a finished game's table (lichess-bot says goodbye in the chat
    // after the last state) before the session leaves it, so that the table can close.
    static constexpr std::chrono::seconds table_left_after{30};
    // How long a finished game stays, for a game stream that reconnects after the end.
    static constexpr std::chrono::minutes finished_kept{10};

    BotSession(net::io_context& io, ConnectionHandler& router, Admit admit, AskBot ask_bot, identity::Identity who,
               std::string address);

    // Opens the session (the router's on_open, then the admission); requests wait for it.
    void start();

    // ---- the bot's side; callable from any thread ----------------------------------------
    // Sends `message` (a protocol request without id) and hands `reply` the frame that answers
    // it; an error frame when the session is closed or its admission was refused.
    void request(nlohmann::json message, Reply reply);
    // The event stream: gameStart for every running game and a challenge event for every
    // standing challenge at once, then events as they come.
    void open_event_stream(std::shared_ptr<LineStream> stream);
    // A game stream: gameFull, then gameState and the rest; `found` false (and the stream left
    // alone) when this bot has no such game. A game is named by its lichess id (BotGame::lichess_id)
    // or by Rochade's game id in decimal.
    void open_game_stream(std::string game, std::shared_ptr<LineStream> stream, std::function<void(bool)> found);
    // Runs `work` on the strand with the game (null when none): the endpoints find its table.
    void with_game(std::string game, std::function<void(const BotGame*)> work);
    // The running games, as /api/account/playing lists them.
    void playing(std::function<void(nlohmann::json)> done);
    // Whether a lichess challenge object of a standing challenge is known: for accept/decline.
    void remember_outgoing(const std::string& challenge_id, nlohmann::json lichess_challenge);

    // ---- Connection ---------------------------------------------------------------------
    void send(std::shared_ptr<const std::string> frame) override;
    using Connection::send;
    void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                    std::string_view message) override;
    void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code, std::string_view message,
                    const protocol::ErrorSanction& sanction) override;
    void close(CloseCode code, std::string reason) override;
    void post(std::function<void()> work) override;
    bool is_open() const override { return open_; }
    std::uint64_t id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }
    const std::string& ip_address() const override { return ip_; }

    const identity::Identity& who() const { return who_; }
    // The session's strand, for a timer of the API's that should run beside its work.
    net::strand<net::io_context::executor_type> executor() const { return strand_; }

private:
    BotGame* find_game(const std::string& game);
    void on_frame(const nlohmann::json& frame);
    void on_admitted(const nlohmann::json& hello_ok);
    void send_now(nlohmann::json message, Reply reply);
    void table_frame(std::int64_t table, const nlohmann::json& frame);
    void game_began(BotGame game);
    void game_changed(BotGame& game, const nlohmann::json& frame);
    void challenge_frame(const std::string& type, const nlohmann::json& frame);
    void push_events(const nlohmann::json& line);
    void push_game(std::int64_t game_id, const nlohmann::json& line, bool last);
    void drop_closed_streams();
    void arm_idle_check();
    void end(std::string why);

    net::strand<net::io_context::executor_type> strand_;
    net::steady_timer idle_timer_;
    ConnectionHandler& router_;
    Admit admit_;
    AskBot ask_bot_;
    const identity::Identity who_;
    const std::string ip_;
    const std::string address_;
    const std::uint64_t id_;
    std::atomic<bool> open_{true};

    // ---- on the strand ----
    bool admitted_ = false;
    std::vector<std::pair<nlohmann::json, Reply>> waiting_; // requests before the admission
    std::int64_t next_request_ = 1;
    std::map<std::int64_t, Reply> replies_;
    std::map<std::int64_t, BotGame> games_;            // by game id
    std::map<std::int64_t, std::int64_t> table_games_; // table -> its current game id
    std::map<std::int64_t, std::chrono::steady_clock::time_point> finished_at_;
    std::set<std::int64_t> tables_left_;                    // finished games whose table was left
    std::map<std::int64_t, std::string> accepted_at_table_; // table -> the accepted challenge's id
    std::map<std::string, std::int64_t> lichess_ids_;       // a game's lichess id -> its game id
    std::map<std::string, nlohmann::json> challenges_;      // standing, by id: lichess's challenge objects
    std::vector<std::shared_ptr<LineStream>> event_streams_;
    std::multimap<std::int64_t, std::shared_ptr<LineStream>> game_streams_;
    std::chrono::steady_clock::time_point last_request_ = std::chrono::steady_clock::now();
};

} // namespace rochade::server::bots
