// The board preview of the table and challenge forms (docs/http-api.md, "Positions"):
//   GET /api/position?fen=<url-encoded FEN>   is this a position a game may start from?
//   GET /api/position?chess960=<0..959>       Scharnagl's start position of that number
// Both answer 200 {"valid":true,"fen":...,"variant":...} with the FEN as the server writes it
// (the same the table would start from), or 200 {"valid":false,"error":...} naming what is
// wrong, so that the client shows the server's own verdict before it sends the request. A
// malformed query (an unknown parameter, both or neither parameter, a number that is no
// integer) is 400. Public and stateless: nothing is read or stored.
#pragma once

#include <string_view>

#include "server/api/account_api.h"

namespace rochade::server {

class PositionApi {
public:
    static bool serves(std::string_view path) { return path == "/api/position"; }
    static ApiResponse answer(const ApiRequest& request);
};

} // namespace rochade::server
