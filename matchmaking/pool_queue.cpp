#include "matchmaking/pool_queue.h"

#include <algorithm>
#include <unordered_set>

#include "matchmaking/pool_matcher.h"

namespace rochade::matchmaking {

PoolQueue::PoolQueue(PoolSpec spec, Clock::duration wave_interval, Clock::time_point now)
    : spec_(spec), wave_interval_(wave_interval), last_wave_(now)
{
}

bool PoolQueue::join(WaitingPlayer player)
{
    if (is_waiting(player.id)) return false;
    player.waves_missed = 0;
    player.last_opponent.reset();
    player.recent_colours.clear();
    if (auto known = history_.find(player.id); known != history_.end()) {
        player.last_opponent = known->second.last_opponent;
        player.recent_colours = known->second.recent_colours;
    }
    waiting_.push_back(std::move(player));
    return true;
}

bool PoolQueue::leave(PlayerId id)
{
    const auto it = std::find_if(waiting_.begin(), waiting_.end(), [&](const auto& p) { return p.id == id; });
    if (it == waiting_.end()) return false;
    waiting_.erase(it);
    return true;
}

bool PoolQueue::is_waiting(PlayerId id) const
{
    return std::any_of(waiting_.begin(), waiting_.end(), [&](const auto& p) { return p.id == id; });
}

bool PoolQueue::wave_due(Clock::time_point now) const
{
    if (waiting_.size() < 2) return false;
    return waiting_.size() >= spec_.players_for_immediate_wave || now - last_wave_ >= wave_interval_;
}

std::optional<PoolQueue::Clock::time_point> PoolQueue::next_wave_at() const
{
    if (waiting_.size() < 2) return std::nullopt;
    if (waiting_.size() >= spec_.players_for_immediate_wave) return last_wave_;
    return last_wave_ + wave_interval_;
}

std::vector<Pairing> PoolQueue::run_wave(Clock::time_point now)
{
    last_wave_ = now;
    std::vector<Pairing> games = match_wave(waiting_);

    std::unordered_set<PlayerId> paired;
    paired.reserve(games.size() * 2);
    for (const Pairing& game : games) {
        paired.insert(game.white);
        paired.insert(game.black);
        remember(game.white, game.black, SeatColour::White);
        remember(game.black, game.white, SeatColour::Black);
    }
    std::erase_if(waiting_, [&](const WaitingPlayer& p) { return paired.contains(p.id); });
    for (WaitingPlayer& player : waiting_) ++player.waves_missed;
    return games;
}

void PoolQueue::remember(PlayerId player, PlayerId opponent, SeatColour colour)
{
    History& history = history_[player];
    history.last_opponent = opponent;
    history.recent_colours.push_back(colour);
    if (history.recent_colours.size() > recent_colours_kept)
        history.recent_colours.erase(history.recent_colours.begin());
}

} // namespace rochade::matchmaking
