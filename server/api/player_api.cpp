#include "server/api/player_api.h"

#include <algorithm>
#include <cmath>

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "protocol/nick.h"
#include "rating/glicko2.h"
#include "server/api/games_json.h"
#include "server/api/query_string.h"
#include "server/api/reply.h"
#include "server/base/wall_clock.h"

namespace rochade::server {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr std::string_view players_prefix = "/api/players/";
constexpr std::string_view games_suffix = "/games";
constexpr std::string_view leaderboard_path = "/api/leaderboard";

constexpr rating::RatingCategory all_categories[] = {rating::RatingCategory::Bullet, rating::RatingCategory::Blitz,
                                                     rating::RatingCategory::Rapid, rating::RatingCategory::Classical,
                                                     rating::RatingCategory::Chess960};

// Two decimals are more than anyone reads and keep the JSON short.
double hundredths(double value) { return std::round(value * 100) / 100; }

// A stored rating as of `now_ms`: RD grown by the whole days since the last rated game.
rating::Rating as_of(const db::StoredRating& stored, std::int64_t now_ms)
{
    return rating::age_rd(stored.value, (now_ms - stored.last_game_at_ms) / db::utc_day_ms, rating::Glicko2Config{});
}

json rating_json(const db::StoredRating* stored, std::int64_t now_ms)
{
    if (!stored) {
        const rating::Rating initial = rating::Glicko2Config{}.initial;
        return {{"rating", initial.rating},
                {"rd", initial.rd},
                {"volatility", initial.volatility},
                {"games", 0},
                {"provisional", true},
                {"wins", 0},
                {"draws", 0},
                {"losses", 0},
                {"last_game", nullptr}};
    }
    const rating::Rating now = as_of(*stored, now_ms);
    // The counts of public rooms' games only: a secret room's game moves the rating (and shows as
    // a history point without a game) but is not counted where the public can see it.
    const db::GameCounts& shown = stored->in_public_rooms;
    return {{"rating", hundredths(now.rating)},
            {"rd", hundredths(now.rd)},
            {"volatility", std::round(now.volatility * 1e6) / 1e6},
            {"games", shown.games},
            {"provisional", rating::is_provisional(now)},
            {"wins", shown.wins},
            {"draws", shown.draws},
            {"losses", shown.losses},
            {"last_game", stored->last_game_at_ms}};
}

// The nick of /api/players/{nick}[/games], percent-decoded ('+' is a plus in a path).
Expected<std::string, std::string> path_nick(std::string_view text)
{
    std::string escaped;
    for (char c : text) escaped += c == '+' ? std::string("%2B") : std::string(1, c);
    const auto nick = percent_decode(escaped);
    if (!nick) return unexpected("players/" + std::string(text) + ": a broken percent escape in the nick");
    if (const auto error = protocol::nick_error(*nick)) return unexpected("players/{nick}: " + *error);
    return *nick;
}

// The filters of /api/players/{nick}/games (docs/ratings.md), strict like the admin's search.
Expected<db::GameQuery, std::string> player_games_query(const std::string& nick, std::string_view text)
{
    const auto parameters = parse_query(text, {"result", "colour", "category", "opponent", "rated", "limit", "cursor"});
    if (!parameters) return unexpected(parameters.error());
    auto bad = [](std::string_view name, std::string_view wants, const std::string& value) {
        return unexpected("query parameter '" + std::string(name) + "' wants " + std::string(wants) + ", not '" +
                          value + "'");
    };
    db::GameQuery query;
    query.player = nick;
    query.public_rooms_only = true;
    query.limit = 20;
    if (const auto result = parameters->get("result")) {
        if (*result == "won")
            query.outcome = db::PlayerOutcome::Won;
        else if (*result == "drawn")
            query.outcome = db::PlayerOutcome::Drawn;
        else if (*result == "lost")
            query.outcome = db::PlayerOutcome::Lost;
        else
            return bad("result", "won, drawn or lost", *result);
    }
    if (const auto colour = parameters->get("colour")) {
        if (*colour == "white")
            query.colour = db::PlayerColour::White;
        else if (*colour == "black")
            query.colour = db::PlayerColour::Black;
        else
            return bad("colour", "white or black", *colour);
    }
    if (const auto category = parameters->get("category")) {
        query.category = rating::category_named(*category);
        if (!query.category) return bad("category", "bullet, blitz, rapid, classical or chess960", *category);
    }
    if (const auto opponent = parameters->get("opponent")) {
        if (const auto error = protocol::nick_error(*opponent))
            return unexpected("query parameter 'opponent': " + *error);
        query.opponent = *opponent;
    }
    if (const auto rated = parameters->get("rated")) {
        if (*rated != "true" && *rated != "false") return bad("rated", "true or false", *rated);
        query.rated = *rated == "true";
    }
    if (const auto limit = parameters->get("limit")) {
        const auto number = parse_page_limit("limit", *limit);
        if (!number) return unexpected(number.error());
        query.limit = *number;
    }
    if (const auto cursor = parameters->get("cursor")) {
        const auto after = parse_page_cursor("cursor", *cursor);
        if (!after) return unexpected(after.error());
        query.after = *after;
    }
    return query;
}

} // namespace

bool PlayerApi::serves(std::string_view path)
{
    if (path == leaderboard_path || path.starts_with(std::string(leaderboard_path) + "/")) return true;
    return path.starts_with(players_prefix) && path.size() > players_prefix.size() && !path.ends_with(".pgn");
}

