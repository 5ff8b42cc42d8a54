#include "server/tournaments/tournament_service.h"

#include <algorithm>
#include <cmath>
#include <random>

#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "db/game_query.h"
#include "db/read_thread.h"
#include "db/store_reader.h"
#include "db/store_writer.h"
#include "protocol/decode.h"
#include "protocol/encode.h"
#include "protocol/nick.h"
#include "protocol/role.h"
#include "protocol/tournament_room.h"
#include "rating/glicko2.h"
#include "server/base/wall_clock.h"
#include "server/lobby/lobby.h"
#include "server/table/table_ratings.h"
#include "server/table/table_services.h"
#include "server/tournaments/stored_round_robin.h"
#include "server/tournaments/stored_tournament.h"

namespace rochade::server {

using protocol::ErrorCode;
using protocol::Role;

TournamentService::TournamentService(TableServices& services, std::shared_ptr<Lobby> lobby)
    : services_(services), lobby_(std::move(lobby)), strand_(net::make_strand(services.io))
{
}

void TournamentService::start()
{
    std::weak_ptr<TournamentService> weak = weak_from_this();
    services_.game_feed.follow({[weak](const GameBegun& game) {
                                    if (auto self = weak.lock())
                                        self->on_strand([self, game] { self->game_begun(game); });
                                },
                                [weak](const GameFinished& game) {
                                    if (auto self = weak.lock())
                                        self->on_strand([self, game] { self->game_finished(game); });
                                }});
}

void TournamentService::restore(std::vector<db::TournamentLog> stored)
{
    // Before the listener accepts: nothing else runs on the strand yet.
    for (auto& log : stored) {
        const std::int64_t id = log.tournament.created.id;
        next_id_ = std::max(next_id_, id + 1);
        Tournament tournament;
        tournament.settings = read_settings(log.tournament.created.settings_json);
        tournament.round_ms = round_ms_of(tournament.settings);
        tournament.log = std::move(log);
        keep_room(tournament);
        tournaments_.emplace(id, std::move(tournament));
    }
    if (!tournaments_.empty()) spdlog::info("tournaments: {} restored from the database", tournaments_.size());
    // Once the io_context runs, after join_cluster: which of them run here is decided then.
    on_strand([self = shared_from_this()] { self->begin_running(); });
}

void TournamentService::shut_down()
{
    net::post(strand_, [self = shared_from_this()] { self->stopped_ = true; });
}

// ---- requests ---------------------------------------------------------------------------

void TournamentService::create(ConnectionPtr connection, identity::Identity who, Id id,
                               protocol::CreateTournament create)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               create = std::move(create)] { create_now(connection, who, id, create); });
}

void TournamentService::list(ConnectionPtr connection, Id id)
{
    on_strand([this, connection = std::move(connection), id = std::move(id)] {
        std::vector<protocol::TournamentView> views;
        // Newest first: the ids count up.
        for (auto it = tournaments_.rbegin(); it != tournaments_.rend(); ++it)
            views.push_back(view_of(it->second, false));
        if (id) connection->send(protocol::encode_ok(id));
        connection->send(protocol::encode_tournaments(views));
    });
}

void TournamentService::show(ConnectionPtr connection, Id id, protocol::ShowTournament show)
{
    on_strand([this, connection = std::move(connection), id = std::move(id), show] {
        Tournament* tournament = find(connection, id, show.tournament, "show_tournament");
        if (!tournament) return;
        watch(*tournament, connection);
        if (id) connection->send(protocol::encode_ok(id));
        connection->send(protocol::encode_tournament(view_of(*tournament, true)));
    });
}

void TournamentService::join(ConnectionPtr connection, identity::Identity who, Id id, protocol::JoinTournament join)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               join = std::move(join)] { join_now(connection, who, id, join); });
}

