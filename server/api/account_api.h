// The browser's account endpoints under /api/: register, log in, enter as a guest, ask who the
// session cookie names, change the password, log out. A successful login sets the session
// cookie (HttpOnly, SameSite=Strict), which the WebSocket upgrade then carries, so the page
// never holds a secret its scripts could read. Bodies are JSON; answers are JSON with the
// protocol's error codes (docs/protocol.md, "Accounts over HTTP").
//
// No Beast here: the HTTP session hands over the parts of the request that matter and writes
// the answer it gets back (on whatever thread the authenticator finished).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/api/line_stream.h"
#include "server/identity/authenticator.h"
#include "server/identity/principal.h"

namespace rochade::server {

struct ServerConfig;

struct ApiRequest {
    std::string_view method; // "GET", "POST"
    std::string_view path;
    std::string_view query; // the target after '?', without it ("" when none)
    std::string_view content_type;
    std::string body;
    std::optional<std::string> session_cookie; // the cookie's token, if the request carried one
    std::string address;                       // the client's IP, for the login throttle
    // The token of an `Authorization: Bearer <token>` header (the Bot API's personal tokens).
    std::optional<std::string> bearer_token;
};

struct ApiResponse {
    int status = 200;
    std::string body; // JSON, unless content_type says otherwise
    // A Set-Cookie header value: the new session, or its removal at logout.
    std::optional<std::string> set_cookie;
    std::string content_type = "application/json";
    std::optional<std::string> content_disposition; // a download: attachment; filename="..."
    std::optional<std::string> allow;               // the methods a 405 names
    std::optional<int> retry_after_s;               // a 429's Retry-After
    // A streamed answer (200, application/x-ndjson): the HTTP session opens the stream and hands
    // its writing end here; the body above is not sent. The connection ends with the stream.
    std::function<void(std::shared_ptr<LineStream>)> stream;
};

class AccountApi {
public:
    // Closes the open connections of a principal whose sessions ended here (all of them after a
    // password change; the one session at a logout).
    using SignOut = std::function<void(identity::Principal, std::optional<std::int64_t> session_id)>;
    // Whether a new guest or account may take a nick now (nobody online or seated holds it):
    // `then` gets nothing, or the refusal.
    using NickAvailable = std::function<void(const std::string& nick, std::string what,
                                             std::function<void(std::optional<identity::AuthRefusal>)> then)>;
    AccountApi(std::shared_ptr<identity::Authenticator> authenticator, const ServerConfig& config, SignOut sign_out,
               NickAvailable nick_available);

    // Whether `path` is an account endpoint (the HTTP session then asks handle()).
    static bool serves(std::string_view path);
    // The name of the session cookie.
    static constexpr std::string_view cookie_name = "rochade_session";
    // The token of the session cookie in a Cookie header's value, if there is one.
    static std::optional<std::string> session_cookie(std::string_view cookie_header);
    // Whether a request with this Origin header may open the WebSocket or call the API: no
    // Origin (not a browser: tools, bots, the load generator), an origin in `allowed`, or, when
    // `allowed` is empty, the server's own origin (http:// or https:// and the Host header).
    // This is what stops another site's page from using a visitor's cookie (cross-site
    // WebSocket hijacking).
    static bool origin_allowed(std::optional<std::string_view> origin, std::string_view host,
                               const std::vector<std::string>& allowed);

    // Answers `request` through `answer`, exactly once.
    void handle(ApiRequest request, std::function<void(ApiResponse)> answer);

private:
    std::string cookie_for(const std::string& token) const;
    std::string expired_cookie() const;

    std::shared_ptr<identity::Authenticator> authenticator_;
    const ServerConfig& config_;
    SignOut sign_out_;
    NickAvailable nick_available_;
};

} // namespace rochade::server
