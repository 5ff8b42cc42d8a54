#include "server/pools/pool_authority.h"

#include <set>

#include <spdlog/spdlog.h>

#include "matchmaking/pool_catalogue.h"

namespace rochade::server::pools {

PoolAuthority::PoolAuthority(std::string node, matchmaking::PoolRegistry::WaveInterval interval)
    : node_(std::move(node)), interval_(interval), registry_(Clock::now(), interval)
{
}

PoolAuthority::Outbox PoolAuthority::take_office(Clock::time_point now)
{
    leave_office();
    registry_ = matchmaking::PoolRegistry(now, interval_);
    in_office_ = true;
    counts_changed_ = true;
    spdlog::info("pools: node {} pairs the pools now", node_);
    return {AuthorityIs{node_}};
}

void PoolAuthority::leave_office()
{
    if (in_office_) spdlog::info("pools: node {} pairs the pools no more", node_);
    in_office_ = false;
    players_.clear();
    pending_.clear();
    rosters_.clear();
    // The ids stay: an account keeps his, and with it nothing the new registry remembers.
    registry_ = matchmaking::PoolRegistry(Clock::now(), interval_);
}

matchmaking::PlayerId PoolAuthority::id_of(const std::string& player)
{
    const auto [found, added] = ids_.try_emplace(player, next_id_);
    if (added) {
        players_by_id_[next_id_] = player;
        ++next_id_;
    }
    return found->second;
}

PoolAuthority::Outbox PoolAuthority::received(const PoolMessage& message, Clock::time_point now)
{
    Outbox out;
    if (!in_office_) return out;
    if (const auto* m = std::get_if<Waiting>(&message)) {
        waiting(m->node, m->entrant, now);
    } else if (const auto* m = std::get_if<WaitEnded>(&message)) {
        wait_ended(m->node, m->player, m->for_good);
    } else if (const auto* m = std::get_if<Roster>(&message)) {
        roster(*m, now);
    } else if (const auto* m = std::get_if<ClaimAnswered>(&message)) {
        if (m->authority == node_) claim_answered(*m, out);
    } else if (const auto* m = std::get_if<StartAnswered>(&message)) {
        if (m->authority == node_) start_answered(*m);
    } else if (const auto* m = std::get_if<AuthorityIs>(&message)) {
        // Another node took the lease (this one lost it without hearing so yet): it pairs now.
        if (m->node != node_) leave_office();
    }
    return out;
}

void PoolAuthority::waiting(const std::string& node, const PoolEntrant& entrant, Clock::time_point now)
{
    if (!matchmaking::pool_named(entrant.pool)) return;
    // A node heard of only through its players' waits is expired like one that sent a roster.
    rosters_.try_emplace(node, NodeRoster{{}, now});
    if (const auto known = players_.find(entrant.player); known != players_.end()) {
        // Being paired: his node answers the claim, and tells again if he waits on after it.
        if (known->second.pairing) return;
        if (known->second.node == node && known->second.entrant.pool == entrant.pool) return; // as known
        registry_.leave(known->second.id);
        players_.erase(known);
    }
    Known known{node, entrant, id_of(entrant.player), false};
    matchmaking::WaitingPlayer player;
    player.id = known.id;
    player.rating = entrant.rating;
    player.deviation = entrant.deviation;
    player.registered = !entrant.guest;
    if (registry_.join(entrant.pool, std::move(player), now) != matchmaking::JoinOutcome::Joined) {
        spdlog::error("pools: {} could not join pool {}", entrant.nick, entrant.pool);
        return;
    }
    players_.emplace(entrant.player, std::move(known));
    counts_changed_ = true;
}

void PoolAuthority::wait_ended(const std::string& node, const std::string& player, bool for_good)
{
    const auto known = players_.find(player);
    // The same account may wait on another node now (logged in there): that wait stays.
    if (known != players_.end() && known->second.node == node) {
        registry_.leave(known->second.id);
        players_.erase(known);
        counts_changed_ = true;
    }
    if (for_good) forget_player(player);
}

void PoolAuthority::forget_player(const std::string& player)
{
    const auto id = ids_.find(player);
    if (id == ids_.end() || players_.contains(player)) return;
    registry_.forget(id->second);
    players_by_id_.erase(id->second);
    ids_.erase(id);
}

void PoolAuthority::roster(const Roster& roster, Clock::time_point now)
{
    auto& heard = rosters_[roster.node];
    if (heard.running != roster.running) counts_changed_ = true;
    heard.running = roster.running;
    heard.heard = now;
    // Who the node no longer lists left, and the message that said so was lost (or is late).
    std::set<std::string> listed;
    for (const auto& entrant : roster.waiting) listed.insert(entrant.player);
    std::vector<std::string> gone;
    for (const auto& [player, known] : players_)
        if (known.node == roster.node && !known.pairing && !listed.contains(player)) gone.push_back(player);
    for (const auto& player : gone) wait_ended(roster.node, player, false);
    for (const auto& entrant : roster.waiting) waiting(roster.node, entrant, now);
}

PoolAuthority::Outbox PoolAuthority::run_due_waves(Clock::time_point now)
{
    Outbox out;
    if (!in_office_) return out;
    for (const auto& pairing : registry_.run_due_waves(now)) {
        const auto white = players_.find(players_by_id_[pairing.game.white]);
        const auto black = players_.find(players_by_id_[pairing.game.black]);
        if (white == players_.end() || black == players_.end()) {
            spdlog::error("pools: a pairing in {} names a player the authority does not know", pairing.pool);
            registry_.game_over(pairing.pool);
            continue;
        }
        white->second.pairing = black->second.pairing = true;
        const std::uint64_t number = next_pairing_++;
        pending_[number] = Pending{pairing.pool, white->second, black->second, pairing.game.rated, now, false};
        out.push_back(ClaimAsked{node_, number, black->second.node, black->first});
        counts_changed_ = true;
    }
    return out;
}

std::optional<PoolAuthority::Clock::time_point> PoolAuthority::next_wave_at() const
{
    if (!in_office_) return std::nullopt;
    return registry_.next_wave_at();
}

void PoolAuthority::claim_answered(const ClaimAnswered& answer, Outbox& out)
{
    const auto found = pending_.find(answer.pairing);
    if (found == pending_.end() || found->second.start_asked || answer.player != found->second.black.entrant.player)
        return;
    Pending& pending = found->second;
    const auto now = pending.since; // a wait resumed keeps the time the wave paired him at
    if (!answer.claimed) {
        // Black is gone from his pool; White did nothing wrong and waits on.
        players_.erase(pending.black.entrant.player);
        registry_.game_over(pending.pool);
        wait_on(pending.white, now);
        pending_.erase(found);
        counts_changed_ = true;
        return;
    }
    const auto white = players_.find(pending.white.entrant.player);
    if (white == players_.end() || !white->second.pairing) {
        // White left meanwhile: Black, claimed already, waits on (his node puts him back).
        return give_up(answer.pairing, "the opponent left before the game could start", out, now);
    }
    pending.start_asked = true;
    out.push_back(StartAsked{node_, answer.pairing, pending.white.node, pending.pool, pending.white.entrant.player,
                             pending.black.node, pending.black.entrant.player, pending.black.entrant.nick,
                             pending.rated});
}

void PoolAuthority::start_answered(const StartAnswered& answer)
{
    const auto found = pending_.find(answer.pairing);
    if (found == pending_.end()) return;
    // Both are out of their pools either way: who waits on is told again by his node.
    for (const Known* player : {&found->second.white, &found->second.black}) {
        const auto known = players_.find(player->entrant.player);
        if (known != players_.end() && known->second.pairing) players_.erase(known);
    }
    registry_.game_over(found->second.pool);
    pending_.erase(found);
    counts_changed_ = true;
}

void PoolAuthority::wait_on(const Known& player, Clock::time_point now)
{
    const auto known = players_.find(player.entrant.player);
    if (known == players_.end() || !known->second.pairing) return; // left meanwhile, or waits anew
    players_.erase(known);
    waiting(player.node, player.entrant, now);
}

void PoolAuthority::give_up(std::uint64_t pairing, const std::string& why, Outbox& out, Clock::time_point now)
{
    const auto found = pending_.find(pairing);
    if (found == pending_.end()) return;
    const Pending pending = found->second;
    pending_.erase(found);
    registry_.game_over(pending.pool);
    counts_changed_ = true;
    spdlog::info("pools: the {} pairing of {} and {} is given up: {}", pending.pool, pending.white.entrant.nick,
                 pending.black.entrant.nick, why);
    // Black's node lets him wait on if it claimed him; a node that did not ignores this.
    StartAnswered release;
    release.authority = node_;
    release.pairing = pairing;
    release.node = pending.white.node;
    release.pool = pending.pool;
    release.black_node = pending.black.node;
    release.black = pending.black.entrant.player;
    release.refusal = why;
    release.white_connected = false;
    out.push_back(std::move(release));
    if (const auto black = players_.find(pending.black.entrant.player);
        black != players_.end() && black->second.pairing)
        players_.erase(black);
    if (pending.start_asked) {
        // White's node may have started the game: it tells White what came of it.
        if (const auto white = players_.find(pending.white.entrant.player);
            white != players_.end() && white->second.pairing)
            players_.erase(white);
    } else {
        wait_on(pending.white, now);
    }
}

PoolAuthority::Outbox PoolAuthority::node_gone(const std::string& node)
{
    Outbox out;
    if (!in_office_) return out;
    std::vector<std::uint64_t> affected;
    for (const auto& [number, pending] : pending_)
        if (pending.white.node == node || pending.black.node == node) affected.push_back(number);
    for (const auto number : affected) give_up(number, "the node of a player is gone", out, Clock::now());
    std::vector<std::string> gone;
    for (const auto& [player, known] : players_)
        if (known.node == node) gone.push_back(player);
    for (const auto& player : gone) {
        registry_.leave(players_.at(player).id);
        players_.erase(player);
    }
    if (rosters_.erase(node) > 0 || !gone.empty()) counts_changed_ = true;
    return out;
}

PoolAuthority::Outbox PoolAuthority::expire(Clock::time_point now, Clock::duration pairing_limit,
                                            Clock::duration roster_limit)
{
    Outbox out;
    if (!in_office_) return out;
    std::vector<std::uint64_t> late;
    for (const auto& [number, pending] : pending_)
        if (now - pending.since > pairing_limit) late.push_back(number);
    for (const auto number : late) give_up(number, "no answer from a player's node", out, now);
    std::vector<std::string> silent;
    for (const auto& [node, roster] : rosters_)
        if (now - roster.heard > roster_limit) silent.push_back(node);
    for (const auto& node : silent) {
        spdlog::warn("pools: node {} sent no roster for {} ms; its players wait no more", node,
                     std::chrono::duration_cast<std::chrono::milliseconds>(roster_limit).count());
        auto more = node_gone(node);
        out.insert(out.end(), more.begin(), more.end());
    }
    return out;
}

std::vector<protocol::PoolCountView> PoolAuthority::counts() const
{
    std::vector<protocol::PoolCountView> views;
    for (const auto& count : registry_.counts()) {
        // The registry's games running are the pairings being started here.
        std::size_t running = count.games_running;
        for (const auto& [node, roster] : rosters_)
            if (const auto found = roster.running.find(count.pool); found != roster.running.end())
                running += found->second;
        views.push_back({count.pool, count.waiting, running});
    }
    return views;
}

} // namespace rochade::server::pools
