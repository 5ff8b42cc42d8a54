// table/watchers.h: who gets a table's frames; closed connections forgotten on the way, and a
// frame for connections of another node sent there once.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "server/clients/connection.h"
#include "server/clients/fan_out.h"
#include "server/table/watchers.h"

namespace {

using namespace rochade::server;

// A connection that records what it was sent; `node` set: a client of that node, reached
// through `route` as cluster::RemoteConnection is.
class RecordingConnection final : public Connection {
public:
    RecordingConnection(std::uint64_t id, std::shared_ptr<NodeRoute> route = {}, std::string node = {})
        : id_(id), route_(std::move(route)), node_(std::move(node))
    {
    }
    void send(std::shared_ptr<const std::string> frame) override { frames.push_back(*frame); }
    using Connection::send;
    void send_in(FanOut& fan_out) override
    {
        if (route_) return fan_out.add_remote(route_, node_, id_);
        send(fan_out.frame());
    }
    void send_error(const std::optional<rochade::protocol::RequestId>&, rochade::protocol::ErrorCode,
                    std::string_view) override
    {
    }
    void send_error(const std::optional<rochade::protocol::RequestId>&, rochade::protocol::ErrorCode,
                    std::string_view, const rochade::protocol::ErrorSanction&) override
    {
    }
    void close(CloseCode, std::string) override { open_ = false; }
    void post(std::function<void()> work) override { work(); }
    bool is_open() const override { return open_; }
    std::uint64_t id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }
    const std::string& ip_address() const override { return address_; }

    std::vector<std::string> frames;

private:
    std::uint64_t id_;
    std::shared_ptr<NodeRoute> route_;
    std::string node_;
    std::string address_ = "127.0.0.1:1";
    bool open_ = true;
};

struct RecordingRoute final : NodeRoute {
    struct Sent {
        std::string node;
        std::vector<std::uint64_t> connections;
        std::string frame;
    };
    void send_to_clients(const std::string& node, std::vector<std::uint64_t> connections,
                         const std::string& frame) override
    {
        sent.push_back(Sent{node, std::move(connections), frame});
    }
    std::vector<Sent> sent;
};

// Who watches: guests numbered by their session.
rochade::identity::Principal guest(std::int64_t session)
{
    return {rochade::identity::Principal::Kind::Guest, session};
}

std::shared_ptr<const std::string> shared_frame(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

} // namespace

TEST_CASE("watchers: each connection once, a frame reaches every open one, closed ones are forgotten", "[watchers]")
{
    Watchers watchers;
    auto alice = std::make_shared<RecordingConnection>(1);
    auto bob = std::make_shared<RecordingConnection>(2);
    CHECK(watchers.add(alice, guest(1)));
    CHECK_FALSE(watchers.add(alice, guest(1)));
    CHECK(watchers.add(bob, guest(2)));
    CHECK(watchers.size() == 2);
    CHECK(watchers.contains(2));

    watchers.broadcast(shared_frame("move"));
    CHECK(alice->frames == std::vector<std::string>{"move"});
    CHECK(bob->frames == std::vector<std::string>{"move"});

    bob.reset(); // gone without a word
    watchers.broadcast(shared_frame("clock"));
    CHECK(watchers.size() == 1);
    CHECK_FALSE(watchers.contains(2));
    CHECK(watchers.remove(1));
    CHECK_FALSE(watchers.remove(1));
    CHECK(watchers.size() == 0);
}

TEST_CASE("watchers: the clients of another node get a frame there once, with the list of them", "[watchers]")
{
    auto route = std::make_shared<RecordingRoute>();
    Watchers watchers;
    auto here = std::make_shared<RecordingConnection>(1);
    auto there_a = std::make_shared<RecordingConnection>(10, route, "n2");
    auto there_b = std::make_shared<RecordingConnection>(11, route, "n2");
    auto elsewhere = std::make_shared<RecordingConnection>(12, route, "n3");
    for (const auto& connection : {here, there_a, there_b, elsewhere})
        watchers.add(connection, guest(std::int64_t(connection->id())));

    watchers.broadcast(shared_frame("move"));
    CHECK(here->frames == std::vector<std::string>{"move"});
    CHECK(there_a->frames.empty());
    REQUIRE(route->sent.size() == 2);
    CHECK(route->sent[0].node == "n2");
    CHECK(route->sent[0].connections == std::vector<std::uint64_t>{10, 11});
    CHECK(route->sent[0].frame == "move");
    CHECK(route->sent[1].node == "n3");
    CHECK(route->sent[1].connections == std::vector<std::uint64_t>{12});
}

TEST_CASE("watchers: take_all hands over the open connections and leaves none", "[watchers]")
{
    Watchers watchers;
    auto alice = std::make_shared<RecordingConnection>(1);
    auto bob = std::make_shared<RecordingConnection>(2);
    watchers.add(alice, guest(1));
    watchers.add(bob, guest(2));
    bob.reset();
    CHECK(watchers.open().size() == 1);
    const auto taken = watchers.take_all();
    REQUIRE(taken.size() == 1);
    CHECK(taken.front()->id() == 1);
    CHECK(watchers.size() == 0);
}

TEST_CASE("watchers: a frame for the spectators passes by every connection of the players left out", "[watchers]")
{
    auto route = std::make_shared<RecordingRoute>();
    Watchers watchers;
    auto anna = std::make_shared<RecordingConnection>(1);
    auto anna_second_tab = std::make_shared<RecordingConnection>(2);
    auto bert_elsewhere = std::make_shared<RecordingConnection>(10, route, "n2");
    auto zoe = std::make_shared<RecordingConnection>(3);
    auto yuri_elsewhere = std::make_shared<RecordingConnection>(11, route, "n2");
    watchers.add(anna, guest(100));
    watchers.add(anna_second_tab, guest(100));
    watchers.add(bert_elsewhere, guest(200));
    watchers.add(zoe, guest(300));
    watchers.add(yuri_elsewhere, guest(400));

    watchers.broadcast_except(shared_frame("spectators' line"), {guest(100), guest(200)});
    CHECK(anna->frames.empty());
    CHECK(anna_second_tab->frames.empty());
    CHECK(zoe->frames == std::vector<std::string>{"spectators' line"});
    REQUIRE(route->sent.size() == 1);
    CHECK(route->sent[0].connections == std::vector<std::uint64_t>{11});
}
