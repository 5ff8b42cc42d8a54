// Beast and Asio compiled once for the bench programs (loadgen and echo_server) instead of in
// every source that includes them, as server/ does for the server.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
