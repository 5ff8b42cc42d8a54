// Shared by the FEN and move-text targets: a legal move, written in every notation we write
// (English and German SAN, long algebraic in both languages, UCI), reads back as that move.
#pragma once

#include <string>

#include "engine/lan.h"
#include "engine/notation.h"
#include "engine/san.h"
#include "engine/uci.h"
#include "fuzz_check.h"

namespace rochade::fuzz {

inline bool reads_back(const Expected<Move, MoveError>& read, Move m) { return read && *read == m; }

inline void check_move_spellings(const Position& pos, Move m)
{
    const std::string english = to_san(pos, m, Language::English);
    FUZZ_CHECK(reads_back(parse_san(pos, english, Language::English), m));
    const std::string german = to_san(pos, m, Language::German);
    FUZZ_CHECK(reads_back(parse_san(pos, german, Language::German), m));
    FUZZ_CHECK(reads_back(parse_san(pos, to_lan(pos, m, Language::English), Language::English), m));
    FUZZ_CHECK(reads_back(parse_san(pos, to_lan(pos, m, Language::German), Language::German), m));
    const std::string uci = to_uci(pos, m);
    FUZZ_CHECK(reads_back(parse_uci(pos, uci), m));
    FUZZ_CHECK(reads_back(parse_move(pos, uci), m));
}

} // namespace rochade::fuzz
