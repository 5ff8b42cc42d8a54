#include "server/admin/moderation_service.h"

#include <type_traits>

#include "server/cluster/node_asks.h"

namespace rochade::server {

using protocol::ErrorCode;

ModerationService::ModerationService(ModerationServices services)
    : services_(std::move(services)), audit_(services_.writer), others_(services_.lobby),
      nicks_(services_.lobby, services_.reads, audit_, others_), kicks_(services_.lobby, nicks_, audit_, others_),
      sanctions_({services_.lobby, services_.writer, services_.reads, services_.sanctions, services_.sessions,
                  services_.tables},
                 nicks_, audit_, others_),
      tables_(services_.tables, audit_, others_), notices_(services_.lobby, audit_, others_),
      live_(services_.lobby, services_.tables, others_)
{
}

void ModerationService::act(identity::Identity who, std::string address, ModerationRequest request,
                            std::function<void(ModerationResult)> done)
{
    const ModerationAction action = action_of(request);
    ModerationAttempt attempt{std::move(who), std::move(address), action, moderation_target(request), "",
                              std::move(done)};
    std::visit(
        [&](const auto& r) {
            if constexpr (std::is_same_v<std::decay_t<decltype(r)>, SendNotice>)
                attempt.reason = r.text;
            else
                attempt.reason = r.reason;
        },
        request);
    const protocol::Role needed = role_needed(action);
    if (!protocol::role_allows(attempt.who.role, needed))
        return audit_.refuse(std::move(attempt), ErrorCode::Forbidden,
                             attempt.name() + ": needs the " + std::string(protocol::role_name(needed)) + " role");
    if (auto error = moderation_request_error(request))
        return audit_.refuse(std::move(attempt), ErrorCode::BadRequest, std::move(*error));
    std::visit(
        [&](auto& r) {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, Kick>)
                kicks_.carry_out(std::move(attempt), std::move(r));
            else if constexpr (std::is_same_v<R, CloseTable> || std::is_same_v<R, Adjudicate>)
                tables_.carry_out(std::move(attempt), std::move(r));
            else if constexpr (std::is_same_v<R, SendNotice>)
                notices_.carry_out(std::move(attempt), std::move(r));
            else
                sanctions_.carry_out(std::move(attempt), std::move(r));
        },
        request);
}

void ModerationService::log_refusal(identity::Identity who, std::string address, std::string action, std::string target,
                                    std::string message)
{
    audit_.log_refusal(std::move(who), std::move(address), std::move(action), std::move(target), std::move(message));
}

void ModerationService::live(bool with_addresses, std::function<void(LiveView)> done)
{
    live_.everywhere(with_addresses, std::move(done));
}

void ModerationService::sanctions(std::function<void(std::vector<db::SanctionRecord>)> done)
{
    done(sanctions_.in_force());
}

void ModerationService::join_cluster(std::shared_ptr<cluster::ClusterLink> link, net::io_context& io,
                                     std::chrono::milliseconds answer_timeout)
{
    auto asks = std::make_shared<cluster::NodeAsks>(io, answer_timeout);
    others_.join(link, asks);
    questions_ = std::make_unique<NodeQuestions>(
        std::move(link), std::move(asks),
        NodeQuestions::Desks{live_, kicks_, sanctions_, services_.tables, services_.lobby});
}

bool ModerationService::handles(const cluster::NodeMessage& message) { return NodeQuestions::handles(message); }

void ModerationService::cluster_message(cluster::NodeMessage message)
{
    if (questions_) questions_->on_message(std::move(message));
}

void ModerationService::sanctions_may_be_stale()
{
    if (questions_) sanctions_.reload();
}

} // namespace rochade::server
