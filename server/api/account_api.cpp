#include "server/api/account_api.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "protocol/account_limits.h"
#include "protocol/error_code.h"
#include "server/api/reply.h"
#include "server/identity/authenticator.h"
#include "server/config/server_config.h"

namespace rochade::server {

using protocol::ErrorCode;
using json = nlohmann::json;

namespace {

int http_status(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadCredentials:
    case ErrorCode::NotLoggedIn: return 401;
    case ErrorCode::GuestsNotAllowed:
    case ErrorCode::Forbidden:
    case ErrorCode::Banned: return 403;
    case ErrorCode::NickTaken: return 409;
    case ErrorCode::TooManyAttempts: return 429;
    case ErrorCode::Busy:
    case ErrorCode::StorageUnavailable: return 503;
    default: return 400;
    }
}

ApiResponse json_answer(int status, std::string body, std::optional<std::string> set_cookie = std::nullopt)
{
    ApiResponse response;
    response.status = status;
    response.body = std::move(body);
    response.set_cookie = std::move(set_cookie);
    return response;
}

ApiResponse error_response(ErrorCode code, std::string message)
{
    return json_answer(http_status(code),
                       admin_json_text(json{{"error", protocol::error_code_name(code)}, {"message", std::move(message)}}));
}

// A refusal as its JSON error; a ban's adds its end ("until": ms, or null for good) and reason.
ApiResponse refusal_response(const identity::AuthRefusal& refusal)
{
    if (!refusal.sanction) return error_response(refusal.code, refusal.message);
    json body{{"error", protocol::error_code_name(refusal.code)},
              {"message", refusal.message},
              {"until", refusal.sanction->until_ms ? json(*refusal.sanction->until_ms) : json(nullptr)},
              {"reason", refusal.sanction->reason}};
    if (refusal.sanction->ban) body["ban"] = protocol::ban_target_name(*refusal.sanction->ban);
    return json_answer(http_status(refusal.code), admin_json_text(body));
}

// GET /api/session without a live session.
constexpr const char* no_session_json = R"({"logged_in":false})";

json identity_json(const identity::Identity& who)
{
    return json{{"nick", who.nick}, {"guest", who.principal.guest()}, {"role", protocol::role_name(who.role)}};
}

// The string field `name` of a JSON body, or the reason it is missing.
std::optional<std::string> field(const json& body, const char* name, std::string& error)
{
    const auto found = body.find(name);
    if (found == body.end() || !found->is_string() || found->get<std::string>().empty()) {
        error = std::string("field '") + name + "' is missing (a non-empty string)";
        return std::nullopt;
    }
    return found->get<std::string>();
}

} // namespace

AccountApi::AccountApi(std::shared_ptr<identity::Authenticator> authenticator, const ServerConfig& config,
                       SignOut sign_out, NickAvailable nick_available)
    : authenticator_(std::move(authenticator)), config_(config), sign_out_(std::move(sign_out)),
      nick_available_(std::move(nick_available))
{
}

bool AccountApi::serves(std::string_view path)
{
    return path == "/api/session" || path == "/api/login" || path == "/api/register" || path == "/api/guest" ||
           path == "/api/logout" || path == "/api/password";
}

std::optional<std::string> AccountApi::session_cookie(std::string_view header)
{
    // "a=1; rochade_session=TOKEN; b=2"
    while (!header.empty()) {
        const auto end = header.find(';');
        std::string_view pair = header.substr(0, end);
        while (!pair.empty() && pair.front() == ' ') pair.remove_prefix(1);
        if (pair.size() > cookie_name.size() && pair.starts_with(cookie_name) && pair[cookie_name.size()] == '=') {
            const auto value = pair.substr(cookie_name.size() + 1);
            if (!value.empty() && value.size() <= 128) return std::string(value);
        }
        if (end == std::string_view::npos) break;
        header.remove_prefix(end + 1);
    }
    return std::nullopt;
}

bool AccountApi::origin_allowed(std::optional<std::string_view> origin, std::string_view host,
                                const std::vector<std::string>& allowed)
{
    if (!origin) return true;
    if (!allowed.empty()) return std::find(allowed.begin(), allowed.end(), *origin) != allowed.end();
    if (host.empty()) return false;
    for (const std::string_view scheme : {"http://", "https://"})
        if (origin->size() == scheme.size() + host.size() && origin->starts_with(scheme) && origin->ends_with(host))
            return true;
    return false;
}

std::string AccountApi::cookie_for(const std::string& token) const
{
    return std::string(cookie_name) + "=" + token +
           "; Path=/; HttpOnly; SameSite=Strict; Max-Age=" + std::to_string(config_.identity.session_max_ms / 1000) +
           (config_.identity.secure_cookies ? "; Secure" : "");
}

std::string AccountApi::expired_cookie() const
{
    // Appended in place, not as `std::string(cookie_name) + "..." + ...`: with that chain g++ 12
    // at -O3 inlines the move of the temporary (its name fits the in-object buffer) and warns
    // (-Warray-bounds) of a memcpy past that buffer, which cannot happen. The warning showed once
    // libstdc++ came in through the precompiled header (cmake/precompiled_headers.cmake), and a
    // warning-free build is the rule; here no temporary is moved.
    std::string cookie(cookie_name);
    cookie += "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0";
    if (config_.identity.secure_cookies) cookie += "; Secure";
    return cookie;
}

