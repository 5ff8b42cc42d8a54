// Moderation across the nodes of a cluster (server/cluster/): what the moderation service does
// when the player, the table or the room's members are on another node. The node where the
// moderator is connected checks the role, sends the other node what it needs to act (never a
// role: the other node acts, it does not authorise), waits for the answer at most the answer
// timeout, and writes the one audit line. Sanctions are not sent at all: the store holds them,
// and a node that hears one changed reads them again (a forged message can only make it read).
#include <algorithm>
#include <tuple>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/read_thread.h"
#include "db/store_reader.h"
#include "protocol/decode.h"
#include "protocol/nick.h"
#include "server/admin/moderation_service.h"
#include "server/cluster/cluster_link.h"
#include "server/cluster/node_asks.h"
#include "server/lobby/lobby.h"
#include "server/moderation/sanctions.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"
#include "server/wall_clock.h"

namespace rochade::server {

using protocol::ErrorCode;

namespace {

std::string table_state(protocol::TableStatus status)
{
    switch (status) {
    case protocol::TableStatus::Waiting: return "waiting";
    case protocol::TableStatus::Playing: return "playing";
    default: return "finished";
    }
}

// A table of a node that did not answer, as this node's replica of its summary has it.
LiveTable replica_table(const protocol::TableSummary& summary, const std::string& node)
{
    LiveTable table;
    table.table = summary.table;
    table.room = summary.room;
    table.white = summary.white;
    table.black = summary.black;
    table.state = table_state(summary.status);
    table.time_control_json = protocol::time_control_to_json(summary.time_control).dump();
    table.spectators = summary.spectators;
    table.node = node;
    table.described = false;
    return table;
}

std::string silent_text(const std::string& node, std::chrono::milliseconds timeout)
{
    return "node " + node + " did not answer within " + std::to_string(timeout.count()) + " ms";
}

} // namespace

void ModerationService::join_cluster(std::shared_ptr<cluster::ClusterLink> link, net::io_context& io,
                                     std::chrono::milliseconds answer_timeout)
{
    cluster_ = std::move(link);
    asks_ = std::make_shared<cluster::NodeAsks>(io, answer_timeout);
}

bool ModerationService::handles(const cluster::NodeMessage& message)
{
    return std::visit(
        [](const auto& m) {
            using M = std::decay_t<decltype(m)>;
            return std::is_same_v<M, cluster::LiveAsked> || std::is_same_v<M, cluster::LiveAnswered> ||
                   std::is_same_v<M, cluster::TableModeration> || std::is_same_v<M, cluster::KickAsked> ||
                   std::is_same_v<M, cluster::ModerationAnswered> || std::is_same_v<M, cluster::SanctionsChanged> ||
                   std::is_same_v<M, cluster::NoticeSent>;
        },
        message);
}

void ModerationService::cluster_message(cluster::NodeMessage message)
{
    if (!cluster_) return;
    std::visit(
        [this](auto&& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<M, cluster::LiveAsked>) {
                local_live(m.with_addresses, [this, to = m.node, ask = m.ask](LiveView here) {
                    cluster_->send_to(to, cluster::LiveAnswered{cluster_->node_id(), ask, std::move(here.players),
                                                                std::move(here.tables)});
                });
            } else if constexpr (std::is_same_v<M, cluster::LiveAnswered> ||
                                 std::is_same_v<M, cluster::ModerationAnswered>) {
                const std::string from = m.node;
                const auto ask = m.ask;
                asks_->answered(from, ask, std::move(m));
            } else if constexpr (std::is_same_v<M, cluster::TableModeration>) {
                answer_table(std::move(m));
            } else if constexpr (std::is_same_v<M, cluster::KickAsked>) {
                answer_kick(std::move(m));
            } else if constexpr (std::is_same_v<M, cluster::SanctionsChanged>) {
                spdlog::info("moderation: node {} changed a sanction; reading them again", m.node);
                reload_sanctions();
            } else if constexpr (std::is_same_v<M, cluster::NoticeSent>) {
                // A room no player of this node is in is not here: nobody to tell.
                services_.lobby->send_notice(m.from, m.room, m.text, [](std::optional<std::string>) {});
            }
        },
        std::move(message));
}

void ModerationService::sanctions_may_be_stale()
{
    if (cluster_) reload_sanctions();
}

// ---- asking --------------------------------------------------------------------------------

