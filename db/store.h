// The read side of the database: what the server needs at start-up (games to restore, resume
// tokens, the highest ids in use) and what an admin reads (recent games, one game's full log).
// It has its own connection, so reading never waits on the writer's thread (WAL mode lets
// readers and the writer work at once).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "db/records.h"

namespace rochade::db {

// One line of the admin's list of games.
struct GameSummary {
    std::int64_t game_id = 0;
    std::int64_t table_id = 0;
    std::int64_t room = 0;
    std::string white, black;
    std::string time_control_json;
    std::int64_t started_at_ms = 0;
    std::optional<std::int64_t> ended_at_ms; // empty while the game is unfinished
    std::string result;                      // "" while unfinished
    std::string termination;                 // "" while unfinished
    std::int64_t moves = 0;                  // plies stored
};

// Everything stored about one game.
struct GameLog {
    GameStarted start;
    std::optional<GameEnded> end;
    std::vector<MovePlayed> moves;  // by ply
    std::vector<TableEvent> events; // this game's table events, by seq
};

class Store {
public:
    // Opens (creating and migrating if needed) the database at `path`; throws DbError.
    explicit Store(const std::string& path);
    ~Store();
    Store(const Store&) = delete;
    Store& operator=(const Store&) = delete;

    // Games with no end row, each with its moves by ply and its table's highest event seq.
    std::vector<UnfinishedGame> unfinished_games();
    std::vector<ResumeTokenIssued> resume_tokens();
    // 0 when there is none yet.
    std::int64_t max_game_id();
    std::int64_t max_table_id();

    // The most recent games first (by id), at most `limit`.
    std::vector<GameSummary> recent_games(int limit = 50);
    // nullopt when no game has this id.
    std::optional<GameLog> game_log(std::int64_t game_id);

private:
    struct Connection;
    std::unique_ptr<Connection> connection_;
};

} // namespace rochade::db
