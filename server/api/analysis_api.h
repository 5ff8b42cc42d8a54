// A finished game's server analysis over HTTP (issue 29 §2; docs/bots.md, "Server analysis"):
//   GET  /api/games/{id}/analysis   where it stands: {"state":"none"|"queued"|"running"|"done",...};
//                                   done: every position's evaluation, every move's judgement and
//                                   both sides' accuracy (analysis_json.h). Public, as the archive.
//   POST /api/games/{id}/analysis   a registered player (the session cookie) asks for it: 202 with
//                                   where it stands, 200 when it was done already; refused for a
//                                   guest (403), a game that is not public (404) or not finished
//                                   (409), a player with one under way or his day's share used
//                                   (429), too many waiting (503).
// The work is GameAnalysisService's; here only the HTTP side. No Beast here, as in the other APIs.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "server/api/account_api.h"

namespace rochade::db {
class ReadThread;
}

namespace rochade::server {

class GameAnalysisService;

class AnalysisApi {
public:
    AnalysisApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads,
                std::shared_ptr<GameAnalysisService> analyses);

    // /api/games/{digits}/analysis (checked before the archive's /api/games/).
    static bool serves(std::string_view path);
    // Answers `request` through `answer`, exactly once.
    void handle(ApiRequest request, std::function<void(ApiResponse)> answer);

private:
    void read(std::int64_t game_id, std::function<void(ApiResponse)> answer);
    void ask(std::int64_t game_id, const std::string& cookie, std::function<void(ApiResponse)> answer);

    std::shared_ptr<identity::Authenticator> authenticator_;
    db::ReadThread& reads_;
    std::shared_ptr<GameAnalysisService> analyses_;
};

} // namespace rochade::server