void TournamentService::withdraw(ConnectionPtr connection, identity::Identity who, Id id,
                                 protocol::WithdrawTournament withdraw)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), withdraw] {
        constexpr std::string_view request = "withdraw_tournament";
        Tournament* tournament = find(connection, id, withdraw.tournament, request);
        if (!tournament) return;
        const std::string key = protocol::nick_key(who.nick);
        const auto* player = player_of(*tournament, key);
        if (!player)
            return connection->send_error(id, ErrorCode::NotInTournament,
                                          "withdraw_tournament: you are not registered in this tournament");
        if (withdrawn(*player))
            return connection->send_error(id, ErrorCode::NotInTournament,
                                          "withdraw_tournament: you have withdrawn from this tournament already");
        store_withdrawal(withdraw.tournament, key, {connection, id, std::string(request)});
    });
}

void TournamentService::start(ConnectionPtr connection, identity::Identity who, Id id, protocol::StartTournament start)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id), start] {
        start_now(connection, who, id, start);
    });
}

void TournamentService::director_withdraw(ConnectionPtr connection, identity::Identity who, Id id,
                                          protocol::DirectorWithdraw withdraw)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               withdraw = std::move(withdraw)] {
        constexpr std::string_view request = "director_withdraw";
        Tournament* tournament = find_directed(connection, id, who, withdraw.tournament, request);
        if (!tournament) return;
        const std::string key = protocol::nick_key(withdraw.nick);
        const auto* player = player_of(*tournament, key);
        if (!player || withdrawn(*player))
            return connection->send_error(id, ErrorCode::NotInTournament,
                                          "director_withdraw: '" + withdraw.nick +
                                              (player ? "' has withdrawn already" : "' is not registered"));
        store_withdrawal(withdraw.tournament, key, {connection, id, std::string(request)});
    });
}

void TournamentService::director_readmit(ConnectionPtr connection, identity::Identity who, Id id,
                                         protocol::DirectorReadmit readmit)
{
    on_strand([this, connection = std::move(connection), who = std::move(who), id = std::move(id),
               readmit = std::move(readmit)] {
        constexpr std::string_view request = "director_readmit";
        Tournament* tournament = find_directed(connection, id, who, readmit.tournament, request);
        if (!tournament) return;
        const std::string key = protocol::nick_key(readmit.nick);
        const auto* player = player_of(*tournament, key);
        if (!player || !withdrawn(*player))
            return connection->send_error(id, ErrorCode::NotInTournament,
                                          "director_readmit: '" + readmit.nick +
                                              (player ? "' has not withdrawn" : "' is not registered"));
        if (round_robin(*tournament) && tournament->log.tournament.state != "registering" &&
            !in_round_robin_schedule(*player))
            return connection->send_error(id, ErrorCode::TournamentStarted,
                                          "director_readmit: '" + readmit.nick +
                                              "' withdrew before the round robin started, and its schedule is fixed");
        store_readmission(readmit.tournament, key, {connection, id, std::string(request)});
    });
}

void TournamentService::disconnected(const ConnectionPtr& connection)
{
    on_strand([this, connection_id = connection->id()] {
        for (auto& [tournament_id, tournament] : tournaments_) tournament.watchers.erase(connection_id);
    });
}

// ---- creating ---------------------------------------------------------------------------

