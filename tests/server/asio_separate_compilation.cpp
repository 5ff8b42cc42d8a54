// Asio's compiled part for bus_tests, which links no rochade_server (whose
// beast_separate_compilation.cpp holds it for the server).
#include <boost/asio/impl/src.hpp>
