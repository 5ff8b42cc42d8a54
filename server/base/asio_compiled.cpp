// Beast and Asio compiled once for the whole program (BOOST_BEAST_SEPARATE_COMPILATION and
// BOOST_ASIO_SEPARATE_COMPILATION are defined for every target that links rochade_server), so
// each source that includes them compiles only declarations.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
