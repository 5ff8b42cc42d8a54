// A tournament as the FIDE Tournament Report File, at any round (issue 28 §2; docs/tournaments.md,
// "The export"):
//   GET /tournaments/{id}.trf    TRF-16 with the XXR/XXC extensions (tournament::write_trf)
// for the federation's rating officer, and for checking a round's pairing with another program
// or with `rochade pair --dutch`. Public, as the tournament's page is (the players and results
// are shown to visitors anyway); read on the store's read thread; a running round's pending games
// are left blank, as the TRF has no code for them. No Beast here: the HTTP session hands over the
// request and writes the answer.
#pragma once

#include <functional>
#include <string_view>

#include "server/api/account_api.h"

namespace rochade::db {
class ReadThread;
}

namespace rochade::server {

class TournamentExportApi {
public:
    using Answer = std::function<void(ApiResponse)>;

    explicit TournamentExportApi(db::ReadThread& reads) : reads_(reads) {}

    static bool serves(std::string_view path);
    // Answers `request` through `answer`, exactly once.
    void handle(const ApiRequest& request, Answer answer);

private:
    db::ReadThread& reads_;
};

} // namespace rochade::server
