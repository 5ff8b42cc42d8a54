// Where the moves of games that have not ended are (schema version 3, db/sqlite/migrations.cpp): no
// index on moves, but every move of such a game has a row id above the game's
// games.moves_after_id. One scan of the row ids above the smallest bound finds the moves of many
// games at once, so a thousand running games cost one pass over the moves stored since the
// oldest of them began, not a pass each. Both the store (their moves) and the writer (their
// last moves) read them this way, and only here.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <unordered_set>

#include "db/sqlite/sqlite.h"

namespace rochade::db {

class RunningGameMoves {
public:
    void add(std::int64_t game_id, std::int64_t moves_after_id)
    {
        games_.insert(game_id);
        scan_from_ = std::min(scan_from_, moves_after_id);
    }

    // Calls visit(row) for every stored move of an added game, with the columns
    // 0 id, 1 game_id, 2 ply, 3 seq, 4 uci, 5 san, 6 white_ms, 7 black_ms, 8 at_ms.
    // Row-id order is ply order within a game: the writer stores a game's plies in rising order
    // only, each in a new row above all others, and version 2 copied version 1's rows in
    // (game, ply) order.
    template <typename Visit> void scan(Database& db, Visit visit) const
    {
        if (games_.empty()) return;
        Statement moves = db.prepare("SELECT id, game_id, ply, seq, uci, san, white_ms, black_ms, at_ms "
                                     "FROM moves WHERE id > ?1 ORDER BY id");
        moves.bind(1, scan_from_);
        while (moves.step())
            if (games_.count(moves.column_int(1)) != 0) visit(static_cast<const Statement&>(moves));
    }

private:
    std::unordered_set<std::int64_t> games_;
    std::int64_t scan_from_ = std::numeric_limits<std::int64_t>::max();
};

} // namespace rochade::db
