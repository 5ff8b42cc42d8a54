#include "server/admin/node_questions.h"

#include <spdlog/spdlog.h>

#include "server/admin/kick_desk.h"
#include "server/admin/live_view_gatherer.h"
#include "server/admin/sanctions_desk.h"
#include "server/admin/table_desk.h"
#include "server/cluster/cluster_link.h"
#include "server/cluster/node_asks.h"
#include "server/lobby/lobby.h"
#include "server/table/table.h"
#include "server/table/table_directory.h"

namespace rochade::server {

using protocol::ErrorCode;

NodeQuestions::NodeQuestions(std::shared_ptr<cluster::ClusterLink> link, std::shared_ptr<cluster::NodeAsks> asks,
                             Desks desks)
    : link_(std::move(link)), asks_(std::move(asks)), desks_(std::move(desks))
{
}

bool NodeQuestions::handles(const cluster::NodeMessage& message)
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

void NodeQuestions::on_message(cluster::NodeMessage message)
{
    std::visit(
        [this](auto&& m) {
            using M = std::decay_t<decltype(m)>;
            if constexpr (std::is_same_v<M, cluster::LiveAsked>) {
                desks_.live.here(m.with_addresses, [this, to = m.node, ask = m.ask](LiveView here) {
                    link_->send_to(to, cluster::LiveAnswered{link_->node_id(), ask, std::move(here.players),
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
                desks_.sanctions.reload();
            } else if constexpr (std::is_same_v<M, cluster::NoticeSent>) {
                // A room no player of this node is in is not here: nobody to tell.
                desks_.lobby->send_notice(m.from, m.room, m.text, [](std::optional<std::string>) {});
            }
        },
        std::move(message));
}

void NodeQuestions::answer_table(cluster::TableModeration request)
{
    auto answer = [this, to = request.node, ask = request.ask](std::optional<ModerationRefused> refused,
                                                               std::int64_t room_or_game, bool closing) {
        cluster::ModerationAnswered answer{link_->node_id(), ask, {}, {}, 0, 0, 0};
        if (refused) {
            answer.refused = refused->code;
            answer.message = std::move(refused->message);
        }
        (closing ? answer.room : answer.game_id) = room_or_game;
        link_->send_to(to, std::move(answer));
    };
    auto table = desks_.tables.find(request.table);
    if (!table)
        return answer(ModerationRefused{ErrorCode::NoSuchTable, "there is no table " + std::to_string(request.table)},
                      0, !request.decision);
    spdlog::info("moderation: node {} asks for table {} to be {} for {}", request.node, request.table,
                 request.decision ? "adjudicated" : "closed", request.by_nick);
    // The moderator as the asking node names them; the role is not ours to check (see above).
    identity::Identity by{request.by, request.by_nick, protocol::Role::Moderator, 0};
    if (!request.decision)
        return TableDesk::close_at(*table, std::move(by), std::move(request.reason),
                                   [answer](std::optional<ModerationRefused> refused, std::int64_t room) {
                                       answer(std::move(refused), room, true);
                                   });
    TableDesk::adjudicate_at(*table, std::move(by), *request.decision, std::move(request.reason),
                             [answer](std::optional<ModerationRefused> refused, std::int64_t game_id) {
                                 answer(std::move(refused), game_id, false);
                             });
}

void NodeQuestions::answer_kick(cluster::KickAsked request)
{
    spdlog::info("moderation: node {} asks for {} to be kicked", request.node, request.nick);
    desks_.lobby->online_nick(request.nick, [this, request](std::optional<identity::Identity> online) {
        auto answer = [this, to = request.node, ask = request.ask](std::string nick, int closed) {
            link_->send_to(to, cluster::ModerationAnswered{link_->node_id(), ask, {}, std::move(nick), 0, 0, closed});
        };
        if (!online) return answer({}, 0);
        // The answer names the nick as its player wrote it, for the moderator's summary.
        desks_.kicks.close_here(online->nick, request.reason,
                                [answer, nick = online->nick](int closed) { answer(nick, closed); });
    });
}

} // namespace rochade::server
