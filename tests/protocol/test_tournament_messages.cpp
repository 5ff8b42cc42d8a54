// The tournament requests decode into their typed values, every setting's refusal naming its
// field, and the frames encode as docs/protocol.md ("Tournaments") shows them.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/tournament.h"
#include "tests/protocol/decoding_steps.h"

using namespace rochade::protocol;
using namespace rochade::protocol::testing;

namespace {

std::string create_with(const std::string& fields)
{
    return R"({"type":"create_tournament","time_control":"3+2",)" + fields + "}";
}

} // namespace

TEST_CASE("tournament requests decode into their typed values", "[protocol][tournament]")
{
    const auto swiss = std::get<CreateTournament>(decoded_request(
        create_with(R"("name":"Winter Swiss","system":"swiss","rounds":7,"rated":true,"late_entry_until_round":3,)"
                    R"("password":"Schach-1")")));
    CHECK(swiss.name == "Winter Swiss");
    CHECK(swiss.system == TournamentSystem::Swiss);
    CHECK(swiss.rounds == 7);
    CHECK(swiss.cycles == 1);
    CHECK(swiss.time_control.increment_ms == 2000);
    CHECK(swiss.rated);
    CHECK(swiss.late_entry_until_round == 3);
    CHECK(swiss.password == "Schach-1");
    CHECK(swiss.forbidden_pairs.empty());
    CHECK(swiss.tie_breaks.empty());
    CHECK(swiss.draw_offers_from_move == 0);

    const auto ruled = std::get<CreateTournament>(decoded_request(
        create_with(R"("name":"Familienturnier","system":"swiss","rounds":5,)"
                    R"("forbidden_pairs":[["Anna","Bert"],["Clara","Dora"]],"tie_breaks":["SB","BH-C1","ARO"],)"
                    R"("draw_offers_from_move":30)")));
    CHECK(ruled.forbidden_pairs ==
          std::vector<std::pair<std::string, std::string>>{{"Anna", "Bert"}, {"Clara", "Dora"}});
    CHECK(ruled.tie_breaks == std::vector<std::string>{"SB", "BH-C1", "ARO"});
    CHECK(ruled.draw_offers_from_move == 30);
    CHECK_FALSE(ruled.min_rating);
    CHECK(ruled.invited.empty());

    const auto conditioned = std::get<CreateTournament>(decoded_request(
        create_with(R"("name":"Vereinsabend","system":"swiss","rounds":5,"min_rating":1200,"max_rating":1800,)"
                    R"("min_rated_games":10,"invited":["Anna","Bert"],"bots_allowed":true)")));
    CHECK(conditioned.bots_allowed);
    CHECK_FALSE(ruled.bots_allowed); // bots stay out unless the director admits them
    CHECK(conditioned.min_rating == 1200);
    CHECK(conditioned.max_rating == 1800);
    CHECK(conditioned.min_rated_games == 10);
    CHECK(conditioned.invited == std::vector<std::string>{"Anna", "Bert"});

    const auto round_robin = std::get<CreateTournament>(
        decoded_request(create_with(R"("name":"Vereinsmeisterschaft 2027","system":"round_robin","cycles":2)")));
    CHECK(round_robin.system == TournamentSystem::RoundRobin);
    CHECK(round_robin.rounds == 0);
    CHECK(round_robin.cycles == 2);
    CHECK_FALSE(round_robin.rated);
    CHECK(round_robin.late_entry_until_round == 0);
    CHECK_FALSE(round_robin.password);

    const auto arena = std::get<CreateTournament>(
        decoded_request(create_with(R"("name":"Freitagsarena","system":"arena","minutes":45)")));
    CHECK(arena.system == TournamentSystem::Arena);
    CHECK(arena.minutes == 45);
    CHECK(arena.berserk); // allowed unless the director says no
    CHECK(arena.rounds == 0);
    const auto calm = std::get<CreateTournament>(
        decoded_request(create_with(R"("name":"Freitagsarena","system":"arena","minutes":45,"berserk":false)")));
    CHECK_FALSE(calm.berserk);
    const auto season = std::get<CreateTournament>(
        decoded_request(create_with(R"("name":"Vereinsmeisterschaft","system":"round_robin","round_days":7)")));
    CHECK(season.round_days == 7);
    CHECK(round_robin.round_days == 0); // without: the rounds follow each other at once
    CHECK(std::get<Berserk>(decoded_request(R"({"type":"berserk","table":12})")).table == 12);
    const auto scheduled = std::get<CreateTournament>(decoded_request(create_with(
        R"("name":"Vereinsblitz","system":"swiss","rounds":7,"starts_at":1800000000000,"first_board":"random")")));
    CHECK(scheduled.starts_at_ms == std::optional<std::int64_t>(1800000000000));
    CHECK(scheduled.first_board == FirstBoardColour::Random);
    CHECK_FALSE(arena.first_board);
    CHECK_FALSE(arena.starts_at_ms);

    const auto join =
        std::get<JoinTournament>(decoded_request(R"({"type":"join_tournament","tournament":4,"password":"pw-12"})"));
    CHECK(join.tournament == 4);
    CHECK(join.password == "pw-12");
    CHECK(std::get<ShowTournament>(decoded_request(R"({"type":"show_tournament","tournament":9})")).tournament == 9);
    const auto withdraw =
        std::get<DirectorWithdraw>(decoded_request(R"({"type":"director_withdraw","tournament":2,"nick":"Bert"})"));
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
        {R"("name":"Winter","system":"knockout","rounds":5)",
         "field 'system' must be \"swiss\", \"round_robin\" or \"arena\", not \"knockout\""},
        {R"("name":"Winter","system":"arena","rounds":5,"minutes":30)",
         "field 'rounds' is for a Swiss; an arena lasts"},
        {R"("name":"Winter","system":"arena","cycles":2,"minutes":30)", "field 'cycles' is for a round robin"},
        {R"("name":"Winter","system":"arena")", "field 'minutes' is missing"},
        {R"("name":"Winter","system":"arena","minutes":0)", "field 'minutes'"},
        {R"("name":"Winter","system":"arena","minutes":721)", "field 'minutes'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"minutes":30)", "field 'minutes' is for an arena"},
        {R"("name":"Winter","system":"swiss","rounds":5,"berserk":true)", "field 'berserk' is for an arena"},
        {R"("name":"Winter","system":"swiss","rounds":5,"round_days":7)",
         "field 'round_days' is for a round robin played as a season"},
        {R"("name":"Winter","system":"round_robin","round_days":0)", "field 'round_days'"},
        {R"("name":"Winter","system":"round_robin","round_days":29)", "field 'round_days'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"first_board":"green")",
         "field 'first_board' must be \"white\", \"black\" or \"random\", not \"green\""},
        {R"("name":"Winter","system":"arena","minutes":30,"first_board":"black")",
         "field 'first_board' is for a Swiss"},
        {R"("name":"Winter","system":"swiss","rounds":5,"starts_at":0)", "field 'starts_at'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"starts_at":"morgen")", "field 'starts_at'"},
        {R"("name":"Winter","system":"arena","minutes":30,"late_entry_until_round":2)",
         "field 'late_entry_until_round' is not for an arena"},
        {R"("name":"Winter","system":"arena","minutes":30,"forbidden_pairs":[["Anna","Bert"]])",
         "field 'forbidden_pairs' is for a Swiss: an arena pairs whoever waits"},
        {R"("name":"Winter","system":"arena","minutes":30,"tie_breaks":["BH"])",
         "field 'tie_breaks' is for a Swiss: an arena ranks"},
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
        {R"("name":"Winter","system":"swiss","rounds":5,"bots_allowed":1)", "field 'bots_allowed'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"forbidden_pairs":"Anna-Bert")",
         "field 'forbidden_pairs' must be an array of at most 50 pairs, not a string"},
        {R"("name":"Winter","system":"swiss","rounds":5,"forbidden_pairs":[["Anna","Bert","Clara"]])",
         "field 'forbidden_pairs' must hold pairs of two strings"},
        {R"("name":"Winter","system":"swiss","rounds":5,"forbidden_pairs":[["Anna","B e"]])",
         "field 'forbidden_pairs': 'B e' is no nick"},
        {R"("name":"Winter","system":"swiss","rounds":5,"forbidden_pairs":[["Anna","ANNA"]])",
         "'Anna' cannot be forbidden to meet himself"},
        {R"("name":"Winter","system":"round_robin","forbidden_pairs":[["Anna","Bert"]])",
         "field 'forbidden_pairs' is for a Swiss"},
        {R"("name":"Winter","system":"swiss","rounds":5,"tie_breaks":["SB","Koya"])",
         "field 'tie_breaks': 'Koya' is no tie-break; choose from BH-C1"},
        {R"("name":"Winter","system":"swiss","rounds":5,"tie_breaks":["SB","BH","SB"])",
         "field 'tie_breaks' names 'SB' twice"},
        {R"("name":"Winter","system":"round_robin","tie_breaks":["SB"])", "field 'tie_breaks' is for a Swiss"},
        {R"("name":"Winter","system":"swiss","rounds":5,"min_rating":1800,"max_rating":1200)",
         "field 'max_rating' must be at least 'min_rating' (1800)"},
        {R"("name":"Winter","system":"swiss","rounds":5,"min_rating":4001)", "field 'min_rating'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"min_rated_games":-1)", "field 'min_rated_games'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"invited":["Anna","B e"])",
         "field 'invited': 'B e' is no nick"},
        {R"("name":"Winter","system":"swiss","rounds":5,"draw_offers_from_move":101)", "field 'draw_offers_from_move'"},
        {R"("name":"Winter","system":"swiss","rounds":5,"draw_offers_from_move":"30")",
         "field 'draw_offers_from_move'"},
    };
    for (const Case& c : cases) {
        const std::string message = refusal_of(create_with(c.fields), c.code);
        INFO(message);
        CHECK(message.starts_with("create_tournament: "));
        CHECK(message.find(c.message_part) != std::string::npos);
    }
    // A rated event needs a clock, with the code tables use.
    const std::string untimed = refusal_of(
        R"({"type":"create_tournament","name":"Blitz","system":"swiss","rounds":3,"time_control":"untimed","rated":true})",
        ErrorCode::RatedNeedsClock);
    CHECK(untimed.find("field 'rated'") != std::string::npos);
    CHECK(
        refusal_of(R"({"type":"create_tournament","name":"Blitz","system":"swiss","rounds":3})").find("time_control") !=
        std::string::npos);
    CHECK(refusal_of(R"({"type":"join_tournament","tournament":0})").find("field 'tournament'") != std::string::npos);
    CHECK(refusal_of(R"({"type":"director_readmit","tournament":1})").find("field 'nick'") != std::string::npos);
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
    view.players.push_back({1, "Bert", 1612, 1, false, std::nullopt});
    view.players.push_back({2, "Clara", 1540, 1, false, 3}); // asked for a half-point bye in round 3

    const auto created = nlohmann::json::parse(encode_tournament_created(OptionalId{RequestId{7}}, view));
    CHECK(created.at("type") == "ok");
    CHECK(created.at("id") == 7);
    const auto& t = created.at("tournament");
    CHECK(t.at("id") == 3);
    CHECK(t.at("name") == "Winter <Swiss>");
    CHECK(t.at("room") == 1'000'000'003); // its room in the lobby (protocol/tournament_room.h)
    CHECK(t.at("system") == "swiss");
    CHECK(t.at("rounds") == 5);
    CHECK_FALSE(t.contains("cycles"));
    CHECK(t.at("rated") == true);
    CHECK(t.at("director") == "Anna");
    CHECK(t.at("late_entry_until_round") == 2);
    CHECK(t.at("password") == true);
    CHECK_FALSE(t.contains("draw_offers_from_move")); // no such rule
    CHECK_FALSE(t.contains("next_round_ms"));         // no pause running
    CHECK(t.at("state") == "registering");
    CHECK_FALSE(t.contains("started_ms"));
    CHECK(t.at("player_count") == 1);
    CHECK(t.at("players") ==
          nlohmann::json::parse(R"([{"entry":1,"nick":"Bert","rating":1612,"first_round":1,"withdrawn":false},)"
                                R"({"entry":2,"nick":"Clara","rating":1540,"first_round":1,"withdrawn":false,)"
                                R"("bye_round":3}])"));

    auto running = view;
    running.id = 4;
    running.state = "paused";
    running.system = TournamentSystem::RoundRobin;
    running.cycles = 2;
    running.rounds = 0; // a round robin's rounds are known once it has started
    auto ruled = view;
    ruled.draw_offers_from_move = 30;
    ruled.next_round_ms = 1800000060000;
    ruled.min_rating = 1200;
    ruled.min_rated_games = 10;
    ruled.invited_only = true;
    ruled.bots_allowed = true;
    CHECK_FALSE(nlohmann::json::parse(encode_tournament(view)).at("tournament").contains("bots_allowed"));
    const auto ruled_json = nlohmann::json::parse(encode_tournament(ruled)).at("tournament");
    CHECK(ruled_json.at("draw_offers_from_move") == 30);
    CHECK(ruled_json.at("next_round_ms") == 1800000060000);
    CHECK(ruled_json.at("min_rating") == 1200);
    CHECK_FALSE(ruled_json.contains("max_rating"));
    CHECK(ruled_json.at("min_rated_games") == 10);
    CHECK(ruled_json.at("invited_only") == true);
    CHECK(ruled_json.at("bots_allowed") == true);
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
    running.rounds = 6; // started: four players, two cycles
    const auto started = nlohmann::json::parse(encode_tournament(running)).at("tournament");
    CHECK(started.at("cycles") == 2);
    CHECK(started.at("rounds") == 6);
    CHECK_FALSE(started.contains("crosstable"));
    running.crosstable = TournamentCrosstableView{{"Anna", "Bert"}, {{"X", "1½"}, {"0½", "X"}}, {3, 1}, {125, 0}};
    const auto with_table = nlohmann::json::parse(encode_tournament_updated(running)).at("tournament");
    CHECK(with_table.at("crosstable") ==
          nlohmann::json::parse(
              R"({"nicks":["Anna","Bert"],"cells":[["X","1½"],["0½","X"]],"points":[1.5,0.5],"sb":[1.25,0.0]})"));
    CHECK_FALSE(nlohmann::json::parse(encode_tournaments({running})).at("running")[0].contains("crosstable"));
    REQUIRE(list.at("finished").size() == 1);
    CHECK(list.at("finished")[0].at("finished_ms") == 1800000009000);

    CHECK(nlohmann::json::parse(encode_tournament(view)).at("type") == "tournament");
    const auto update = nlohmann::json::parse(encode_tournament_updated(view));
    CHECK(update.at("type") == "tournament_updated");
    CHECK(update.at("tournament").at("players").size() == 2);
}

