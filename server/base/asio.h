// Namespace aliases for Asio and Beast, as in Beast's examples. Included only by server/
// sources and server headers that need the types; never by engine/, protocol/ or db/.
#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>

namespace rochade::server {
namespace net = boost::asio;
} // namespace rochade::server
