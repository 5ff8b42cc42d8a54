#include "server/lobby/challenge_book.h"

#include <algorithm>

namespace rochade::server {

std::size_t ChallengeBook::outgoing(const identity::Principal& who) const
{
    return static_cast<std::size_t>(std::count_if(standing_.begin(), standing_.end(), [&](const auto& entry) {
        return entry.second.challenger.principal == who;
    }));
}

void ChallengeBook::add(StandingChallenge challenge)
{
    const auto id = challenge.offer.id;
    standing_.insert_or_assign(id, std::move(challenge));
}

StandingChallenge* ChallengeBook::find(const protocol::ChallengeId& id)
{
    const auto found = standing_.find(id);
    return found == standing_.end() ? nullptr : &found->second;
}

std::optional<StandingChallenge> ChallengeBook::take(const protocol::ChallengeId& id)
{
    auto node = standing_.extract(id);
    if (!node) return std::nullopt;
    if (node.mapped().expiry) node.mapped().expiry->cancel();
    return std::move(node.mapped());
}

std::vector<protocol::ChallengeId> ChallengeBook::sent_from(std::uint64_t connection) const
{
    std::vector<protocol::ChallengeId> ids;
    for (const auto& [id, challenge] : standing_)
        if (challenge.challenger_connection == connection) ids.push_back(id);
    return ids;
}

void ChallengeBook::add_received(const protocol::ChallengeId& id, ReceivedChallenge received)
{
    received_.insert_or_assign(id, std::move(received));
}

std::optional<ReceivedChallenge> ChallengeBook::take_received(const protocol::ChallengeId& id)
{
    auto node = received_.extract(id);
    if (!node) return std::nullopt;
    return std::move(node.mapped());
}

const ReceivedChallenge* ChallengeBook::find_received(const protocol::ChallengeId& id) const
{
    const auto found = received_.find(id);
    return found == received_.end() ? nullptr : &found->second;
}

} // namespace rochade::server
