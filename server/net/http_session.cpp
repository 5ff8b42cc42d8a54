#include "server/net/http_session.h"

#include <algorithm>
#include <chrono>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "server/admin/admin_api.h"
#include "server/api/account_api.h"
#include "server/api/analysis_api.h"
#include "server/api/archive_api.h"
#include "server/api/challenge_setting_api.h"
#include "server/api/player_api.h"
#include "server/api/position_api.h"
#include "server/base/metrics.h"
#include "server/bots/bot_api.h"
#include "server/bots/token_api.h"
#include "server/identity/password_hasher.h"
#include "server/net/metrics_access.h"
#include "server/net/ndjson_stream.h"
#include "server/net/static_files.h"
#include "server/net/static_representation.h"
#include "server/net/ws_session.h"
#include "server/router/router.h"
#include "server/tournaments/tournament_export_api.h"

namespace rochade::server {

namespace {

// Requests are small: a GET with a few headers. Anything bigger is not for us, but for an admin
// action, whose reason may have 500 characters (AdminApi::max_body_bytes).
constexpr std::size_t header_limit = 8 * 1024;
constexpr std::size_t body_limit = 1024;
// How long a keep-alive connection may take to send its next request.
constexpr std::chrono::seconds request_timeout{30};
constexpr std::chrono::seconds over_capacity_timeout{5};
// Appended to by a reverse proxy (HAProxy's `option forwardfor`, nginx's proxy_add_x_forwarded_for).
constexpr std::string_view forwarded_for_header = "X-Forwarded-For";

// No version in the Server header: it tells a scanner which bugs to try (GET /health names it).
const char* const server_name = "Rochade";
// The browser client's pages load scripts, styles and images from this origin only and talk to
// this host's socket. 'unsafe-inline' styles: the board's promotion chooser places its buttons
// with a style attribute (web/js/board_view.js); scripts stay strictly same-origin.
const char* const page_security_policy =
    "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

// The headers every response carries: who answers, and no guessing of content types by the
// browser (a JSON error or a chat text must never be run as HTML).
template <class Response> void set_common_headers(Response& response)
{
    response.set(http::field::server, server_name);
    response.set("X-Content-Type-Options", "nosniff");
}

template <class Request>
http::response<http::string_body> text_response(const Request& request, http::status status,
                                                std::string_view content_type, std::string body)
{
    http::response<http::string_body> response{status, request.version()};
    set_common_headers(response);
    response.set(http::field::content_type, content_type);
    response.keep_alive(request.keep_alive());
    response.body() = std::move(body);
    response.prepare_payload();
    if (request.method() == http::verb::head) response.body().clear();
    return response;
}

// A fixed sentence: echoing the target would let a link put its text on our origin.
template <class Request> http::response<http::string_body> not_found(const Request& request)
{
    return text_response(request, http::status::not_found, "text/plain; charset=utf-8",
                         "there is nothing at this address\n");
}

// GET /health: 200 while a new client would be served, 503 with the reason at max_connections,
// so a load balancer sends the next client elsewhere. The probe's own socket counts: it holds
// one of the slots while it asks.
http::status health_status(const SessionServices& services)
{
    return services.open_sockets.load() >= services.config.limits.max_connections ? http::status::service_unavailable
                                                                                  : http::status::ok;
}

std::string health_json(const SessionServices& services, http::status status)
{
    const auto uptime = std::chrono::steady_clock::now() - services.started_at;
    const auto& limits = services.config.limits;
    auto answer = nlohmann::json{
        {"status", status == http::status::ok ? "ok" : "full"},
        {"version", ROCHADE_VERSION},
        {"uptime_s", std::chrono::duration_cast<std::chrono::seconds>(uptime).count()},
        {"connections", services.sessions.size()},
        {"games", services.metrics.games_running.value()},
    };
    if (status != http::status::ok)
        answer["reason"] = "at max_connections: " + std::to_string(services.open_sockets.load()) + " of " +
                           std::to_string(limits.max_connections) + " sockets open";
    return answer.dump();
}

// GET /metrics: refused (403, naming why) to a peer the config does not admit, absent (404)
// when it is off; the text is made here, on this connection's strand, from the counters'
// atomics and the hasher's own locked accessors, so a scrape takes nothing from the game side.
template <class Request>
http::response<http::string_body> metrics_response(const SessionServices& services,
                                                   const identity::PasswordHasher& password_hasher,
                                                   const Request& request, const std::string& peer)
{
    switch (metrics_decision(services.config.metrics.access, peer)) {
    case MetricsDecision::NotFound: return not_found(request);
    case MetricsDecision::Forbidden: {
        const std::string message =
            "/metrics is served only to loopback addresses (metrics.access is \"loopback\"), not to " + peer;
        auto response = text_response(request, http::status::forbidden, "application/json",
                                      nlohmann::json{{"error", "forbidden"}, {"message", message}}.dump() + "\n");
        response.set(http::field::cache_control, "no-store");
        return response;
    }
    case MetricsDecision::Serve: break;
    }
    if (request.method() != http::verb::get && request.method() != http::verb::head) {
        auto response = text_response(request, http::status::method_not_allowed, "text/plain; charset=utf-8",
                                      "/metrics answers GET and HEAD only\n");
        response.set(http::field::allow, "GET, HEAD");
        return response;
    }
    Metrics::Readings readings;
    readings.password_hashes_waiting = password_hasher.waiting();
    readings.password_hashes_running = password_hasher.running();
    auto response = text_response(request, http::status::ok, "text/plain; version=0.0.4; charset=utf-8",
                                  services.metrics.render(readings));
    response.set(http::field::cache_control, "no-store");
    return response;
}

// The token of an `Authorization: Bearer <token>` header (RFC 6750 2.1), if it has one.
std::optional<std::string> bearer_token(std::string_view header)
{
    constexpr std::string_view scheme = "Bearer ";
    if (header.size() <= scheme.size() || !beast::iequals(header.substr(0, scheme.size()), scheme)) return std::nullopt;
    auto token = header.substr(scheme.size());
    while (!token.empty() && token.front() == ' ') token.remove_prefix(1);
    while (!token.empty() && token.back() == ' ') token.remove_suffix(1);
    if (token.empty()) return std::nullopt;
    return std::string(token);
}

// The path of a target without its query.
std::string_view target_path(std::string_view target) { return target.substr(0, target.find('?')); }

// The validators and caching rules of a static file's answer, on 200 and 304 alike.
template <class Response> void set_caching_headers(Response& response, const StaticRepresentation& representation)
{
    response.set(http::field::etag, representation.etag);
    response.set(http::field::last_modified, representation.last_modified);
    response.set(http::field::cache_control, representation.cache_control);
    if (representation.has_copies) response.set(http::field::vary, "Accept-Encoding");
}

// A file of the browser client: the copy the browser accepts (server/net/static_representation.h),
// or 304 when the browser's own copy is still current.
template <class Request> http::message_generator static_file_response(const SessionServices& services, Request& request)
{
    const auto file = find_static_file(services.config.web_root, request.target());
    if (!file) return not_found(request);
    const auto representation = choose_representation(*file, request[http::field::accept_encoding]);
    if (!representation) return not_found(request);
    const bool is_page = file->content_type.starts_with("text/html");
    const auto headers = [&](auto& response) {
        set_common_headers(response);
        if (is_page) response.set("Content-Security-Policy", page_security_policy);
        set_caching_headers(response, *representation);
        response.keep_alive(request.keep_alive());
    };
    if (not_modified(*representation, request[http::field::if_none_match], request[http::field::if_modified_since])) {
        http::response<http::empty_body> response{http::status::not_modified, request.version()};
        headers(response);
        return response;
    }
    beast::error_code ec;
    http::file_body::value_type body;
    body.open(representation->path.c_str(), beast::file_mode::scan, ec);
    if (ec) return not_found(request);
    const auto size = body.size();
    const auto content = [&](auto& response) {
        headers(response);
        response.set(http::field::content_type, file->content_type);
        if (representation->coding != ContentCoding::Identity)
            response.set(http::field::content_encoding, coding_name(representation->coding));
        response.content_length(size);
    };
    if (request.method() == http::verb::head) {
        http::response<http::empty_body> response{http::status::ok, request.version()};
        content(response);
        return response;
    }
    http::response<http::file_body> response{std::piecewise_construct, std::make_tuple(std::move(body)),
                                             std::make_tuple(http::status::ok, request.version())};
    content(response);
    return response;
}

} // namespace

HttpSession::HttpSession(tcp::socket&& socket, SessionServices& services, const HttpEndpoints& endpoints,
                         SocketSlot slot)
    : stream_(std::move(socket)), services_(services), endpoints_(endpoints), slot_(std::move(slot))
{
}

HttpSession::HttpSession(tcp::socket&& socket, SessionServices& services, const HttpEndpoints& endpoints,
                         SocketSlot slot, OverCapacity)
    : HttpSession(std::move(socket), services, endpoints, std::move(slot))
{
    over_capacity_ = true;
}

void HttpSession::run()
{
    // The socket's executor is this connection's strand; start there.
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read_request, shared_from_this()));
}

