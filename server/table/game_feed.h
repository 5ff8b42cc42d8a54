// The games that start and end at this node's tables, for the parts that follow games by their
// table and id rather than by sitting at a table (the tournament service learns a board's game
// id and records its result from it). A table tells the feed once the game's start or end is
// stored (Table::committed), on the table's strand; each follower posts to its own strand.
// Followers are added while the server is wired, before any table plays, and never removed, so
// the feed needs no lock.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "protocol/messages.h"

namespace rochade::server {

struct GameBegun {
    std::int64_t game_id = 0;
    protocol::TableId table = 0;
    bool tournament = false; // a tournament's board (Table::tournament_game)
};

struct GameFinished {
    std::int64_t game_id = 0;
    protocol::TableId table = 0;
    protocol::GameResult result;
    // Moves made (plies): with no_first_move, who was late (0: White, 1: Black, in a game from
    // the standard start).
    int plies = 0;
    bool tournament = false;
    bool white_berserk = false, black_berserk = false; // an arena's board (Table::berserk)
};

class GameFeed {
public:
    struct Follower {
        std::function<void(const GameBegun&)> begun;
        std::function<void(const GameFinished&)> finished;
    };

    // While the server is wired only (see above).
    void follow(Follower follower) { followers_.push_back(std::move(follower)); }

    void begun(const GameBegun& game) const
    {
        for (const auto& follower : followers_)
            if (follower.begun) follower.begun(game);
    }
    void finished(const GameFinished& game) const
    {
        for (const auto& follower : followers_)
            if (follower.finished) follower.finished(game);
    }

private:
    std::vector<Follower> followers_;
};

} // namespace rochade::server
