// Players over HTTP (docs/ratings.md): profiles, a player's games with filters, leaderboards.
//   GET /api/players/{nick}                 the profile: account, ratings per category, history,
//                                           recent games
//   GET /api/players/{nick}/games?...       the player's public games, filtered and paged
//   GET /api/leaderboard                    the 50 best established players of every category
//   GET /api/leaderboard/{category}         of one category
// Public like the archive (no login, no cookie read), and like it blind to secret rooms: their
// games are never listed. The ratings shown are as of now: RD grown by the idle days since the
// player's last rated game, as the store will grow it before the next one, so a player who
// stopped playing drops off the leaderboard once their rating is provisional again.
//
// Reads run on the store's read thread. No Beast here: the HTTP session hands over the request
// and writes the answer it gets back.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "rating/category.h"
#include "server/api/account_api.h"

namespace rochade::db {
class ReadThread;
}

namespace rochade::server {

class PlayerApi {
public:
    using Answer = std::function<void(ApiResponse)>;

    explicit PlayerApi(db::ReadThread& reads) : reads_(reads) {}

    // Whether `path` is one of these endpoints (not /api/players/{nick}/games.pgn: the archive's).
    static bool serves(std::string_view path);
    static constexpr int leaderboard_size = 50;
    static constexpr int recent_games = 10;

    // Answers `request` through `answer`, exactly once.
    void handle(const ApiRequest& request, Answer answer);

private:
    void profile(std::string nick, Answer answer);
    void games(std::string nick, std::string_view query, Answer answer);
    void leaderboards(std::optional<rating::RatingCategory> only, Answer answer);

    db::ReadThread& reads_;
};

} // namespace rochade::server
