#include "server/cluster/node.h"

#include <boost/asio/post.hpp>
#include <spdlog/spdlog.h>

namespace rochade::server::cluster {

using Clock = std::chrono::steady_clock;

namespace {

std::string nick_lease(const std::string& nick_skeleton) { return "rochade:nick:" + nick_skeleton; }
// A nick held for a seated player who is away, by the node of their game.
std::string held_nick_lease(const std::string& nick_skeleton) { return "rochade:held:" + nick_skeleton; }
constexpr std::string_view table_lease_prefix = "rochade:table:";
std::string table_lease(protocol::TableId table) { return std::string(table_lease_prefix) + std::to_string(table); }

// The table of a table lease's key; nothing for another key (a nick's).
std::optional<protocol::TableId> table_of_lease(const std::string& key)
{
    if (!key.starts_with(table_lease_prefix)) return std::nullopt;
    try {
        return std::stoll(key.substr(table_lease_prefix.size()));
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// How many leases one renewal carries at most: a script holds Redis for its whole run, so a node
// with many thousands of players online renews them in steps of about a millisecond each.
constexpr std::size_t leases_per_renewal = 1000;

// The node a message says it came from, for the broadcasts a node hears of itself.
template <class Message> const std::string* sender_of(const Message& message)
{
    if constexpr (requires { message.node; })
        return &message.node;
    else
        return nullptr;
}

} // namespace

std::string principal_text(const identity::Principal& who)
{
    // Each kind its own letter: the computer at level 1 is not account 1 (nor guest session 1).
    std::string text = who.guest() ? "g" : who.computer() ? "c" : who.visitor() ? "v" : "a";
    text += std::to_string(who.id);
    return text;
}

Node::Node(net::io_context& io, std::shared_ptr<Bus> bus, NodeOptions options)
    : io_(io), bus_(std::move(bus)), options_(std::move(options)), strand_(net::make_strand(io)),
      heartbeat_timer_(strand_)
{
}

template <class Work> void Node::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable { work(); });
}

void Node::start(Handlers handlers)
{
    on_strand([this, handlers = std::move(handlers)]() mutable {
        handlers_ = std::move(handlers);
        auto receive = [weak = weak_from_this()](std::string_view text) {
            if (auto self = weak.lock()) self->on_strand([self, text = std::string(text)] { self->received(text); });
        };
        bus_->subscribe(std::string(lobby_channel), receive);
        bus_->subscribe(node_channel(options_.id), receive);
        bus_->on_connection_change([weak = weak_from_this()](bool up) {
            if (auto self = weak.lock()) self->on_strand([self, up] { self->bus_changed(up); });
        });
        announce(NodeUp{options_.id});
        spdlog::info("cluster: node {} joined the bus", options_.id);
        beat();
    });
}

void Node::stop()
{
    on_strand([this] {
        if (stopped_) return;
        stopped_ = true;
        heartbeat_timer_.cancel();
        for (const auto& [key, owner] : leases_) bus_->release(key, owner);
        leases_.clear();
        bus_->unsubscribe(std::string(lobby_channel));
        bus_->unsubscribe(node_channel(options_.id));
        for (const auto& channel : service_channels_) bus_->unsubscribe(channel);
        service_channels_.clear();
    });
}

namespace {
std::string role_lease(const std::string& role) { return "rochade:role:" + role; }
std::string service_channel(const std::string& channel) { return "rochade:" + channel; }
} // namespace

void Node::claim_role(const std::string& role, std::function<void(RoleClaim, std::string holder)> done)
{
    // Not among leases_: the role's service renews it by claiming again, so that it knows when
    // the renewal was asked (it acts only within the lease counted from then).
    bus_->claim(role_lease(role), options_.id, "", options_.node_timeout,
                [me = options_.id, done = std::move(done)](BusResult<Claim> result) {
                    const auto* claim = std::get_if<Claim>(&result);
                    if (!claim) return done(RoleClaim::Unknown, "");
                    if (!claim->granted) return done(RoleClaim::Refused, claim->previous ? claim->previous->owner : "");
                    const bool held = claim->previous && claim->previous->owner == me;
                    done(held ? RoleClaim::Held : RoleClaim::Taken, me);
                });
}

void Node::release_role(const std::string& role) { bus_->release(role_lease(role), options_.id); }

void Node::publish_on(const std::string& channel, std::string text)
{
    on_strand([this, channel = service_channel(channel), text = std::move(text)]() mutable {
        if (!stopped_) bus_->publish(std::move(channel), std::move(text));
    });
}

void Node::subscribe_to(const std::string& channel, std::function<void(std::string_view)> handler)
{
    on_strand([this, channel = service_channel(channel), handler = std::move(handler)]() mutable {
        if (stopped_) return;
        service_channels_.insert(channel);
        bus_->subscribe(channel, std::move(handler));
    });
}

void Node::announce(NodeMessage message)
{
    // On the strand, like everything the node sends, so that the messages go out in the order
    // their senders gave them and a table whose lease is in doubt is left out (publish()).
    on_strand(
        [this, message = std::move(message)]() mutable { publish(std::string(lobby_channel), std::move(message)); });
}

void Node::send_to(const std::string& node, NodeMessage message)
{
    on_strand([this, channel = node_channel(node), message = std::move(message)]() mutable {
        publish(std::move(channel), std::move(message));
    });
}

void Node::publish(std::string channel, NodeMessage message)
{
    // After the bus was away, this node's tables are not claimed as its own until a renewal
    // says the leases are still its: another node may have taken them over meanwhile.
    if (!in_doubt_.empty()) {
        const auto doubtful = [this](protocol::TableId table) { return in_doubt_.contains(table_lease(table)); };
        if (auto* state = std::get_if<NodeState>(&message))
            std::erase_if(state->tables, [&](const protocol::TableSummary& table) { return doubtful(table.table); });
        if (const auto* changed = std::get_if<TableChanged>(&message); changed && doubtful(changed->summary.table))
            return;
    }
    bus_->publish(std::move(channel), encode(message));
}

void Node::received(std::string_view text)
{
    if (stopped_) return;
    auto decoded = decode_node_message(text);
    if (!decoded) {
        spdlog::warn("cluster: dropped a message from the bus: {}", decoded.error());
        return;
    }
    const std::string* sender = std::visit([](const auto& m) { return sender_of(m); }, *decoded);
    if (sender && *sender == options_.id) return; // our own broadcast
    if (sender) heard_of(*sender);
    if (std::holds_alternative<Heartbeat>(*decoded)) return;
    if (auto* request = std::get_if<TableRequest>(&*decoded)) return table_request(std::move(*request));
    if (const auto* gone = std::get_if<ClientGone>(&*decoded))
        return remote_client_gone(gone->node, gone->connection, gone->tables);
    if (auto* frame = std::get_if<ToClients>(&*decoded)) {
        if (handlers_.on_to_clients) handlers_.on_to_clients(std::move(frame->connections), std::move(frame->frame));
        return;
    }
    learn_owners(*decoded);
    if (auto* close = std::get_if<CloseClient>(&*decoded)) {
        if (handlers_.on_close_client)
            handlers_.on_close_client(close->connection, static_cast<CloseCode>(close->code), std::move(close->reason));
        return;
    }
    if (handlers_.on_message) handlers_.on_message(std::move(*decoded));
}

void Node::heard_of(const std::string& node)
{
    const auto [it, first_time] = last_heard_.insert_or_assign(node, Clock::now());
    if (!first_time) return;
    spdlog::info("cluster: node {} is up", node);
    // A node heard of for the first time without its NodeUp (this one started after it, or
    // gave it up and hears it again): ask it for its state.
    send_to(node, NodeUp{options_.id});
}

void Node::bus_changed(bool up)
{
    bus_up_ = up;
    if (!up) return;
    // Back on the bus (Redis restarted, or the network came back): the other nodes may have
    // given this one up, so it introduces itself again; and it heard nothing of them meanwhile
    // through no fault of theirs, so each gets a node timeout from now.
    const auto now = Clock::now();
    settled_after_ = now + options_.node_timeout;
    for (auto& [node, heard] : last_heard_) heard = now;
    announce(NodeUp{options_.id});
}

bool Node::settling() const { return !bus_up_ || Clock::now() < settled_after_; }

void Node::beat()
{
    if (stopped_) return;
    bus_->publish(std::string(lobby_channel), encode(Heartbeat{options_.id}));
    const auto now = Clock::now();
    for (auto it = last_heard_.begin(); it != last_heard_.end();) {
        if (!bus_up_ || now - it->second < options_.node_timeout) {
            ++it;
            continue;
        }
        spdlog::warn("cluster: node {} is gone (silent for {} ms)", it->first, options_.node_timeout.count());
        // Its clients at this node's tables went with it.
        std::vector<std::pair<std::uint64_t, std::vector<protocol::TableId>>> clients;
        for (const auto& [key, client] : remote_clients_)
            if (key.first == it->first)
                clients.emplace_back(key.second,
                                     std::vector<protocol::TableId>(client.tables.begin(), client.tables.end()));
        for (const auto& [connection, tables] : clients) remote_client_gone(it->first, connection, tables);
        if (auto orphaned = forwarded_.extract(it->first); orphaned && handlers_.on_clients_orphaned)
            handlers_.on_clients_orphaned({orphaned.mapped().begin(), orphaned.mapped().end()});
        std::erase_if(owners_, [&](const auto& owner) { return owner.second == it->first; });
        if (handlers_.on_node_gone) handlers_.on_node_gone(it->first);
        it = last_heard_.erase(it);
    }
    renew_leases();
    heartbeat_timer_.expires_after(options_.heartbeat);
    heartbeat_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& error) {
        if (!error) self->beat();
    });
}

