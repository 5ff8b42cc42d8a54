// A tournament's stored rows as the pure tests of server/tournaments/ build them.
#pragma once

#include <optional>
#include <string>

#include "db/tournament_records.h"
#include "protocol/nick.h"

namespace rochade::test {

// An entry with the rating 1500 + entry.
inline db::TournamentPlayerRecord stored_player(int entry, std::string nick, int first_round = 1,
                                                std::optional<int> withdrawn_from = std::nullopt)
{
    db::TournamentPlayerRecord player;
    player.entry = entry;
    player.nick = nick;
    player.nick_key = protocol::nick_key(nick);
    player.rating = 1500 + entry;
    player.first_round = first_round;
    player.withdrawn_from_round = withdrawn_from;
    return player;
}

} // namespace rochade::test