void HttpSession::read_request()
{
    parser_.emplace();
    parser_->header_limit(header_limit);
    // The larger limit until the header names the path; on_header lowers it for all but the
    // admin API, before any byte of the body is read.
    parser_->body_limit(std::max(body_limit, AdminApi::max_body_bytes));
    stream_.expires_after(over_capacity_ ? over_capacity_timeout : request_timeout);
    http::async_read_header(stream_, buffer_, *parser_,
                            beast::bind_front_handler(&HttpSession::on_header, shared_from_this()));
}

void HttpSession::on_header(beast::error_code ec, std::size_t bytes)
{
    if (ec) return on_read(ec, bytes);
    if (!AdminApi::serves(target_path(parser_->get().target()))) {
        const auto length = parser_->content_length();
        if (length && *length > body_limit) return on_read(http::error::body_limit, bytes);
        parser_->body_limit(body_limit);
    }
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t)
{
    if (ec == http::error::end_of_stream) return close();
    if (ec == http::error::header_limit || ec == http::error::body_limit) {
        http::response<http::string_body> response{http::status::payload_too_large, 11};
        set_common_headers(response);
        response.set(http::field::content_type, "text/plain; charset=utf-8");
        response.keep_alive(false);
        response.body() = "request too large: headers over " + std::to_string(header_limit) + " bytes or body over " +
                          std::to_string(body_limit) + " bytes (" + std::to_string(AdminApi::max_body_bytes) +
                          " under /api/admin/)\n";
        response.prepare_payload();
        return respond(std::move(response));
    }
    if (ec) return; // timeout, reset, a malformed request: nothing to answer, the socket closes

    auto& request = parser_->get();
    if (over_capacity_) {
        // A health probe gets /health's own answer (503, "full", the reason), as at the limit.
        if (target_path(request.target()) == "/health") {
            auto response = text_response(request, http::status::service_unavailable, "application/json",
                                          health_json(services_, http::status::service_unavailable));
            response.set(http::field::cache_control, "no-store");
            response.keep_alive(false);
            return respond(std::move(response));
        }
        auto response = text_response(request, http::status::service_unavailable, "application/json",
                                      R"({"error":"server full","max_connections":)" +
                                          std::to_string(services_.config.limits.max_connections) + "}");
        response.keep_alive(false);
        return respond(std::move(response));
    }
    if (const auto wrong = find_client(request)) {
        // The proxy that sent it is one of ours: its configuration is wrong, and the admin
        // should see it rather than have all its clients merged into the proxy's address.
        spdlog::warn("request from trusted proxy {} refused: {}", client_.remote_address, *wrong);
        auto response = text_response(request, http::status::bad_request, "text/plain; charset=utf-8",
                                      "bad request: " + *wrong + "\n");
        response.keep_alive(false);
        return respond(std::move(response));
    }
    const std::string_view path = target_path(request.target());
    const auto origin = request.find(http::field::origin) == request.end()
                            ? std::nullopt
                            : std::optional<std::string_view>(request[http::field::origin]);
    const bool origin_ok =
        AccountApi::origin_allowed(origin, request[http::field::host], services_.config.identity.allowed_origins);
    if (websocket::is_upgrade(request)) {
        if (path != "/ws") return respond(not_found(request));
        if (!origin_ok) {
            spdlog::warn("websocket upgrade from origin '{}' refused (not an allowed origin)", std::string(*origin));
            return respond(text_response(request, http::status::forbidden, "text/plain; charset=utf-8",
                                         "this origin may not open the game socket\n"));
        }
        return upgrade(parser_->release());
    }
    if (AccountApi::serves(path)) {
        if (!origin_ok)
            return respond(text_response(request, http::status::forbidden, "application/json",
                                         R"({"error":"forbidden","message":"this origin may not call the API"})"));
        return account_request(parser_->release());
    }
    if (ChallengeSettingApi::serves(path)) {
        // The cookie's account's setting, changed by POST: the same Origin check as the account API.
        if (!origin_ok)
            return respond(text_response(request, http::status::forbidden, "application/json",
                                         R"({"error":"forbidden","message":"this origin may not call the API"})"));
        return public_request(parser_->release(), endpoints_.challenge_setting);
    }
    if (AdminApi::serves(path)) {
        if (!origin_ok)
            return respond(text_response(request, http::status::forbidden, "application/json",
                                         R"({"error":"forbidden","message":"this origin may not call the API"})"));
        return admin_request(parser_->release());
    }
    if (AnalysisApi::serves(path)) {
        // Asked for with the player's cookie (POST): the same Origin check as the account API.
        if (!origin_ok)
            return respond(text_response(request, http::status::forbidden, "application/json",
                                         R"({"error":"forbidden","message":"this origin may not call the API"})"));
        return public_request(parser_->release(), endpoints_.analysis);
    }
    if (bots::TokenApi::serves(path)) {
        // The cookie's account's tokens: the same Origin check as the account API.
        if (!origin_ok)
            return respond(text_response(request, http::status::forbidden, "application/json",
                                         R"({"error":"forbidden","message":"this origin may not call the API"})"));
        return public_request(parser_->release(), endpoints_.tokens);
    }
    // lichess's Bot API: a bearer token, never the cookie, says who asks, so no Origin needs
    // checking (a page of another site cannot set the Authorization header without a CORS
    // preflight, which this server never grants).
    if (bots::BotApi::serves(path)) return public_request(parser_->release(), endpoints_.bot_api);
    // The archive is public and only read: no cookie is used, so no Origin needs checking.
    if (ArchiveApi::serves(path)) return public_request(parser_->release(), endpoints_.archive);
    if (PlayerApi::serves(path)) return public_request(parser_->release(), endpoints_.players);
    if (TournamentExportApi::serves(path)) return public_request(parser_->release(), endpoints_.tournament_export);
    if (PositionApi::serves(path))
        return api_request(parser_->release(), [](ApiRequest api, std::function<void(ApiResponse)> answer) {
            answer(PositionApi::answer(api));
        });
    // The client, not the peer: a loopback proxy forwarding a request from outside must not
    // make it a loopback request.
    if (path == "/metrics")
        return respond(metrics_response(services_, endpoints_.password_hasher, request, client_.ip_address));
    if (request.method() != http::verb::get && request.method() != http::verb::head) {
        auto response = text_response(request, http::status::method_not_allowed, "text/plain; charset=utf-8",
                                      "only GET and HEAD are served here (and POST under /api/)\n");
        response.set(http::field::allow, "GET, HEAD");
        return respond(std::move(response));
    }
    if (path == "/health") {
        const auto status = health_status(services_);
        auto response = text_response(request, status, "application/json", health_json(services_, status));
        response.set(http::field::cache_control, "no-store");
        return respond(std::move(response));
    }
    respond(static_file_response(services_, request));
}