void TournamentService::create_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                   const protocol::CreateTournament& create, int attempt)
{
    if (services_.shutting_down)
        return connection->send_error(id, ErrorCode::ShuttingDown, "create_tournament: the server is shutting down");
    if (who.principal.guest() || !protocol::role_allows(who.role, Role::Director)) {
        spdlog::warn("tournaments: {} ({}) may not create a tournament", who.nick, protocol::role_name(who.role));
        return connection->send_error(id, ErrorCode::Forbidden,
                                      "create_tournament: needs the director role (tournament directors, moderators "
                                      "and admins create tournaments)");
    }
    const std::int64_t tournament_id = next_id_++;
    TournamentSettings settings;
    settings.cycles = create.cycles;
    settings.late_entry_until_round = create.late_entry_until_round;
    if (create.password) settings.password_hash = tournament_password_hash(tournament_id, *create.password);
    for (const auto& [first, second] : create.forbidden_pairs)
        settings.forbidden_pairs.emplace_back(protocol::nick_key(first), protocol::nick_key(second));
    settings.tie_breaks = create.tie_breaks;
    settings.draw_offers_from_move = create.draw_offers_from_move;
    settings.min_rating = create.min_rating;
    settings.max_rating = create.max_rating;
    settings.min_rated_games = create.min_rated_games;
    settings.bots_allowed = create.bots_allowed;
    for (const auto& nick : create.invited) settings.invited.push_back(protocol::nick_key(nick));
    if (create.first_board == protocol::FirstBoardColour::Black) settings.first_board_white = false;
    if (create.first_board == protocol::FirstBoardColour::Random) {
        // A lot, drawn once and stored: the pairing must give the same round on every node and
        // after every restart. Not a secret, so any good source of randomness does.
        std::random_device lot;
        settings.first_board_white = lot() % 2 == 0;
    }
    if (create.starts_at_ms) {
        const std::int64_t now = wall_clock_ms();
        if (*create.starts_at_ms < now + min_start_lead_ms)
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "create_tournament: field 'starts_at' must be at least 5 seconds ahead");
        if (*create.starts_at_ms > now + max_start_lead_ms)
            return connection->send_error(id, ErrorCode::BadRequest,
                                          "create_tournament: field 'starts_at' must be within a year");
        settings.starts_at_ms = create.starts_at_ms;
    }
    settings.round_days = create.round_days;
    if (create.system == protocol::TournamentSystem::Arena) {
        settings.arena_minutes = create.minutes;
        settings.berserk = create.berserk;
    }

    db::TournamentCreated created;
    created.id = tournament_id;
    created.name = create.name;
    created.system = std::string(protocol::tournament_system_name(create.system));
    // A round robin's rounds follow from its players when it starts; until then the store keeps
    // its cycles (docs/tournaments.md, "The service"); an arena plans none (its waves are its
    // rounds) and keeps 1.
    created.rounds = create.system == protocol::TournamentSystem::Swiss        ? create.rounds
                     : create.system == protocol::TournamentSystem::RoundRobin ? create.cycles
                                                                               : 1;
    created.time_control_json = protocol::time_control_to_json(create.time_control).dump();
    created.rated = create.rated;
    created.director_nick = who.nick;
    created.director_key = protocol::nick_key(who.nick);
    created.settings_json = settings_json(settings);
    created.created_at_ms = wall_clock_ms();
    services_.writer.submit(db::Write(created), [self = shared_from_this(), connection, who, id, create, created,
                                                 settings, attempt](std::optional<db::StoreError> error) {
        self->on_strand([self, connection, who, id, create, created, settings, attempt, error = std::move(error)] {
            if (error && error->kind == db::StoreFailure::Refused && attempt == 1 && self->link_->clustered())
                return self->create_again(connection, who, id, create, created.id);
            if (error) return reply_store_error(connection, id, "create_tournament", *error);
            Tournament tournament;
            tournament.log.tournament.created = created;
            tournament.log.tournament.state = "registering";
            tournament.settings = settings;
            tournament.round_ms = self->round_ms_of(settings);
            // Run where it was created; its lease is taken at once (and renewed with the others).
            tournament.held = true;
            tournament.holder = self->link_->node_id();
            auto& stored = self->tournaments_[created.id] = std::move(tournament);
            if (self->link_->clustered())
                self->link_->claim(created.id,
                                   [self, tournament_id = created.id](cluster::RoleClaim claim, std::string holder) {
                                       self->on_strand([self, tournament_id, claim, holder = std::move(holder)] {
                                           self->lease_claimed(tournament_id, claim, holder);
                                       });
                                   });
            watch(stored, connection);
            self->keep_room(stored);
            spdlog::info("tournament {} '{}' ({}) created by {}", created.id, created.name, created.system,
                         created.director_nick);
            connection->send(protocol::encode_tournament_created(id, view_of(stored, true)));
            self->schedule_start(stored);
            self->updated(stored); // the other nodes' copies
        });
    });
}

