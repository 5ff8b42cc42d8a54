#include "server/router/router.h"

#include <type_traits>

#include <spdlog/spdlog.h>

#include "db/store_writer.h"
#include "protocol/decode.h"
#include "protocol/encode.h"
#include "server/base/metrics.h"
#include "server/clients/address_slots.h"
#include "server/clients/client.h"
#include "server/lobby/lobby.h"
#include "server/pools/pool_service.h"
#include "server/router/table_messages.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/table/table_services.h"
#include "server/tournaments/tournament_service.h"

namespace rochade::server {

using protocol::ErrorCode;

Router::Router(net::io_context& io, Services services, const ServerConfig& config)
    : io_(io), config_(config), tables_(std::make_shared<TableDirectory>()), game_feed_(std::make_unique<GameFeed>()),
      services_(new TableServices{io,
                                  services.writer,
                                  services.reads,
                                  services.flag_analysis,
                                  config,
                                  services.metrics,
                                  services.sanctions,
                                  *tables_,
                                  services.table_ids,
                                  services.game_ids,
                                  *game_feed_,
                                  {},
                                  services.engines}),
      lobby_(std::make_shared<Lobby>(*services_, *this)), pools_(std::make_shared<PoolService>(*services_, lobby_)),
      tournaments_service_(std::make_shared<TournamentService>(*services_, lobby_)),
      authenticator_(services.authenticator), anonymous_(std::make_shared<AddressSlots>(static_cast<std::size_t>(
                                                  config.player_limits.connections_per_address_before_hello))),
      moderation_(services.build_moderation(lobby_, *tables_))
{
    pools_->start();
    tournaments_service_->start();
}

Router::~Router() = default;

void Router::restore(StoredState stored)
{
    // Each game is claimed with an epoch above the stored one before its table plays again, as a
    // take-over does (db::GameClaimed): alone on the store, nothing can come between.
    std::vector<std::optional<db::StoreError>> claims(stored.unfinished_games.size());
    for (std::size_t i = 0; i < claims.size(); ++i) {
        auto& start = stored.unfinished_games[i].start;
        services_->writer.submit(db::GameClaimed{start.game_id, ++start.epoch},
                                 [&claims, i](std::optional<db::StoreError> error) { claims[i] = std::move(error); });
    }
    services_->writer.flush();
    std::vector<std::shared_ptr<Table>> restored;
    for (std::size_t i = 0; i < claims.size(); ++i) {
        auto& game = stored.unfinished_games[i];
        if (claims[i]) {
            spdlog::error("game {} is not restored: {}", game.start.game_id, claims[i]->message);
            continue;
        }
        static const std::vector<db::TableEvent> no_events;
        const auto found = stored.game_events.find(game.start.game_id);
        const auto& events = found != stored.game_events.end() ? found->second : no_events;
        auto table = Table::restore(*services_, lobby_, std::move(game), events);
        if (!table) continue;
        tables_->add(table->id(), table);
        restored.push_back(std::move(table));
    }
    lobby_->restore(restored);
    services_->metrics.games_running += std::int64_t(restored.size());
    if (!restored.empty()) spdlog::info("restored {} running game(s) from the database", restored.size());
}

void Router::restore_tournaments(std::vector<db::TournamentLog> tournaments)
{
    tournaments_service_->restore(std::move(tournaments));
}

void Router::shut_down()
{
    services_->shutting_down = true;
    pools_->shut_down();
    tournaments_service_->shut_down();
    for (const auto& table : tables_->all()) table->shut_down();
}

void Router::on_open(const std::shared_ptr<Connection>& connection)
{
    connection->client = std::make_shared<Client>();
    ++services_->metrics.connections;
    const auto& limits = config_.limits;
    connection->send(protocol::encode_welcome(
        "rochade/" ROCHADE_VERSION,
        protocol::ServerLimits{limits.max_message_bytes, limits.messages_per_second, limits.message_burst,
                               limits.idle_timeout_ms, config_.reconnect_grace_ms}));
    // After the welcome, so a refused client still learns which server and protocol it met.
    if (auto banned = authenticator_.address_banned("connection", connection->ip_address())) {
        spdlog::info("connection {} from {}: refused, the address is banned", connection->id(),
                     connection->remote_address());
        connection->send_error(std::nullopt, banned->code, banned->message, *banned->sanction);
        connection->close(CloseCode::PolicyViolation, "banned");
        return;
    }
    connection->client->anonymous_slot = anonymous_->take(connection->ip_address());
    if (!connection->client->anonymous_slot) {
        spdlog::warn("connection {} from {}: refused, {} connections from that address have not said hello",
                     connection->id(), connection->remote_address(), anonymous_->held(connection->ip_address()));
        services_->metrics.limit_closed(LimitClose::AddressLimit);
        connection->send_error(std::nullopt, ErrorCode::LimitReached,
                               "too many connections from your address have not said hello; say hello on those first");
        connection->close(CloseCode::PolicyViolation, "too many connections without hello from this address");
    }
}

// /health counts the connection until its owners have been told, so that a count that dropped
// means the lobby and the tables hear of the close before any later request.
void Router::on_close(const std::shared_ptr<Connection>& connection)
{
    if (const auto client = connection->client) {
        client->closed = true;
        // A visitor (no hello) watches tables too (router_visitors.cpp).
        const auto who = client->identity.value_or(identity::visitor_identity());
        std::vector<protocol::TableId> elsewhere; // tables of other nodes it sent requests to
        for (const auto table_id : client->tables)
            if (auto table = tables_->find(table_id))
                table->connection_closed(connection, who);
            else
                elsewhere.push_back(table_id);
        if (cluster_ && !elsewhere.empty()) cluster_->client_gone(connection->id(), std::move(elsewhere));
        // A hello still on its way is undone when its admission reaches the connection (it finds
        // `closed`); an admitted one goes offline now. Either may have looked into rooms before.
        if (client->identity) lobby_->disconnected(connection);
        lobby_->forget_onlooker(connection);
        pools_->disconnected(connection);
        tournaments_service_->disconnected(connection);
        client->anonymous_slot.release();
    }
    --services_->metrics.connections;
}

void Router::on_message(const std::shared_ptr<Connection>& connection, std::string_view text)
{
    // Refused at on_open (too many anonymous sockets from its address) and closing: ignored.
    if (!connection->client->identity && !connection->client->anonymous_slot) return;
    const protocol::DecodeLimits limits{config_.limits.max_message_bytes, 500, 8};
    auto decoded = protocol::decode(text, limits);
    if (!decoded) {
        connection->send_error(decoded.error().id, decoded.error().code, decoded.error().message);
        return;
    }
    Client& client = *connection->client;
    auto id = std::move(decoded->id);
    const auto type = protocol::message_type_name(decoded->message);
    std::visit(
        [&](auto&& message) {
            using Message = std::decay_t<decltype(message)>;
            if constexpr (std::is_same_v<Message, protocol::Ping>) {
                connection->send(protocol::encode_pong(id));
            } else if constexpr (std::is_same_v<Message, protocol::Hello> ||
                                 std::is_same_v<Message, protocol::Register>) {
                if (client.identity || client.greeting) {
                    connection->send_error(id, ErrorCode::AlreadyGreeted,
                                           std::string(type) + ": this connection has said who it is already");
                    return;
                }
                client.greeting = true;
                if constexpr (std::is_same_v<Message, protocol::Hello>)
                    hello(connection, std::move(id), std::move(message));
                else
                    register_account(connection, std::move(id), std::move(message));
            } else if (!client.identity) {
                visitor_request(connection, std::move(id), protocol::ClientMessage(std::move(message)), text);
            } else if constexpr (std::is_same_v<Message, protocol::Logout>) {
                logout(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::ChangePassword>) {
                change_password(connection, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::Notice>) {
                notice(connection, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::ListRooms>) {
                lobby_->list_rooms(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::EnterRoom>) {
                lobby_->enter_room(connection, *client.identity, std::move(id), message.room);
            } else if constexpr (std::is_same_v<Message, protocol::LeaveRoom>) {
                lobby_->leave_room(connection, *client.identity, std::move(id), message.room);
            } else if constexpr (std::is_same_v<Message, protocol::RoomMembers>) {
                lobby_->room_members(connection, *client.identity, std::move(id), message);
            } else if constexpr (std::is_same_v<Message, protocol::RoomChat>) {
                if (chat_allowed(connection, id, type))
                    lobby_->room_chat(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::Whisper>) {
                if (chat_allowed(connection, id, type))
                    lobby_->whisper(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::Challenge>) {
                // A challenge carries a message to another player: it counts like a whisper.
                if (chat_allowed(connection, id, type))
                    lobby_->challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::CancelChallenge>) {
                lobby_->cancel_challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::AcceptChallenge>) {
                lobby_->accept_challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::DeclineChallenge>) {
                lobby_->decline_challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::CreateOpenChallenge>) {
                lobby_->create_open_challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::ListOpenChallenges>) {
                lobby_->list_open_challenges(connection, *client.identity, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::CancelOpenChallenge>) {
                lobby_->cancel_open_challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::ShowOpenChallenge>) {
                lobby_->show_open_challenge(connection, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::AcceptOpenChallenge>) {
                lobby_->accept_open_challenge(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::JoinPool>) {
                pools_->join(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::LeavePool>) {
                pools_->leave(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::ListPools>) {
                pools_->list(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::PlayComputer>) {
                lobby_->play_computer(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::CreateTournament>) {
                tournaments_service_->create(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::ListTournaments>) {
                tournaments_service_->list(connection, std::move(id));
            } else if constexpr (std::is_same_v<Message, protocol::ShowTournament>) {
                tournaments_service_->show(connection, std::move(id), message);
            } else if constexpr (TournamentService::changes_a_tournament<Message>) {
                // Handled by the node that runs the tournament (docs/tournaments.md, "Several nodes").
                tournaments_service_->request(connection, *client.identity, std::move(id), std::move(message),
                                              std::string(text));
            } else if constexpr (std::is_same_v<Message, protocol::OpenTable>) {
                lobby_->open_table(connection, *client.identity, std::move(id), std::move(message));
            } else if constexpr (std::is_same_v<Message, protocol::JoinTable>) {
                lobby_->join_table(connection, *client.identity, std::move(id), message, std::string(text));
            } else if constexpr (std::is_same_v<Message, protocol::WatchTable>) {
                lobby_->watch_table(connection, *client.identity, std::move(id), message, std::string(text));
            } else if constexpr (is_table_message<Message>) {
                if constexpr (std::is_same_v<Message, protocol::TableChat>)
                    if (!chat_allowed(connection, id, type)) return;
                auto table = tables_->find(message.table);
                if (!table && cluster_) return forward(connection, std::move(id), type, message.table, text);
                if (!table) {
                    connection->send_error(id, ErrorCode::NoSuchTable,
                                           std::string(type) + ": there is no table " + std::to_string(message.table));
                    return;
                }
                table->handle(connection, *client.identity, std::move(id), std::move(message));
            } else {
                static_assert(sizeof(Message) == 0, "a client message the router does not route");
            }
        },
        std::move(decoded->message));
}

} // namespace rochade::server
