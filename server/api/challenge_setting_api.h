// The account's challenge setting (docs/protocol.md, "Challenge settings"): from whom a
// registered player takes challenges.
//   GET  /api/account/challenges            {"accept":"everyone"|"registered"|"nobody","guest":false}
//   POST /api/account/challenges {"accept":...}   stores it; answers as GET
// The session cookie says whose: a guest reads "everyone" with "guest":true and may not change
// it (he has no account to keep it in). The setting is read from the store by the challenged
// player's node when a challenge comes (Lobby::read_challenge_setting), so a change counts at once
// on every node, without a reconnect.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "server/api/account_api.h"

namespace rochade::db {
class ReadThread;
class StoreWriter;
} // namespace rochade::db

namespace rochade::server {

class ChallengeSettingApi {
public:
    ChallengeSettingApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads,
                        db::StoreWriter& writer);

    static bool serves(std::string_view path) { return path == "/api/account/challenges"; }
    // Answers `request` through `answer`, exactly once (on whatever thread the store finished).
    void handle(ApiRequest request, std::function<void(ApiResponse)> answer);

private:
    void read(const identity::Identity& who, std::function<void(ApiResponse)> answer);

    std::shared_ptr<identity::Authenticator> authenticator_;
    db::ReadThread& reads_;
    db::StoreWriter& writer_;
};

} // namespace rochade::server
