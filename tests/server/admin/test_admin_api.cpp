// The admin API (server/admin/admin_api.h) and its parts: the query string, the game search's
// parameters, the action bodies, the role and method checks, the answers of the moderation
// service (a recording double of server::Moderation), and the game logs read from a real SQLite
// store on a temporary file: the JSON and the PGN of a game whose nicks and chat hold markup,
// quotes, backslashes, newlines and a PGN tag injection.
#include <catch2/catch.hpp>

#include <future>
#include <mutex>

#include <nlohmann/json.hpp>

#include "db/read_thread.h"
#include "db/sqlite/sqlite_store.h"
#include "db/store_writer.h"
#include "engine/fen.h"
#include "engine/pgn.h"
#include "server/admin/admin_actions.h"
#include "server/admin/admin_api.h"
#include "server/api/games_json.h"
#include "server/api/reply.h"
#include "server/moderation/moderation.h"
#include "server/api/query_string.h"
#include "tests/db/temp_database.h"

using namespace rochade;
using namespace rochade::server;
using nlohmann::json;
using protocol::ErrorCode;
using protocol::Role;

namespace {

// Records what the API asked of the moderation service and answers as told.
class RecordingModeration : public Moderation {
public:
    struct Refusal {
        std::string nick, action, message;
    };

    void act(identity::Identity who, std::string address, ModerationRequest request,
             std::function<void(ModerationResult)> done) override
    {
        {
            std::lock_guard lock(mutex);
            acted.push_back({who, address, request});
        }
        done(result);
    }
    void log_refusal(identity::Identity who, std::string, std::string action, std::string, std::string message) override
    {
        std::lock_guard lock(mutex);
        refusals.push_back({who.nick, action, message});
    }
    void live(bool with_addresses, std::function<void(LiveView)> done) override
    {
        LiveView copy = view;
        if (!with_addresses)
            for (auto& player : copy.players) player.address.reset();
        done(copy);
    }
    void sanctions(std::function<void(std::vector<db::SanctionRecord>)> done) override { done(in_force); }

    struct Act {
        identity::Identity who;
        std::string address;
        ModerationRequest request;
    };
    std::mutex mutex;
    std::vector<Act> acted;
    std::vector<Refusal> refusals;
    ModerationResult result = ModerationDone{"Bob kicked", std::nullopt, 2};
    LiveView view;
    std::vector<db::SanctionRecord> in_force;
};

identity::Identity someone(const std::string& nick, Role role)
{
    return {identity::Principal{identity::Principal::Kind::Account, 7}, nick, role, 70};
}

const std::string tc = R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})";
constexpr std::int64_t t0 = 1714521600000; // 2024-05-01 00:00 UTC
constexpr std::int64_t day = 86400000;

// A store on a temporary file with the API over it, and a way to ask it and wait for the answer.
struct Desk {
    db::testing::TempDatabase file{"admin-api"};
    std::unique_ptr<db::StoreWriter> writer = db::open_sqlite_writer(file.path());
    std::unique_ptr<db::ReadThread> reads = std::make_unique<db::ReadThread>(db::open_sqlite_reader(file.path()));
    RecordingModeration moderation;
    AdminApi api{nullptr, *reads, moderation, PgnSite::of(ServerConfig{})};

    ApiResponse ask(const identity::Identity& who, std::string method, std::string target, std::string body = "",
                    std::string content_type = "application/json")
    {
        writer->flush();
        const auto question = target.find('?');
        const std::string path = target.substr(0, question);
        const std::string query = question == std::string::npos ? "" : target.substr(question + 1);
        ApiRequest request;
        request.method = method;
        request.path = path;
        request.query = query;
        request.content_type = content_type;
        request.body = std::move(body);
        request.address = "203.0.113.9";
        auto answered = std::make_shared<std::promise<ApiResponse>>();
        auto future = answered->get_future();
        api.handle_as(who, request, [answered](ApiResponse response) { answered->set_value(std::move(response)); });
        REQUIRE(future.wait_for(std::chrono::seconds(5)) == std::future_status::ready);
        return future.get();
    }
};

json body_of(const ApiResponse& response) { return json::parse(response.body); }

const auto moderator = someone("Mod", Role::Moderator);
const auto admin = someone("Chefin", Role::Admin);
const auto player = someone("Spieler", Role::Player);

} // namespace

