#include "server/bots/bot_api.h"

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "server/api/reply.h"
#include "server/base/wall_clock.h"
#include "server/identity/secrets.h"

namespace rochade::server::bots {

using nlohmann::json;

namespace {

constexpr std::string_view game_prefix = "/api/bot/game/";
constexpr std::string_view game_stream_prefix = "/api/bot/game/stream/";
constexpr std::string_view challenge_prefix = "/api/challenge/";
constexpr std::string_view user_prefix = "/api/user/";
constexpr std::string_view export_prefix = "/game/export/";
// lichess's arena and Swiss tournaments are both Rochade tournaments.
constexpr std::string_view arena_prefix = "/api/tournament/";
constexpr std::string_view swiss_prefix = "/api/swiss/";

// A token's last use is written at most this often: a bot makes a request per move.
constexpr auto use_noted_every = std::chrono::minutes(1);

// "a/b/c" -> {"a","b","c"}
std::vector<std::string> segments(std::string_view path)
{
    std::vector<std::string> parts;
    while (!path.empty()) {
        const auto slash = path.find('/');
        parts.emplace_back(path.substr(0, slash));
        if (slash == std::string_view::npos) break;
        path.remove_prefix(slash + 1);
    }
    return parts;
}

// A positive id in a path (a tournament's), as the query parser reads integers.
std::optional<std::int64_t> positive_id(std::string_view text)
{
    const auto id = parse_integer(text);
    return id && *id > 0 ? id : std::nullopt;
}

ApiResponse method_not_allowed(std::string_view allowed)
{
    auto refused = lichess_error(405, "use " + std::string(allowed));
    refused.allow = std::string(allowed);
    return refused;
}

} // namespace

std::optional<std::string> game_name_of(std::string_view text)
{
    if (text.empty() || text.size() > 64) return std::nullopt;
    for (const char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_'))
            return std::nullopt;
    return std::string(text);
}

Expected<QueryParameters, std::string> body_parameters(const ApiRequest& request,
                                                       std::initializer_list<std::string_view> known)
{
    if (!request.content_type.starts_with("application/json")) return parse_query(request.body, known);
    const json body = json::parse(request.body, nullptr, false);
    if (!body.is_object()) return unexpected(std::string("the body is not a JSON object"));
    QueryParameters parameters;
    for (const auto& [name, value] : body.items()) {
        bool is_known = false;
        for (const auto k : known) is_known = is_known || k == name;
        if (!is_known) return unexpected("unknown parameter '" + name.substr(0, 40) + "'");
        if (value.is_null()) continue;
        if (value.is_string())
            parameters.set(name, value.get<std::string>());
        else if (value.is_boolean() || value.is_number_integer())
            parameters.set(name, value.dump());
        else
            return unexpected("parameter '" + name + "' must be a text, a number or true/false");
    }
    return parameters;
}

ApiResponse lichess_error(int status, std::string message)
{
    ApiResponse response;
    response.status = status;
    response.body = admin_json_text(json{{"error", std::move(message)}});
    return response;
}

ApiResponse lichess_json(const json& value, int status)
{
    ApiResponse response;
    response.status = status;
    response.body = admin_json_text(value);
    return response;
}

identity::Identity BotApi::Caller::identity() const
{
    identity::Identity who;
    who.principal = identity::Principal{identity::Principal::Kind::Account, token.account_id};
    who.nick = token.nick;
    who.role = token.role;
    who.bot = token.bot;
    return who;
}

BotApi::BotApi(BotApiConfig config, db::ReadThread& reads, db::StoreWriter& writer, BotSessions& sessions,
               OnlineNow online_now, SignOut sign_out, PgnSite site)
    : config_(config), reads_(reads), writer_(writer), sessions_(sessions), online_now_(std::move(online_now)),
      sign_out_(std::move(sign_out)), site_(std::move(site)), per_token_(config.requests_per_minute),
      per_address_(2 * config.requests_per_minute)
{
}

bool BotApi::serves(std::string_view path)
{
    return path == "/api/token/test" || path == "/api/account" || path == "/api/account/playing" ||
           path == "/api/stream/event" || path.starts_with("/api/bot/") || path.starts_with(challenge_prefix) ||
           path.starts_with(user_prefix) || path == "/api/users/status" || path.starts_with(export_prefix) ||
           path.starts_with(arena_prefix) || path.starts_with(swiss_prefix);
}

void BotApi::handle(ApiRequest request, Answer answer)
{
    // Every request counts against its address, the public ones too.
    if (const auto wait = per_address_.take("address " + request.address)) {
        auto refused = lichess_error(429, "too many requests from your address; wait " + std::to_string(*wait) + " s");
        refused.retry_after_s = *wait;
        return answer(std::move(refused));
    }
    const std::string path(request.path);
    const bool get = request.method == "GET" || request.method == "HEAD";
    const bool post = request.method == "POST";

    if (path == "/api/token/test") return post ? token_test(request, answer) : answer(method_not_allowed("POST"));
    if (path == "/api/users/status") return get ? users_status(request, answer) : answer(method_not_allowed("GET"));
    if (path == "/api/bot/online") return get ? bots_online(request, answer) : answer(method_not_allowed("GET"));
    if (path.starts_with(user_prefix))
        return get ? user(path.substr(user_prefix.size()), answer) : answer(method_not_allowed("GET"));
    if (path.starts_with(export_prefix))
        return get ? game_export(request, path.substr(export_prefix.size()), answer)
                   : answer(method_not_allowed("GET"));

    if (path == "/api/account") {
        if (!get) return answer(method_not_allowed("GET"));
        return authorise(request, {}, false, answer, [this, answer](Caller caller) { account(caller, answer); });
    }
    if (path == "/api/account/playing") {
        if (!get) return answer(method_not_allowed("GET"));
        return authorise(request, {}, false, answer,
                         [this, request, answer](Caller caller) { playing(caller, request, answer); });
    }
    if (path == "/api/bot/account/upgrade") {
        if (!post) return answer(method_not_allowed("POST"));
        return authorise(request, {ApiScope::BotPlay}, false, answer,
                         [this, answer](Caller caller) { upgrade(caller, answer); });
    }
    // A streamed answer has a body by nature: GET only, not HEAD.
    const bool get_only = request.method == "GET";
    if (path == "/api/stream/event") {
        if (!get_only) return answer(method_not_allowed("GET"));
        return authorise(request, {ApiScope::BotPlay, ApiScope::ChallengeRead}, true, answer,
                         [this, request, answer](Caller caller) { event_stream(caller, request, answer); });
    }
    if (path.starts_with(game_stream_prefix)) {
        if (!get_only) return answer(method_not_allowed("GET"));
        const auto id = game_name_of(std::string_view(path).substr(game_stream_prefix.size()));
        if (!id) return answer(lichess_error(404, "No such game"));
        return authorise(request, {ApiScope::BotPlay}, true, answer,
                         [this, request, id, answer](Caller caller) { game_stream(caller, request, *id, answer); });
    }
    if (path.starts_with(game_prefix)) {
        // /api/bot/game/{id}/{action}[/{argument}]
        const auto parts = segments(std::string_view(path).substr(game_prefix.size()));
        const auto id = parts.empty() ? std::nullopt : game_name_of(parts[0]);
        if (!id || parts.size() < 2 || parts.size() > 3) return answer(lichess_error(404, "No such endpoint"));
        if (!post) return answer(method_not_allowed("POST"));
        return authorise(request, {ApiScope::BotPlay}, true, answer, [this, request, id, parts, answer](Caller caller) {
            game_action(caller, request, *id, parts[1], parts.size() == 3 ? parts[2] : "", answer);
        });
    }
    if (path.starts_with(challenge_prefix)) {
        // /api/challenge/{user}, /api/challenge/{id}/{accept|decline|cancel}
        const auto parts = segments(std::string_view(path).substr(challenge_prefix.size()));
        if (parts.empty() || parts[0].empty() || parts.size() > 2)
            return answer(lichess_error(404, "No such endpoint"));
        if (!post) return answer(method_not_allowed("POST"));
        if (parts.size() == 1)
            return authorise(request, {ApiScope::ChallengeWrite, ApiScope::BotPlay}, true, answer,
                             [this, request, to = parts[0], answer](Caller caller) {
                                 create_challenge(caller, request, to, answer);
                             });
        if (parts[1] != "accept" && parts[1] != "decline" && parts[1] != "cancel")
            return answer(lichess_error(404, "No such endpoint"));
        return authorise(request, {ApiScope::ChallengeWrite, ApiScope::BotPlay}, true, answer,
                         [this, request, id = parts[0], action = parts[1], answer](Caller caller) {
                             answer_challenge(caller, request, id, action, answer);
                         });
    }
    if (path.starts_with(arena_prefix) || path.starts_with(swiss_prefix)) {
        // /api/tournament/{id}/join|withdraw, /api/swiss/{id}/join|withdraw
        const auto rest =
            std::string_view(path).substr(path.starts_with(arena_prefix) ? arena_prefix.size() : swiss_prefix.size());
        const auto parts = segments(rest);
        const auto id = parts.empty() ? std::nullopt : positive_id(parts[0]);
        if (!id || parts.size() != 2 || (parts[1] != "join" && parts[1] != "withdraw"))
            return answer(lichess_error(404, "No such endpoint"));
        if (!post) return answer(method_not_allowed("POST"));
        return authorise(request, {ApiScope::TournamentWrite, ApiScope::BotPlay}, true, answer,
                         [this, request, id, action = parts[1], answer](Caller caller) {
                             tournament_entry(caller, request, *id, action, answer);
                         });
    }
    answer(lichess_error(404, "No such endpoint"));
}

void BotApi::authorise(const ApiRequest& request, std::vector<ApiScope> scopes, bool bot_only, Answer answer,
                       Authorised then)
{
    if (!request.bearer_token) return answer(lichess_error(401, "No such token: send Authorization: Bearer <token>"));
    reads_.read([hash = identity::token_hash(*request.bearer_token)](
                    db::StoreReader& reader) { return reader.api_token(hash); },
                [this, scopes = std::move(scopes), bot_only, answer = std::move(answer),
                 then = std::move(then)](db::ReadResult<std::optional<db::ApiTokenRecord>> token) {
                    if (!token) {
                        spdlog::error("bot api: reading a token failed: {}", token.error().message);
                        return answer(lichess_error(503, "the server cannot check tokens now; try again"));
                    }
                    if (!*token) return answer(lichess_error(401, "No such token"));
                    Caller caller{std::move(**token), {}};
                    caller.scopes = ScopeSet::from_names(caller.token.scopes).value_or(ScopeSet{});
                    if (const auto wait = per_token_.take(caller.token.hash)) {
                        auto refused = lichess_error(429, "too many requests with this token: at most " +
                                                              std::to_string(config_.requests_per_minute) +
                                                              " a minute; wait " + std::to_string(*wait) + " s");
                        refused.retry_after_s = *wait;
                        return answer(std::move(refused));
                    }
                    note_use(caller.token);
                    if (!scopes.empty()) {
                        bool held = false;
                        for (const auto scope : scopes) held = held || caller.scopes.has(scope);
                        if (!held) {
                            std::string names;
                            for (const auto scope : scopes)
                                names += (names.empty() ? "" : " or ") + std::string(scope_name(scope));
                            return answer(lichess_error(403, "Missing scope: this endpoint needs " + names));
                        }
                    }
                    if (bot_only && !caller.token.bot)
                        return answer(lichess_error(403, "This endpoint is for bot accounts only; turn the account "
                                                         "into a bot with POST /api/bot/account/upgrade first"));
                    then(std::move(caller));
                });
}

void BotApi::note_use(const db::ApiTokenRecord& token)
{
    const auto now = std::chrono::steady_clock::now();
    {
        std::lock_guard lock(used_mutex_);
        auto& last = last_noted_[token.hash];
        if (last != std::chrono::steady_clock::time_point{} && now - last < use_noted_every) return;
        last = now;
    }
    writer_.submit(db::ApiTokenUsed{token.hash, wall_clock_ms()}, [](std::optional<db::StoreError> error) {
        if (error && error->kind != db::StoreFailure::Refused)
            spdlog::warn("bot api: noting a token's use failed: {}", error->message);
    });
}

std::shared_ptr<BotSession> BotApi::session_of(const Caller& caller, const ApiRequest& request)
{
    return sessions_.session(caller.identity(), request.address);
}

} // namespace rochade::server::bots
