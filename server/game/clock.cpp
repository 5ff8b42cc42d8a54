#include "server/game/clock.h"

#include <algorithm>
#include <utility>

namespace rochade::server {

namespace {

protocol::Side other(protocol::Side side)
{
    return side == protocol::Side::White ? protocol::Side::Black : protocol::Side::White;
}

} // namespace

Clock::Clock(protocol::TimeControl time_control, FirstMoveLimit first_move_limit)
    : time_control_(std::move(time_control)), first_move_limit_(first_move_limit)
{
    if (!time_control_.untimed()) {
        remaining_ms_[0] = time_control_.stages.front().time_ms;
        remaining_ms_[1] = time_control_.stages.front().time_ms;
    }
}

Clock Clock::restored(protocol::TimeControl time_control, std::int64_t white_ms, std::int64_t black_ms,
                      int white_moves_made, int black_moves_made, FirstMoveLimit first_move_limit)
{
    Clock clock(std::move(time_control), first_move_limit);
    if (!clock.untimed()) {
        clock.remaining_ms_[0] = std::max<std::int64_t>(white_ms, 0);
        clock.remaining_ms_[1] = std::max<std::int64_t>(black_ms, 0);
    }
    clock.moves_made_[0] = white_moves_made;
    clock.moves_made_[1] = black_moves_made;
    return clock;
}

void Clock::start(Side side, time_point now)
{
    if (running_ || awaiting_first_move_) stop(now);
    if (before_first_moves())
        awaiting_first_move_ = side;
    else
        running_ = side;
    running_since_ = now;
}

// A first move costs nothing and earns nothing (lichess gives no increment before the clocks
// start either); it counts for the stages. The second side's first move starts the clocks.
void Clock::press_first_move(time_point now)
{
    const Side mover = *awaiting_first_move_;
    const int i = index(mover);
    ++moves_made_[i];
    remaining_ms_[i] += stage_time_after(moves_made_[i]);
    awaiting_first_move_.reset();
    if (before_first_moves())
        awaiting_first_move_ = other(mover);
    else
        running_ = other(mover);
    running_since_ = now;
}

// The order of the steps is spelled out in clock.h. A delay or increment never applies to a
// side that does not move, so all of it happens here, at the moment the move is completed.
void Clock::press(time_point now)
{
    if (awaiting_first_move_) return press_first_move(now);
    if (!running_) return;
    const Side mover = *running_;
    const int i = index(mover);
    if (!untimed()) {
        const std::int64_t used = std::max<std::int64_t>(
            std::chrono::duration_cast<std::chrono::milliseconds>(now - running_since_).count(), 0);
        remaining_ms_[i] -= charge_ms(now);
        if (time_control_.delay == protocol::DelayKind::Bronstein)
            remaining_ms_[i] += std::min(used, time_control_.delay_ms);
        if (!without_increment_[i]) remaining_ms_[i] += time_control_.increment_ms;
    }
    ++moves_made_[i];
    if (!untimed()) remaining_ms_[i] += stage_time_after(moves_made_[i]);
    running_ = other(mover);
    running_since_ = now;
}

void Clock::stop(time_point now)
{
    awaiting_first_move_.reset();
    if (!running_) return;
    const int i = index(*running_);
    if (!untimed()) remaining_ms_[i] = std::max<std::int64_t>(remaining_ms_[i] - charge_ms(now), 0);
    running_.reset();
}

std::int64_t Clock::charge_ms(time_point now) const
{
    std::int64_t used = std::chrono::duration_cast<std::chrono::milliseconds>(now - running_since_).count();
    if (used < 0) used = 0; // a caller's `now` from before the start charges nothing
    if (time_control_.delay == protocol::DelayKind::Simple)
        used = std::max<std::int64_t>(used - time_control_.delay_ms, 0);
    return used;
}

// Stages are laid end to end by their move counts; a side that completes the last move of a
// stage gets the next stage's time. A last stage with a move count starts over each time it
// is completed; one without (moves == 0) lasts the rest of the game and adds nothing more.
std::int64_t Clock::stage_time_after(int moves_made) const
{
    const auto& stages = time_control_.stages;
    int boundary = 0;
    for (std::size_t i = 0; i < stages.size(); ++i) {
        const protocol::TimeStage& stage = stages[i];
        if (stage.moves <= 0) return 0;
        boundary += stage.moves;
        if (i + 1 < stages.size()) {
            if (moves_made == boundary) return stages[i + 1].time_ms;
            if (moves_made < boundary) return 0;
            continue;
        }
        if (moves_made >= boundary && (moves_made - boundary) % stage.moves == 0) return stage.time_ms;
    }
    return 0;
}

std::int64_t Clock::remaining_ms(Side side, time_point now) const
{
    if (untimed()) return 0;
    std::int64_t remaining = remaining_ms_[index(side)];
    if (running_ == side) remaining -= charge_ms(now);
    return std::max<std::int64_t>(remaining, 0);
}

bool Clock::flag_fallen(time_point now) const
{
    const auto deadline = flag_deadline();
    return deadline && now >= *deadline;
}

std::optional<Clock::time_point> Clock::flag_deadline() const
{
    if (untimed() || !running_) return std::nullopt;
    std::int64_t allowed = remaining_ms_[index(*running_)];
    if (time_control_.delay == protocol::DelayKind::Simple) allowed += time_control_.delay_ms;
    return running_since_ + std::chrono::milliseconds(allowed);
}

std::optional<Clock::time_point> Clock::first_move_deadline() const
{
    if (!awaiting_first_move_ || !first_move_limit_) return std::nullopt;
    return running_since_ + *first_move_limit_;
}

bool Clock::first_move_missed(time_point now) const
{
    const auto deadline = first_move_deadline();
    return deadline && now >= *deadline;
}

protocol::ClockReading Clock::reading(time_point now) const
{
    protocol::ClockReading reading{remaining_ms(Side::White, now), remaining_ms(Side::Black, now), running_, untimed(),
                                   std::nullopt};
    if (awaiting_first_move_) {
        protocol::FirstMoveWait wait{*awaiting_first_move_, std::nullopt};
        if (const auto deadline = first_move_deadline())
            wait.ms_left = std::max<std::int64_t>(
                std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - now).count(), 0);
        reading.first_move = wait;
    }
    return reading;
}

} // namespace rochade::server