TEST_CASE("a query string is read strictly: unknown, repeated and badly encoded parameters are named", "[admin_api]")
{
    const auto fine = parse_query("player=J%C3%BCrgen&room=34&to=&after=a+b", {"player", "room", "to", "after"});
    REQUIRE(fine);
    CHECK(fine->get("player") == "Jürgen");
    CHECK(fine->get("room") == "34");
    CHECK_FALSE(fine->get("to")); // an empty field is no filter
    CHECK(fine->get("after") == "a b");

    CHECK(parse_query("plaer=Anna", {"player"}).error() == "unknown query parameter 'plaer' (known: player)");
    CHECK(parse_query("room=1&room=2", {"room"}).error() == "query parameter 'room' is given twice");
    CHECK_THAT(parse_query("player=%4", {"player"}).error(), Catch::Contains("'player'"));
    CHECK_THAT(parse_query("player=%zz", {"player"}).error(), Catch::Contains("not well encoded"));
    CHECK(percent_decode("%3Cscript%3E") == "<script>");
}

TEST_CASE("the game search's parameters become a GameQuery, a bad value is named", "[admin_api]")
{
    const auto query = parse_game_query("player=ANNA&room=-7&from=2024-05-01&to=2024-05-02&result=1%2F2-1%2F2"
                                        "&termination=agreement&state=finished&limit=20&after=1714521600000_4");
    REQUIRE(query);
    CHECK(query->player == "ANNA");
    CHECK(query->room == -7);
    CHECK(query->started_from_ms == t0);
    CHECK(query->started_before_ms == t0 + 2 * day); // `to` is inclusive
    CHECK(query->result == rochade::Score::Draw);
    CHECK(query->termination == rochade::Termination::Agreement);
    CHECK(query->state == db::GameState::Finished);
    CHECK(query->limit == 20);
    CHECK(query->after == db::GameCursor{t0, 4});

    const struct {
        const char* query;
        const char* error;
    } bad[] = {
        {"room=0", "query parameter 'room' wants a room number (negative for a secret room, not 0), not '0'"},
        {"room=x", "query parameter 'room' wants"},
        {"from=2024-02-30", "query parameter 'from' wants a date YYYY-MM-DD (UTC), not '2024-02-30'"},
        {"to=yesterday", "query parameter 'to' wants a date"},
        {"from=2024-05-03&to=2024-05-01", "'from' is after 'to'"},
        {"result=2-0", "query parameter 'result' wants 1-0, 0-1, 1/2-1/2 or *, not '2-0'"},
        {"termination=timeout", "query parameter 'termination' wants one of checkmate"},
        {"state=paused", "query parameter 'state' wants running or finished, not 'paused'"},
        {"limit=0", "query parameter 'limit' wants a number from 1 to 100, not '0'"},
        {"limit=101", "not '101'"},
        {"after=yesterday", "query parameter 'after' wants"},
        {"player=a%20b", "query parameter 'player': "},
        {"sort=id", "unknown query parameter 'sort'"},
    };
    for (const auto& c : bad) {
        INFO(c.query);
        const auto parsed = parse_game_query(c.query);
        REQUIRE_FALSE(parsed);
        CHECK_THAT(parsed.error(), Catch::StartsWith(c.error) || Catch::Contains(c.error));
    }
}

