// One HTTP/1.1 connection: keep-alive requests with time, header and body limits. Serves
// GET /health, GET /metrics (when config.metrics.access admits the peer), the account
// endpoints under /api/ (AccountApi), the admin API under /api/admin/ (AdminApi; both after an
// Origin check), the browser client's static
// files from config.web_root, and hands a WebSocket upgrade on /ws to a WsSession once its
// Origin passed. An over-capacity session answers every request with 503. Every request's client
// is the socket's peer or, from a trusted proxy, the one its X-Forwarded-For names
// (server/config/trusted_proxies.h): the metrics check, the APIs and the WebSocket session see that one.
#pragma once

#include <functional>
#include <memory>
#include <optional>

#include "server/api/account_api.h"
#include "server/net/beast.h"
#include "server/net/http_endpoints.h"
#include "server/net/session_services.h"

namespace rochade::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    struct OverCapacity {};

    HttpSession(tcp::socket&& socket, SessionServices& services, const HttpEndpoints& endpoints, SocketSlot slot);
    HttpSession(tcp::socket&& socket, SessionServices& services, const HttpEndpoints& endpoints, SocketSlot slot,
                OverCapacity);

    void run();

private:
    void read_request();
    // The header is read first: its path decides the body limit (larger for the admin API).
    void on_header(beast::error_code ec, std::size_t bytes);
    void on_read(beast::error_code ec, std::size_t bytes);
    void respond(http::message_generator response);
    void on_write(bool keep_alive, beast::error_code ec, std::size_t bytes);
    void upgrade(http::request<http::string_body> request);
    // A streamed answer (the Bot API's NDJSON streams): an NdjsonStream takes the socket.
    void open_stream(unsigned version, std::function<void(std::shared_ptr<LineStream>)> opened);
    // /api/ account endpoints: answered later, from the authenticator's thread.
    void account_request(http::request<http::string_body> request);
    // /api/admin/: answered later, from the authenticator's, the store's or the moderation's thread.
    void admin_request(http::request<http::string_body> request);
    // The public archive: answered later, from the store's read thread.
    // Profiles and leaderboards too (ArchiveApi, PlayerApi): anyone may read them.
    template <class Api> void public_request(http::request<http::string_body> request, Api& api);
    // Hands the request's parts to `handle` and writes the answer it gets back on this strand.
    void api_request(http::request<http::string_body> request,
                     const std::function<void(ApiRequest, std::function<void(ApiResponse)>)>& handle);
    void close();
    // The client of the request just read (client_, client_forwarded_): the socket's peer, or
    // whom a trusted proxy names in X-Forwarded-For. Per request, since a proxy may send several
    // clients' requests over one connection. A trusted peer's malformed header: the error, which
    // the request is answered with (400).
    std::optional<std::string> find_client(const http::request<http::string_body>& request);

    beast::tcp_stream stream_;
    beast::flat_buffer buffer_;
    SessionServices& services_;
    const HttpEndpoints& endpoints_;
    SocketSlot slot_;
    bool over_capacity_ = false;
    PeerAddress client_;
    bool client_forwarded_ = false; // client_ came from X-Forwarded-For, not the socket
    // Emplaced anew for each request, so that the limits apply per request.
    std::optional<http::request_parser<http::string_body>> parser_;
};

} // namespace rochade::server