void Node::renew_leases()
{
    // Everything this node holds, its tables and its players' nicks, in one script call per
    // thousand leases: the bus's work per second grows with the nodes, not with the players.
    std::vector<HeldLease> batch;
    const auto send = [this](std::vector<HeldLease> leases) {
        std::vector<std::string> keys;
        for (const auto& lease : leases)
            if (lease.owner == options_.id) keys.push_back(lease.key);
        bus_->renew(std::move(leases), options_.node_timeout,
                    [self = shared_from_this(), keys = std::move(keys)](BusResult<std::vector<std::string>> result) {
                        self->on_strand([self, keys, result = std::move(result)] { self->renewed(keys, result); });
                    });
    };
    for (const auto& [key, owner] : leases_) {
        batch.push_back(HeldLease{key, owner});
        if (batch.size() == leases_per_renewal) send(std::exchange(batch, {}));
    }
    if (!batch.empty()) send(std::move(batch));
}

void Node::renewed(const std::vector<std::string>& table_keys, const BusResult<std::vector<std::string>>& result)
{
    const auto* lost = std::get_if<std::vector<std::string>>(&result);
    if (!lost) {
        // The bus is away; the next beat tries again. Until then these tables may be taken
        // over by another node, which gives this one up: they are in doubt.
        for (const auto& key : table_keys)
            if (leases_.contains(key)) in_doubt_.insert(key);
        return;
    }
    const std::set<std::string> lost_keys(lost->begin(), lost->end());
    std::vector<std::string> confirmed;
    for (const auto& key : table_keys)
        if (!lost_keys.contains(key)) confirmed.push_back(key);
    doubt_cleared(confirmed);
    for (const auto& key : *lost)
        if (const auto held = leases_.find(key); held != leases_.end()) lease_lost(key, held->second);
}