TEST_CASE("an action's body becomes the typed request, anything wrong with it is named", "[admin_api]")
{
    auto parse = [](ModerationAction action, const json& body) {
        return parse_moderation_request(action, body.dump());
    };

    const auto mute = parse(ModerationAction::Mute, {{"nick", "Bob"}, {"room", 34}, {"minutes", 30}, {"reason", "x"}});
    REQUIRE(mute);
    const auto& m = std::get<Mute>(*mute);
    CHECK(m.nick == "Bob");
    CHECK(m.room == 34);
    CHECK(m.duration_ms == 30 * 60000);
    const auto everywhere =
        parse(ModerationAction::Mute, {{"nick", "Bob"}, {"room", nullptr}, {"minutes", 5}, {"reason", "x"}});
    REQUIRE(everywhere);
    CHECK_FALSE(std::get<Mute>(*everywhere).room);

    const auto ban = parse(ModerationAction::Ban, {{"nick", "Bob"}, {"reason", "spam"}});
    REQUIRE(ban);
    CHECK_FALSE(std::get<Ban>(*ban).duration_ms); // for good
    const auto address = parse(ModerationAction::BanAddress, {{"address", "2001:DB8:0:0::1"}, {"reason", "bots"}});
    REQUIRE(address);
    CHECK(std::get<BanAddress>(*address).address == "2001:db8::1");
    const auto adjudicate =
        parse(ModerationAction::Adjudicate, {{"table", 12}, {"decision", "1/2-1/2"}, {"reason", "dispute"}});
    REQUIRE(adjudicate);
    CHECK(std::get<Adjudicate>(*adjudicate).decision == Adjudication::Draw);
    CHECK(std::get<Adjudicate>(*adjudicate).table == 12);
    const auto notice = parse(ModerationAction::Notice, {{"text", "Restart at 22:00"}});
    REQUIRE(notice);
    CHECK_FALSE(std::get<SendNotice>(*notice).room);
    CHECK(action_of(*notice) == ModerationAction::Notice);
    CHECK(action_of(*adjudicate) == ModerationAction::Adjudicate);
    // 500 characters of two bytes each are a reason; 501 are not.
    std::string umlauts;
    for (int i = 0; i < 500; ++i) umlauts += "ü";
    CHECK(parse(ModerationAction::Kick, {{"nick", "Bob"}, {"reason", umlauts}}));
    CHECK_FALSE(parse(ModerationAction::Kick, {{"nick", "Bob"}, {"reason", umlauts + "ü"}}));

    const struct {
        ModerationAction action;
        json body;
        const char* error;
    } bad[] = {
        {ModerationAction::Kick, {{"reason", "x"}}, "kick: field 'nick' is missing"},
        {ModerationAction::Kick, {{"nick", 5}, {"reason", "x"}}, "kick: field 'nick' is missing (a string"},
        {ModerationAction::Kick, {{"nick", "a b"}, {"reason", "x"}}, "kick: field 'nick': "},
        {ModerationAction::Kick, {{"nick", "Bob"}}, "kick: field 'reason' is missing"},
        {ModerationAction::Kick, {{"nick", "Bob"}, {"reason", ""}}, "kick: field 'reason' must have 1 to 500"},
        {ModerationAction::Kick,
         {{"nick", "Bob"}, {"reason", "x"}, {"minutes", 3}},
         "kick: field 'minutes' is not one of kick's fields"},
        {ModerationAction::Mute, {{"nick", "Bob"}, {"reason", "x"}}, "mute: field 'minutes' is missing"},
        {ModerationAction::Mute,
         {{"nick", "Bob"}, {"minutes", 0}, {"reason", "x"}},
         "mute: field 'minutes' wants whole minutes"},
        {ModerationAction::Mute,
         {{"nick", "Bob"}, {"minutes", 1.5}, {"reason", "x"}},
         "mute: field 'minutes' wants whole minutes"},
        {ModerationAction::Mute, {{"nick", "Bob"}, {"minutes", "30"}, {"reason", "x"}}, "mute: field 'minutes' wants"},
        {ModerationAction::Mute,
         {{"nick", "Bob"}, {"room", 0}, {"minutes", 3}, {"reason", "x"}},
         "mute: field 'room' wants"},
        {ModerationAction::BanAddress,
         {{"address", "203.0.113"}, {"reason", "x"}},
         "ban_address: field 'address' wants an IPv4 or IPv6 address, not '203.0.113'"},
        {ModerationAction::CloseTable,
         {{"table", -1}, {"reason", "x"}},
         "close_table: field 'table' wants a table number"},
        {ModerationAction::Adjudicate,
         {{"table", 3}, {"decision", "2-0"}, {"reason", "x"}},
         "adjudicate: field 'decision' wants abort, 1-0, 0-1 or 1/2-1/2, not '2-0'"},
        {ModerationAction::Notice, {{"room", 34}}, "notice: field 'text' is missing"},
    };
    for (const auto& c : bad) {
        INFO(c.body.dump());
        const auto parsed = parse(c.action, c.body);
        REQUIRE_FALSE(parsed);
        CHECK_THAT(parsed.error(), Catch::StartsWith(c.error));
    }
    CHECK(parse_moderation_request(ModerationAction::Kick, "[1]").error() == "kick: the body is not a JSON object");
    CHECK(parse_moderation_request(ModerationAction::Kick, "{").error() == "kick: the body is not a JSON object");
}