void PlayerApi::handle(const ApiRequest& request, Answer answer)
{
    if (auto refused = refuse_unless_read(request, "players and leaderboards")) return answer(std::move(*refused));
    const std::string_view path = request.path;
    if (path.starts_with(leaderboard_path)) {
        if (!request.query.empty())
            return answer(admin_error(ErrorCode::BadRequest, std::string(path) + ": takes no query parameters"));
        if (path == leaderboard_path) return leaderboards(std::nullopt, std::move(answer));
        const std::string_view name = path.substr(leaderboard_path.size() + 1);
        const auto category = rating::category_named(name);
        if (!category)
            return answer(admin_error(
                ErrorCode::BadRequest,
                "leaderboard/" + std::string(name) + ": no such category (bullet, blitz, rapid, classical)", 404));
        return leaderboards(*category, std::move(answer));
    }
    std::string_view rest = path.substr(players_prefix.size());
    const bool games_list = rest.ends_with(games_suffix);
    if (games_list) rest.remove_suffix(games_suffix.size());
    if (rest.find('/') != std::string_view::npos)
        return answer(admin_error(ErrorCode::BadRequest,
                                  std::string(path) + ": no such endpoint (/api/players/{nick} or .../games)", 404));
    auto nick = path_nick(rest);
    if (!nick) return answer(admin_error(ErrorCode::BadRequest, nick.error()));
    if (games_list) return games(std::move(*nick), request.query, std::move(answer));
    if (!request.query.empty())
        return answer(admin_error(ErrorCode::BadRequest, "players/{nick}: takes no query parameters"));
    profile(std::move(*nick), std::move(answer));
}

void PlayerApi::profile(std::string nick, Answer answer)
{
    // The profile's JSON, or nothing for a nick without an account.
    auto read_profile = [nick](db::StoreReader& reader) -> std::optional<json> {
        const std::int64_t now_ms = wall_clock_ms();
        const auto player = reader.player(protocol::nick_key(nick));
        if (!player) return std::nullopt;
        const db::AccountRecord& account = player->account;
        json ratings = json::object(), history = json::object();
        for (const rating::RatingCategory category : all_categories) {
            const auto stored = std::find_if(player->ratings.begin(), player->ratings.end(),
                                             [category](const db::StoredRating& r) { return r.category == category; });
            const std::string name(rating::category_name(category));
            ratings[name] = rating_json(stored == player->ratings.end() ? nullptr : &*stored, now_ms);
            json points = json::array();
            if (stored != player->ratings.end())
                for (const db::RatingPoint& point : reader.rating_history(account.id, category, db::max_history_points))
                    points.push_back({{"game", point.public_room ? json(point.game_id) : json(nullptr)},
                                      {"at", point.at_ms},
                                      {"rating", hundredths(point.after.rating)},
                                      {"rd", hundredths(point.after.rd)}});
            history[name] = std::move(points);
        }
        db::GameQuery recent;
        recent.player = account.nick;
        recent.public_rooms_only = true;
        recent.limit = recent_games;
        json games = game_page_json(reader.find_games(recent))["games"];
        return json{
            {"nick", account.nick},           {"role", protocol::role_name(account.role)},
            {"since", account.created_at_ms}, {"ratings", std::move(ratings)},
            {"history", std::move(history)},  {"recent_games", std::move(games)},
        };
    };
    reads_.read(std::move(read_profile), [nick, answer = std::move(answer)](db::ReadResult<std::optional<json>> out) {
        if (!out) return answer(store_unreadable("players", "player " + nick, out.error()));
        if (!*out)
            return answer(
                admin_error(ErrorCode::NoSuchNick, "no player " + nick + " (guests have no profile; accounts do)"));
        answer(admin_json(**out));
    });
}

void PlayerApi::games(std::string nick, std::string_view query_text, Answer answer)
{
    auto query = player_games_query(nick, query_text);
    if (!query) return answer(admin_error(ErrorCode::BadRequest, "players/{nick}/games: " + query.error()));
    reads_.read(
        [query = std::move(*query)](db::StoreReader& reader) { return game_page_json(reader.find_games(query)); },
        [nick = std::move(nick), answer = std::move(answer)](db::ReadResult<json> out) {
            if (!out) return answer(store_unreadable("players", "the games of " + nick, out.error()));
            answer(admin_json(*out));
        });
}

void PlayerApi::leaderboards(std::optional<rating::RatingCategory> only, Answer answer)
{
    auto read_boards = [only](db::StoreReader& reader) {
        const std::int64_t now_ms = wall_clock_ms();
        json boards = json::object();
        for (const rating::RatingCategory category : all_categories) {
            if (only && *only != category) continue;
            // Stored RD only grows with idle days, so the store's candidates include every
            // player established today; those whose RD grew past the line since drop out.
            json players = json::array();
            for (const db::StoredRating& stored :
                 reader.leaderboard(category, rating::provisional_rd_above, db::max_leaderboard_rows)) {
                const rating::Rating now = as_of(stored, now_ms);
                if (rating::is_provisional(now)) continue;
                players.push_back({{"rank", int(players.size()) + 1},
                                   {"nick", stored.nick},
                                   {"rating", hundredths(now.rating)},
                                   {"rd", hundredths(now.rd)},
                                   {"games", stored.in_public_rooms.games}});
                if (int(players.size()) == leaderboard_size) break;
            }
            boards[std::string(rating::category_name(category))] = std::move(players);
        }
        return boards;
    };
    reads_.read(std::move(read_boards), [only, answer = std::move(answer)](db::ReadResult<json> read) {
        if (!read) return answer(store_unreadable("players", "the leaderboard", read.error()));
        json& boards = *read;
        if (only)
            return answer(admin_json({{"category", rating::category_name(*only)},
                                      {"players", std::move(boards[std::string(rating::category_name(*only))])}}));
        answer(admin_json(boards));
    });
}

} // namespace rochade::server