void Node::lease_lost(const std::string& key, const std::string& owner)
{
    // It expired while the bus was away: taken again if still free. If another owner holds it
    // now, a table's lease went to the node that took the table over (this node was cut off
    // from the bus for longer than the node timeout): the table stops here, so that it is
    // played on one node only.
    bus_->claim(key, owner, owner == options_.id ? "" : options_.id, options_.node_timeout,
                [self = shared_from_this(), key, owner](BusResult<Claim> result) {
                    const auto* claim = std::get_if<Claim>(&result);
                    if (!claim) return; // unanswered: the next beat tries again
                    if (claim->granted) {
                        self->on_strand([self, key] { self->doubt_cleared({key}); });
                        return;
                    }
                    self->on_strand([self, key, owner, holder = claim->previous] {
                        self->in_doubt_.erase(key);
                        const auto held = self->leases_.find(key);
                        if (held == self->leases_.end() || held->second != owner) return;
                        self->leases_.erase(held);
                        const auto table = table_of_lease(key);
                        if (!table || owner != self->options_.id) return; // a nick: its new holder has it
                        spdlog::error("cluster: table {}'s lease is held by node {} now; the table stops on this node",
                                      *table, holder ? holder->owner : "?");
                        if (self->handlers_.on_table_lost) self->handlers_.on_table_lost(*table);
                        if (!holder) return;
                        self->owners_[*table] = holder->owner;
                        // The new owner's state, which this node heard while it still took the
                        // table for its own, is asked for again: the lobby lists the table there.
                        self->send_to(holder->owner, NodeUp{self->options_.id});
                    });
                });
}

