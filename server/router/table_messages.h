// The client messages that act on one table and go straight to its owner: the table's strand
// on this node (server/router/router.cpp), or the node that owns the table (server/router/router_cluster.cpp).
#pragma once

#include <type_traits>

#include "protocol/messages.h"

namespace rochade::server {

template <class Message>
constexpr bool is_table_message =
    std::is_same_v<Message, protocol::LeaveTable> || std::is_same_v<Message, protocol::TableChat> ||
    std::is_same_v<Message, protocol::PlayMove> || std::is_same_v<Message, protocol::OfferDraw> ||
    std::is_same_v<Message, protocol::AcceptDraw> || std::is_same_v<Message, protocol::DeclineDraw> ||
    std::is_same_v<Message, protocol::ClaimDraw> || std::is_same_v<Message, protocol::Resign> ||
    std::is_same_v<Message, protocol::Abort> || std::is_same_v<Message, protocol::ClaimWin> ||
    std::is_same_v<Message, protocol::Rematch> || std::is_same_v<Message, protocol::DeclineInvitation> ||
    std::is_same_v<Message, protocol::Takeback> || std::is_same_v<Message, protocol::AcceptTakeback> ||
    std::is_same_v<Message, protocol::DeclineTakeback> || std::is_same_v<Message, protocol::WithdrawTakeback> ||
    std::is_same_v<Message, protocol::GiveTime> || std::is_same_v<Message, protocol::Berserk>;

} // namespace rochade::server
