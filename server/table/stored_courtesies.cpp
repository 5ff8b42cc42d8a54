#include "server/table/stored_courtesies.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace rochade::server {

std::vector<ClockReadings> StoredCourtesies::readings_after(const db::GameStarted& start,
                                                            const std::vector<db::MovePlayed>& moves) const
{
    std::vector<ClockReadings> readings;
    readings.reserve(moves.size() + 1);
    readings.push_back({start.white_ms, start.black_ms});
    for (const auto& move : moves) readings.push_back({move.white_ms, move.black_ms});
    return readings;
}

StoredCourtesies stored_courtesies(const std::vector<db::MovePlayed>& moves, const std::vector<db::TableEvent>& events)
{
    StoredCourtesies found;
    // Time given counts only after whatever last set the clocks from a stored reading.
    std::int64_t clocks_set_at = moves.empty() ? 0 : moves.back().seq;
    for (const auto& event : events)
        if (event.kind == db::TableEventKind::TakenBack) clocks_set_at = std::max(clocks_set_at, event.seq);
    for (const auto& event : events) {
        if (event.kind != db::TableEventKind::GameStarted && event.kind != db::TableEventKind::TimeGiven &&
            event.kind != db::TableEventKind::Berserk)
            continue;
        const auto detail = nlohmann::json::parse(event.detail_json, nullptr, false);
        if (!detail.is_object()) continue;
        if (event.kind == db::TableEventKind::GameStarted) {
            const auto takebacks = detail.find("takebacks");
            if (takebacks != detail.end() && takebacks->is_boolean()) found.takebacks = takebacks->get<bool>();
            const auto tournament = detail.find("tournament");
            found.tournament = tournament != detail.end() && tournament->is_boolean() && tournament->get<bool>();
            const auto from_move = detail.find("draw_offers_from_move");
            if (from_move != detail.end() && from_move->is_number_integer())
                found.draw_offers_from_move = from_move->get<int>();
            const auto berserk = detail.find("berserk");
            found.berserk_allowed = berserk != detail.end() && berserk->is_boolean() && berserk->get<bool>();
            continue;
        }
        if (event.kind == db::TableEventKind::Berserk) {
            const auto by = detail.find("by");
            const auto removed = detail.find("removed_ms");
            if (by == detail.end() || removed == detail.end() || !removed->is_number_integer()) continue;
            const bool white = *by == "white";
            if (!white && *by != "black") continue;
            (white ? found.white_berserk : found.black_berserk) = true;
            if (event.seq > clocks_set_at)
                (white ? found.white_given_ms : found.black_given_ms) -= removed->get<std::int64_t>();
            continue;
        }
        if (event.seq <= clocks_set_at) continue;
        const auto to = detail.find("to");
        const auto ms = detail.find("ms");
        if (to == detail.end() || ms == detail.end() || !ms->is_number_integer()) continue;
        if (*to == "white") found.white_given_ms += ms->get<std::int64_t>();
        if (*to == "black") found.black_given_ms += ms->get<std::int64_t>();
    }
    return found;
}

} // namespace rochade::server
