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

} // namespace rochade::server

#include "server/net/ws_session_impl.h"
