// lichess's Bot API on Rochade (issue 29 §3; docs/bots.md, "The Bot API"): the HTTP endpoints that
// the lichess-bot program and other Bot API clients use, with lichess's paths, parameters, JSON
// shapes and NDJSON streams, so that such a client plays here by changing only its server URL.
//
// Who asks is the personal token of `Authorization: Bearer` (made on the account page,
// server/bots/token_api.h): its hash is looked up in the store at every request, so a revoked
// token fails at once, on every node. Each endpoint names the scope it needs; the game side
// (streams, moves, challenges) is for bot accounts only, through the account's BotSession.
// Requests are counted per token and per address (RequestLimiter): past the budget, 429 with
// Retry-After. Errors are lichess's `{"error": "..."}` with 400, 401, 403, 404, 429 or 503.
#pragma once

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "db/api_token_records.h"
#include "server/api/account_api.h"
#include "server/api/game_pgn.h"
#include "server/api/query_string.h"
#include "server/bots/api_scope.h"
#include "server/bots/bot_sessions.h"
#include "server/bots/request_limiter.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server::bots {

struct BotApiConfig {
    int requests_per_minute = 300; // per token; an address may make twice as many
};

class BotApi {
public:
    using Answer = std::function<void(ApiResponse)>;
    // Which of `nicks` are online on this node (by nick_key): /api/users/status.
    using OnlineNow = std::function<void(std::vector<std::string> nicks, std::function<void(std::set<std::string>)>)>;
    // Closes the open connections of an account whose sessions the upgrade to a bot ended.
    using SignOut = std::function<void(identity::Principal)>;

    BotApi(BotApiConfig config, db::ReadThread& reads, db::StoreWriter& writer, BotSessions& sessions,
           OnlineNow online_now, SignOut sign_out, PgnSite site);

    static bool serves(std::string_view path);
    // Answers `request` through `answer`, exactly once, on whatever thread finished it.
    void handle(ApiRequest request, Answer answer);

private:
    // Who a token is, once read: its account and scopes.
    struct Caller {
        db::ApiTokenRecord token;
        ScopeSet scopes;
        identity::Identity identity() const;
    };
    using Authorised = std::function<void(Caller)>;

    // `scopes`: the token must hold one of them (none: any token will do).
    void authorise(const ApiRequest& request, std::vector<ApiScope> scopes, bool bot_only, Answer answer,
                   Authorised then);
    void note_use(const db::ApiTokenRecord& token);

    // bot_api_users.cpp: who is who
    void token_test(const ApiRequest& request, Answer answer);
    void account(const Caller& caller, Answer answer);
    void user(const std::string& name, Answer answer);
    void users_status(const ApiRequest& request, Answer answer);
    void bots_online(const ApiRequest& request, Answer answer);
    void game_export(const ApiRequest& request, const std::string& id, Answer answer);
    void export_game_id(std::int64_t game_id, Answer answer);
    void upgrade(const Caller& caller, Answer answer);

    // bot_api_play.cpp: the game side, through the bot's session
    void event_stream(const Caller& caller, const ApiRequest& request, Answer answer);
    void game_stream(const Caller& caller, const ApiRequest& request, std::string game, Answer answer);
    void playing(const Caller& caller, const ApiRequest& request, Answer answer);
    void game_action(const Caller& caller, const ApiRequest& request, std::string game, std::string action,
                     std::string argument, Answer answer);
    void create_challenge(const Caller& caller, const ApiRequest& request, std::string to, Answer answer);
    void answer_challenge(const Caller& caller, const ApiRequest& request, std::string id, std::string action,
                          Answer answer);
    void tournament_entry(const Caller& caller, const ApiRequest& request, std::int64_t tournament, std::string action,
                          Answer answer);
    std::shared_ptr<BotSession> session_of(const Caller& caller, const ApiRequest& request);

    BotApiConfig config_;
    db::ReadThread& reads_;
    db::StoreWriter& writer_;
    BotSessions& sessions_;
    OnlineNow online_now_;
    SignOut sign_out_;
    PgnSite site_;
    RequestLimiter per_token_;
    RequestLimiter per_address_;
    std::mutex used_mutex_;
    std::map<std::string, std::chrono::steady_clock::time_point> last_noted_; // token hash -> last ApiTokenUsed
};

// lichess's error answer: {"error": message} with `status`.
ApiResponse lichess_error(int status, std::string message);
ApiResponse lichess_json(const nlohmann::json& value, int status = 200);
// The parameters of a request's body: a form (application/x-www-form-urlencoded, as most of
// lichess's clients send), or a JSON object (lichess-bot sends its challenges so), whose values
// are read as a form's text ("true", "180").
Expected<QueryParameters, std::string> body_parameters(const ApiRequest& request,
                                                       std::initializer_list<std::string_view> known);
// A game's name in a path: lichess's id (a challenge's: letters, digits, '-' and '_') or Rochade's
// decimal game id; nothing for anything else.
std::optional<std::string> game_name_of(std::string_view text);

} // namespace rochade::server::bots
