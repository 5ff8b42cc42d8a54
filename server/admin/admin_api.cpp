#include "server/admin/admin_api.h"

#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_error.h" // db::StoreError, what a failed read gives
#include "server/admin/admin_actions.h"
#include "server/admin/admin_live.h"
#include "server/admin/admin_records.h"
#include "server/api/game_pgn.h"
#include "server/api/games_json.h"
#include "server/api/reply.h"
#include "server/identity/authenticator.h"
#include "server/moderation/moderation.h"

namespace rochade::server {

using protocol::ErrorCode;
using protocol::Role;

namespace {

constexpr std::string_view prefix = "/api/admin/";

ApiResponse wrong_method(std::string_view endpoint, std::string_view method)
{
    auto response = admin_error(ErrorCode::BadRequest,
                                std::string(endpoint) + ": use " + std::string(method) + " (see docs/admin.md)", 405);
    response.allow = std::string(method);
    return response;
}

} // namespace

AdminApi::AdminApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads,
                   Moderation& moderation, PgnSite site)
    : authenticator_(std::move(authenticator)), reads_(reads), moderation_(moderation), site_(std::move(site))
{
}

bool AdminApi::serves(std::string_view path) { return path.starts_with(prefix); }

void AdminApi::handle(ApiRequest request, Answer answer)
{
    if (!request.session_cookie)
        return answer(admin_error(ErrorCode::NotLoggedIn, "admin API: log in first (no session cookie)"));
    // The views point into the HTTP session's request; the answer to who() comes later, so the
    // parts are kept here until then.
    struct Kept {
        std::string method, path, query, content_type;
        ApiRequest request;
    };
    auto kept =
        std::make_shared<Kept>(Kept{std::string(request.method), std::string(request.path), std::string(request.query),
                                    std::string(request.content_type), std::move(request)});
    kept->request.method = kept->method;
    kept->request.path = kept->path;
    kept->request.query = kept->query;
    kept->request.content_type = kept->content_type;
    const std::string cookie = *kept->request.session_cookie;
    authenticator_->who(cookie, [this, kept, answer = std::move(answer)](auto result) {
        if (auto* refusal = std::get_if<identity::AuthRefusal>(&result))
            return answer(admin_error(refusal->code, "admin API: " + refusal->message));
        handle_as(std::get<identity::Authenticator::CookieSession>(result).identity, kept->request, answer);
    });
}

void AdminApi::handle_as(const identity::Identity& who, const ApiRequest& request, Answer answer)
{
    const std::string_view endpoint = request.path.substr(prefix.size());
    const auto action = parse_moderation_action(endpoint);
    if (!protocol::role_allows(who.role, Role::Moderator)) {
        const std::string message = "admin API: needs the moderator role";
        spdlog::warn("admin API: {} ({}) refused {} {}: needs the moderator role", who.nick,
                     protocol::role_name(who.role), std::string(request.method), std::string(request.path));
        moderation_.log_refusal(who, request.address, action ? std::string(endpoint) : "read " + std::string(endpoint),
                                "", message);
        return answer(admin_error(ErrorCode::Forbidden, message));
    }
    if (action) return act(who, request, endpoint, std::move(answer));

    const bool admin = protocol::role_allows(who.role, Role::Admin);
    const bool known = endpoint == "games" || endpoint.starts_with("games/") || endpoint == "live" ||
                       endpoint == "sanctions" || endpoint == "audit" || endpoint == "chat";
    if (!known)
        return answer(admin_error(ErrorCode::BadRequest,
                                  "admin API: no endpoint " + std::string(request.path) + " (see docs/admin.md)", 404));
    if (request.method != "GET") return answer(wrong_method(endpoint.substr(0, endpoint.find('/')), "GET"));

    if (endpoint == "games") return search_games(request.query, std::move(answer));
    if (endpoint == "audit") return read_audit(request.query, std::move(answer));
    if (endpoint == "chat") return search_chat(request.query, std::move(answer));
    if (endpoint.starts_with("games/")) {
        if (!request.query.empty())
            return answer(admin_error(ErrorCode::BadRequest, "games/{id}: takes no query parameters"));
        return read_game(endpoint.substr(6), std::move(answer));
    }
    if (!request.query.empty())
        return answer(admin_error(ErrorCode::BadRequest, std::string(endpoint) + ": takes no query parameters"));
    if (endpoint == "live")
        return moderation_.live(admin, [admin, answer](LiveView view) { answer(admin_json(live_json(view, admin))); });
    moderation_.sanctions([admin, answer](std::vector<db::SanctionRecord> sanctions) {
        answer(admin_json(sanctions_json(sanctions, admin)));
    });
}

