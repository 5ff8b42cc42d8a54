// One game as a bot sees it through lichess's Bot API: fed the frames of Rochade's protocol that
// its table sends to the bot's seat (table_state, game_started, move, game_over, draw and
// takeback events, docs/protocol.md section 8), it answers in lichess's shapes: `gameFull` for a
// game stream's first line, `gameState` after each change, and the `game` object of the event
// stream's `gameStart` and `gameFinish` (lichess's API description, "Bot"). Pure: JSON in, JSON
// out, no I/O, so its tests need no server (tests/server/bots/test_bot_game.cpp).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace rochade::server::bots {

class BotGame {
public:
    // From a table_state or game_started frame of a table where `bot_nick` sits in a game;
    // nothing when the frame holds no game or the bot sits in neither seat.
    static std::optional<BotGame> from_state(const nlohmann::json& frame, const std::string& bot_nick,
                                             std::int64_t now_ms);

    // Takes a table event; true when what a game stream shows changed (a gameState is due).
    // A table_state or taken_back frame replaces the moves and clocks.
    bool apply(const nlohmann::json& frame);

    nlohmann::json game_full() const;
    nlohmann::json game_state() const;
    // The `game` object of gameStart and gameFinish.
    nlohmann::json event_game() const;

    // Whether a side's player is a bot account (lichess's BOT title): the table does not say;
    // the session asks the store.
    void set_bot(bool white_side, bool bot) { (white_side ? white_ : black_).bot = bot; }
    const std::string& opponent() const { return white_side_ ? black_.nick : white_.nick; }

    // The id lichess's clients know the game by: the challenge's id for a game that a challenge
    // started (lichess gives a challenge's game the challenge's id, and lichess-bot counts on it),
    // else Rochade's game id in decimal.
    const std::string& lichess_id() const { return lichess_id_; }
    void set_lichess_id(std::string id) { lichess_id_ = std::move(id); }

    std::int64_t game_id() const { return game_id_; }
    std::int64_t table() const { return table_; }
    bool finished() const { return !status_.empty() && status_ != "started"; }
    bool white() const { return white_side_; }
    bool bots_turn() const;
    // The side whose draw offer stands: 'w', 'b' or 0.
    char draw_offer() const { return draw_offer_; }

private:
    struct Player {
        std::string nick;
        std::optional<int> rating;
        bool provisional = false;
        bool computer = false;
        bool bot = false;
    };
    void read_state(const nlohmann::json& frame);
    void read_clocks(const nlohmann::json& clocks);
    void read_result(const nlohmann::json& result);
    nlohmann::json player_json(const Player& player) const;

    std::int64_t game_id_ = 0;
    std::string lichess_id_;
    std::int64_t table_ = 0;
    bool white_side_ = true;
    Player white_, black_;
    bool rated_ = false;
    bool timed_ = false;
    std::int64_t base_ms_ = 0, increment_ms_ = 0;
    std::string variant_ = "standard"; // Rochade's: standard, chess960, from_position
    std::string start_fen_;
    std::vector<std::string> moves_; // UCI
    std::string fen_;
    std::int64_t white_ms_ = 0, black_ms_ = 0;
    char draw_offer_ = 0;
    char takeback_by_ = 0;
    std::string status_ = "started"; // lichess's status names
    std::optional<std::string> winner_;
    std::int64_t created_at_ms_ = 0;
};

// lichess's names for a game's variant and speed, and a Rochade termination as lichess's status.
nlohmann::json lichess_variant(const std::string& rochade_variant);
std::string lichess_speed(bool timed, std::int64_t base_ms, std::int64_t increment_ms);
std::string lichess_status(const std::string& termination, const std::string& result);
// lichess's perf name of a speed: "blitz" -> "Blitz", "ultraBullet" -> "UltraBullet".
std::string lichess_perf_name(const std::string& speed);

} // namespace rochade::server::bots
