// The computer's side of a play_computer table (docs/bots.md, "Playing the computer"). The engine
// never runs here: the table hands the position to the engine pool, whose thread runs the search
// and posts the answer back to this strand; the answer is then played through the same referee,
// store and broadcast as a human's move, with the computer's clock charged from the moment its
// turn began. An answer that arrives for a position that is gone (the game ended, the human
// resigned or flagged, a failed commit rolled back) is dropped.

#include <spdlog/spdlog.h>

#include "server/base/id_allocator.h"
#include "server/engines/computer_levels.h"
#include "server/engines/engine_pool.h"
#include "server/identity/secrets.h"
#include "server/table/computer_move_delay.h"
#include "server/table/table.h"
#include "server/table/table_services.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

// A full pool (other games' searches) is asked again at this pace; the computer's clock runs
// meanwhile, as a human's runs while he thinks.
constexpr std::chrono::milliseconds pool_full_retry{250};

// The level's search, bounded by the computer's clock: never more than a thirtieth of what is
// left, so that the computer does not lose on time in a fast game, and never less than 20 ms.
engines::SearchLimits search_limits(const engines::ComputerLevel& level, const protocol::ClockReading& clocks,
                                    protocol::Side side)
{
    engines::SearchLimits limits;
    limits.move_time = level.move_time;
    limits.depth = level.depth;
    if (!clocks.untimed) {
        const std::int64_t left = side == protocol::Side::White ? clocks.white_ms : clocks.black_ms;
        limits.move_time =
            std::clamp(std::chrono::milliseconds(left / 30), std::chrono::milliseconds(20), level.move_time);
    }
    return limits;
}

// The share of the human-like pause, 0..1 in steps of a millionth: from the server's one
// generator (identity/secrets.h), as everything random the server decides.
double random_chance()
{
    constexpr std::uint32_t steps = 1'000'000;
    return static_cast<double>(identity::uniform_below(steps + 1)) / steps;
}

} // namespace

void Table::seat_computer(engines::ComputerLevel level, ConnectionPtr opener)
{
    net::post(strand_, [self = shared_from_this(), level, opener = std::move(opener)] {
        const auto now = SteadyClock::now();
        const std::string nick = engines::computer_nick(level.number);
        if (self->closed_ || self->game_ || (self->seated(Side::White) && self->seated(Side::Black)))
            return reply_error(opener, std::nullopt, ErrorCode::TableFull,
                               "play_computer: table " + std::to_string(self->id_) + " has no free seat for " + nick);
        const auto game_id = self->services_.game_ids.next();
        if (!game_id)
            return reply_error(opener, std::nullopt, ErrorCode::StorageUnavailable,
                               "play_computer: no game id could be reserved in the store; try again later");
        const Side side = self->seated(Side::White) ? Side::Black : Side::White;
        self->computer_.emplace(self->strand_, side, level);
        self->seats_[int(side)] = Seat{nick, self->computer_->principal(), {}, true, {}, {}};
        auto replaced = std::make_unique<ReplacedGame>();
        replaced->joined = side;
        self->start_game(*game_id, now, nullptr, std::nullopt, std::move(replaced));
    });
}

// A computer's seat is stored with no owner, the nick naming its level (docs/bots.md); it is
// present at once. The clocks stay held until the human is back; then the computer plays on if it
// is to move (Table::restore, then computer_turn after the clocks resume).
void Table::reseat_stored_computer(const db::GameStarted& start)
{
    for (const Side side : {Side::White, Side::Black}) {
        const db::SeatOwner& owner = side == Side::White ? start.white_owner : start.black_owner;
        const std::string& nick = side == Side::White ? start.white : start.black;
        if (owner.account_id || owner.guest_session_id) continue;
        const auto number = engines::level_of_computer_nick(nick);
        const auto level = number ? engines::computer_level(*number) : std::nullopt;
        if (!level) continue;
        computer_.emplace(strand_, side, *level);
        seats_[int(side)] = Seat{nick, computer_->principal(), {}, true, {}, {}};
    }
}

void Table::computer_turn()
{
    if (!computer_ || computer_->thinking || closed_ || services_.shutting_down || !services_.engines) return;
    if (!game_ || game_->is_over() || game_->flag_fallen() || clocks_held_) return;
    if (game_->to_move() != computer_->side) return;
    ask_engine();
}

