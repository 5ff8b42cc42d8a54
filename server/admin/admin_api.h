// The admin's desk over HTTP: the JSON API under /api/admin/ (docs/admin.md, "The admin's
// desk"). Every request is authorised here, on the server: the session cookie must name a
// session (401 not_logged_in), its account must have the moderator or admin role (403
// forbidden, and the attempt goes to the audit log), reads are GET and actions POST with a JSON
// body. Reads of the store run on its read thread; actions and the live view go to
// server::Moderation, which checks each action's own role and logs it.
//
// No Beast here, as in AccountApi: the HTTP session checked the Origin, hands over the parts of
// the request that matter and writes the answer it gets back, on whatever thread it comes.
#pragma once

#include <functional>
#include <memory>
#include <string_view>

#include "server/api/account_api.h"
#include "server/api/game_pgn.h"
#include "server/identity/principal.h"

namespace rochade::db {
class ReadThread;
}

namespace rochade::server {

class Moderation;

class AdminApi {
public:
    using Answer = std::function<void(ApiResponse)>;

    // `site`: the Event and Site of the PGN downloads.
    AdminApi(std::shared_ptr<identity::Authenticator> authenticator, db::ReadThread& reads, Moderation& moderation,
             PgnSite site);

    // Whether `path` is under /api/admin/ (the HTTP session then asks handle()).
    static bool serves(std::string_view path);
    // The largest request body an action may have (a reason of 500 characters, escaped).
    static constexpr std::size_t max_body_bytes = 4096;

    // Answers `request` through `answer`, exactly once.
    void handle(ApiRequest request, Answer answer);
    // The part after the cookie was read: `who` asks. The unit tests call it directly.
    void handle_as(const identity::Identity& who, const ApiRequest& request, Answer answer);

private:
    void search_games(std::string_view query, Answer answer);
    void read_game(std::string_view rest, Answer answer);
    void read_audit(std::string_view query, Answer answer);
    void search_chat(std::string_view query, Answer answer);
    void act(const identity::Identity& who, const ApiRequest& request, std::string_view action, Answer answer);

    std::shared_ptr<identity::Authenticator> authenticator_;
    db::ReadThread& reads_;
    Moderation& moderation_;
    PgnSite site_;
};

} // namespace rochade::server
