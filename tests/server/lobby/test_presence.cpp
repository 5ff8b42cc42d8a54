// lobby/presence.h: who is online by nick skeleton and by connection, a player replaced by its
// own newer connection, and the nicks held for seated players.
#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "protocol/nick.h"
#include "server/lobby/presence.h"

namespace {

using rochade::identity::Identity;
using rochade::identity::Principal;
using rochade::server::CloseCode;
using rochade::server::Connection;
using rochade::server::Metrics;
using rochade::server::OnlineKind;
using rochade::server::Presence;

class PresenceConnection final : public Connection {
public:
    explicit PresenceConnection(std::uint64_t id) : id_(id) {}
    void send(std::shared_ptr<const std::string>) override {}
    using Connection::send;
    void send_error(const std::optional<rochade::protocol::RequestId>&, rochade::protocol::ErrorCode,
                    std::string_view) override
    {
    }
    void send_error(const std::optional<rochade::protocol::RequestId>&, rochade::protocol::ErrorCode, std::string_view,
                    const rochade::protocol::ErrorSanction&) override
    {
    }
    void close(CloseCode, std::string) override { open_ = false; }
    void post(std::function<void()> work) override { work(); }
    bool is_open() const override { return open_; }
    std::uint64_t id() const override { return id_; }
    const std::string& remote_address() const override { return address_; }
    const std::string& ip_address() const override { return address_; }

private:
    std::uint64_t id_;
    bool open_ = true;
    std::string address_ = "192.0.2.1";
};

Identity presence_account(std::int64_t id, std::string nick)
{
    return Identity{Principal{Principal::Kind::Account, id}, std::move(nick), {}, id * 10};
}
Identity presence_guest(std::int64_t session, std::string nick)
{
    return Identity{Principal{Principal::Kind::Guest, session}, std::move(nick), {}, session};
}

// A presence with the connections it was given, so that they stay alive as the lobby's would.
struct PresenceDesk {
    Metrics metrics;
    Presence presence{metrics};
    std::vector<std::shared_ptr<PresenceConnection>> connections;

    std::shared_ptr<PresenceConnection> connect(const Identity& who, std::uint64_t connection_id,
                                                std::optional<Presence::Online>* replaced = nullptr)
    {
        auto connection = std::make_shared<PresenceConnection>(connection_id);
        connections.push_back(connection);
        auto old = presence.go_online(Presence::Online{who, connection, connection_id, {}, 0, "192.0.2.1"});
        if (replaced) *replaced = std::move(old);
        return connection;
    }
    std::int64_t accounts() const { return metrics.online[std::size_t(OnlineKind::Account)].value(); }
    std::int64_t guests() const { return metrics.online[std::size_t(OnlineKind::Guest)].value(); }
};

} // namespace

TEST_CASE("presence: a player online is found by its own nick, any case, never by a look-alike", "[lobby][presence]")
{
    PresenceDesk desk;
    desk.connect(presence_account(1, "Anna"), 11);
    desk.connect(presence_guest(2, "admin"), 12);

    REQUIRE(desk.presence.online("anna") != nullptr);
    CHECK(desk.presence.online("ANNA")->who.nick == "Anna");
    CHECK(desk.presence.online("ANNA")->connection_id == 11);
    CHECK(desk.presence.online("Bert") == nullptr);
    CHECK(desk.presence.online("admın") == nullptr); // a look-alike of "admin", not its nick
    CHECK(desk.presence.online_as(rochade::protocol::nick_skeleton("admın")) != nullptr);
    CHECK(desk.accounts() == 1);
    CHECK(desk.guests() == 1);
}

TEST_CASE("presence: who may take a nick: not over another player online, nor over a look-alike", "[lobby][presence]")
{
    PresenceDesk desk;
    const auto anna = presence_account(1, "Anna");
    desk.connect(anna, 11);
    desk.connect(presence_guest(2, "admin"), 12);

    CHECK(desk.presence.held_by_another("anna", std::nullopt) == "'Anna' is online already");
    CHECK(desk.presence.held_by_another("anna", presence_account(3, "x").principal) == "'Anna' is online already");
    CHECK(desk.presence.held_by_another("Anna", anna.principal) == std::nullopt); // her own, again
    CHECK(desk.presence.held_by_another("admın", std::nullopt) == "'admın' is too similar to 'admin', who is online");
    CHECK(desk.presence.held_by_another("Bert", std::nullopt) == std::nullopt);
}

