// Table::restore: a table rebuilt from the store at start-up (or on the node that takes over a
// game), its game replayed from the stored moves, the clocks as the last move left them plus time
// given since, a standing draw offer and the courtesies' state; the clocks stay held until both
// players are back (docs/architecture.md, "Restart").

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "engine/fen.h"
#include "protocol/decode.h"
#include "server/table/stored_courtesies.h"
#include "server/table/stored_draw_offer.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

namespace {

// The principal a stored seat belongs to. A game stored before accounts (schema version 4) names
// nobody: its seats are nobody's to take back (session ids start at 1), so no stranger who knows
// the nick gets them after the upgrade.
identity::Principal seat_owner(const db::SeatOwner& owner)
{
    if (owner.account_id) return {identity::Principal::Kind::Account, *owner.account_id};
    return {identity::Principal::Kind::Guest, owner.guest_session_id.value_or(0)};
}

// The setup a stored game was played with (schema version 13), so that its rematches start as it
// did: Chess960 by its number; a start other than the standard position, a game from there.
protocol::GameSetup stored_setup(const db::GameStarted& start)
{
    if (start.variant == Variant::Chess960) return {protocol::GameVariant::Chess960, start.chess960, std::nullopt};
    if (start.start_fen != StartFen) return {protocol::GameVariant::FromPosition, std::nullopt, start.start_fen};
    return {};
}

} // namespace

std::vector<identity::Identity> Table::restored_players() const
{
    std::vector<identity::Identity> players;
    for (const auto& seat : seats_)
        if (seat && !seat->owner.computer()) players.push_back(seat->player()); // nobody holds the computer's nick
    return players;
}

std::shared_ptr<Table> Table::restore(TableServices& services, std::weak_ptr<TableListener> listener,
                                      db::UnfinishedGame stored, const std::vector<db::TableEvent>& events)
{
    const auto& start = stored.start;
    auto time_control = [&]() -> std::optional<protocol::TimeControl> {
        try {
            auto parsed = protocol::parse_time_control(nlohmann::json::parse(start.time_control_json));
            if (parsed) return *parsed;
        } catch (const std::exception&) {
        }
        return std::nullopt;
    }();
    if (!time_control) {
        spdlog::error("game {}: cannot restore: stored time control {} does not parse", start.game_id,
                      start.time_control_json);
        return nullptr;
    }
    std::vector<std::string> moves;
    moves.reserve(stored.moves.size());
    for (const auto& move : stored.moves) moves.push_back(move.uci);
    std::int64_t white_ms = start.white_ms, black_ms = start.black_ms;
    if (!stored.moves.empty()) {
        white_ms = stored.moves.back().white_ms;
        black_ms = stored.moves.back().black_ms;
    }
    // Time given since the last move (or takeback) is on the clocks (stored_courtesies.h).
    const StoredCourtesies courtesies = stored_courtesies(stored.moves, events);
    white_ms += courtesies.white_given_ms;
    black_ms += courtesies.black_given_ms;
    const auto start_position = parse_fen(start.start_fen, start.variant);
    const Side first_mover =
        start_position && start_position->side_to_move() == Color::Black ? Side::Black : Side::White;
    const auto draw_offer = standing_draw_offer(stored.moves, events, first_mover);
    auto game = RefereedGame::restore(*time_control, start.start_fen, moves, white_ms, black_ms,
                                      referee_limits(services, *time_control), start.variant);
    if (!game) {
        spdlog::error("game {}: cannot restore: {}", start.game_id, game.error().message);
        return nullptr;
    }
    Opening opening;
    opening.table = start.table_id;
    opening.room = start.room;
    opening.time_control = *time_control;
    opening.opener_side = Side::White;
    opening.opener = identity::Identity{seat_owner(start.white_owner), start.white, protocol::Role::Player, 0};
    opening.rated = start.rated;
    opening.setup = stored_setup(start);
    opening.takebacks = courtesies.takebacks;
    if (courtesies.tournament) opening.takebacks_decided_by = TakebackAuthority::Tournament;
    opening.draw_offers_from_move = courtesies.draw_offers_from_move;
    opening.berserk_allowed = courtesies.berserk_allowed;
    auto table = std::make_shared<Table>(services, std::move(listener), opening);
    table->seats_[int(Side::Black)] = Seat{start.black, seat_owner(start.black_owner), {}, false, {}, {}};
    const auto now = SteadyClock::now();
    for (auto& seat : table->seats_) seat->disconnected_at = now;
    table->reseat_stored_computer(start);
    table->game_.emplace(std::move(*game));
    // A berserk's time is on the clocks read above; its dropped increment is restored here.
    if (courtesies.white_berserk) table->game_->restore_berserk(Side::White);
    if (courtesies.black_berserk) table->game_->restore_berserk(Side::Black);
    if (!table->game_->is_over()) table->offers_.restore_draw_offer(draw_offer); // a replayed ending leaves none
    table->game_id_ = start.game_id;
    table->courtesies_.restore_readings(courtesies.readings_after(start, stored.moves));
    table->events_.restore(stored.last_seq);
    table->epoch_ = start.epoch;
    table->stored_game_ = GameCheckpoint{int(moves.size()), white_ms, black_ms, now, table->offers_.draw_offer()};
    table->clocks_held_ = true;
    for (const Side side : {Side::White, Side::Black}) table->look_up_rating(side);
    spdlog::info("table {}: restored game {} ({} - {}) after {} moves{}; clocks held until both players are back",
                 start.table_id, start.game_id, start.white, start.black, stored.moves.size(),
                 table->offers_.draw_offer() ? ", " + side_text(*table->offers_.draw_offer()) + "'s draw offer standing"
                                             : "");
    return table;
}

} // namespace rochade::server
