// The tournament requests decode into their typed values, every setting's refusal naming its
// field, and the frames encode as docs/protocol.md ("Tournaments") shows them.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/tournament.h"

using namespace rochade::protocol;

namespace {

ClientMessage tournament_decoded(std::string_view text)
{
    auto request = decode(text, DecodeLimits{});
    INFO(text);
    REQUIRE(request);
    return request->message;
}

std::string tournament_refusal(std::string_view text, ErrorCode code = ErrorCode::BadRequest)
{
    auto request = decode(text, DecodeLimits{});
    INFO(text);
    REQUIRE_FALSE(request);
    CHECK(request.error().code == code);
    return request.error().message;
}

std::string create_with(const std::string& fields)
{
    return R"({"type":"create_tournament","time_control":"3+2",)" + fields + "}";
}

} // namespace

TEST_CASE("tournament requests decode into their typed values", "[protocol][tournament]")
{
    const auto swiss = std::get<CreateTournament>(tournament_decoded(
        create_with(R"("name":"Winter Swiss","system":"swiss","rounds":7,"rated":true,"late_entry_until_round":3,)"
                    R"("password":"Schach-1")")));
    CHECK(swiss.name == "Winter Swiss");
    CHECK(swiss.system == "swiss");
    CHECK(swiss.rounds == 7);
    CHECK(swiss.cycles == 1);
    CHECK(swiss.time_control.increment_ms == 2000);
    CHECK(swiss.rated);
    CHECK(swiss.late_entry_until_round == 3);
    CHECK(swiss.password == "Schach-1");

    const auto round_robin = std::get<CreateTournament>(
        tournament_decoded(create_with(R"("name":"Vereinsmeisterschaft 2027","system":"round_robin","cycles":2)")));
    CHECK(round_robin.system == "round_robin");
    CHECK(round_robin.rounds == 0);
    CHECK(round_robin.cycles == 2);
    CHECK_FALSE(round_robin.rated);
    CHECK(round_robin.late_entry_until_round == 0);
    CHECK_FALSE(round_robin.password);

    const auto join =
        std::get<JoinTournament>(tournament_decoded(R"({"type":"join_tournament","tournament":4,"password":"pw-12"})"));
    CHECK(join.tournament == 4);
    CHECK(join.password == "pw-12");
    CHECK(std::get<ShowTournament>(tournament_decoded(R"({"type":"show_tournament","tournament":9})")).tournament == 9);
    const auto withdraw =
        std::get<DirectorWithdraw>(tournament_decoded(R"({"type":"director_withdraw","tournament":2,"nick":"Bert"})"));
    CHECK(withdraw.tournament == 2);
    CHECK(withdraw.nick == "Bert");
}

TEST_CASE("a tournament's settings are refused on their face, each naming its field", "[protocol][tournament]")
{
    struct Case {
        std::string fields;
        std::string message_part;
        ErrorCode code = ErrorCode::BadRequest;
    };
    const Case cases[] = {
        {R"("system":"swiss","rounds":5)", "field 'name' is missing"},
        {R"("name":"ab","system":"swiss","rounds":5)", "field 'name': name must be 3 to 60 characters, not 2"},
        {R"("name":")" + std::string(61, 'x') + R"(","system":"swiss","rounds":5)", "not 61"},
        {R"("name":" Winter","system":"swiss","rounds":5)", "field 'name': name must not start with a space"},
        {R"("name":"Winter  Swiss","system":"swiss","rounds":5)", "two in a row"},
        {R"("name":"Winter ","system":"swiss","rounds":5)", "must not end with a space"},
        {R"("name":"Win\u0007ter","system":"swiss","rounds":5)", "control character"},
        {R"("name":"Winter","system":"arena","rounds":5)", "field 'system' must be \"swiss\" or \"round_robin\""},
        {R"("name":"Winter","system":"swiss")", "field 'rounds' is missing"},
        {R"("name":"Winter","system":"swiss","rounds":0)", "field 'rounds'"},
        {R"("name":"Winter","system":"swiss","rounds":21)", "field 'rounds'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"cycles":2)", "field 'cycles' is for a round robin"},
        {R"("name":"Winter","system":"round_robin","rounds":5)", "field 'rounds' is for a Swiss"},
        {R"("name":"Winter","system":"round_robin","cycles":3)", "field 'cycles'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"late_entry_until_round":6)",
         "field 'late_entry_until_round' must be at most the tournament's 5 rounds"},
        {R"("name":"Winter","system":"swiss","rounds":5,"late_entry_until_round":-1)",
         "field 'late_entry_until_round'"},
        {R"("name":"Winter","system":"round_robin","late_entry_until_round":1)",
         "field 'late_entry_until_round' must be 0 for a round robin"},
        {R"("name":"Winter","system":"swiss","rounds":5,"password":"abc")", "field 'password' must be 4 to 64 bytes"},
        {R"("name":"Winter","system":"swiss","rounds":5,"password":")" + std::string(65, 'p') + R"(")",
         "field 'password'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"rated":"yes")", "field 'rated'"},
    };
    for (const Case& c : cases) {
        const std::string message = tournament_refusal(create_with(c.fields), c.code);
        INFO(message);
        CHECK(message.starts_with("create_tournament: "));
        CHECK(message.find(c.message_part) != std::string::npos);
    }
    // A rated event needs a clock, with the code tables use.
    const std::string untimed = tournament_refusal(
        R"({"type":"create_tournament","name":"Blitz","system":"swiss","rounds":3,"time_control":"untimed","rated":true})",
        ErrorCode::RatedNeedsClock);
    CHECK(untimed.find("field 'rated'") != std::string::npos);
    CHECK(tournament_refusal(R"({"type":"create_tournament","name":"Blitz","system":"swiss","rounds":3})")
              .find("time_control") != std::string::npos);
    CHECK(tournament_refusal(R"({"type":"join_tournament","tournament":0})").find("field 'tournament'") !=
          std::string::npos);
    CHECK(tournament_refusal(R"({"type":"director_readmit","tournament":1})").find("field 'nick'") !=
          std::string::npos);
}

