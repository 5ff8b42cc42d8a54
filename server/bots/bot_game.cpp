#include "server/bots/bot_game.h"
#include "server/bots/json_read.h"

#include <limits>

#include "protocol/nick.h"

namespace rochade::server::bots {

using nlohmann::json;

namespace {

// lichess's wtime/btime for a game without a clock.
constexpr std::int64_t untimed_ms = std::numeric_limits<std::int32_t>::max();

char side_letter(const json& value)
{
    if (!value.is_string()) return 0;
    return value == "white" ? 'w' : value == "black" ? 'b' : 0;
}

// lichess's user ids are the lower-case names.
std::string user_id(const std::string& nick) { return protocol::nick_key(nick); }

} // namespace

json lichess_variant(const std::string& rochade_variant)
{
    if (rochade_variant == "chess960") return {{"key", "chess960"}, {"name", "Chess960"}, {"short", "960"}};
    if (rochade_variant == "from_position")
        return {{"key", "fromPosition"}, {"name", "From Position"}, {"short", "FEN"}};
    return {{"key", "standard"}, {"name", "Standard"}, {"short", "Std"}};
}

// lichess's estimate: the base plus forty increments (its Speed.scala), in seconds.
std::string lichess_speed(bool timed, std::int64_t base_ms, std::int64_t increment_ms)
{
    if (!timed) return "correspondence";
    const std::int64_t estimate_s = (base_ms + 40 * increment_ms) / 1000;
    if (estimate_s < 30) return "ultraBullet";
    if (estimate_s < 180) return "bullet";
    if (estimate_s < 480) return "blitz";
    if (estimate_s < 1500) return "rapid";
    return "classical";
}

std::string lichess_perf_name(const std::string& speed)
{
    if (speed == "ultraBullet") return "UltraBullet";
    if (speed.empty()) return speed;
    std::string name = speed;
    name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name;
}

std::string lichess_status(const std::string& termination, const std::string& result)
{
    if (termination == "checkmate") return "mate";
    if (termination == "stalemate") return "stalemate";
    if (termination == "resignation") return "resign";
    if (termination == "flag_fall") return "outoftime"; // drawn (FIDE 6.9): no winner, as lichess
    if (termination == "abandoned") return "timeout";
    if (termination == "aborted") return "aborted";
    if (termination == "no_first_move") return "noStart";
    if (termination == "forfeit") return "cheat";
    if (termination == "adjudicated") return result == "*" ? "aborted" : "unknownFinish";
    // Every draw by rule or agreement.
    return "draw";
}

std::optional<BotGame> BotGame::from_state(const json& frame, const std::string& bot_nick, std::int64_t now_ms)
{
    if (!frame.is_object() || !frame.contains("game_id") || !frame["game_id"].is_number_integer()) return std::nullopt;
    BotGame game;
    game.game_id_ = frame["game_id"].get<std::int64_t>();
    game.lichess_id_ = std::to_string(game.game_id_);
    game.table_ = number_or(frame, "table");
    game.white_.nick = text_or(frame, "white");
    game.black_.nick = text_or(frame, "black");
    const std::string me = protocol::nick_key(bot_nick);
    if (protocol::nick_key(game.white_.nick) == me)
        game.white_side_ = true;
    else if (protocol::nick_key(game.black_.nick) == me)
        game.white_side_ = false;
    else
        return std::nullopt;
    game.white_.computer = flag(frame, "white_computer");
    game.black_.computer = flag(frame, "black_computer");
    for (auto [player, key] : {std::pair{&game.white_, "white_rating"}, std::pair{&game.black_, "black_rating"}}) {
        const auto rating = frame.find(key);
        if (rating != frame.end() && rating->is_object()) {
            player->rating = static_cast<int>(number_or(*rating, "rating"));
            player->provisional = flag(*rating, "provisional");
        }
    }
    game.rated_ = flag(frame, "rated");
    if (const auto tc = frame.find("time_control"); tc != frame.end() && tc->is_object()) {
        game.timed_ = text_or(*tc, "kind") != "untimed";
        game.base_ms_ = number_or(*tc, "base_ms");
        if (const auto stages = tc->find("stages"); !game.base_ms_ && stages != tc->end() && stages->is_array() &&
                                                    !stages->empty() && stages->front().is_object())
            game.base_ms_ = number_or(stages->front(), "time_ms");
        game.increment_ms_ = number_or(*tc, "increment_ms");
    }
    game.variant_ = text_or(frame, "variant", "standard");
    game.created_at_ms_ = now_ms;
    game.read_state(frame);
    return game;
}

void BotGame::read_state(const json& frame)
{
    start_fen_ = text_or(frame, "start_fen", start_fen_);
    fen_ = text_or(frame, "fen", fen_);
    if (const auto moves = frame.find("moves"); moves != frame.end() && moves->is_array()) {
        moves_.clear();
        for (const auto& move : *moves)
            if (move.is_object()) moves_.push_back(text_or(move, "uci"));
    }
    if (const auto clocks = frame.find("clocks"); clocks != frame.end() && clocks->is_object()) read_clocks(*clocks);
    draw_offer_ = frame.contains("draw_offer") ? side_letter(frame["draw_offer"]) : draw_offer_;
    takeback_by_ = 0;
    if (const auto request = frame.find("takeback_request"); request != frame.end() && request->is_object())
        takeback_by_ = side_letter((*request)["by"]);
    if (const auto result = frame.find("result"); result != frame.end() && result->is_object()) read_result(*result);
}

void BotGame::read_clocks(const json& clocks)
{
    white_ms_ = number_or(clocks, "white_ms", white_ms_);
    black_ms_ = number_or(clocks, "black_ms", black_ms_);
}

void BotGame::read_result(const json& result)
{
    status_ = lichess_status(text_or(result, "termination"), text_or(result, "result"));
    const std::string winner = text_or(result, "winner");
    if (!winner.empty()) winner_ = winner;
}

bool BotGame::apply(const json& frame)
{
    const std::string type = text_or(frame, "type");
    if (type == "move") {
        moves_.push_back(text_or(frame, "uci"));
        fen_ = text_or(frame, "fen", fen_);
        if (const auto clocks = frame.find("clocks"); clocks != frame.end() && clocks->is_object())
            read_clocks(*clocks);
        // An offer lapses with the opponent's move (FIDE 9.1.2.3); a move with an offer makes one.
        const bool black_starts = start_fen_.find(" b ") != std::string::npos;
        const bool white_moved = (moves_.size() % 2 == 1) != black_starts;
        draw_offer_ = flag(frame, "draw_offered") ? (white_moved ? 'w' : 'b') : 0;
        takeback_by_ = 0;
        return true;
    }
    if (type == "game_over") {
        read_result(frame);
        if (const auto clocks = frame.find("clocks"); clocks != frame.end() && clocks->is_object())
            read_clocks(*clocks);
        draw_offer_ = 0;
        takeback_by_ = 0;
        return true;
    }
    if (type == "draw_offered") {
        draw_offer_ = side_letter(frame.value("by", json()));
        return true;
    }
    if (type == "draw_declined") {
        draw_offer_ = 0;
        return true;
    }
    if (type == "takeback_requested") {
        takeback_by_ = side_letter(frame.value("by", json()));
        return true;
    }
    if (type == "takeback_declined" || type == "takeback_withdrawn") {
        takeback_by_ = 0;
        return true;
    }
    if (type == "taken_back") {
        // It carries every field of table_state at its top level (docs/protocol.md 6, "Takebacks").
        read_state(frame);
        takeback_by_ = 0;
        return true;
    }
    if (type == "time_given" || type == "berserk") {
        if (const auto clocks = frame.find("clocks"); clocks != frame.end() && clocks->is_object())
            read_clocks(*clocks);
        return true;
    }
    if (type == "table_state") {
        read_state(frame);
        return true;
    }
    return false;
}

bool BotGame::bots_turn() const
{
    if (finished()) return false;
    const bool black_starts = start_fen_.find(" b ") != std::string::npos;
    const bool white_to_move = (moves_.size() % 2 == 0) != black_starts;
    return white_to_move == white_side_;
}

json BotGame::player_json(const Player& player) const
{
    json out{{"id", user_id(player.nick)}, {"name", player.nick}, {"title", player.bot ? json("BOT") : json(nullptr)}};
    if (player.computer) {
        out = json{{"aiLevel", 0}};
        return out;
    }
    if (player.rating) out["rating"] = *player.rating;
    if (player.provisional) out["provisional"] = true;
    return out;
}

json BotGame::game_state() const
{
    std::string moves;
    for (const auto& move : moves_) moves += (moves.empty() ? "" : " ") + move;
    json state{{"type", "gameState"},
               {"moves", moves},
               {"wtime", timed_ ? white_ms_ : untimed_ms},
               {"btime", timed_ ? black_ms_ : untimed_ms},
               {"winc", increment_ms_},
               {"binc", increment_ms_},
               {"wdraw", draw_offer_ == 'w'},
               {"bdraw", draw_offer_ == 'b'},
               {"wtakeback", takeback_by_ == 'w'},
               {"btakeback", takeback_by_ == 'b'},
               {"status", status_}};
    if (winner_) state["winner"] = *winner_;
    return state;
}

json BotGame::game_full() const
{
    const bool standard_start = variant_ == "standard";
    json full{{"type", "gameFull"},
              {"id", lichess_id_},
              {"variant", lichess_variant(variant_)},
              {"speed", lichess_speed(timed_, base_ms_, increment_ms_)},
              {"perf", {{"name", lichess_perf_name(lichess_speed(timed_, base_ms_, increment_ms_))}}},
              {"rated", rated_},
              {"createdAt", created_at_ms_},
              {"white", player_json(white_)},
              {"black", player_json(black_)},
              {"initialFen", standard_start || start_fen_.empty() ? "startpos" : start_fen_},
              {"state", game_state()}};
    if (timed_)
        full["clock"] = {{"initial", base_ms_}, {"increment", increment_ms_}};
    else
        full["clock"] = nullptr;
    return full;
}

json BotGame::event_game() const
{
    const Player& opponent = white_side_ ? black_ : white_;
    json opponent_json{{"id", user_id(opponent.nick)}, {"username", opponent.nick}};
    if (opponent.computer) opponent_json = json{{"id", nullptr}, {"username", opponent.nick}, {"ai", 1}};
    if (opponent.rating) opponent_json["rating"] = *opponent.rating;
    if (opponent.bot) opponent_json["title"] = "BOT";
    const std::string& id = lichess_id_;
    const std::int64_t my_ms = white_side_ ? white_ms_ : black_ms_;
    // The side that moves second has moved once two plies are played (a set-up position may
    // give Black the first move).
    const bool black_starts = start_fen_.find(" b ") != std::string::npos;
    json game{{"id", id},
              {"gameId", id},
              {"fullId", id},
              {"color", white_side_ ? "white" : "black"},
              {"fen", fen_.empty() ? start_fen_ : fen_},
              {"hasMoved", moves_.size() >= (white_side_ == black_starts ? 2u : 1u)},
              {"isMyTurn", bots_turn()},
              {"lastMove", moves_.empty() ? "" : moves_.back()},
              {"opponent", opponent_json},
              {"perf", lichess_speed(timed_, base_ms_, increment_ms_)},
              {"rated", rated_},
              {"secondsLeft", timed_ ? my_ms / 1000 : untimed_ms},
              {"source", "friend"},
              {"speed", lichess_speed(timed_, base_ms_, increment_ms_)},
              {"variant", lichess_variant(variant_)},
              {"compat", {{"bot", true}, {"board", true}}},
              {"status", {{"name", status_}}}};
    if (winner_) game["winner"] = *winner_;
    return game;
}

} // namespace rochade::server::bots
