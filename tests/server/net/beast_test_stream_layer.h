// The WebSocket session's lowest layer when it runs over Beast's in-memory test stream
// (tests/fuzz/fuzz_websocket.cpp, tests/server/net/test_ws_session_stream.cpp): those tests feed
// the session a client's bytes in an order no socket can be made to keep.
#pragma once

#include <functional>

#include <boost/beast/_experimental/test/stream.hpp>

#include "server/net/ws_session.h"

namespace rochade::server {

// The test stream has no peer and no rate policy: the byte budget on reads (ReadBudget, the
// TCP stream's policy) is not what these tests are about; tests/server/net/test_hardening.cpp
// covers it.
template <> struct WsLowestLayer<beast::test::stream> {
    static PeerAddress peer(beast::test::stream&) { return {"192.0.2.1", "192.0.2.1:4711"}; }
    static void arm_read_budget(beast::test::stream&, double, double, std::function<void()>) {}
};

// A valid WebSocket upgrade for /ws (RFC 6455's sample key), as a client's first request.
inline http::request<http::string_body> test_stream_upgrade_request()
{
    http::request<http::string_body> request{http::verb::get, "/ws", 11};
    request.set(http::field::host, "localhost");
    request.set(http::field::upgrade, "websocket");
    request.set(http::field::connection, "Upgrade");
    request.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    request.set(http::field::sec_websocket_version, "13");
    return request;
}

} // namespace rochade::server

#include "server/net/ws_session_impl.h"
