// The Bot API's endpoints about who is who: the token test, the account, a user, users' status,
// the bots online, a game's PGN, and the upgrade to a bot account.
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/nick.h"
#include "rating/glicko2.h"
#include "server/api/query_string.h"
#include "server/api/reply.h"
#include "server/base/wall_clock.h"
#include "server/bots/bot_api.h"
#include "server/identity/secrets.h"

namespace rochade::server::bots {

using nlohmann::json;

namespace {

// At most this many tokens in one /api/token/test, and users in one /api/users/status (lichess: 100).
constexpr std::size_t max_tested_tokens = 10;
constexpr std::size_t max_status_users = 100;
constexpr int max_online_bots = 200;

std::vector<std::string> split(std::string_view text, char separator)
{
    std::vector<std::string> parts;
    while (true) {
        const auto at = text.find(separator);
        auto part = text.substr(0, at);
        while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
        while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
        if (!part.empty()) parts.emplace_back(part);
        if (at == std::string_view::npos) break;
        text.remove_prefix(at + 1);
    }
    return parts;
}

// lichess's perfs: {"blitz": {"games", "rating", "rd", "prog", "prov"?}, ...}.
json perfs_json(const std::vector<db::StoredRating>& ratings)
{
    json perfs = json::object();
    for (const auto& stored : ratings) {
        json perf{{"games", stored.in_public_rooms.games},
                  {"rating", static_cast<int>(stored.value.rating + 0.5)},
                  {"rd", static_cast<int>(stored.value.rd + 0.5)},
                  {"prog", 0}};
        if (rating::is_provisional(stored.value)) perf["prov"] = true;
        perfs[std::string(rating::category_name(stored.category))] = std::move(perf);
    }
    return perfs;
}

json user_json(const db::AccountRecord& account, const std::vector<db::StoredRating>& ratings, const PgnSite& site)
{
    json user{{"id", account.nick_key},
              {"username", account.nick},
              {"perfs", perfs_json(ratings)},
              {"createdAt", account.created_at_ms},
              {"url", site.public_url + "/@/" + account.nick}};
    if (account.bot) user["title"] = "BOT";
    return user;
}

} // namespace

// POST /api/token/test: the body is tokens separated by commas; each gets its account and scopes,
// or null (lichess's answer; lichess-bot's first call). No token is needed to ask.
void BotApi::token_test(const ApiRequest& request, Answer answer)
{
    const auto tokens = split(request.body, ',');
    if (tokens.empty()) return answer(lichess_error(400, "the body must name one or more tokens, separated by commas"));
    if (tokens.size() > max_tested_tokens)
        return answer(lichess_error(400, "at most " + std::to_string(max_tested_tokens) + " tokens at once"));
    reads_.read(
        [tokens](db::StoreReader& reader) {
            std::vector<std::optional<db::ApiTokenRecord>> found;
            for (const auto& token : tokens) found.push_back(reader.api_token(identity::token_hash(token)));
            return found;
        },
        [tokens, answer](db::ReadResult<std::vector<std::optional<db::ApiTokenRecord>>> found) {
            if (!found) return answer(lichess_error(503, "the server cannot check tokens now; try again"));
            json out = json::object();
            for (std::size_t i = 0; i < tokens.size(); ++i) {
                const auto& token = (*found)[i];
                if (!token) {
                    out[tokens[i]] = nullptr;
                    continue;
                }
                std::string scopes;
                for (const auto& scope : token->scopes) scopes += (scopes.empty() ? "" : ",") + scope;
                out[tokens[i]] =
                    json{{"scopes", scopes}, {"userId", protocol::nick_key(token->nick)}, {"expires", nullptr}};
            }
            answer(lichess_json(out));
        });
}

void BotApi::account(const Caller& caller, Answer answer)
{
    reads_.read([key = protocol::nick_key(caller.token.nick)](db::StoreReader& reader) { return reader.player(key); },
                [this, answer](db::ReadResult<std::optional<db::PlayerRecord>> player) {
                    if (!player) return answer(lichess_error(503, "the account cannot be read now; try again"));
                    if (!*player) return answer(lichess_error(404, "No such account"));
                    answer(lichess_json(user_json((*player)->account, (*player)->ratings, site_)));
                });
}

void BotApi::user(const std::string& name, Answer answer)
{
    const auto nick = percent_decode(name);
    if (!nick || nick->empty() || nick->size() > 64) return answer(lichess_error(404, "No such user"));
    reads_.read([key = protocol::nick_key(*nick)](db::StoreReader& reader) { return reader.player(key); },
                [this, nick = *nick, answer](db::ReadResult<std::optional<db::PlayerRecord>> player) {
                    if (!player) return answer(lichess_error(503, "the user cannot be read now; try again"));
                    if (!*player) return answer(lichess_error(404, "No such user"));
                    auto user = user_json((*player)->account, (*player)->ratings, site_);
                    online_now_({nick}, [user = std::move(user), answer](std::set<std::string> online) mutable {
                        user["online"] = online.contains(user["id"].get<std::string>());
                        answer(lichess_json(user));
                    });
                });
}

// GET /api/users/status?ids=a,b: lichess's list, with `online` only for those online (on this
// node: see docs/bots.md) and `title` for bots.
void BotApi::users_status(const ApiRequest& request, Answer answer)
{
    const auto query = parse_query(request.query, {"ids", "withGameIds", "withSignal", "withGameMetas"});
    if (!query) return answer(lichess_error(400, query.error()));
    const auto ids = split(query->get("ids").value_or(""), ',');
    if (ids.empty() || ids.size() > max_status_users)
        return answer(lichess_error(400, "'ids' must name 1 to " + std::to_string(max_status_users) + " users"));
    reads_.read(
        [ids](db::StoreReader& reader) {
            std::vector<db::AccountRecord> accounts;
            for (const auto& id : ids)
                if (auto account = reader.account(protocol::nick_key(id))) accounts.push_back(std::move(*account));
            return accounts;
        },
        [this, answer](db::ReadResult<std::vector<db::AccountRecord>> accounts) {
            if (!accounts) return answer(lichess_error(503, "the users cannot be read now; try again"));
            std::vector<std::string> nicks;
            for (const auto& account : *accounts) nicks.push_back(account.nick);
            online_now_(nicks, [accounts = std::move(*accounts), answer](std::set<std::string> online) {
                json list = json::array();
                for (const auto& account : accounts) {
                    json status{{"id", account.nick_key}, {"name", account.nick}};
                    if (account.bot) status["title"] = "BOT";
                    if (online.contains(account.nick_key)) status["online"] = true;
                    list.push_back(std::move(status));
                }
                answer(lichess_json(list));
            });
        });
}

// GET /api/bot/online?nb=N: the bots online on this node, one user per line (NDJSON).
void BotApi::bots_online(const ApiRequest& request, Answer answer)
{
    const auto query = parse_query(request.query, {"nb"});
    if (!query) return answer(lichess_error(400, query.error()));
    int limit = max_online_bots;
    if (const auto nb = query->get("nb")) {
        const auto wanted = parse_integer(*nb);
        if (!wanted || *wanted < 1) return answer(lichess_error(400, "'nb' must be a number above 0"));
        limit = static_cast<int>(std::min<std::int64_t>(*wanted, max_online_bots));
    }
    auto bots = sessions_.online();
    if (static_cast<int>(bots.size()) > limit) bots.resize(static_cast<std::size_t>(limit));
    reads_.read(
        [bots](db::StoreReader& reader) {
            std::vector<db::PlayerRecord> players;
            for (const auto& bot : bots)
                if (auto player = reader.player(protocol::nick_key(bot.nick))) players.push_back(std::move(*player));
            return players;
        },
        [this, answer](db::ReadResult<std::vector<db::PlayerRecord>> players) {
            if (!players) return answer(lichess_error(503, "the bots cannot be read now; try again"));
            ApiResponse response;
            response.content_type = "application/x-ndjson";
            for (const auto& player : *players) {
                auto user = user_json(player.account, player.ratings, site_);
                user["online"] = true;
                response.body += admin_json_text(user) + "\n";
            }
            answer(std::move(response));
        });
}

// GET /game/export/{id}: the stored game's PGN, as the archive gives it (clocks, NAGs and
// evaluations of a server analysis included); a game of a secret room is no one's to read here.
// A game named by its lichess id (a challenge's) is the asking bot's: its token says whose.
void BotApi::game_export(const ApiRequest& request, const std::string& id_text, Answer answer)
{
    if (const auto id = parse_integer(id_text); id && *id > 0) return export_game_id(*id, std::move(answer));
    const auto name = game_name_of(id_text);
    if (!name || !request.bearer_token) return answer(lichess_error(404, "No such game"));
    authorise(request, {}, true, answer, [this, request, name = *name, answer](Caller caller) {
        session_of(caller, request)->with_game(name, [this, answer](const BotGame* game) {
            if (!game) return answer(lichess_error(404, "No such game"));
            export_game_id(game->game_id(), answer);
        });
    });
}

void BotApi::export_game_id(std::int64_t id, Answer answer)
{
    reads_.read([id](db::StoreReader& reader) { return reader.game_log(id); },
                [this, answer](db::ReadResult<std::optional<db::GameLog>> log) {
                    if (!log) return answer(lichess_error(503, "the game cannot be read now; try again"));
                    if (!*log || (*log)->start.room <= 0) return answer(lichess_error(404, "No such game"));
                    ApiResponse response;
                    response.content_type = "application/x-chess-pgn";
                    response.body = stored_game_pgn(**log, site_).text;
                    answer(std::move(response));
                });
}

// POST /api/bot/account/upgrade: for good, and only before the account played any game (the
// store refuses it otherwise, so two upgrades or a game starting meanwhile cannot slip through).
void BotApi::upgrade(const Caller& caller, Answer answer)
{
    if (caller.token.bot) return answer(lichess_error(400, "This account is already a bot account"));
    // The store ends the account's sessions with the upgrade; its open connections (a browser
    // logged in before) are closed here, so that nobody plays on as a human in a bot's name.
    writer_.submit(db::AccountBecameBot{caller.token.account_id, wall_clock_ms()},
                   [this, who = caller.identity(), answer](std::optional<db::StoreError> error) {
                       if (!error) {
                           spdlog::info("bot api: {} is a bot account now", who.nick);
                           if (sign_out_) sign_out_(who.principal);
                           return answer(lichess_json(json{{"ok", true}}));
                       }
                       if (error->kind == db::StoreFailure::Refused)
                           return answer(lichess_error(400, "This account has played games already: only an "
                                                            "account that never played can become a bot account"));
                       spdlog::error("bot api: upgrading {} failed: {}", who.nick, error->message);
                       answer(lichess_error(503, "the upgrade could not be stored now; try again"));
                   });
}

} // namespace rochade::server::bots
