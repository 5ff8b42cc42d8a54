// A tournament's exports (issue 28 §2 and §5; docs/tournaments.md, "The export"):
//   GET /tournaments/{id}.trf    TRF-16 with the XXR/XXC extensions (tournament::write_trf), at any round
//   GET /tournaments/{id}.pgn    its finished games in round and board order, Event the tournament's
//                                name and Round "round.board" (server/api/game_pgn.h)
// for the federation's rating officer, and for checking a round's pairing with another program
// or with `rochade pair --dutch`. Public, as the tournament's page is (the players and results
// are shown to visitors anyway); read on the store's read thread; a running round's pending games
// are left blank, as the TRF has no code for them. No Beast here: the HTTP session hands over the
// request and writes the answer.
#pragma once

#include <functional>
#include <string_view>

#include "server/api/account_api.h"
#include "server/api/game_pgn.h"

namespace rochade::db {
class ReadThread;
}

namespace rochade::server {

class TournamentExportApi {
public:
    using Answer = std::function<void(ApiResponse)>;

    TournamentExportApi(db::ReadThread& reads, PgnSite site) : reads_(reads), site_(std::move(site)) {}

    static bool serves(std::string_view path);
    // Answers `request` through `answer`, exactly once.
    void handle(const ApiRequest& request, Answer answer);

private:
    void trf(std::int64_t id, std::string path, Answer answer);
    void pgn(std::int64_t id, std::string path, Answer answer);

    db::ReadThread& reads_;
    PgnSite site_;
};

} // namespace rochade::server
