// A registered player's rating in the pool's category, read on the read thread as a rated
// table reads its seats' (server/table/table_rating_reads.cpp): the stored Glicko-2 rating with
// its deviation aged by the idle days, or the initial one for an account new to the category.
#include <cmath>

#include <spdlog/spdlog.h>

#include "db/game_query.h"
#include "db/read_thread.h"
#include "matchmaking/pool_catalogue.h"
#include "protocol/nick.h"
#include "rating/glicko2.h"
#include "server/base/wall_clock.h"
#include "server/pools/pool_service.h"
#include "server/pools/pool_time_control.h"
#include "server/table/table_ratings.h"
#include "server/table/table_services.h"

namespace rochade::server {

void PoolService::read_rating_then_enter(const std::string& player, const identity::Identity& who,
                                         const std::string& pool)
{
    const auto category = TableRatings::category_of(pool_time_control(*matchmaking::pool_named(pool)));
    const std::string nick_key = protocol::nick_key(who.nick);
    const std::int64_t account = who.principal.id;
    auto read = [nick_key, account, category](db::StoreReader& reader) -> rating::Rating {
        const rating::Glicko2Config config;
        auto found = reader.player(nick_key);
        if (!found || found->account.id != account || !category) return config.initial;
        for (const auto& stored : found->ratings)
            if (stored.category == *category)
                return rating::age_rd(stored.value, (wall_clock_ms() - stored.last_game_at_ms) / db::utc_day_ms,
                                      config);
        return config.initial;
    };
    services_.reads.read(
        std::move(read), [self = shared_from_this(), player, nick_key](db::ReadResult<rating::Rating> found) {
            rating::Rating value = rating::Glicko2Config{}.initial;
            if (found)
                value = *found;
            else
                spdlog::warn("pools: the rating of {} could not be read ({}); he waits at the initial rating", nick_key,
                             found.error().message);
            self->on_strand([self, player, value] {
                self->enter(player, int(std::lround(value.rating)), int(std::lround(value.rd)));
            });
        });
}

} // namespace rochade::server
