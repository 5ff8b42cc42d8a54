// rochade analyze: one JSON request per input line, one JSON answer per output line.
//
// Request:  {"fen": "...", "moves": ["e2e4", "Sf6", "exd6", ...]}   (fen optional: start position;
//           moves in UCI, English or German SAN, or long algebraic), optionally with
//           "variant": "standard" (the default) or "chess960"; in Chess960 the fen may use X-FEN
//           or Shredder-FEN castling (without it: start position 518), castling is written
//           king takes rook in "uci" and "legal", and every "fen" is X-FEN.
// Answer:   {"ok": true, "plies": [{"uci", "san", "san_de", "fen"}...], "fen", "legal", "check",
//            "status", "claimable", "can_mate": {"white", "black"}}
//           or {"ok": false, "error": "<what and where>", "ply": <bad move index, -1 for the fen>}
// The field names and spellings are a contract that other tools drive; see README.md.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

namespace rochade::cli {

// Answers one request line; never throws on bad input, which becomes an ok:false answer.
std::string analyze_line(std::string_view json_line);

// Answers every non-blank line of `in` on `out`, flushing after each so a driver can converse.
int analyze_command(std::istream& in, std::ostream& out);

} // namespace rochade::cli
