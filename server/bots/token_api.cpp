#include "server/bots/token_api.h"

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/api_token_records.h"
#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/utf8.h"
#include "server/api/reply.h"
#include "server/base/wall_clock.h"
#include "server/bots/api_scope.h"
#include "server/identity/secrets.h"

namespace rochade::server::bots {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

constexpr std::string_view tokens_path = "/api/tokens";

json token_json(const db::ApiTokenRecord& token)
{
    json out{{"id", token.hash},
             {"description", token.description},
             {"scopes", token.scopes},
             {"created_ms", token.created_at_ms},
             {"last_used_ms", nullptr}};
    if (token.last_used_at_ms) out["last_used_ms"] = *token.last_used_at_ms;
    return out;
}

bool is_hex_id(std::string_view id)
{
    if (id.size() != 64) return false;
    for (const char c : id)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

} // namespace

TokenApi::TokenApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads,
                   db::StoreWriter& writer)
    : authenticator_(std::move(authenticator)), reads_(reads), writer_(writer)
{
}

void TokenApi::handle(ApiRequest request, std::function<void(ApiResponse)> answer)
{
    const bool listing = request.path == tokens_path;
    const std::string id = listing ? "" : std::string(request.path.substr(tokens_path.size() + 1));
    const std::string_view allowed = listing ? "GET, POST" : "DELETE";
    if ((listing && request.method != "GET" && request.method != "POST") || (!listing && request.method != "DELETE")) {
        auto refused = admin_error(ErrorCode::BadRequest, "tokens: use " + std::string(allowed), 405);
        refused.allow = std::string(allowed);
        return answer(std::move(refused));
    }
    if (!listing && !is_hex_id(id)) return answer(admin_error(ErrorCode::BadRequest, "tokens: no such token id", 404));
    std::string description;
    std::vector<std::string> scopes;
    if (request.method == "POST") {
        // A change of state: JSON only, so a plain HTML form of another site cannot send one.
        if (!request.content_type.starts_with("application/json"))
            return answer(admin_error(ErrorCode::BadRequest, "tokens: the body must be application/json"));
        const json body = json::parse(request.body, nullptr, false);
        if (!body.is_object())
            return answer(admin_error(ErrorCode::BadRequest, "tokens: the body is not a JSON object"));
        const auto text = body.find("description");
        if (text == body.end() || !text->is_string())
            return answer(admin_error(ErrorCode::BadRequest, "tokens: field 'description' (a text) is missing"));
        description = text->get<std::string>();
        if (description.empty() || description.size() > max_description_bytes || !protocol::is_valid_utf8(description))
            return answer(admin_error(ErrorCode::BadRequest, "tokens: 'description' must be 1 to " +
                                                                 std::to_string(max_description_bytes) +
                                                                 " bytes of UTF-8"));
        const auto names = body.find("scopes");
        if (names == body.end() || !names->is_array() || names->empty())
            return answer(admin_error(ErrorCode::BadRequest,
                                      "tokens: field 'scopes' must be a list of scopes such as [\"bot:play\"]"));
        for (const auto& name : *names) {
            if (!name.is_string())
                return answer(admin_error(ErrorCode::BadRequest, "tokens: every scope must be a text"));
            scopes.push_back(name.get<std::string>());
        }
        std::string unknown;
        const auto set = ScopeSet::from_names(scopes, &unknown);
        if (!set)
            return answer(
                admin_error(ErrorCode::BadRequest,
                            "tokens: unknown scope '" + unknown.substr(0, 30) +
                                "' (known: bot:play, board:play, challenge:read, challenge:write, tournament:write)"));
        scopes = set->names(); // each once, in a fixed order
    }
    if (!request.session_cookie) return answer(admin_error(ErrorCode::NotLoggedIn, "tokens: log in first"));
    authenticator_->who(*request.session_cookie, [this, method = std::string(request.method), id,
                                                  description = std::move(description), scopes = std::move(scopes),
                                                  answer = std::move(answer)](auto result) mutable {
        if (auto* refusal = std::get_if<identity::AuthRefusal>(&result))
            return answer(admin_error(refusal->code, "tokens: " + refusal->message));
        const identity::Identity who = std::get<identity::Authenticator::CookieSession>(result).identity;
        if (who.principal.kind != identity::Principal::Kind::Account)
            return answer(admin_error(ErrorCode::Forbidden, "tokens: a guest has no account to make tokens for; "
                                                            "register first"));
        if (method == "GET") return list(who, std::move(answer));
        if (method == "POST") return create(who, std::move(description), std::move(scopes), std::move(answer));
        revoke(who, std::move(id), std::move(answer));
    });
}