// Two nodes created a tournament at the same moment with the same id: the one the store refused
// reads the highest id taken and creates it once more above it.
void TournamentService::create_again(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                     const protocol::CreateTournament& create, std::int64_t refused_id)
{
    services_.reads.read(
        [](db::StoreReader& reader) {
            std::int64_t highest = 0;
            for (const auto& record : reader.tournaments()) highest = std::max(highest, record.created.id);
            return highest;
        },
        [self = shared_from_this(), connection, who, id, create, refused_id](db::ReadResult<std::int64_t> highest) {
            self->on_strand([self, connection, who, id, create, refused_id, highest = std::move(highest)] {
                if (!highest)
                    return connection->send_error(id, ErrorCode::StorageUnavailable,
                                                  "create_tournament: the change could not be stored; nothing "
                                                  "changed, try again");
                self->next_id_ = std::max({self->next_id_, *highest + 1, refused_id + 1});
                self->create_now(connection, who, id, create, 2);
            });
        });
}

void TournamentService::keep_room(const Tournament& tournament)
{
    const auto& record = tournament.log.tournament;
    const auto room = protocol::tournament_room(record.created.id);
    if (record.state == "finished")
        lobby_->release_tournament_room(room);
    else
        lobby_->hold_tournament_room(room, "Turnier: " + record.created.name);
}

// ---- joining ----------------------------------------------------------------------------

