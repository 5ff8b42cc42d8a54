// Who of a list of nicks is online on this node (Lobby::online_players): the tournament service
// pairs only the players who are there when a round is paired, and starts their games here.
#include "protocol/nick.h"
#include "server/lobby/lobby.h"

namespace rochade::server {

void Lobby::online_players(std::vector<std::string> nicks,
                           std::function<void(std::map<std::string, identity::Identity>)> answer)
{
    on_strand([this, nicks = std::move(nicks), answer = std::move(answer)] {
        std::map<std::string, identity::Identity> online;
        for (const auto& nick : nicks) {
            const Online* player = presence_.online(nick);
            if (player && !player->connection.expired()) online.emplace(protocol::nick_key(nick), player->who);
        }
        answer(std::move(online));
    });
}

} // namespace rochade::server
