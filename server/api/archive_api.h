// The public game archive over HTTP (docs/admin.md, "The public game archive"):
//   GET /games/{id}.pgn                  one game as PGN, a download
//   GET /api/games/{id}                  one game as JSON: the admin API's game log without chat
//   GET /api/players/{nick}/games.pgn    a player's finished games, newest first, one PGN file
// No login: like lichess's archive, it is open to anyone. But what was private stays so: a game
// in a secret room (a negative room number) is answered as if it did not exist, and left out of
// a player's export; table chat is never published. A running game's PGN and JSON are served
// (anyone may watch it anyway); a player's export holds finished games only.
//
// Reads run on the store's read thread; a player's export reads one page of games per job, so
// other reads (logins, the admin's desk) get their turn in between. No Beast here, as in
// AdminApi: the HTTP session hands over the request and writes the answer it gets back.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/api/account_api.h"
#include "server/api/game_pgn.h"

namespace rochade::db {
class ReadThread;
}

namespace rochade::server {

class ArchiveApi {
public:
    using Answer = std::function<void(ApiResponse)>;

    ArchiveApi(db::ReadThread& reads, PgnSite site);

    // Whether `path` is one of the archive's endpoints (the HTTP session then asks handle()).
    static bool serves(std::string_view path);
    // A player's export holds at most this many games, the newest; docs/admin.md names it.
    static constexpr int max_export_games = 10'000;

    // Answers `request` through `answer`, exactly once.
    void handle(const ApiRequest& request, Answer answer);

private:
    void game_pgn(std::string_view id_text, Answer answer);
    void game_json(std::string_view id_text, Answer answer);
    void player_pgn(std::string nick, Answer answer);

    struct Export;
    void export_page(std::shared_ptr<Export> export_state);

    db::ReadThread& reads_;
    PgnSite site_;
};

} // namespace rochade::server