// The refusals that need no store come first, the rating is read, then the entry is stored; a
// second join of the same player while the first is under way finds him in `joining`.
void TournamentService::join_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                 const protocol::JoinTournament& join)
{
    constexpr std::string_view request = "join_tournament";
    if (services_.shutting_down)
        return connection->send_error(id, ErrorCode::ShuttingDown, "join_tournament: the server is shutting down");
    Tournament* tournament = find(connection, id, join.tournament, request);
    if (!tournament) return;
    const auto& created = tournament->log.tournament.created;
    const std::string key = protocol::nick_key(who.nick);
    if (const auto* player = player_of(*tournament, key))
        return connection->send_error(id, ErrorCode::AlreadyInTournament,
                                      withdrawn(*player) ? "join_tournament: you have withdrawn from this "
                                                           "tournament; its director may readmit you"
                                                         : "join_tournament: you are registered already");
    if (tournament->joining.contains(key))
        return connection->send_error(id, ErrorCode::AlreadyInTournament,
                                      "join_tournament: your entry is being stored already");
    const std::string& state = tournament->log.tournament.state;
    if (state == "finished")
        return connection->send_error(id, ErrorCode::TournamentClosed, "join_tournament: the tournament is over");
    if (state != "registering" && !arena(*tournament) &&
        next_round(*tournament) > tournament->settings.late_entry_until_round)
        return connection->send_error(
            id, ErrorCode::TournamentClosed,
            tournament->settings.late_entry_until_round == 0
                ? std::string("join_tournament: the tournament has started and takes no late entries")
                : "join_tournament: late entries were taken until round " +
                      std::to_string(tournament->settings.late_entry_until_round));
    if (who.bot && !tournament->settings.bots_allowed)
        return connection->send_error(id, ErrorCode::Forbidden,
                                      "join_tournament: this tournament takes no bots (its director did not admit "
                                      "them)");
    if (created.rated && who.principal.guest())
        return connection->send_error(id, ErrorCode::RatedNeedsAccount,
                                      "join_tournament: a rated tournament is for players with an account: log in or "
                                      "register");
    if (tournament->settings.password_hash &&
        (!join.password ||
         !tournament_password_matches(created.id, *join.password, *tournament->settings.password_hash)))
        return connection->send_error(id, ErrorCode::WrongTournamentPassword,
                                      join.password ? "join_tournament: that is not the tournament's password"
                                                    : "join_tournament: the tournament needs a password");
    const auto& settings = tournament->settings;
    if (!settings.invited.empty() &&
        std::find(settings.invited.begin(), settings.invited.end(), key) == settings.invited.end())
        return connection->send_error(id, ErrorCode::EntryConditions,
                                      "join_tournament: this tournament is for invited players only");
    if (settings.asks_rating() && who.principal.guest())
        return connection->send_error(id, ErrorCode::EntryConditions,
                                      "join_tournament: this tournament asks for a rating: log in or register");
    if (system_of(created) == protocol::TournamentSystem::RoundRobin) {
        const auto entered = std::count_if(tournament->log.players.begin(), tournament->log.players.end(),
                                           [](const auto& player) { return !withdrawn(player); });
        if (entered + std::ptrdiff_t(tournament->joining.size()) >= protocol::max_round_robin_players)
            return connection->send_error(id, ErrorCode::LimitReached,
                                          "join_tournament: a round robin takes at most " +
                                              std::to_string(protocol::max_round_robin_players) + " players");
    }
    tournament->joining.insert(key);
    if (who.principal.guest()) return store_entry(connection, who, id, created.id, 0);
    // An account's rating in the event's category, as a rated table reads its seats', and his
    // rated games in it.
    const auto category = TableRatings::category_of(time_control_of(created));
    const std::int64_t account = who.principal.id;
    auto read = [key, account, category](db::StoreReader& reader) -> EntryRating {
        const rating::Glicko2Config config;
        rating::Rating value = config.initial;
        int games = 0;
        const auto found = reader.player(key);
        if (found && found->account.id == account && category)
            for (const auto& stored : found->ratings)
                if (stored.category == *category) {
                    value = rating::age_rd(stored.value, (wall_clock_ms() - stored.last_game_at_ms) / db::utc_day_ms,
                                           config);
                    games = stored.all.games;
                }
        return {int(std::lround(value.rating)), games};
    };
    services_.reads.read(std::move(read), [self = shared_from_this(), connection, who, id,
                                           tournament_id = created.id](db::ReadResult<EntryRating> rating) {
        self->on_strand([self, connection, who, id, tournament_id, rating = std::move(rating)] {
            const auto found = self->tournaments_.find(tournament_id);
            if (found == self->tournaments_.end()) return;
            const auto refused = rating ? entry_refusal(found->second.settings, *rating,
                                                        time_control_of(found->second.log.tournament.created))
                                        : std::nullopt;
            if (!rating || refused) {
                found->second.joining.erase(protocol::nick_key(who.nick));
                if (!rating)
                    return connection->send_error(id, ErrorCode::StorageUnavailable,
                                                  "join_tournament: your rating could not be read; try again");
                return connection->send_error(id, ErrorCode::EntryConditions, "join_tournament: " + *refused);
            }
            self->store_entry(connection, who, id, tournament_id, rating->rating);
        });
    });
}

std::optional<std::string> TournamentService::entry_refusal(const TournamentSettings& settings,
                                                            const EntryRating& player,
                                                            const protocol::TimeControl& time_control)
{
    const auto category = TableRatings::category_of(time_control);
    const std::string name = category ? std::string(rating::category_name(*category)) : std::string("untimed");
    if (settings.min_rating && player.rating < *settings.min_rating)
        return "your " + name + " rating " + std::to_string(player.rating) + " is below the tournament's minimum of " +
               std::to_string(*settings.min_rating);
    if (settings.max_rating && player.rating > *settings.max_rating)
        return "your " + name + " rating " + std::to_string(player.rating) + " is above the tournament's maximum of " +
               std::to_string(*settings.max_rating);
    if (player.games < settings.min_rated_games)
        return "you have played " + std::to_string(player.games) + " rated " + name +
               " games; the tournament asks for " + std::to_string(settings.min_rated_games);
    return std::nullopt;
}