void Node::doubt_cleared(const std::vector<std::string>& keys)
{
    bool cleared = false;
    for (const auto& key : keys) cleared = in_doubt_.erase(key) > 0 || cleared;
    // What was announced while these tables were in doubt left them out (publish).
    if (cleared && handlers_.on_doubt_cleared) handlers_.on_doubt_cleared();
}

void Node::claim_nick(const std::string& nick_skeleton, const identity::Principal& who,
                      std::function<void(NickClaim)> done)
{
    const std::string key = nick_lease(nick_skeleton), owner = principal_text(who);
    bus_->claim_unless(
        key, held_nick_lease(nick_skeleton), owner, options_.id, options_.node_timeout,
        [self = shared_from_this(), key, owner, done = std::move(done)](BusResult<Claim> result) mutable {
            self->on_strand([self, key, owner, done = std::move(done), result = std::move(result)] {
                NickClaim claim;
                if (const auto* error = std::get_if<BusError>(&result)) {
                    spdlog::warn("cluster: could not claim a nick: {}", error->message);
                    return done(claim);
                }
                const auto& granted = std::get<Claim>(result);
                if (!granted.granted) {
                    claim.outcome = NickClaim::Outcome::HeldByAnother;
                    return done(claim);
                }
                claim.outcome = NickClaim::Outcome::Granted;
                if (granted.previous && granted.previous->value != self->options_.id)
                    claim.replaced_on = granted.previous->value;
                self->leases_[key] = owner;
                done(claim);
            });
        });
}

void Node::release_nick(const std::string& nick_skeleton, const identity::Principal& who)
{
    on_strand([this, key = nick_lease(nick_skeleton), owner = principal_text(who)] {
        const auto held = leases_.find(key);
        if (held == leases_.end() || held->second != owner) return;
        leases_.erase(held);
        bus_->release(key, owner);
    });
}

void Node::forget_nick(const std::string& nick_skeleton)
{
    on_strand([this, key = nick_lease(nick_skeleton)] { leases_.erase(key); });
}

void Node::hold_nick(const std::string& nick_skeleton, const identity::Principal& who)
{
    on_strand([this, key = held_nick_lease(nick_skeleton), owner = principal_text(who)] {
        const auto [held, fresh] = leases_.insert_or_assign(key, owner);
        (void)held;
        bus_->claim(key, owner, options_.id, options_.node_timeout, [key](BusResult<Claim> result) {
            // Unanswered: the next renewal takes it. Refused: another node holds the nick for
            // another principal's game, which the seat's own check keeps apart.
            if (const auto* claim = std::get_if<Claim>(&result); claim && !claim->granted)
                spdlog::warn("cluster: {} is held for {} by another node", key,
                             claim->previous ? claim->previous->owner : "?");
        });
        (void)fresh;
    });
}