TEST_CASE("the admin API lets moderators and admins in, refuses players and logs them", "[admin_api]")
{
    Desk desk;
    const auto refused = desk.ask(player, "POST", "/api/admin/kick", R"({"nick":"Bob","reason":"x"})");
    CHECK(refused.status == 403);
    CHECK(body_of(refused) == json{{"error", "forbidden"}, {"message", "admin API: needs the moderator role"}});
    CHECK(desk.ask(player, "GET", "/api/admin/live").status == 403);
    CHECK(desk.ask(someone("Gast", Role::Player), "GET", "/api/admin/games").status == 403);
    REQUIRE(desk.moderation.refusals.size() == 3);
    CHECK(desk.moderation.refusals[0].nick == "Spieler");
    CHECK(desk.moderation.refusals[0].action == "kick");
    CHECK(desk.moderation.refusals[1].action == "read live");
    CHECK(desk.moderation.acted.empty()); // nothing reached the service

    const auto done = desk.ask(moderator, "POST", "/api/admin/kick", R"({"nick":"Bob","reason":"insults"})");
    CHECK(done.status == 200);
    CHECK(body_of(done) == json{{"done", "Bob kicked"}, {"until", nullptr}, {"connections_closed", 2}});
    REQUIRE(desk.moderation.acted.size() == 1);
    CHECK(desk.moderation.acted[0].who.nick == "Mod");
    CHECK(desk.moderation.acted[0].address == "203.0.113.9");
    CHECK(std::get<Kick>(desk.moderation.acted[0].request).reason == "insults");
}

TEST_CASE("the service's refusals map to HTTP statuses with the protocol's codes", "[admin_api]")
{
    Desk desk;
    const struct {
        ErrorCode code;
        int status;
        const char* name;
    } cases[] = {
        {ErrorCode::Forbidden, 403, "forbidden"},
        {ErrorCode::NoSuchNick, 404, "no_such_nick"},
        {ErrorCode::NoSuchTable, 404, "no_such_table"},
        {ErrorCode::NoSuchGame, 404, "no_such_game"},
        {ErrorCode::StorageUnavailable, 503, "storage_unavailable"},
        {ErrorCode::BadRequest, 400, "bad_request"},
        {ErrorCode::GameOver, 400, "game_over"},
    };
    for (const auto& c : cases) {
        INFO(c.name);
        desk.moderation.result = ModerationRefused{c.code, "because"};
        const auto answer =
            desk.ask(admin, "POST", "/api/admin/ban_address", R"({"address":"203.0.113.7","reason":"bots"})");
        CHECK(answer.status == c.status);
        CHECK(body_of(answer) == json{{"error", c.name}, {"message", "because"}});
    }
}

TEST_CASE("actions want POST with JSON, reads want GET, unknown endpoints are 404", "[admin_api]")
{
    Desk desk;
    const auto get_action = desk.ask(moderator, "GET", "/api/admin/mute");
    CHECK(get_action.status == 405);
    CHECK(get_action.allow == "POST");
    CHECK(body_of(get_action).at("message") == "mute: use POST (see docs/admin.md)");
    const auto post_read = desk.ask(moderator, "POST", "/api/admin/games", "{}");
    CHECK(post_read.status == 405);
    CHECK(post_read.allow == "GET");
    const auto form =
        desk.ask(moderator, "POST", "/api/admin/kick", "nick=Bob&reason=x", "application/x-www-form-urlencoded");
    CHECK(form.status == 400);
    CHECK(body_of(form).at("message") == "kick: the body must be application/json");
    const auto bad_body = desk.ask(moderator, "POST", "/api/admin/kick", R"({"nick":"Bob"})");
    CHECK(bad_body.status == 400);
    CHECK(body_of(bad_body).at("message") == "kick: field 'reason' is missing (a string of 1 to 500 characters)");
    CHECK(desk.moderation.refusals.size() == 1); // a body that named no request is logged too
    const auto unknown = desk.ask(moderator, "GET", "/api/admin/secrets");
    CHECK(unknown.status == 404);
    CHECK(body_of(unknown).at("message") == "admin API: no endpoint /api/admin/secrets (see docs/admin.md)");
    CHECK(desk.ask(moderator, "GET", "/api/admin/live?x=1").status == 400);
    CHECK(desk.moderation.acted.empty());
}