void ModerationService::ask_owner(
    Attempt attempt, std::int64_t table, std::optional<Adjudication> decision, std::string reason,
    std::function<void(Attempt, std::optional<ModerationRefused>, cluster::ModerationAnswered)> answered)
{
    services_.lobby->replica([this, attempt = std::move(attempt), table, decision, reason = std::move(reason),
                              answered = std::move(answered)](Lobby::Replica replica) mutable {
        std::optional<std::string> owner;
        for (const auto& [node, tables] : replica)
            for (const auto& summary : tables)
                if (summary.table == table) owner = node;
        if (!owner)
            return refuse(std::move(attempt), ErrorCode::NoSuchTable,
                          attempt.name() + ": there is no table " + std::to_string(table));
        cluster::TableModeration request{
            cluster_->node_id(), 0, table, decision, attempt.who.principal, attempt.who.nick, std::move(reason)};
        asks_->ask(
            {*owner},
            [this, owner = *owner, request = std::move(request)](std::uint64_t ask) mutable {
                request.ask = ask;
                cluster_->send_to(owner, std::move(request));
            },
            [this, attempt = std::move(attempt), table, owner = *owner,
             answered = std::move(answered)](cluster::NodeAsks::Answers answers, std::set<std::string>) mutable {
                const auto found = answers.find(owner);
                const auto* answer =
                    found != answers.end() ? std::get_if<cluster::ModerationAnswered>(&found->second) : nullptr;
                if (!answer)
                    // It may have been done there all the same: the moderator looks before asking again.
                    return refuse(std::move(attempt), ErrorCode::Busy,
                                  attempt.name() + ": " + silent_text(owner, asks_->timeout()) + ", which has table " +
                                      std::to_string(table) + "; whether it was done is unknown: see the live view");
                std::optional<ModerationRefused> refused;
                if (answer->refused) refused = ModerationRefused{*answer->refused, answer->message};
                answered(std::move(attempt), std::move(refused), *answer);
            });
    });
}

void ModerationService::find_elsewhere(Attempt attempt, std::string nick,
                                       std::function<void(Attempt, std::string nick)> then)
{
    const std::string skeleton = protocol::nick_skeleton(nick);
    cluster_->locate_nick(skeleton, [this, attempt = std::move(attempt), nick,
                                     then = std::move(then)](std::optional<std::string> node) mutable {
        if (!node || *node == cluster_->node_id())
            return refuse(std::move(attempt), ErrorCode::NoSuchNick,
                          attempt.name() + ": no player '" + nick + "' is online or registered");
        // Not registered, so a guest there: guests are players.
        check_rank(std::move(attempt), std::move(nick), protocol::Role::Player, std::move(then));
    });
}

void ModerationService::kick_elsewhere(Attempt attempt, Kick kick)
{
    const std::string skeleton = protocol::nick_skeleton(kick.nick);
    cluster_->locate_nick(skeleton, [this, attempt = std::move(attempt),
                                     kick](std::optional<std::string> node) mutable {
        if (!node || *node == cluster_->node_id())
            return refuse(std::move(attempt), ErrorCode::NoSuchNick, "kick: '" + kick.nick + "' is not online");
        asks_->ask(
            {*node},
            [this, node = *node, kick](std::uint64_t ask) {
                cluster_->send_to(node, cluster::KickAsked{cluster_->node_id(), ask, kick.nick, kick.reason});
            },
            [this, attempt = std::move(attempt), kick, node = *node](cluster::NodeAsks::Answers answers,
                                                                     std::set<std::string>) mutable {
                const auto found = answers.find(node);
                const auto* answer =
                    found != answers.end() ? std::get_if<cluster::ModerationAnswered>(&found->second) : nullptr;
                if (!answer)
                    return refuse(std::move(attempt), ErrorCode::Busy,
                                  "kick: " + silent_text(node, asks_->timeout()) + ", where '" + kick.nick +
                                      "' is online; whether it was done is unknown: see the live view");
                if (answer->closed == 0)
                    return refuse(std::move(attempt), ErrorCode::NoSuchNick, "kick: '" + kick.nick + "' is not online");
                const std::string nick = answer->message.empty() ? kick.nick : answer->message;
                attempt.target = nick;
                finish(std::move(attempt),
                       ModerationDone{nick + " kicked on node " + node + " (" + std::to_string(answer->closed) +
                                          " connection closed)",
                                      std::nullopt, answer->closed},
                       nlohmann::json{{"node", node}}.dump());
            });
    });
}

void ModerationService::announce_sanctions_changed()
{
    if (cluster_) cluster_->announce(cluster::SanctionsChanged{cluster_->node_id()});
}

