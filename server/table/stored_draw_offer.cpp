#include "server/table/stored_draw_offer.h"

#include <cstdint>
#include <limits>

#include <nlohmann/json.hpp>

namespace rochade::server {

using protocol::Side;

namespace {

std::optional<Side> by_of(const db::TableEvent& event)
{
    const auto detail = nlohmann::json::parse(event.detail_json, nullptr, false);
    if (!detail.is_object()) return std::nullopt;
    const auto by = detail.find("by");
    if (by == detail.end() || !by->is_string()) return std::nullopt;
    if (*by == "white") return Side::White;
    if (*by == "black") return Side::Black;
    return std::nullopt;
}

} // namespace

std::optional<Side> standing_draw_offer(const std::vector<db::MovePlayed>& moves,
                                        const std::vector<db::TableEvent>& events, Side first_mover)
{
    std::optional<Side> offer;
    std::size_t next_move = 0;
    const auto play_moves_until = [&](std::int64_t seq) {
        for (; next_move < moves.size() && moves[next_move].seq <= seq; ++next_move) {
            const db::MovePlayed& move = moves[next_move];
            const Side mover = (move.ply % 2 == 1) == (first_mover == Side::White) ? Side::White : Side::Black;
            if (offer && *offer != mover) offer.reset(); // FIDE 9.1.2.3: the opponent moved
        }
    };
    for (const db::TableEvent& event : events) {
        if (event.kind == db::TableEventKind::TakenBack) { // a takeback leaves no offer standing
            play_moves_until(event.seq);
            offer.reset();
            continue;
        }
        if (event.kind != db::TableEventKind::DrawOffered && event.kind != db::TableEventKind::DrawDeclined) continue;
        play_moves_until(event.seq);
        const auto by = by_of(event);
        if (!by) continue;
        if (event.kind == db::TableEventKind::DrawOffered)
            offer = *by;
        else if (offer == protocol::opponent_of(*by))
            offer.reset();
    }
    play_moves_until(std::numeric_limits<std::int64_t>::max());
    return offer;
}

} // namespace rochade::server