TEST_CASE("presence: a closed connection holds its nick no more, though it is still listed", "[lobby][presence]")
{
    PresenceDesk desk;
    auto connection = desk.connect(presence_guest(5, "Carla"), 21);
    connection->close(CloseCode::Normal, "bye");

    CHECK(desk.presence.online("Carla") == nullptr);
    CHECK(desk.presence.held_by_another("Carla", std::nullopt) == std::nullopt);
    CHECK(desk.presence.online_as(rochade::protocol::nick_skeleton("Carla")) != nullptr);
    CHECK(desk.guests() == 1); // until its disconnect comes
    REQUIRE(desk.presence.go_offline(21).has_value());
    CHECK(desk.guests() == 0);
    CHECK(desk.presence.online_as(rochade::protocol::nick_skeleton("Carla")) == nullptr);
}

TEST_CASE("presence: the same player again replaces its older connection, whose disconnect is then nothing",
          "[lobby][presence]")
{
    PresenceDesk desk;
    const auto anna = presence_account(1, "Anna");
    std::optional<Presence::Online> replaced;
    desk.connect(anna, 11, &replaced);
    CHECK_FALSE(replaced.has_value());
    desk.presence.online("Anna")->rooms.insert(3); // the lobby notes the rooms she enters

    desk.connect(anna, 12, &replaced);
    REQUIRE(replaced.has_value());
    CHECK(replaced->connection_id == 11);
    CHECK(replaced->rooms == std::set<rochade::protocol::RoomNumber>{3}); // for the lobby to leave them
    CHECK(desk.presence.online("Anna")->connection_id == 12);
    CHECK(desk.presence.online("Anna")->rooms.empty());
    CHECK(desk.accounts() == 1);

    CHECK_FALSE(desk.presence.go_offline(11).has_value()); // the old connection's late disconnect
    CHECK(desk.presence.online("Anna") != nullptr);
    const auto gone = desk.presence.go_offline(12);
    REQUIRE(gone.has_value());
    CHECK(gone->who.nick == "Anna");
    CHECK(desk.presence.online("Anna") == nullptr);
    CHECK_FALSE(desk.presence.go_offline(12).has_value());
    CHECK(desk.accounts() == 0);
}

TEST_CASE("presence: a seated player's nick is held until its last seat goes", "[lobby][presence]")
{
    PresenceDesk desk;
    const auto anna = presence_account(1, "Anna");
    desk.presence.seat(anna, 100);
    desk.presence.seat(anna, 101);

    CHECK(desk.presence.seats(anna.principal) == std::vector<rochade::protocol::TableId>{100, 101});
    CHECK(desk.presence.seated(anna.principal, 100));
    CHECK_FALSE(desk.presence.seated(anna.principal, 102));
    // Away from the game, nobody else takes her nick or a look-alike of it; she may come back.
    CHECK(desk.presence.held_by_another("ANNA", std::nullopt).has_value());
    CHECK(desk.presence.held_by_another("Anna", anna.principal) == std::nullopt);
    // The same number as a guest's session is someone else.
    CHECK(desk.presence.held_by_another("Anna", presence_guest(1, "Anna").principal).has_value());

    CHECK_FALSE(desk.presence.unseat(anna, 100)); // one seat still holds the nick
    CHECK(desk.presence.held_by_another("Anna", std::nullopt).has_value());
    CHECK(desk.presence.unseat(anna, 101));
    CHECK(desk.presence.seats(anna.principal).empty());
    CHECK(desk.presence.held_by_another("Anna", std::nullopt) == std::nullopt);
    CHECK_FALSE(desk.presence.unseat(anna, 101)); // nothing left to let go
}

TEST_CASE("presence: a player who lets go of its last seat leaves another player's hold of the skeleton",
          "[lobby][presence]")
{
    PresenceDesk desk;
    const auto admin = presence_account(1, "admin");
    const auto lookalike = presence_account(2, "admın");
    desk.presence.seat(admin, 100);
    desk.presence.seat(lookalike, 200); // the hold of the skeleton is the later seat's now
    CHECK(desk.presence.held_by_another("admin", admin.principal).has_value());

    CHECK(desk.presence.unseat(admin, 100));
    CHECK(desk.presence.held_by_another("admin", std::nullopt).has_value()); // still the look-alike's
    CHECK(desk.presence.unseat(lookalike, 200));
    CHECK(desk.presence.held_by_another("admin", std::nullopt) == std::nullopt);
}

TEST_CASE("presence: every player online is visited once", "[lobby][presence]")
{
    PresenceDesk desk;
    desk.connect(presence_account(1, "Anna"), 11);
    desk.connect(presence_guest(2, "Bert"), 12);
    desk.connect(presence_account(1, "Anna"), 13); // replaces 11
    std::vector<std::uint64_t> seen;
    desk.presence.for_each([&](const Presence::Online& player) { seen.push_back(player.connection_id); });
    std::sort(seen.begin(), seen.end());
    CHECK(seen == std::vector<std::uint64_t>{12, 13});
}