void Node::unhold_nick(const std::string& nick_skeleton, const identity::Principal& who)
{
    on_strand([this, key = held_nick_lease(nick_skeleton), owner = principal_text(who)] {
        const auto held = leases_.find(key);
        if (held == leases_.end() || held->second != owner) return;
        leases_.erase(held);
        bus_->release(key, owner);
    });
}

void Node::locate_nick(const std::string& nick_skeleton, std::function<void(std::optional<std::string>)> done)
{
    bus_->holder(nick_lease(nick_skeleton),
                 [self = shared_from_this(), done = std::move(done)](BusResult<std::optional<LeaseHolder>> result) {
                     std::optional<std::string> node;
                     if (const auto* holder = std::get_if<std::optional<LeaseHolder>>(&result); holder && *holder)
                         node = (*holder)->value;
                     self->on_strand([done, node = std::move(node)] { done(node); });
                 });
}

void Node::hold_table(protocol::TableId table)
{
    on_strand([this, table] {
        const std::string key = table_lease(table);
        leases_[key] = options_.id;
        bus_->claim(key, options_.id, "", options_.node_timeout, [table](BusResult<Claim> result) {
            const auto* claim = std::get_if<Claim>(&result);
            if (!claim)
                spdlog::warn("cluster: table {}'s lease could not be taken now (the bus does not answer); the next "
                             "heartbeat tries again",
                             table);
            else if (!claim->granted)
                spdlog::error("cluster: table {} is held by node {}, not this one", table,
                              claim->previous ? claim->previous->owner : "?");
        });
    });
}

void Node::claim_table(protocol::TableId table, std::function<void(bool granted)> done)
{
    on_strand([this, table, done = std::move(done)]() mutable { claim_table_now(table, std::move(done)); });
}

void Node::claim_table_now(protocol::TableId table, std::function<void(bool granted)> done)
{
    // A table another node announced, and which it has not given up, is not asked for: the
    // periodic sweep finds every running game in the store, and most are another node's.
    if (const auto owner = owners_.find(table); owner != owners_.end() && last_heard_.contains(owner->second))
        return done(false);
    const std::string key = table_lease(table);
    bus_->claim(key, options_.id, "", options_.node_timeout,
                [self = shared_from_this(), key, done = std::move(done)](BusResult<Claim> result) mutable {
                    self->on_strand([self, key, done = std::move(done), result = std::move(result)] {
                        const auto* claim = std::get_if<Claim>(&result);
                        const bool granted = claim && claim->granted;
                        if (granted) self->leases_[key] = self->options_.id;
                        done(granted);
                    });
                });
}

void Node::release_table(protocol::TableId table)
{
    on_strand([this, table] {
        const std::string key = table_lease(table);
        in_doubt_.erase(key);
        if (leases_.erase(key)) bus_->release(key, options_.id);
    });
}

void Node::unannounced(std::vector<protocol::TableId> tables, std::function<void(std::vector<protocol::TableId>)> done)
{
    on_strand([this, tables = std::move(tables), done = std::move(done)]() mutable {
        if (settling()) return done({}); // the owners may not have announced themselves again yet
        std::erase_if(tables, [this](protocol::TableId table) {
            const auto owner = owners_.find(table);
            return owner != owners_.end() && last_heard_.contains(owner->second);
        });
        done(std::move(tables));
    });
}