void HttpSession::account_request(http::request<http::string_body> request)
{
    api_request(std::move(request), [&accounts = endpoints_.accounts](ApiRequest api,
                                                                      std::function<void(ApiResponse)> answer) {
        accounts.handle(std::move(api), std::move(answer));
    });
}

void HttpSession::admin_request(http::request<http::string_body> request)
{
    api_request(std::move(request), [&admin = endpoints_.admin](ApiRequest api, std::function<void(ApiResponse)> answer) {
        admin.handle(std::move(api), std::move(answer));
    });
}

template <class Api> void HttpSession::public_request(http::request<http::string_body> request, Api& api)
{
    api_request(std::move(request), [&api](ApiRequest api_request, std::function<void(ApiResponse)> answer) {
        api.handle(api_request, std::move(answer));
    });
}

void HttpSession::api_request(http::request<http::string_body> request,
                              const std::function<void(ApiRequest, std::function<void(ApiResponse)>)>& handle)
{
    // The answer comes from another thread; the request (kept alive until then, and the views
    // below point into it) gives the response its version and keep-alive.
    auto kept = std::make_shared<http::request<http::string_body>>(std::move(request));
    ApiRequest api;
    api.method = kept->method_string();
    const std::string_view target = kept->target();
    api.path = target_path(target);
    if (const auto question = target.find('?'); question != std::string_view::npos)
        api.query = target.substr(question + 1);
    api.content_type = (*kept)[http::field::content_type];
    api.body = kept->body();
    api.session_cookie = AccountApi::session_cookie((*kept)[http::field::cookie]);
    api.address = client_.ip_address;
    api.bearer_token = bearer_token((*kept)[http::field::authorization]);
    handle(std::move(api), [self = shared_from_this(), kept](ApiResponse answer) {
        net::post(self->stream_.get_executor(), [self, kept, answer = std::move(answer)]() mutable {
            if (answer.stream) return self->open_stream(kept->version(), std::move(answer.stream));
            auto response =
                text_response(*kept, static_cast<http::status>(answer.status), answer.content_type, answer.body);
            response.set(http::field::cache_control, "no-store");
            if (answer.set_cookie) response.set(http::field::set_cookie, *answer.set_cookie);
            if (answer.content_disposition) response.set(http::field::content_disposition, *answer.content_disposition);
            if (answer.allow) response.set(http::field::allow, *answer.allow);
            if (answer.retry_after_s) response.set(http::field::retry_after, std::to_string(*answer.retry_after_s));
            self->respond(std::move(response));
        });
    });
}

