// The tournament service (docs/tournaments.md, "The service"; docs/protocol.md, "Tournaments"):
// the one owner of this server's tournaments, on its own strand. It keeps each tournament as the
// store has it (db::TournamentLog) with its settings and the connections that watch it; every
// change is written through the store's writer first and applied here only when the store took
// it, so a refusal changes nothing. Players' ratings are read on the read thread. Rounds, games
// and results are not built yet: the service takes an event from registering to running.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "db/tournament_records.h"
#include "protocol/messages.h"
#include "protocol/tournament.h"
#include "server/asio.h"
#include "server/clients/connection.h"
#include "server/identity/principal.h"
#include "server/tournaments/tournament_settings.h"

namespace rochade::db {
struct StoreError;
}

namespace rochade::server {

struct TableServices;

class TournamentService : public std::enable_shared_from_this<TournamentService> {
public:
    using ConnectionPtr = std::shared_ptr<Connection>;
    using Id = std::optional<protocol::RequestId>;

    explicit TournamentService(TableServices& services);

    // The tournaments in the store, at start-up before the listener accepts.
    void restore(std::vector<db::TournamentLog> stored);

    // Requests, from any strand; each is answered on the service's strand. `who` is the
    // connection's identity (a visitor's for list and show).
    void create(ConnectionPtr connection, identity::Identity who, Id id, protocol::CreateTournament create);
    void list(ConnectionPtr connection, Id id);
    void show(ConnectionPtr connection, Id id, protocol::ShowTournament show);
    void join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinTournament join);
    void withdraw(ConnectionPtr connection, identity::Identity who, Id id, protocol::WithdrawTournament withdraw);
    void start(ConnectionPtr connection, identity::Identity who, Id id, protocol::StartTournament start);
    void director_withdraw(ConnectionPtr connection, identity::Identity who, Id id,
                           protocol::DirectorWithdraw withdraw);
    void director_readmit(ConnectionPtr connection, identity::Identity who, Id id, protocol::DirectorReadmit readmit);
    // The connection closed: it watches nothing any more.
    void disconnected(const ConnectionPtr& connection);
    void shut_down();

private:
    struct Tournament {
        db::TournamentLog log;
        TournamentSettings settings;
        std::set<std::string> joining; // nick keys whose entry is being read or stored
        bool changing_state = false;   // a state change is being stored
        std::map<std::uint64_t, std::weak_ptr<Connection>> watchers;
    };

    template <class Work> void on_strand(Work work);
    // The tournament `tournament_id`, or nothing and the refusal sent.
    Tournament* find(const ConnectionPtr& connection, const Id& id, std::int64_t tournament_id,
                     std::string_view request);
    // Whether `who` may direct `tournament`: its director while he holds the role, a moderator, an admin.
    static bool may_direct(const identity::Identity& who, const Tournament& tournament);
    bool refuse_unless_director(const ConnectionPtr& connection, const Id& id, const identity::Identity& who,
                                const Tournament& tournament, std::string_view request);
    void create_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                    const protocol::CreateTournament& create);
    void join_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                  const protocol::JoinTournament& join);
    // With the player's rating read: the entry is stored, then applied here.
    void store_entry(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                     std::int64_t tournament_id, int rating);
    // Stores a withdrawal or a readmission of `nick_key`, by himself or the director.
    void store_withdrawal(const ConnectionPtr& connection, const Id& id, std::int64_t tournament_id,
                          const std::string& nick_key, std::string request);
    void store_readmission(const ConnectionPtr& connection, const Id& id, std::int64_t tournament_id,
                           const std::string& nick_key, std::string request);
    void start_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                   const protocol::StartTournament& start);
    // After a write the store refused or could not keep: the reply names the request.
    static void reply_store_error(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                  const db::StoreError& error);
    static void watch(Tournament& tournament, const ConnectionPtr& connection);
    // tournament_updated to every connection that watches it.
    void updated(Tournament& tournament);
    static protocol::TournamentView view_of(const Tournament& tournament, bool with_players);
    static const db::TournamentPlayerRecord* player_of(const Tournament& tournament, const std::string& nick_key);
    // The round a player joining or withdrawing now would first miss or take part in.
    static int next_round(const Tournament& tournament);

    TableServices& services_;
    net::strand<net::io_context::executor_type> strand_;
    std::map<std::int64_t, Tournament> tournaments_;
    std::int64_t next_id_ = 1;
    bool stopped_ = false;
};

template <class Work> void TournamentService::on_strand(Work work)
{
    net::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
        if (!self->stopped_) work();
    });
}

} // namespace rochade::server