TEST_CASE("the live view and the sanctions show addresses to admins only", "[admin_api]")
{
    Desk desk;
    OnlinePlayer bob;
    bob.nick = "Bob";
    bob.since_ms = t0;
    bob.address = "198.51.100.4";
    bob.rooms = {34};
    bob.connections = 1;
    desk.moderation.view.players = {bob};
    desk.moderation.view.rooms = {LiveRoom{34, "Halle", {"Bob"}}};
    LiveTable table;
    table.table = 12;
    table.room = 34;
    table.game_id = 7;
    table.white = "Bob";
    table.state = "playing";
    table.time_control_json = tc;
    desk.moderation.view.tables = {table};
    desk.moderation.in_force = {
        db::SanctionRecord{db::SanctionKind::Mute, "bob", "Bob", 34, t0 + 60000, "insults", "Mod", t0},
        db::SanctionRecord{db::SanctionKind::AddressBan, "198.51.100.4", "198.51.100.4", 0, std::nullopt, "bots",
                           "Chefin", t0},
    };

    const json seen_by_moderator = body_of(desk.ask(moderator, "GET", "/api/admin/live"));
    CHECK_FALSE(seen_by_moderator.at("players").at(0).contains("address"));
    CHECK(seen_by_moderator.at("players").at(0).at("rooms") == json{34});
    CHECK(seen_by_moderator.at("rooms").at(0) == json{{"number", 34}, {"name", "Halle"}, {"members", {"Bob"}}});
    CHECK(seen_by_moderator.at("tables").at(0) == json{{"table", 12},
                                                       {"room", 34},
                                                       {"game_id", 7},
                                                       {"white", "Bob"},
                                                       {"black", nullptr},
                                                       {"state", "playing"},
                                                       {"time_control", json::parse(tc)},
                                                       {"spectators", 0},
                                                       {"node", nullptr}, // a server alone
                                                       {"described", true}});
    CHECK(seen_by_moderator.at("partial") == false);
    CHECK(seen_by_moderator.at("silent_nodes") == json::array());
    CHECK(body_of(desk.ask(admin, "GET", "/api/admin/live")).at("players").at(0).at("address") == "198.51.100.4");

    const json moderator_sanctions = body_of(desk.ask(moderator, "GET", "/api/admin/sanctions"));
    REQUIRE(moderator_sanctions.at("sanctions").size() == 1);
    CHECK(moderator_sanctions.at("sanctions").at(0) == json{{"kind", "mute"},
                                                            {"target", "Bob"},
                                                            {"room", 34},
                                                            {"until", t0 + 60000},
                                                            {"reason", "insults"},
                                                            {"by", "Mod"},
                                                            {"at", t0}});
    const json admin_sanctions = body_of(desk.ask(admin, "GET", "/api/admin/sanctions"));
    REQUIRE(admin_sanctions.at("sanctions").size() == 2);
    CHECK(admin_sanctions.at("sanctions").at(1).at("until") == nullptr);
}