TEST_CASE("a started tournament's frames carry its pairings and standings as documented", "[protocol][tournament]")
{
    TournamentView view;
    view.id = 4;
    view.name = "Herbst";
    view.state = "running";
    view.players.push_back({1, "Bert", 1600, 1, false, std::nullopt});
    view.tie_breaks = {"BH-C1", "SB"};
    TournamentRoundView round{1, 1800000000000, {}, std::nullopt};
    TournamentBoardView game;
    game.board = 1;
    game.white = "Bert";
    game.black = "Clara";
    game.table = 17;
    round.boards.push_back(game);
    TournamentBoardView forfeit;
    forfeit.board = 2;
    forfeit.white = "Dora";
    forfeit.black = "Emil";
    forfeit.result = "white_wins_by_forfeit";
    round.boards.push_back(forfeit);
    TournamentBoardView bye;
    bye.board = 3;
    bye.white = "Fritz";
    bye.bye = "zero_point";
    round.boards.push_back(bye);
    view.pairings.push_back(round);
    view.standings.push_back({"1-2", "Bert", 3, {1250, 75}, false});
    view.standings.push_back({"1-2", "Dora", 3, {1250, 75}, true});

    const auto shown = nlohmann::json::parse(encode_tournament(view)).at("tournament");
    CHECK(shown.at("tie_breaks") == nlohmann::json::array({"BH-C1", "SB"}));
    const auto& boards = shown.at("pairings")[0].at("boards");
    CHECK(shown.at("pairings")[0].at("round") == 1);
    CHECK(shown.at("pairings")[0].at("paired_ms") == 1800000000000);
    CHECK(boards[0] ==
          nlohmann::json::parse(R"({"board":1,"white":"Bert","black":"Clara","table":17,"result":"pending"})"));
    CHECK(boards[1].at("result") == "white_wins_by_forfeit");
    CHECK_FALSE(boards[1].contains("table"));
    CHECK(boards[2] == nlohmann::json::parse(R"({"board":3,"white":"Fritz","bye":"zero_point"})"));
    const auto& first = shown.at("standings")[0];
    CHECK(first.at("rank") == "1-2");
    CHECK(first.at("points") == 1.5);
    CHECK(first.at("tie_breaks") == nlohmann::json::array({12.5, 0.75}));
    CHECK(shown.at("standings")[1].at("withdrawn") == true);
    // The list never carries them.
    const auto list = nlohmann::json::parse(encode_tournaments({view}));
    CHECK_FALSE(list.at("running")[0].contains("pairings"));
    CHECK_FALSE(list.at("running")[0].contains("standings"));
}

