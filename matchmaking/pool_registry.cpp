#include "matchmaking/pool_registry.h"

#include <algorithm>

namespace rochade::matchmaking {

PoolRegistry::PoolRegistry(Clock::time_point now, WaveInterval interval)
{
    for (const PoolSpec& spec : pool_catalogue())
        queues_.emplace_back(spec, interval ? interval(spec) : Clock::duration(spec.wave_interval), now);
    games_running_.assign(queues_.size(), 0);
}

JoinOutcome PoolRegistry::join(const std::string& pool, WaitingPlayer player, Clock::time_point now)
{
    PoolQueue* target = queue(pool);
    if (!target) return JoinOutcome::UnknownPool;
    if (pool_of_player_.contains(player.id)) return JoinOutcome::AlreadyInPool;
    (void)now; // the wave clock runs from the pool's last wave, not from a join
    const PlayerId id = player.id;
    target->join(std::move(player));
    pool_of_player_[id] = std::size_t(target - queues_.data());
    return JoinOutcome::Joined;
}

std::optional<std::string> PoolRegistry::leave(PlayerId player)
{
    const auto it = pool_of_player_.find(player);
    if (it == pool_of_player_.end()) return std::nullopt;
    PoolQueue& pool = queues_[it->second];
    pool.leave(player);
    pool_of_player_.erase(it);
    return std::string(pool.spec().id);
}

std::optional<std::string> PoolRegistry::pool_of(PlayerId player) const
{
    const auto it = pool_of_player_.find(player);
    if (it == pool_of_player_.end()) return std::nullopt;
    return std::string(queues_[it->second].spec().id);
}

void PoolRegistry::forget(PlayerId player)
{
    leave(player);
    for (PoolQueue& pool : queues_) pool.forget(player);
}

std::size_t PoolRegistry::remembered_count() const
{
    std::size_t remembered = 0;
    for (const PoolQueue& pool : queues_) remembered += pool.remembered_count();
    return remembered;
}

std::vector<PoolPairing> PoolRegistry::run_due_waves(Clock::time_point now)
{
    std::vector<PoolPairing> started;
    for (std::size_t i = 0; i < queues_.size(); ++i) {
        if (!queues_[i].wave_due(now)) continue;
        for (const Pairing& game : queues_[i].run_wave(now)) {
            pool_of_player_.erase(game.white);
            pool_of_player_.erase(game.black);
            ++games_running_[i];
            started.push_back({std::string(queues_[i].spec().id), game});
        }
    }
    return started;
}

void PoolRegistry::game_over(const std::string& pool)
{
    if (PoolQueue* q = queue(pool); q) {
        std::size_t& running = games_running_[std::size_t(q - queues_.data())];
        if (running > 0) --running;
    }
}

std::optional<PoolRegistry::Clock::time_point> PoolRegistry::next_wave_at() const
{
    std::optional<Clock::time_point> earliest;
    for (const PoolQueue& q : queues_) {
        const auto at = q.next_wave_at();
        if (at && (!earliest || *at < *earliest)) earliest = at;
    }
    return earliest;
}

std::vector<PoolCount> PoolRegistry::counts() const
{
    std::vector<PoolCount> counts;
    for (std::size_t i = 0; i < queues_.size(); ++i)
        counts.push_back({std::string(queues_[i].spec().id), queues_[i].waiting_count(), games_running_[i]});
    return counts;
}

PoolQueue* PoolRegistry::queue(const std::string& pool)
{
    const auto it =
        std::find_if(queues_.begin(), queues_.end(), [&](const PoolQueue& q) { return q.spec().id == pool; });
    return it == queues_.end() ? nullptr : &*it;
}

} // namespace rochade::matchmaking