// Every change after the creation goes through here: the store first, then this strand.
void TournamentService::store_change(std::int64_t tournament_id, std::vector<db::Write> writes, Requester requester,
                                     Change apply, Change settle)
{
    // Only the node that runs the event changes it (the store refuses a round or a result twice
    // besides, should a node that lost its lease unknowingly try).
    if (auto& tournament = tournaments_.at(tournament_id); !runs_here(tournament)) {
        if (settle) settle(tournament);
        if (requester.connection)
            return requester.connection->send_error(requester.id, ErrorCode::TournamentMoving,
                                                    requester.request + ": tournament " +
                                                        std::to_string(tournament_id) +
                                                        " is run by another node now; try again");
        return spdlog::info("tournament {}: {} not stored: node {} runs it now", tournament_id, requester.request,
                            tournament.holder);
    }
    services_.writer.submit(std::move(writes), [self = shared_from_this(), tournament_id,
                                                requester = std::move(requester), apply = std::move(apply),
                                                settle = std::move(settle)](std::optional<db::StoreError> error) {
        self->on_strand([self, tournament_id, requester, apply, settle, error = std::move(error)] {
            auto& tournament = self->tournaments_.at(tournament_id);
            if (settle) settle(tournament);
            // Refused while this node runs it: another node (which held the lease a moment ago,
            // or took it over meanwhile) changed it in the store; what this node knows is read again.
            if (error && error->kind == db::StoreFailure::Refused && self->link_->clustered() && tournament.held)
                self->read_again(tournament_id);
            if (error) {
                if (requester.connection)
                    return reply_store_error(requester.connection, requester.id, requester.request, *error);
                return spdlog::error("tournament {}: {} not stored ({}): {}", tournament_id, requester.request,
                                     db::store_failure_name(error->kind), error->message);
            }
            apply(tournament);
            if (requester.connection && requester.id) requester.connection->send(protocol::encode_ok(requester.id));
            self->updated(tournament);
        });
    });
}

void TournamentService::store_entry(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                    std::int64_t tournament_id, int rating)
{
    auto& tournament = tournaments_.at(tournament_id);
    const std::string key = protocol::nick_key(who.nick);
    db::TournamentPlayerJoined joined{tournament_id, who.nick, key, rating, next_round(tournament), wall_clock_ms()};
    store_change(
        tournament_id, joined, {connection, id, "join_tournament"},
        [joined, connection](Tournament& tournament) {
            db::TournamentPlayerRecord player;
            player.entry = int(tournament.log.players.size()) + 1;
            player.nick = joined.nick;
            player.nick_key = joined.nick_key;
            player.rating = joined.rating;
            player.first_round = joined.first_round;
            player.joined_at_ms = joined.at_ms;
            tournament.log.players.push_back(std::move(player));
            watch(tournament, connection);
        },
        [key](Tournament& tournament) { tournament.joining.erase(key); });
}

// ---- withdrawals, readmissions, the start -------------------------------------------------

void TournamentService::store_withdrawal(std::int64_t tournament_id, const std::string& nick_key, Requester requester,
                                         Change after)
{
    auto& tournament = tournaments_.at(tournament_id);
    if (tournament.log.tournament.state == "finished") {
        if (requester.connection)
            requester.connection->send_error(requester.id, ErrorCode::TournamentClosed,
                                             requester.request + ": the tournament is over");
        return;
    }
    db::TournamentPlayerWithdrawn withdrawal{tournament_id, nick_key, next_round(tournament)};
    store_change(tournament_id, withdrawal, std::move(requester), [withdrawal, after](Tournament& tournament) {
        for (auto& player : tournament.log.players)
            if (player.nick_key == withdrawal.nick_key) player.withdrawn_from_round = withdrawal.from_round;
        if (after) after(tournament);
    });
}

