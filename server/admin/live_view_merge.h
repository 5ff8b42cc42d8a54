// The cluster's live view from this node's and the other nodes' answers: pure, so that who is
// shown where, and what stands in for a silent node, is tested without a cluster.
#pragma once

#include <map>
#include <set>
#include <string>
#include <vector>

#include "protocol/messages.h"
#include "server/cluster/node_asks.h"
#include "server/moderation/moderation.h"

namespace rochade::server {

// `here` is this node's view, its players and tables already named as this node's; `answers`
// are the other nodes' (a LiveAnswered each; an answer of another kind counts as none),
// `silent` the nodes that did not answer, whose tables are shown as `replica` (the lobby's
// copy of each node's table summaries) has them, undescribed. Players sorted by when they came
// and by nick, tables by id.
LiveView merged_live_view(LiveView here, cluster::NodeAsks::Answers answers, std::set<std::string> silent,
                          const std::map<std::string, std::vector<protocol::TableSummary>>& replica);

} // namespace rochade::server