void AdminApi::search_games(std::string_view query_text, Answer answer)
{
    auto query = parse_game_query(query_text);
    if (!query) return answer(admin_error(ErrorCode::BadRequest, "games: " + query.error()));
    reads_.read([query = *query](db::StoreReader& reader) { return game_page_json(reader.find_games(query)); },
                [answer](db::ReadResult<nlohmann::json> page) {
                    if (!page) return answer(store_unreadable("admin API", "games", page.error()));
                    answer(admin_json(*page));
                });
}

void AdminApi::read_audit(std::string_view query_text, Answer answer)
{
    auto query = parse_audit_query(query_text);
    if (!query) return answer(admin_error(ErrorCode::BadRequest, "audit: " + query.error()));
    reads_.read([query = *query](db::StoreReader& reader) { return audit_page_json(reader.audit_log(query)); },
                [answer](db::ReadResult<nlohmann::json> page) {
                    if (!page) return answer(store_unreadable("admin API", "audit", page.error()));
                    answer(admin_json(*page));
                });
}

void AdminApi::search_chat(std::string_view query_text, Answer answer)
{
    auto query = parse_chat_query(query_text);
    if (!query) return answer(admin_error(ErrorCode::BadRequest, "chat: " + query.error()));
    reads_.read([query = *query](db::StoreReader& reader) { return chat_page_json(reader.find_chat(query)); },
                [after = query->after, answer](db::ReadResult<nlohmann::json> page) {
                    if (page) return answer(admin_json(*page));
                    // The page size is checked above, so a refusal is the cursor's: not one the store made.
                    if (page.error().kind == db::StoreFailure::Refused)
                        return answer(
                            admin_error(ErrorCode::BadRequest, "chat: query parameter 'after' wants the \"next\" of a "
                                                               "previous page, not '" +
                                                                   after.value_or("") + "'"));
                    answer(store_unreadable("admin API", "chat", page.error()));
                });
}

void AdminApi::read_game(std::string_view rest, Answer answer)
{
    const auto path = parse_game_path(rest);
    if (!path)
        return answer(admin_error(ErrorCode::NoSuchGame,
                                  "games/" + std::string(rest) + ": a game id is a positive number, like games/4711"));
    reads_.read([game_id = path->game_id](db::StoreReader& reader) { return reader.game_log(game_id); },
                [this, path = *path, answer](db::ReadResult<std::optional<db::GameLog>> log) {
                    if (!log)
                        return answer(
                            store_unreadable("admin API", "game " + std::to_string(path.game_id), log.error()));
                    if (!*log)
                        return answer(admin_error(ErrorCode::NoSuchGame, "no game " + std::to_string(path.game_id)));
                    if (!path.pgn) return answer(admin_json(game_log_json(**log)));
                    const StoredGamePgn pgn = stored_game_pgn(**log, site_);
                    if (!pgn.problem.empty()) spdlog::warn("admin API: game {} as PGN: {}", path.game_id, pgn.problem);
                    ApiResponse response;
                    response.body = pgn.text;
                    response.content_type = "application/x-chess-pgn; charset=utf-8";
                    response.content_disposition = "attachment; filename=\"" + pgn_file_name(path.game_id) + "\"";
                    answer(std::move(response));
                });
}

void AdminApi::act(const identity::Identity& who, const ApiRequest& request, std::string_view action, Answer answer)
{
    // POST with a JSON body only: a plain HTML form of another site cannot send one (and the
    // cookie is SameSite=Strict, and the HTTP session checked the Origin).
    if (request.method != "POST") return answer(wrong_method(action, "POST"));
    if (!request.content_type.starts_with("application/json"))
        return answer(admin_error(ErrorCode::BadRequest, std::string(action) + ": the body must be application/json"));
    if (!request.query.empty())
        return answer(admin_error(ErrorCode::BadRequest,
                                  std::string(action) + ": takes its fields in the JSON body, not in the query"));
    auto parsed = parse_moderation_request(*parse_moderation_action(action), request.body);
    if (!parsed) {
        moderation_.log_refusal(who, request.address, std::string(action), "", parsed.error());
        return answer(admin_error(ErrorCode::BadRequest, parsed.error()));
    }
    moderation_.act(who, request.address, std::move(*parsed), [answer](ModerationResult result) {
        if (const auto* refused = std::get_if<ModerationRefused>(&result))
            return answer(admin_error(refused->code, refused->message));
        answer(admin_json(moderation_done_json(std::get<ModerationDone>(result))));
    });
}

} // namespace rochade::server