TEST_CASE("tournament names: letters of any script, no control characters, no stray spaces", "[protocol][tournament]")
{
    CHECK_FALSE(tournament_name_error("Großes Blitzturnier"));
    CHECK_FALSE(tournament_name_error("Шахматный клуб"));
    CHECK_FALSE(tournament_name_error("abc"));
    CHECK(tournament_name_error("\xff\xfe bad"));
    CHECK(tournament_name_error("line\u2028break"));
    CHECK(tournament_name_error(std::string(60, 'x') + "\xc3\xa4")); // 61 code points
    CHECK_FALSE(tournament_name_error(std::string(59, 'x') + "\xc3\xa4"));
}

TEST_CASE("tournament frames encode as documented, never with a password", "[protocol][tournament]")
{
    TournamentView view;
    view.id = 3;
    view.name = "Winter <Swiss>";
    view.system = TournamentSystem::Swiss;
    view.rounds = 5;
    view.time_control.stages.push_back({0, 180000});
    view.time_control.increment_ms = 2000;
    view.rated = true;
    view.director = "Anna";
    view.late_entry_until_round = 2;
    view.password = true;
    view.state = "registering";
    view.created_ms = 1800000000000;
    view.player_count = 1;
    view.players.push_back({1, "Bert", 1612, 1, false});

    const auto created = nlohmann::json::parse(encode_tournament_created(OptionalId{RequestId{7}}, view));
    CHECK(created.at("type") == "ok");
    CHECK(created.at("id") == 7);
    const auto& t = created.at("tournament");
    CHECK(t.at("id") == 3);
    CHECK(t.at("name") == "Winter <Swiss>");
    CHECK(t.at("system") == "swiss");
    CHECK(t.at("rounds") == 5);
    CHECK_FALSE(t.contains("cycles"));
    CHECK(t.at("rated") == true);
    CHECK(t.at("director") == "Anna");
    CHECK(t.at("late_entry_until_round") == 2);
    CHECK(t.at("password") == true);
    CHECK(t.at("state") == "registering");
    CHECK_FALSE(t.contains("started_ms"));
    CHECK(t.at("player_count") == 1);
    CHECK(t.at("players") ==
          nlohmann::json::parse(R"([{"entry":1,"nick":"Bert","rating":1612,"first_round":1,"withdrawn":false}])"));

    auto running = view;
    running.id = 4;
    running.state = "paused";
    running.system = TournamentSystem::RoundRobin;
    running.cycles = 2;
    auto finished = view;
    finished.id = 5;
    finished.state = "finished";
    finished.finished_ms = 1800000009000;
    const auto list = nlohmann::json::parse(encode_tournaments({finished, running, view}));
    CHECK(list.at("type") == "tournaments");
    REQUIRE(list.at("upcoming").size() == 1);
    CHECK_FALSE(list.at("upcoming")[0].contains("players"));
    REQUIRE(list.at("running").size() == 1);
    CHECK(list.at("running")[0].at("cycles") == 2);
    CHECK_FALSE(list.at("running")[0].contains("rounds"));
    REQUIRE(list.at("finished").size() == 1);
    CHECK(list.at("finished")[0].at("finished_ms") == 1800000009000);

    CHECK(nlohmann::json::parse(encode_tournament(view)).at("type") == "tournament");
    const auto update = nlohmann::json::parse(encode_tournament_updated(view));
    CHECK(update.at("type") == "tournament_updated");
    CHECK(update.at("tournament").at("players").size() == 1);
}