TEST_CASE("the game search answers each filter from the store, a page at a time", "[admin_api]")
{
    Desk desk;
    auto game = [](std::int64_t id, std::int64_t room, std::string white, std::string black, std::int64_t at) {
        return db::GameStarted{id, 100 + id, room, white, black, tc, std::string(StartFen), 180000, 180000, at, {}, {}};
    };
    auto ended = [](std::int64_t id, std::string result, std::string termination, std::int64_t at) {
        return db::GameEnded{id,
                             *rochade::parse_score(result, "the test"),
                             *rochade::parse_termination(termination, "the test"),
                             R"({"message":"over"})",
                             1000,
                             2000,
                             at};
    };
    desk.writer->submit(std::vector<db::Write>{game(1, 34, "Anna", "Bert", t0), ended(1, "0-1", "checkmate", t0 + 9)});
    desk.writer->submit(
        std::vector<db::Write>{game(2, 34, "Jörg", "Anna", t0 + day), ended(2, "1/2-1/2", "agreement", t0 + day + 9)});
    // A rated game needs its players' accounts (ids 1 and 2) and its control's category.
    desk.writer->submit(std::vector<db::Write>{db::AccountCreated{"Strauß", "strauss", "$argon2id$h", Role::Player, t0},
                                               db::AccountCreated{"Bert", "bert", "$argon2id$h", Role::Player, t0}});
    auto rated = game(3, 35, "Strauß", "Bert", t0 + 2 * day);
    rated.rated = true;
    rated.white_owner.account_id = 1;
    rated.black_owner.account_id = 2;
    rated.category = rochade::rating::RatingCategory::Blitz;
    desk.writer->submit(std::vector<db::Write>{rated});
    desk.writer->submit(std::vector<db::Write>{game(4, -7, "Anna", "Cem", t0 + 3 * day),
                                               ended(4, "1-0", "flag_fall", t0 + 3 * day + 9)});

    auto ids = [&](const std::string& query) {
        const auto answer = desk.ask(moderator, "GET", "/api/admin/games" + query);
        INFO(query << " -> " << answer.body);
        REQUIRE(answer.status == 200);
        std::vector<std::int64_t> found;
        const json page = body_of(answer);
        for (const auto& entry : page.at("games")) found.push_back(entry.at("id"));
        return found;
    };
    using Ids = std::vector<std::int64_t>;
    CHECK(ids("") == Ids{4, 3, 2, 1});
    CHECK(ids("?player=anna") == Ids{4, 2, 1});
    CHECK(ids("?player=STRAUSS") == Ids{3});
    CHECK(ids("?room=34") == Ids{2, 1});
    CHECK(ids("?room=-7") == Ids{4});
    CHECK(ids("?from=2024-05-02") == Ids{4, 3, 2});
    CHECK(ids("?to=2024-05-02") == Ids{2, 1}); // inclusive: the whole of May 2nd
    CHECK(ids("?from=2024-05-02&to=2024-05-03") == Ids{3, 2});
    CHECK(ids("?result=1%2F2-1%2F2") == Ids{2});
    CHECK(ids("?termination=flag_fall") == Ids{4});
    CHECK(ids("?state=running") == Ids{3});
    CHECK(ids("?state=finished&player=Bert") == Ids{1});
    CHECK(ids("?rated=yes") == Ids{3});
    CHECK(ids("?rated=no") == Ids{4, 2, 1});

    const json first = body_of(desk.ask(moderator, "GET", "/api/admin/games?limit=3"));
    REQUIRE(first.at("games").size() == 3);
    CHECK(first.at("games").at(0) == json{{"id", 4},
                                          {"table", 104},
                                          {"room", -7},
                                          {"white", "Anna"},
                                          {"black", "Cem"},
                                          {"time_control", json::parse(tc)},
                                          {"started_at", t0 + 3 * day},
                                          {"ended_at", t0 + 3 * day + 9},
                                          {"result", "1-0"},
                                          {"termination", "flag_fall"},
                                          {"moves", 0},
                                          {"rated", false},
                                          {"category", nullptr}, // stored without one, as before version 7
                                          {"rating_changes", nullptr}});
    CHECK(first.at("games").at(1).at("result") == nullptr); // running
    REQUIRE(first.at("next").is_string());
    CHECK(ids("?limit=3&after=" + first.at("next").get<std::string>()) == Ids{1});
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/games?limit=4")).at("next") == nullptr);

    const auto bad = desk.ask(moderator, "GET", "/api/admin/games?room=zero");
    CHECK(bad.status == 400);
    CHECK(body_of(bad) == json{{"error", "bad_request"},
                               {"message", "games: query parameter 'room' wants a room number (negative for a secret "
                                           "room, not 0), not 'zero'"}});
}

