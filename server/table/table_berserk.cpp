// Berserk at an arena's board (docs/tournaments.md, "Arena"; tournament/arena_sheet.h): before
// his first move a player halves his own base time and gives up his increment; the arena scores
// one more point should he win a game of at least seven own moves. Stored as a table event with
// the clocks after it, so that a restart takes the time off a clock no later move recorded and
// drops the increment again (stored_courtesies.h).
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "server/table/table.h"
#include "tournament/arena_sheet.h"

namespace rochade::server {

using protocol::ErrorCode;

void Table::berserk(const ConnectionPtr& connection, Side side, const Id& id, SteadyClock::time_point now)
{
    if (!berserk_allowed_)
        return reply_error(connection, id, ErrorCode::BerserkNotAllowed,
                           "berserk: only in an arena game whose tournament allows it");
    const auto base_ms = time_control_.stages.empty() ? std::int64_t{0} : time_control_.stages.front().time_ms;
    const auto effect =
        tournament::berserk_effect(static_cast<int>(base_ms), static_cast<int>(time_control_.increment_ms));
    if (auto refusal = game_->berserk(side, effect.base_time_removed_ms, now))
        return reply_error(connection, id, refusal->code, "berserk: " + refusal->message);
    const auto clocks = game_->clocks(now);
    Emission emission;
    const auto seq = events_.take_next();
    add_event(emission, protocol::encode_berserk(id_, seq, side, clocks), db::TableEventKind::Berserk,
              nlohmann::json{{"by", side_text(side)},
                             {"removed_ms", effect.base_time_removed_ms},
                             {"white_ms", clocks.white_ms},
                             {"black_ms", clocks.black_ms}}
                  .dump());
    spdlog::info("table {} game {}: {} goes berserk ({} ms taken off)", id_, game_id_.value_or(0), side_text(side),
                 effect.base_time_removed_ms);
    commit_game_action(std::move(emission), "berserk", connection, id, now);
}

} // namespace rochade::server
