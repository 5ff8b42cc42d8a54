// What the HTTP session hands a request to, besides static files and the WebSocket upgrade: the
// JSON APIs (accounts, the admin's desk, the public archive, profiles and leaderboards, the
// tournaments' TRF export) and the
// password hashing pool whose queue /metrics reads. Built complete by the wiring (server.cpp)
// before the listener opens; the sessions hold it by reference and the Server outlives them.
#pragma once

namespace rochade::identity {
class PasswordHasher;
}

namespace rochade::server {

class AccountApi;
class AnalysisApi;
class AdminApi;
class ArchiveApi;
class ChallengeSettingApi;
class PlayerApi;
class TournamentExportApi;
namespace bots {
class BotApi;
class TokenApi;
} // namespace bots

struct HttpEndpoints {
    AccountApi& accounts;
    AdminApi& admin;
    ArchiveApi& archive;
    PlayerApi& players;
    ChallengeSettingApi& challenge_setting;
    TournamentExportApi& tournament_export;
    AnalysisApi& analysis;
    bots::BotApi& bot_api;  // lichess's Bot API, with personal tokens
    bots::TokenApi& tokens; // the account page's personal tokens
    const identity::PasswordHasher& password_hasher;
};

} // namespace rochade::server