void TournamentService::store_readmission(std::int64_t tournament_id, const std::string& nick_key, Requester requester)
{
    auto& tournament = tournaments_.at(tournament_id);
    if (tournament.log.tournament.state == "finished") {
        if (requester.connection)
            requester.connection->send_error(requester.id, ErrorCode::TournamentClosed,
                                             requester.request + ": the tournament is over");
        return;
    }
    store_change(tournament_id, db::TournamentPlayerReadmitted{tournament_id, nick_key}, std::move(requester),
                 [nick_key](Tournament& tournament) {
                     for (auto& player : tournament.log.players)
                         if (player.nick_key == nick_key) player.withdrawn_from_round.reset();
                 });
}

// Of two starts at once the first marks the event as changing; the second is refused at once.
// The store checks the state again (from registering), so two nodes could not both start it.
// Once started, the first round is paired at once.
void TournamentService::start_now(const ConnectionPtr& connection, const identity::Identity& who, const Id& id,
                                  const protocol::StartTournament& start)
{
    constexpr std::string_view request = "start_tournament";
    if (services_.shutting_down)
        return connection->send_error(id, ErrorCode::ShuttingDown, "start_tournament: the server is shutting down");
    Tournament* tournament = find_directed(connection, id, who, start.tournament, request);
    if (!tournament) return;
    if (tournament->changing_state || tournament->log.tournament.state != "registering")
        return connection->send_error(id, ErrorCode::TournamentStarted,
                                      "start_tournament: the tournament has started already");
    if (const auto too_few = too_few_players(*tournament))
        return connection->send_error(id, ErrorCode::TooFewPlayers, "start_tournament: " + *too_few);
    begin_event(*tournament, {connection, id, std::string(request)});
}

// ---- helpers ----------------------------------------------------------------------------

TournamentService::Tournament* TournamentService::find(const ConnectionPtr& connection, const Id& id,
                                                       std::int64_t tournament_id, std::string_view request)
{
    const auto found = tournaments_.find(tournament_id);
    if (found != tournaments_.end()) return &found->second;
    connection->send_error(id, ErrorCode::NoSuchTournament,
                           std::string(request) + ": there is no tournament " + std::to_string(tournament_id));
    return nullptr;
}

bool TournamentService::may_direct(const identity::Identity& who, const Tournament& tournament)
{
    if (who.principal.guest() || who.principal.visitor()) return false;
    if (protocol::role_allows(who.role, Role::Moderator)) return true;
    return protocol::role_allows(who.role, Role::Director) &&
           protocol::nick_key(who.nick) == tournament.log.tournament.created.director_key;
}

TournamentService::Tournament* TournamentService::find_directed(const ConnectionPtr& connection, const Id& id,
                                                                const identity::Identity& who,
                                                                std::int64_t tournament_id, std::string_view request)
{
    Tournament* tournament = find(connection, id, tournament_id, request);
    if (!tournament || refuse_unless_director(connection, id, who, *tournament, request)) return nullptr;
    return tournament;
}

bool TournamentService::refuse_unless_director(const ConnectionPtr& connection, const Id& id,
                                               const identity::Identity& who, const Tournament& tournament,
                                               std::string_view request)
{
    if (may_direct(who, tournament)) return false;
    spdlog::warn("tournaments: {} ({}) may not {} tournament {}", who.nick, protocol::role_name(who.role), request,
                 tournament.log.tournament.created.id);
    connection->send_error(id, ErrorCode::Forbidden,
                           std::string(request) + ": only the tournament's director (" +
                               tournament.log.tournament.created.director_nick + "), a moderator or an admin may");
    return true;
}

void TournamentService::reply_store_error(const ConnectionPtr& connection, const Id& id, std::string_view request,
                                          const db::StoreError& error)
{
    spdlog::warn("tournaments: {} not stored ({}): {}", request, db::store_failure_name(error.kind), error.message);
    if (error.kind == db::StoreFailure::Refused)
        return connection->send_error(id, ErrorCode::BadRequest,
                                      std::string(request) + ": the store refused it: " + error.message);
    connection->send_error(id, ErrorCode::StorageUnavailable,
                           std::string(request) + ": the change could not be stored; nothing changed, try again");
}

} // namespace rochade::server