TEST_CASE("a game's log and PGN: hostile nicks and chat read back exactly and are written escaped", "[admin_api]")
{
    Desk desk;
    const std::string white = "<script>alert(\"x\")</script>\"] [Result \"1-0";
    const std::string black = "back\\slash\nnew \"line\"";
    const std::string chat = "</textarea><img src=x onerror=alert(1)> \"] [Result \"1-0\"] \\ \n end";
    db::GameStarted start{9, 19, 34, white, black, tc, std::string(StartFen), 180000, 180000, t0, {}, {}};
    const std::vector<std::pair<std::string, std::string>> moves{
        {"e2e4", "e4"}, {"e7e5", "e5"}, {"g1f3", "Nf3"}, {"b8c6", "Nc6"}, {"f1b5", "Bb5"}};
    std::vector<db::Write> writes{start};
    for (std::size_t i = 0; i < moves.size(); ++i)
        writes.push_back(db::MovePlayed{9, int(i) + 1, std::int64_t(i) + 2, moves[i].first, moves[i].second,
                                        180000 - 1000 * std::int64_t(i), 179000, t0 + 1000 * std::int64_t(i + 1)});
    writes.push_back(db::TableEvent{19, 9, 8, rochade::db::TableEventKind::TableChat,
                                    json{{"from", black}, {"text", chat}}.dump(), t0 + 7000});
    writes.push_back(
        db::TableEvent{19, 9, 9, rochade::db::TableEventKind::DrawOffered, R"({"by":"white"})", t0 + 8000});
    writes.push_back(db::GameEnded{9, rochade::Score::BlackWins, rochade::Termination::FlagFall,
                                   json{{"message", "White's flag fell"}, {"winnability", "winnable"}}.dump(), 0, 5000,
                                   t0 + 9000});
    desk.writer->submit(std::move(writes));

    const auto answer = desk.ask(moderator, "GET", "/api/admin/games/9");
    REQUIRE(answer.status == 200);
    CHECK(answer.body.find('<') == std::string::npos); // escaped as \u003c
    CHECK(answer.body.find('\n') == std::string::npos);
    const json log = body_of(answer);
    CHECK(log.at("white") == white);
    CHECK(log.at("black") == black);
    CHECK(log.at("result") == "0-1");
    CHECK(log.at("termination") == "flag_fall");
    CHECK(log.at("message") == "White's flag fell");
    CHECK(log.at("end_detail").at("winnability") == "winnable");
    CHECK(log.at("end_clocks") == json{{"white_ms", 0}, {"black_ms", 5000}});
    REQUIRE(log.at("moves").size() == 5);
    CHECK(log.at("moves").at(2) == json{{"ply", 3},
                                        {"seq", 4},
                                        {"uci", "g1f3"},
                                        {"san", "Nf3"},
                                        {"san_de", "Sf3"},
                                        {"fen", "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
                                        {"white_ms", 178000},
                                        {"black_ms", 179000},
                                        {"at", t0 + 3000}});
    CHECK(log.at("moves").at(4).at("san_de") == "Lb5");
    CHECK(log.at("replay_problem") == nullptr);
    REQUIRE(log.at("events").size() == 2);
    CHECK(log.at("events").at(0) ==
          json{{"seq", 8}, {"kind", "table_chat"}, {"at", t0 + 7000}, {"detail", {{"from", black}, {"text", chat}}}});
    CHECK(log.at("events").at(1).at("detail") == json{{"by", "white"}});

    const auto pgn = desk.ask(moderator, "GET", "/api/admin/games/9.pgn");
    REQUIRE(pgn.status == 200);
    CHECK(pgn.content_type == "application/x-chess-pgn; charset=utf-8");
    CHECK(pgn.content_disposition == "attachment; filename=\"rochade-game-9.pgn\"");
    CHECK_THAT(pgn.body, Catch::Contains(R"([White "<script>alert(\"x\")</script>\"] [Result \"1-0"])"));
    CHECK_THAT(pgn.body, Catch::Contains(R"([Black "back\\slash new \"line\""])"));
    const auto games = read_pgn(pgn.body);
    REQUIRE(games);
    REQUIRE(games->size() == 1);
    const PgnGame& game = games->front();
    CHECK(game.moves.size() == 5);
    CHECK(game.result == rochade::Score::BlackWins);
    int result_tags = 0;
    for (const auto& [name, value] : game.tags) {
        if (name == "Result") {
            ++result_tags;
            CHECK(value == "0-1");
        }
        if (name == "White") CHECK(value == white);
        if (name == "Black") CHECK(value == "back\\slash new \"line\""); // the newline became a space
    }
    CHECK(result_tags == 1);
}

TEST_CASE("an unknown or malformed game id is no_such_game", "[admin_api]")
{
    Desk desk;
    for (const std::string path :
         {"/api/admin/games/404", "/api/admin/games/404.pgn", "/api/admin/games/abc", "/api/admin/games/-1",
          "/api/admin/games/0", "/api/admin/games/", "/api/admin/games/1x"}) {
        INFO(path);
        const auto answer = desk.ask(moderator, "GET", path);
        CHECK(answer.status == 404);
        CHECK(body_of(answer).at("error") == "no_such_game");
    }
}

TEST_CASE("the audit log and the chat search read the store, filtered and paged", "[admin_api]")
{
    Desk desk;
    auto logged = [](std::int64_t at, std::string actor, std::string action, std::string target, bool refused) {
        db::ModerationLogged line;
        line.at_ms = at;
        line.actor_nick = actor;
        line.actor_role = "moderator";
        line.action = action;
        line.target = target;
        line.reason = "<b>why</b>";
        line.refused = refused;
        line.detail_json = R"({"room":34})";
        return line;
    };
    desk.writer->submit(std::vector<db::Write>{logged(t0, "Mod", "mute", "Bob", false),
                                               logged(t0 + 1, "Spieler", "kick", "", true),
                                               logged(t0 + 2, "Mod", "kick", "Bob", false)});
    const auto audit = desk.ask(moderator, "GET", "/api/admin/audit");
    INFO(audit.body);
    const json all = body_of(audit);
    REQUIRE(all.at("entries").size() == 3);
    CHECK(all.at("entries").at(0).at("action") == "kick"); // newest first
    CHECK(all.at("entries").at(1) == json{{"id", all.at("entries").at(1).at("id")},
                                          {"at", t0 + 1},
                                          {"actor", "Spieler"},
                                          {"actor_role", "moderator"},
                                          {"action", "kick"},
                                          {"target", ""},
                                          {"reason", "<b>why</b>"},
                                          {"until", nullptr},
                                          {"refused", true},
                                          {"detail", {{"room", 34}}}});
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/audit?actor=MOD")).at("entries").size() == 2);
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/audit?action=mute")).at("entries").size() == 1);
    const json page = body_of(desk.ask(moderator, "GET", "/api/admin/audit?target=Bob&limit=1"));
    REQUIRE(page.at("entries").size() == 1);
    REQUIRE(page.at("next").is_number());
    const json next =
        body_of(desk.ask(moderator, "GET", "/api/admin/audit?target=Bob&limit=1&before=" + page.at("next").dump()));
    REQUIRE(next.at("entries").size() == 1);
    CHECK(next.at("entries").at(0).at("action") == "mute");
    CHECK(desk.ask(moderator, "GET", "/api/admin/audit?limit=201").status == 400);
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/audit?before=x")).at("message") ==
          "audit: query parameter 'before' wants the \"next\" of a previous page (a positive number), not 'x'");

    const std::string hostile = "<script>\"] [Result \"1-0\\\n";
    desk.writer->submit(std::vector<db::Write>{
        db::GameStarted{9, 19, 35, "Cem", "Anna", tc, std::string(StartFen), 180000, 180000, t0 + day, {}, {}},
        db::RoomChatted{34, "Bob", "hallo " + hostile, t0 + day},
        db::RoomChatted{35, "Anna", "hallo Bob", t0 + day + 1},
        db::TableEvent{19, 9, 3, rochade::db::TableEventKind::TableChat,
                       json{{"from", "Cem"}, {"text", "HALLO am Brett"}}.dump(), t0 + day + 2},
    });
    const auto found = desk.ask(moderator, "GET", "/api/admin/chat?text=hallo");
    CHECK(found.body.find("<script>") == std::string::npos);
    const json lines = body_of(found).at("lines");
    REQUIRE(lines.size() == 3);
    CHECK(lines.at(0) ==
          json{{"at", t0 + day + 2}, {"nick", "Cem"}, {"text", "HALLO am Brett"}, {"table", 19}, {"game_id", 9}});
    CHECK(lines.at(2) == json{{"at", t0 + day}, {"nick", "Bob"}, {"text", "hallo " + hostile}, {"room", 34}});
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/chat?nick=bob")).at("lines").size() == 1);
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/chat?room=35")).at("lines").size() == 2);
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/chat?table=19")).at("lines").size() == 1);
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/chat?to=2024-05-01")).at("lines").size() == 0);
    CHECK(body_of(desk.ask(moderator, "GET", "/api/admin/chat?from=2024-05-02&to=2024-05-02")).at("lines").size() == 3);
    const json first = body_of(desk.ask(moderator, "GET", "/api/admin/chat?limit=2"));
    REQUIRE(first.at("next").is_string());
    const json rest =
        body_of(desk.ask(moderator, "GET", "/api/admin/chat?limit=2&after=" + first.at("next").get<std::string>()));
    REQUIRE(rest.at("lines").size() == 1);
    CHECK(rest.at("lines").at(0).at("nick") == "Bob");
    CHECK(rest.at("next") == nullptr);
    const auto bad_cursor = desk.ask(moderator, "GET", "/api/admin/chat?after=nonsense");
    CHECK(bad_cursor.status == 400);
    CHECK(body_of(bad_cursor).at("message") ==
          "chat: query parameter 'after' wants the \"next\" of a previous page, not 'nonsense'");
    CHECK(desk.ask(moderator, "GET", "/api/admin/chat?table=0").status == 400);
    CHECK(desk.ask(player, "GET", "/api/admin/chat").status == 403);
}
