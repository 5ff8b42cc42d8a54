// What the game side of the server sees of a client: a connection that can be sent frames,
// closed, and handed work to run on its own strand. No Beast or Asio in this header, so the
// lobby, rooms and tables do not pull them in.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/encode.h"
#include "protocol/error_code.h"
#include "protocol/messages.h"
#include "server/clients/fan_out.h"

namespace rochade::server {

// WebSocket close codes the server uses (RFC 6455 section 7.4.1).
enum class CloseCode : std::uint16_t {
    Normal = 1000,
    GoingAway = 1001,       // the server shuts down
    PolicyViolation = 1008, // message rate exceeded, a client that does not read, kicked or banned
    MessageTooBig = 1009,
    InternalError = 1011,
    ServiceRestart = 1012, // the node that owned a table of this client's is gone: reconnect, resume
    Replaced = 4000,       // the same player connected again (resume) and this one was dropped
};

struct Client; // the router's per-connection state (server/clients/client.h)

// Who is at the other end of a session: the client's IP address, which the per-address limits,
// the login throttle and address bans count, and how to name the connection in logs ("ip:port",
// or "client-ip (via proxy-ip:port)" when a trusted proxy forwarded it, server/config/trusted_proxies.h).
struct PeerAddress {
    std::string ip_address;
    std::string remote_address;
};

class Connection {
public:
    virtual ~Connection() = default;

    // Queues a text frame. Callable from any thread. A frame shared by many recipients is
    // encoded once. A client whose queue is over its bound is closed with 1008.
    virtual void send(std::shared_ptr<const std::string> frame) = 0;
    void send(std::string frame) { send(std::make_shared<const std::string>(std::move(frame))); }
    // The frame of `fan_out` for this connection: sent at once, or (a client of another node)
    // gathered with the others of its node into one message.
    virtual void send_in(FanOut& fan_out) { send(fan_out.frame()); }
    // Sends an error reply. Every error frame goes through here, so /metrics counts each one
    // by its code (rochade_errors_sent_total) in one place. Callable from any thread.
    virtual void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                            std::string_view message) = 0;
    // The same for a moderator's sanction (muted, banned, kicked): the frame carries its reason
    // and end (protocol::ErrorSanction).
    virtual void send_error(const std::optional<protocol::RequestId>& id, protocol::ErrorCode code,
                            std::string_view message, const protocol::ErrorSanction& sanction) = 0;
    // Sends a close frame after the queued frames. Callable from any thread.
    virtual void close(CloseCode code, std::string reason) = 0;
    // Runs `work` on this connection's strand (where on_message runs).
    virtual void post(std::function<void()> work) = 0;

    // False once the session has ended (before the handler's on_close). Callable from any
    // thread: the lobby asks it so that a connection that closed while its hello was on the way
    // is not taken for an online player.
    virtual bool is_open() const = 0;
    virtual std::uint64_t id() const = 0;
    virtual const std::string& remote_address() const = 0; // "ip:port", for logs
    virtual const std::string& ip_address() const = 0;     // the peer's IP, for per-address limits

    // The token of the session cookie the WebSocket upgrade carried (a browser that logged in
    // over HTTP), set before on_open and never changed: hello without a nick uses it.
    std::optional<std::string> session_cookie;

    // The router's state for this client, touched only on this connection's strand.
    std::shared_ptr<Client> client;
};

// The receiving end of every connection. Calls for one connection come in order, on that
// connection's strand; calls for different connections may run at the same time.
class ConnectionHandler {
public:
    virtual ~ConnectionHandler() = default;
    virtual void on_open(const std::shared_ptr<Connection>& connection) = 0;
    // A complete text frame that passed the size and rate limits.
    virtual void on_message(const std::shared_ptr<Connection>& connection, std::string_view text) = 0;
    virtual void on_close(const std::shared_ptr<Connection>& connection) = 0;
};

} // namespace rochade::server