void ModerationService::add_other_nodes(bool with_addresses, LiveView here, std::function<void(LiveView)> done)
{
    const std::string self = cluster_->node_id();
    for (auto& player : here.players) player.node = self;
    for (auto& table : here.tables) table.node = self;
    services_.lobby->replica(
        [this, with_addresses, here = std::move(here), done = std::move(done)](Lobby::Replica replica) mutable {
            std::set<std::string> nodes;
            for (const auto& [node, tables] : replica) nodes.insert(node);
            asks_->ask(
                std::move(nodes),
                [this, with_addresses](std::uint64_t ask) {
                    cluster_->announce(cluster::LiveAsked{cluster_->node_id(), ask, with_addresses});
                },
                [view = std::move(here), replica = std::move(replica),
                 done = std::move(done)](cluster::NodeAsks::Answers answers, std::set<std::string> silent) mutable {
                    for (auto& [node, message] : answers) {
                        auto* answer = std::get_if<cluster::LiveAnswered>(&message);
                        if (!answer) {
                            silent.insert(node); // an answer of the wrong kind is none
                            continue;
                        }
                        for (auto& player : answer->players) {
                            player.node = node;
                            view.players.push_back(std::move(player));
                        }
                        for (auto& table : answer->tables) {
                            table.node = node;
                            view.tables.push_back(std::move(table));
                        }
                    }
                    for (const auto& node : silent) {
                        view.silent_nodes.push_back(node);
                        for (const auto& summary : replica[node]) view.tables.push_back(replica_table(summary, node));
                    }
                    std::sort(view.players.begin(), view.players.end(), [](const auto& a, const auto& b) {
                        return std::tie(a.since_ms, a.nick) < std::tie(b.since_ms, b.nick);
                    });
                    std::sort(view.tables.begin(), view.tables.end(),
                              [](const auto& a, const auto& b) { return a.table < b.table; });
                    done(std::move(view));
                });
        });
}

// ---- answering -----------------------------------------------------------------------------

void ModerationService::answer_table(cluster::TableModeration request)
{
    auto answer = [this, to = request.node, ask = request.ask](std::optional<ModerationRefused> refused,
                                                               std::int64_t room_or_game, bool closing) {
        cluster::ModerationAnswered answer{cluster_->node_id(), ask, {}, {}, 0, 0, 0};
        if (refused) {
            answer.refused = refused->code;
            answer.message = std::move(refused->message);
        }
        (closing ? answer.room : answer.game_id) = room_or_game;
        cluster_->send_to(to, std::move(answer));
    };
    auto table = services_.tables.find(request.table);
    if (!table)
        return answer(ModerationRefused{ErrorCode::NoSuchTable, "there is no table " + std::to_string(request.table)},
                      0, !request.decision);
    spdlog::info("moderation: node {} asks for table {} to be {} for {}", request.node, request.table,
                 request.decision ? "adjudicated" : "closed", request.by_nick);
    // The moderator as the asking node names them; the role is not ours to check (see above).
    identity::Identity by{request.by, request.by_nick, protocol::Role::Moderator, 0};
    if (!request.decision)
        return close_at(*table, std::move(by), std::move(request.reason),
                        [answer](std::optional<ModerationRefused> refused, std::int64_t room) {
                            answer(std::move(refused), room, true);
                        });
    adjudicate_at(*table, std::move(by), *request.decision, std::move(request.reason),
                  [answer](std::optional<ModerationRefused> refused, std::int64_t game_id) {
                      answer(std::move(refused), game_id, false);
                  });
}

void ModerationService::answer_kick(cluster::KickAsked request)
{
    spdlog::info("moderation: node {} asks for {} to be kicked", request.node, request.nick);
    services_.lobby->online_nick(request.nick, [this, request](std::optional<identity::Identity> online) {
        auto answer = [this, to = request.node, ask = request.ask](std::string nick, int closed) {
            cluster_->send_to(to,
                              cluster::ModerationAnswered{cluster_->node_id(), ask, {}, std::move(nick), 0, 0, closed});
        };
        if (!online) return answer({}, 0);
        // The answer names the nick as its player wrote it, for the moderator's summary.
        close_kicked(online->nick, request.reason, [answer, nick = online->nick](int closed) { answer(nick, closed); });
    });
}

void ModerationService::reload_sanctions()
{
    services_.reads.read(
        [](db::StoreReader& reader) { return reader.sanctions(wall_clock_ms()); },
        [this](db::ReadResult<std::vector<db::SanctionRecord>> in_force) {
            if (!in_force) {
                // The registry keeps what it had until the next change is heard of.
                spdlog::error("moderation: the sanctions changed on another node could not be read: {}",
                              in_force.error().message);
                return;
            }
            services_.sanctions.replace(*in_force);
            for (const auto& sanction : *in_force) {
                if (sanction.kind == db::SanctionKind::NickBan)
                    services_.lobby->close_player(sanction.target, ErrorCode::Banned, sanction_text(sanction),
                                                  error_sanction(sanction), "banned by a moderator", [](int) {});
                else if (sanction.kind == db::SanctionKind::AddressBan)
                    close_address(sanction.target_key, sanction);
            }
        });
}

} // namespace rochade::server