TEST_CASE("an arena's frames carry its minutes, its end, its standings and berserks", "[protocol][tournament]")
{
    TournamentView view;
    view.id = 5;
    view.name = "Freitagsarena";
    view.system = TournamentSystem::Arena;
    view.minutes = 45;
    view.berserk = true;
    view.state = "running";
    view.started_ms = 1800000000000;
    view.ends_ms = 1800002700000;
    TournamentRoundView wave{1, 1800000001000, {}, std::nullopt};
    TournamentBoardView game;
    game.board = 1;
    game.white = "Bert";
    game.black = "Clara";
    game.result = "white_wins";
    game.white_berserk = true;
    wave.boards.push_back(game);
    view.pairings.push_back(wave);
    view.arena_standings.push_back({"1", "Bert", 3, 2100, "3", false, 1, false, false});
    view.arena_standings.push_back({"2", "Clara", 0, 1100, "0", false, 1, true, false});

    const auto shown = nlohmann::json::parse(encode_tournament(view)).at("tournament");
    CHECK(shown.at("system") == "arena");
    CHECK(shown.at("minutes") == 45);
    CHECK(shown.at("berserk") == true);
    CHECK(shown.at("ends_ms") == 1800002700000);
    CHECK_FALSE(shown.contains("rounds"));
    CHECK_FALSE(shown.contains("cycles"));
    CHECK(shown.at("pairings")[0].at("boards")[0] ==
          nlohmann::json::parse(
              R"({"board":1,"white":"Bert","black":"Clara","result":"white_wins","white_berserk":true})"));
    CHECK(shown.at("arena_standings")[0] ==
          nlohmann::json::parse(R"({"rank":"1","nick":"Bert","score":3,"performance":2100,"sheet":"3",)"
                                R"("on_fire":false,"games":1,"playing":false,"withdrawn":false})"));
    CHECK(shown.at("arena_standings")[1].at("playing") == true);
    CHECK_FALSE(shown.contains("standings"));
}

