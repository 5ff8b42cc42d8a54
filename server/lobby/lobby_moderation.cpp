// What the moderation service asks of the lobby: notices, who is online (and the closing of a
// player's connection for a kick or a ban), and the live view's players and rooms. All of it
// runs on the lobby's strand, like the rest of the lobby (lobby.cpp).
#include <algorithm>
#include <tuple>

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

#include "protocol/encode.h"
#include "protocol/nick.h"
#include "server/lobby/lobby.h"

namespace rochade::server {

void Lobby::send_notice(std::string from, std::optional<protocol::RoomNumber> room, std::string text,
                        std::function<void(std::optional<std::string>)> done)
{
    net::post(strand_, [self = shared_from_this(), from = std::move(from), room, text = std::move(text),
                        done = std::move(done)] {
        const auto frame = std::make_shared<const std::string>(protocol::encode_notice(room, from, text));
        if (room) {
            Room* r = self->room(*room);
            if (!r) return done("there is no room " + std::to_string(*room));
            r->broadcast(frame);
        } else {
            self->presence_.for_each([&](const Online& player) {
                if (auto to = player.connection.lock()) to->send(frame);
            });
        }
        spdlog::info("{} sent a notice to {}", from, room ? "room " + std::to_string(*room) : std::string("everyone"));
        done(std::nullopt);
    });
}

void Lobby::online_nick(std::string nick, std::function<void(std::optional<Identity>)> done)
{
    net::post(strand_, [self = shared_from_this(), nick = std::move(nick), done = std::move(done)] {
        const Online* player = self->presence_.online(nick);
        done(player ? std::optional<Identity>(player->who) : std::nullopt);
    });
}

void Lobby::close_player(std::string nick, protocol::ErrorCode code, std::string message,
                         protocol::ErrorSanction sanction, std::string close_reason, std::function<void(int)> done)
{
    net::post(strand_,
              [self = shared_from_this(), nick = std::move(nick), code, message = std::move(message),
               sanction = std::move(sanction), close_reason = std::move(close_reason), done = std::move(done)] {
                  const Online* player = self->presence_.online(nick);
                  auto connection = player ? player->connection.lock() : nullptr;
                  if (!connection) return done(0);
                  // The error goes first: a close is sent after the queued frames.
                  connection->send_error(std::nullopt, code, message, sanction);
                  connection->close(CloseCode::PolicyViolation, close_reason);
                  done(1);
              });
}

void Lobby::live(bool with_addresses, std::function<void(std::vector<OnlinePlayer>, std::vector<LiveRoom>)> done)
{
    net::post(strand_, [self = shared_from_this(), with_addresses, done = std::move(done)] {
        std::vector<OnlinePlayer> players;
        self->presence_.for_each([&](const Online& player) {
            const auto connection = player.connection.lock();
            if (!connection || !connection->is_open()) return;
            OnlinePlayer online;
            online.nick = player.who.nick;
            online.guest = player.who.principal.guest();
            online.role = player.who.role;
            online.since_ms = player.since_ms;
            if (with_addresses) online.address = player.address;
            online.rooms.assign(player.rooms.begin(), player.rooms.end());
            online.connections = 1; // the lobby keeps one connection per nick (a new one replaces it)
            players.push_back(std::move(online));
        });
        std::sort(players.begin(), players.end(), [](const OnlinePlayer& a, const OnlinePlayer& b) {
            return std::tie(a.since_ms, a.nick) < std::tie(b.since_ms, b.nick);
        });
        std::vector<LiveRoom> rooms;
        for (const auto& [number, r] : self->rooms_) rooms.push_back(LiveRoom{number, r.name(), r.member_nicks()});
        done(std::move(players), std::move(rooms));
    });
}

} // namespace rochade::server