void Node::forward(protocol::TableId table, std::uint64_t connection, const identity::Identity& who, std::string text,
                   std::function<void(bool sent)> done)
{
    on_strand([this, forwarding = Forwarding{TableRequest{options_.id, connection, who, table, std::move(text)},
                                             std::move(done)}]() mutable {
        const auto table = forwarding.request.table;
        if (const auto waiting = lookups_.find(table); waiting != lookups_.end())
            return waiting->second.push_back(std::move(forwarding));
        if (const auto owner = owners_.find(table); owner != owners_.end())
            return deliver(owner->second, std::move(forwarding));
        lookups_[table].push_back(std::move(forwarding));
        // Nobody announced the table yet (or its owner went): its lease says where it is now.
        bus_->holder(table_lease(table),
                     [self = shared_from_this(), table](BusResult<std::optional<LeaseHolder>> result) {
                         std::optional<std::string> owner;
                         if (const auto* holder = std::get_if<std::optional<LeaseHolder>>(&result); holder && *holder)
                             owner = (*holder)->owner;
                         self->on_strand([self, table, owner = std::move(owner)] { self->looked_up(table, owner); });
                     });
    });
}

void Node::looked_up(protocol::TableId table, std::optional<std::string> owner)
{
    auto waiting = lookups_.extract(table);
    if (owner == options_.id) owner.reset(); // ours, but not in the directory: it closed meanwhile
    if (owner) owners_[table] = *owner;
    for (auto& forwarding : waiting.mapped()) {
        if (owner)
            deliver(*owner, std::move(forwarding));
        else
            forwarding.done(false);
    }
}

void Node::deliver(const std::string& owner, Forwarding forwarding)
{
    forwarded_[owner].insert(forwarding.request.connection);
    send_to(owner, std::move(forwarding.request));
    forwarding.done(true);
}

void Node::learn_owners(const NodeMessage& message)
{
    if (const auto* changed = std::get_if<TableChanged>(&message))
        owners_[changed->summary.table] = changed->node;
    else if (const auto* state = std::get_if<NodeState>(&message))
        for (const auto& table : state->tables) owners_[table.table] = state->node;
    else if (const auto* closed = std::get_if<TableClosed>(&message)) {
        if (const auto owner = owners_.find(closed->table); owner != owners_.end() && owner->second == closed->node)
            owners_.erase(owner);
    }
}

void Node::client_gone(std::uint64_t connection, std::vector<protocol::TableId> tables)
{
    on_strand([this, connection] {
        for (auto& [owner, connections] : forwarded_) connections.erase(connection);
    });
    announce(ClientGone{options_.id, connection, std::move(tables)});
}

void Node::table_request(TableRequest request)
{
    // A visitor of that node who said hello since (docs/protocol.md, "Visitors"): the watcher it
    // was is gone from its tables, and the player it is now is a new client here, so that no
    // seat is ever taken under the visitor's identity.
    if (const auto found = remote_clients_.find({request.node, request.connection});
        found != remote_clients_.end() &&
        found->second.connection->identity().principal != request.identity.principal) {
        const std::vector<protocol::TableId> tables(found->second.tables.begin(), found->second.tables.end());
        remote_client_gone(request.node, request.connection, tables);
    }
    auto& client = remote_clients_[{request.node, request.connection}];
    if (!client.connection)
        client.connection = std::make_shared<RemoteConnection>(io_, weak_from_this(), request.node, request.connection,
                                                               request.identity);
    client.tables.insert(request.table);
    if (handlers_.on_table_request)
        handlers_.on_table_request(client.connection, request.table, std::move(request.text));
}

void Node::remote_client_gone(const std::string& node, std::uint64_t connection,
                              const std::vector<protocol::TableId>& tables)
{
    const auto found = remote_clients_.find({node, connection});
    if (found == remote_clients_.end()) return;
    auto client = std::move(found->second);
    remote_clients_.erase(found);
    client.connection->gone();
    for (const auto table : tables)
        if (client.tables.contains(table) && handlers_.on_remote_gone)
            handlers_.on_remote_gone(client.connection, table);
}

void Node::known_nodes(std::function<void(std::set<std::string>)> done)
{
    on_strand([this, done = std::move(done)] {
        std::set<std::string> nodes;
        for (const auto& [node, heard] : last_heard_) nodes.insert(node);
        done(std::move(nodes));
    });
}

} // namespace rochade::server::cluster
