// A ban during a game: the banned player loses it by forfeit at once, rather than leave the
// opponent waiting out the grace period at a board nobody comes back to. A ban closes the
// player's connection wherever it is (SanctionsDesk); the table may stand on another node, so
// every node asks its own tables once its Sanctions registry holds the ban (imposed here, or read
// again after another node imposed it), and each table looks at its seats on its own strand:
// a seat whose nick is banned, or whose connection comes from a banned address, forfeits. The
// ending is a game_over like any other (termination "forfeit", stored with its message, rated as
// a loss), so the opponent and the watchers see it and the archive and the game log keep it.
#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "server/base/wall_clock.h"
#include "server/moderation/sanctions.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

std::optional<db::SanctionRecord> Table::ban_of(const Seat& seat) const
{
    const auto now_ms = wall_clock_ms();
    if (auto ban = services_.sanctions.nick_ban(seat.nick, now_ms)) return ban;
    if (auto connection = seat.connection.lock())
        return services_.sanctions.address_ban(connection->ip_address(), now_ms);
    return std::nullopt;
}

void Table::forfeit_banned()
{
    net::post(strand_, [self = shared_from_this()] {
        // `self` raw inside: a request deferred behind a flag verdict waits in this table's own
        // flag watch, where a shared_ptr would keep the table alive if the verdict never came.
        self->when_flag_settled([table = self.get()](SteadyClock::time_point now) { table->forfeit_banned_now(now); });
    });
}

void Table::forfeit_banned_now(SteadyClock::time_point now)
{
    if (closed_ || !game_ || game_->is_over()) return;
    std::vector<Side> banned;
    std::string why;
    for (const Side side : {Side::White, Side::Black}) {
        const Seat* s = seat(side);
        const auto ban = s ? ban_of(*s) : std::nullopt;
        if (!ban) continue;
        banned.push_back(side);
        why += (why.empty() ? "" : "; ") + s->nick + " was banned (" +
               (ban->kind == db::SanctionKind::AddressBan ? "their address" : "the account") + ") by " + ban->by_nick +
               ": " + ban->reason;
    }
    if (banned.empty()) return;
    const std::string result = banned.size() == 2              ? "the game ends without a result"
                               : banned.front() == Side::White ? "Black wins by forfeit"
                                                               : "White wins by forfeit";
    auto ending = game_->forfeit(banned, why + "; " + result, now);
    if (!ending) return; // over by now
    spdlog::info("table {} game {}: {}; {}", id_, game_id_.value_or(0), why, result);
    emit_ending(*ending, "forfeit", now);
}

} // namespace rochade::server