void AccountApi::handle(ApiRequest request, std::function<void(ApiResponse)> answer)
{
    const std::string what(request.path.substr(5)); // "login", "session", ...
    if (request.path == "/api/session") {
        if (request.method != "GET") return answer(error_response(ErrorCode::BadRequest, "session: use GET"));
        // A visitor without a session is the usual first visit, not an error: 200 saying so, so
        // that the page's check does not log a failed request in the browser's console.
        if (!request.session_cookie) return answer(json_answer(200, no_session_json, std::nullopt));
        return authenticator_->who(*request.session_cookie, [answer](auto result) {
            if (auto* refusal = std::get_if<identity::AuthRefusal>(&result)) {
                // An ended or unknown session is no session; a ban is still said as one.
                if (refusal->code == ErrorCode::NotLoggedIn)
                    return answer(json_answer(200, no_session_json, std::nullopt));
                return answer(refusal_response(*refusal));
            }
            auto session = identity_json(std::get<identity::Authenticator::CookieSession>(result).identity);
            session["logged_in"] = true;
            answer(json_answer(200, admin_json_text(session), std::nullopt));
        });
    }
    // Every other endpoint changes state: POST with a JSON body only, so a plain HTML form of
    // another site cannot send one (and the cookie is SameSite=Strict besides).
    if (request.method != "POST") return answer(error_response(ErrorCode::BadRequest, what + ": use POST"));
    if (!request.content_type.starts_with("application/json"))
        return answer(error_response(ErrorCode::BadRequest, what + ": the body must be application/json"));

    if (request.path == "/api/logout") {
        if (!request.session_cookie) return answer(json_answer(200, "{}", expired_cookie()));
        auto expired = expired_cookie();
        return authenticator_->who(*request.session_cookie, [this, answer, expired](auto result) {
            if (std::holds_alternative<identity::AuthRefusal>(result)) return answer(json_answer(200, "{}", expired));
            const auto who = std::get<identity::Authenticator::CookieSession>(result).identity;
            authenticator_->logout(who.session_id,
                                   [this, answer, expired, who](std::optional<identity::AuthRefusal> refusal) {
                                       if (refusal) return answer(refusal_response(*refusal));
                                       if (sign_out_) sign_out_(who.principal, who.session_id);
                                       answer(json_answer(200, "{}", expired));
                                   });
        });
    }

    const json body = json::parse(request.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
        return answer(error_response(ErrorCode::BadRequest, what + ": the body is not a JSON object"));
    std::string error;
    const identity::Authenticator::CookieDone done =
        [this, answer](std::variant<identity::Authenticator::CookieSession, identity::AuthRefusal> result) {
            if (auto* refusal = std::get_if<identity::AuthRefusal>(&result)) return answer(refusal_response(*refusal));
            const auto& session = std::get<identity::Authenticator::CookieSession>(result);
            answer(
                json_answer(200, admin_json_text(identity_json(session.identity)), cookie_for(session.cookie_token)));
        };
    const auto nick = request.path == "/api/password" ? std::optional<std::string>("") : field(body, "nick", error);
    if (!nick) return answer(error_response(ErrorCode::BadRequest, what + ": " + error));
    // No way in from a banned address (an admin's address ban); the nick's own ban is the
    // authenticator's to check, once it knows who the session is.
    if (auto refusal = authenticator_->address_banned(what, request.address)) return answer(refusal_response(*refusal));
    if (request.path == "/api/guest")
        return nick_available_(*nick, "guest", [this, nick = *nick, done](std::optional<identity::AuthRefusal> taken) {
            if (taken) return done(std::move(*taken));
            authenticator_->guest_cookie(nick, done);
        });

    const auto password = field(body, "password", error);
    if (!password) return answer(error_response(ErrorCode::BadRequest, what + ": " + error));
    if (password->size() > protocol::max_password_bytes)
        return answer(error_response(ErrorCode::BadRequest, what + ": field 'password' is over " +
                                                                std::to_string(protocol::max_password_bytes) +
                                                                " bytes"));
    if (request.path == "/api/login") return authenticator_->login_cookie(*nick, *password, request.address, done);
    if (request.path == "/api/register")
        return nick_available_(*nick, "register",
                               [this, nick = *nick, password = *password, address = request.address,
                                done](std::optional<identity::AuthRefusal> taken) {
                                   if (taken) return done(std::move(*taken));
                                   authenticator_->register_cookie(nick, password, address, done);
                               });

    // /api/password: the session cookie's account, its current password and the new one.
    const auto new_password = field(body, "new_password", error);
    if (!new_password) return answer(error_response(ErrorCode::BadRequest, what + ": " + error));
    if (!request.session_cookie) return answer(error_response(ErrorCode::NotLoggedIn, "password: log in first"));
    authenticator_->who(*request.session_cookie, [this, answer, password = *password, new_password = *new_password,
                                                  address = request.address](auto result) {
        if (auto* refusal = std::get_if<identity::AuthRefusal>(&result)) return answer(refusal_response(*refusal));
        authenticator_->change_password_cookie(
            std::get<identity::Authenticator::CookieSession>(result).identity, password, new_password, address,
            [this, answer](auto changed) {
                if (auto* refusal = std::get_if<identity::AuthRefusal>(&changed))
                    return answer(refusal_response(*refusal));
                const auto& session = std::get<identity::Authenticator::CookieSession>(changed);
                if (sign_out_) sign_out_(session.identity.principal, std::nullopt);
                answer(json_answer(200, admin_json_text(identity_json(session.identity)), cookie_for(session.cookie_token)));
            });
    });
}

} // namespace rochade::server