TEST_CASE("the director's requests decode, with their refusals naming the field", "[protocol][tournament]")
{
    const auto result = std::get<DirectorResult>(decoded_request(
        R"({"type":"director_result","tournament":3,"round":2,"board":1,"result":"draw","reason":"agreed by phone"})"));
    CHECK(result.tournament == 3);
    CHECK(result.round == 2);
    CHECK(result.board == 1);
    CHECK(result.result == "draw");
    CHECK(result.reason == "agreed by phone");
    CHECK(std::get<PauseTournament>(decoded_request(R"({"type":"pause_tournament","tournament":3})")).tournament == 3);
    CHECK(std::get<ResumeTournament>(decoded_request(R"({"type":"resume_tournament","tournament":4})")).tournament ==
          4);
    CHECK(std::get<EndTournament>(decoded_request(R"({"type":"end_tournament","tournament":5})")).tournament == 5);

    CHECK(refusal_of(
              R"({"type":"director_result","tournament":3,"round":2,"board":1,"result":"pending","reason":"x"})") ==
          "director_result: field 'result' must be one of white_wins, draw, black_wins, white_wins_by_forfeit, "
          "black_wins_by_forfeit, double_forfeit, not \"pending\"");
    CHECK(refusal_of(R"({"type":"director_result","tournament":3,"round":2,"board":1,"result":"draw","reason":""})") ==
          "director_result: field 'reason' must not be empty");
    CHECK(refusal_of(R"({"type":"director_result","tournament":3,"round":0,"board":1,"result":"draw","reason":"x"})")
              .find("field 'round'") != std::string::npos);
    CHECK(refusal_of(R"({"type":"director_result","tournament":3,"round":1,"result":"draw","reason":"x"})")
              .find("field 'board'") != std::string::npos);
    CHECK(refusal_of(R"({"type":"director_result","tournament":3,"round":1,"board":1,"result":"draw","reason":")" +
                     std::string(201, 'x') + "\"}")
              .find("field 'reason'") != std::string::npos);
    CHECK(refusal_of(R"({"type":"end_tournament"})").find("field 'tournament'") != std::string::npos);
}
