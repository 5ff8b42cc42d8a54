// Namespace aliases for Beast, as in Beast's own examples. Included only by the network
// sources (listener, http_session, ws_session, server); the game side sees server/clients/connection.h.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/base/asio.h"

namespace rochade::server {
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;
} // namespace rochade::server