void HttpSession::respond(http::message_generator response)
{
    const bool keep_alive = response.keep_alive();
    stream_.expires_after(request_timeout);
    beast::async_write(stream_, std::move(response),
                       beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t)
{
    if (ec) return;
    if (!keep_alive) return close();
    read_request();
}

void HttpSession::open_stream(unsigned version, std::function<void(std::shared_ptr<LineStream>)> opened)
{
    // The stream takes the socket and this connection's place under max_connections; this
    // session reads no further request.
    stream_.expires_never();
    auto stream = std::make_shared<NdjsonStream>(std::move(stream_), std::move(slot_));
    stream->start(version, std::move(opened));
}

void HttpSession::upgrade(http::request<http::string_body> request)
{
    // The WebSocket session takes the socket, and this connection's place under max_connections.
    stream_.expires_never();
    auto session = std::make_shared<WsSession>(TcpWsStream(stream_.release_socket()), services_, std::move(slot_));
    // The Origin was checked above, so a cookie here was sent by our own pages.
    session->session_cookie = AccountApi::session_cookie(request[http::field::cookie]);
    if (client_forwarded_) session->set_forwarded_client(client_.ip_address);
    session->start(std::move(request));
}

std::optional<std::string> HttpSession::find_client(const http::request<http::string_body>& request)
{
    beast::error_code ec;
    const auto endpoint = stream_.socket().remote_endpoint(ec);
    const std::string peer = ec ? "unknown" : endpoint.address().to_string();
    client_ = {peer, ec ? peer : peer + ":" + std::to_string(endpoint.port())};
    client_forwarded_ = false;
    std::vector<std::string_view> forwarded_for;
    const auto [first, last] = request.equal_range(forwarded_for_header);
    for (auto field = first; field != last; ++field) forwarded_for.push_back(field->value());
    if (forwarded_for.empty()) return std::nullopt;
    if (!services_.trusted_proxies.trusts(peer)) {
        // Anyone can write this header; only a trusted proxy's is read.
        spdlog::debug("X-Forwarded-For from {} ignored: not a trusted proxy", client_.remote_address);
        return std::nullopt;
    }
    auto client = services_.trusted_proxies.client_address(peer, forwarded_for);
    if (!client) return client.error();
    client_forwarded_ = true;
    client_.remote_address = *client + " (via " + client_.remote_address + ")";
    client_.ip_address = std::move(*client);
    return std::nullopt;
}

void HttpSession::close()
{
    beast::error_code ignored;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
}

} // namespace rochade::server