void TokenApi::list(const identity::Identity& who, std::function<void(ApiResponse)> answer)
{
    reads_.read([account = who.principal.id](db::StoreReader& reader) { return reader.api_tokens_of(account); },
                [answer = std::move(answer)](db::ReadResult<std::vector<db::ApiTokenRecord>> tokens) {
                    if (!tokens) return answer(store_unreadable("tokens", "reading your tokens", tokens.error()));
                    json listed = json::array();
                    for (const auto& token : *tokens) listed.push_back(token_json(token));
                    answer(admin_json(json{{"tokens", std::move(listed)}}));
                });
}

void TokenApi::create(const identity::Identity& who, std::string description, std::vector<std::string> scopes,
                      std::function<void(ApiResponse)> answer)
{
    // Counted from the store, then written: two creations at once may both pass the count, which
    // costs one token over the bound, never a wrong one.
    reads_.read(
        [account = who.principal.id](db::StoreReader& reader) { return reader.api_tokens_of(account).size(); },
        [this, who, description = std::move(description), scopes = std::move(scopes),
         answer = std::move(answer)](db::ReadResult<std::size_t> count) mutable {
            if (!count) return answer(store_unreadable("tokens", "counting your tokens", count.error()));
            if (*count >= max_tokens_per_account)
                return answer(admin_error(ErrorCode::LimitReached, "tokens: at most " +
                                                                       std::to_string(max_tokens_per_account) +
                                                                       " tokens per account; revoke one first"));
            const std::string token = std::string(token_prefix) + identity::new_token();
            db::ApiTokenRecord made;
            made.hash = identity::token_hash(token);
            made.account_id = who.principal.id;
            made.description = std::move(description);
            made.scopes = std::move(scopes);
            made.created_at_ms = wall_clock_ms();
            writer_.submit(
                db::ApiTokenCreated{made.hash, made.account_id, made.description, made.scopes, made.created_at_ms},
                [made, token, nick = who.nick, answer](std::optional<db::StoreError> error) {
                    if (error) {
                        spdlog::error("tokens: storing a token of {} failed: {}", nick, error->message);
                        return answer(admin_error(ErrorCode::StorageUnavailable,
                                                  "tokens: the token could not be stored now; try again"));
                    }
                    spdlog::info("tokens: {} made a token ({})", nick, db::scopes_text(made.scopes));
                    json shown = token_json(made);
                    shown["token"] = token;
                    answer(admin_json(shown, 201));
                });
        });
}

void TokenApi::revoke(const identity::Identity& who, std::string id, std::function<void(ApiResponse)> answer)
{
    writer_.submit(
        db::ApiTokenRevoked{id, who.principal.id, wall_clock_ms()},
        [nick = who.nick, answer = std::move(answer)](std::optional<db::StoreError> error) {
            if (!error) {
                spdlog::info("tokens: {} revoked a token", nick);
                return answer(admin_json(json{{"revoked", true}}));
            }
            if (error->kind == db::StoreFailure::Refused)
                return answer(admin_error(ErrorCode::BadRequest, "tokens: no such token of yours", 404));
            spdlog::error("tokens: revoking a token of {} failed: {}", nick, error->message);
            answer(admin_error(ErrorCode::StorageUnavailable, "tokens: the token could not be revoked now; try again"));
        });
}

} // namespace rochade::server::bots