void Table::ask_engine()
{
    engines::SearchRequest request;
    request.program = computer_->level.program;
    request.skill_level = computer_->level.skill_level;
    request.chess960 = setup_.variant == protocol::GameVariant::Chess960;
    request.start_fen = game_->start_fen();
    for (const auto& move : game_->moves()) request.uci_moves.push_back(move.uci);
    request.limits = search_limits(computer_->level, game_->clocks(SteadyClock::now()), computer_->side);

    const std::uint64_t search = ++computer_->searches_asked;
    computer_->thinking = true;
    computer_->asked_at_ply = game_->ply();
    computer_->asked_in_game = *game_id_;
    const bool queued = services_.engines->submit(std::move(request), engines::SearchPriority::Game, strand_,
                                                  [self = shared_from_this(), search](engines::SearchOutcome outcome) {
                                                      self->engine_answered(search, std::move(outcome));
                                                  });
    if (queued) return;
    // Every engine and queue place is taken by other games: ask again shortly.
    computer_->pause.expires_after(pool_full_retry);
    computer_->pause.async_wait([self = shared_from_this(), search](const boost::system::error_code& error) {
        if (error || !self->computer_ || self->computer_->searches_asked != search) return;
        self->computer_->thinking = false;
        self->computer_turn();
    });
}

bool Table::computer_search_current(std::uint64_t search) const
{
    return computer_ && computer_->searches_asked == search && !closed_ && game_ && game_id_ &&
           *game_id_ == computer_->asked_in_game && !game_->is_over() && !game_->flag_fallen() &&
           game_->ply() == computer_->asked_at_ply && game_->to_move() == computer_->side;
}

void Table::engine_answered(std::uint64_t search, engines::SearchOutcome outcome)
{
    if (!computer_ || computer_->searches_asked != search) return; // a later search was asked
    computer_->thinking = false;
    when_flag_settled([this, search, outcome = std::move(outcome)](SteadyClock::time_point now) {
        if (!computer_search_current(search)) {
            spdlog::debug("table {}: the engine's answer to search {} is stale; dropped", id_, search);
            return computer_turn();
        }
        if (const auto* failure = std::get_if<engines::SearchFailure>(&outcome))
            return abort_for_engine_failure(failure->reason, now);
        const auto& found = std::get<engines::BestMoveFound>(outcome);
        const auto clocks = game_->clocks(now);
        const std::int64_t left = computer_->side == Side::White ? clocks.white_ms : clocks.black_ms;
        const auto pause = computer_move_delay(time_control_, left,
                                               std::chrono::milliseconds(services_.config.computer.move_delay_max_ms),
                                               random_chance()) -
                           std::chrono::duration_cast<std::chrono::milliseconds>(found.took);
        if (pause <= std::chrono::milliseconds(0)) return play_computer_move(search, found.uci_move, now);
        computer_->thinking = true;
        computer_->pause.expires_after(pause);
        computer_->pause.async_wait(
            [self = shared_from_this(), search, uci = found.uci_move](const boost::system::error_code& error) {
                if (error || !self->computer_) return;
                self->computer_->thinking = false;
                self->when_flag_settled([self, search, uci](SteadyClock::time_point at) {
                    if (!self->computer_search_current(search)) return self->computer_turn();
                    self->play_computer_move(search, uci, at);
                });
            });
    });
}

void Table::play_computer_move(std::uint64_t search, std::string uci_move, SteadyClock::time_point now)
{
    const Side side = computer_->side;
    auto result = game_->play(side, uci_move, now);
    if (!result) {
        // The engine named a move the referee does not take: a broken engine, as a crash is.
        spdlog::error("table {}: the engine's move '{}' (search {}) was refused: {}", id_, uci_move, search,
                      result.error().message);
        return abort_for_engine_failure("its move '" + uci_move + "' was refused: " + result.error().message, now);
    }
    Emission emission;
    // The computer never offers a draw; its move lets the human's standing offer lapse (FIDE 9.1.2.3).
    add_move(emission, result->move, offers_.on_move(side, false, result->ending.has_value()), now);
    if (result->ending) add_ending(emission, *result->ending, now);
    commit_game_action(std::move(emission), "computer_move", nullptr, std::nullopt, now);
}

void Table::abort_for_engine_failure(const std::string& reason, SteadyClock::time_point now)
{
    spdlog::warn("table {} game {}: the computer's engine failed ({}); the game is aborted", id_, *game_id_, reason);
    auto ending =
        game_->adjudicate(Score::Unfinished, "Aborted: the computer's engine failed twice (" + reason + ")", now);
    if (!ending) return;
    Emission emission;
    add_ending(emission, *ending, now);
    commit_game_action(std::move(emission), "computer_failed", nullptr, std::nullopt, now);
}

} // namespace rochade::server
