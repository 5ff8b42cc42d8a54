// The encoders: each frame is parsed back and its fields checked against the wire spec
// (docs/protocol.md), including null for absent values and the spliced "missed" events.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/encode.h"

using namespace rochade::protocol;
using nlohmann::json;

namespace {

json parsed(const std::string& frame)
{
    INFO(frame);
    REQUIRE(json::accept(frame));
    return json::parse(frame);
}

TableSummary sample_summary()
{
    TableSummary s;
    s.table = 7;
    s.room = 34;
    s.status = TableStatus::Playing;
    s.white = "Jürgen";
    s.white_guest = true;
    s.opener_color = ColorChoice::White;
    s.time_control.stages = {{0, 300'000}};
    s.time_control.increment_ms = 3'000;
    s.spectators = 2;
    return s;
}

TableState sample_state()
{
    TableState state;
    state.summary = sample_summary();
    state.summary.black = "anna";
    state.seq = 12;
    state.game_id = 99;
    state.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    state.fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    state.moves = {{1, "e2e4", "e4", "e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}};
    state.clocks = {297'000, 300'000, Side::Black, false, std::nullopt};
    state.to_move = Side::Black;
    state.legal_moves = {"e7e5", "g8f6"};
    state.draw_offer = Side::White;
    state.disconnected = {Side::Black};
    return state;
}

} // namespace

TEST_CASE("ids are echoed as the client wrote them, and left out when absent")
{
    CHECK(parsed(encode_pong(RequestId{std::int64_t{42}}))["id"] == 42);
    CHECK(parsed(encode_pong(RequestId{std::string("p-1")}))["id"] == "p-1");
    const json no_id = parsed(encode_pong(std::nullopt));
    CHECK(no_id == json{{"type", "pong"}});
    CHECK(encode_pong(std::nullopt).starts_with(R"({"type":)"));
}

TEST_CASE("connection frames")
{
    const json welcome = parsed(encode_welcome("rochade/0.1.0", {4096, 20, 40, 60'000, 60'000}));
    CHECK(welcome["type"] == "welcome");
    CHECK(welcome["protocol"] == protocol_version);
    CHECK(welcome["server"] == "rochade/0.1.0");
    CHECK(welcome["limits"] == json{{"max_message_bytes", 4096},
                                    {"messages_per_second", 20.0},
                                    {"message_burst", 40},
                                    {"idle_timeout_ms", 60000},
                                    {"reconnect_grace_ms", 60000}});

    const json error = parsed(encode_error(RequestId{std::int64_t{3}}, ErrorCode::IllegalMove, "Nf6 is not legal"));
    CHECK(error == json{{"type", "error"}, {"id", 3}, {"code", "illegal_move"}, {"message", "Nf6 is not legal"}});
    // A message that carries a broken byte (e.g. echoing bad client input) still encodes.
    CHECK(parsed(encode_error(std::nullopt, ErrorCode::BadRequest, "bad \xff byte"))["code"] == "bad_request");

    CHECK(parsed(encode_ok(RequestId{std::string("o")})) == json{{"type", "ok"}, {"id", "o"}});
    CHECK(parsed(encode_ok(RequestId{std::string("o")}, 17)) == json{{"type", "ok"}, {"id", "o"}, {"table", 17}});

    const json hello =
        parsed(encode_hello_ok(RequestId{std::int64_t{1}}, HelloOk{"Jürgen", "tok", true, false, Role::Admin, {7, 9}}));
    CHECK(hello == json{{"type", "hello_ok"},
                        {"id", 1},
                        {"nick", "Jürgen"},
                        {"resume_token", "tok"},
                        {"resumed", true},
                        {"guest", false},
                        {"role", "admin"},
                        {"tables", {7, 9}}});
    // A browser's cookie session gets no resume token to keep.
    const json cookie_hello =
        parsed(encode_hello_ok(std::nullopt, HelloOk{"anna", std::nullopt, false, true, Role::Player, {}}));
    CHECK_FALSE(cookie_hello.contains("resume_token"));
    CHECK(cookie_hello["guest"] == true);
    CHECK(cookie_hello["role"] == "player");
}

TEST_CASE("room frames")
{
    const json rooms = parsed(encode_rooms(std::nullopt, {{34, "Halle der Koenige", 3, 1}, {37, "Gästezimmer", 0, 0}}));
    CHECK(rooms["type"] == "rooms");
    REQUIRE(rooms["rooms"].size() == 2);
    CHECK(rooms["rooms"][0] == json{{"room", 34}, {"name", "Halle der Koenige"}, {"members", 3}, {"tables", 1}});
    CHECK(rooms["rooms"][1]["name"] == "Gästezimmer");

    const json room =
        parsed(encode_room(RequestId{std::int64_t{5}}, {-3, "secret", 2, 1}, true,
                           RoomMemberList{2, std::vector<std::string>{"anna", "bob"}, {"bob"}}, {sample_summary()},
                           {{"anna", "Guten Abend", 1'700'000'000'000}, {"bob", "<b>Hallo</b>", 1'700'000'001'000}}));
    CHECK(room["id"] == 5);
    CHECK(room["room"] == -3);
    CHECK(room["secret"] == true);
    CHECK(room["member_count"] == 2);
    CHECK(room["members"] == json{"anna", "bob"});
    CHECK(room["guests"] == json{"bob"});
    REQUIRE(room["tables"].size() == 1);
    const json summary = room["tables"][0];
    CHECK(summary["table"] == 7);
    CHECK(summary["room"] == 34);
    CHECK(summary["status"] == "playing");
    CHECK(summary["white"] == "Jürgen");
    CHECK(summary["black"].is_null());
    CHECK(summary["white_guest"] == true);
    CHECK(summary["black_guest"] == false);
    CHECK(summary["opener_color"] == "white");
    CHECK(summary["time_control"] == json{{"kind", "fischer"}, {"base_ms", 300000}, {"increment_ms", 3000}});
    CHECK(summary["invite"].is_null());
    CHECK(summary["spectators"] == 2);
    // What was said lately, oldest first, the text as it was said (the client escapes it).
    CHECK(room["chat"] == json::array({{{"from", "anna"}, {"text", "Guten Abend"}, {"at_ms", 1'700'000'000'000}},
                                       {{"from", "bob"}, {"text", "<b>Hallo</b>"}, {"at_ms", 1'700'000'001'000}}}));

    // A large room: the count, no list.
    const json large =
        parsed(encode_room(std::nullopt, {34, "Halle", 3000, 0}, false, RoomMemberList{3000, {}, {}}, {}, {}));
    CHECK(large["member_count"] == 3000);
    CHECK(large["members"].is_null());
    CHECK(large["guests"].is_null());
    CHECK(large["tables"] == json::array());
    CHECK(large["chat"] == json::array());

    CHECK(parsed(encode_room_presence(34, RoomMemberList{2, std::vector<std::string>{"anna", "bob"}, {"anna"}})) ==
          json{{"type", "room_presence"},
               {"room", 34},
               {"member_count", 2},
               {"members", {"anna", "bob"}},
               {"guests", {"anna"}}});
    CHECK(
        parsed(encode_room_presence(34, RoomMemberList{101, {}, {}})) ==
        json{
            {"type", "room_presence"}, {"room", 34}, {"member_count", 101}, {"members", nullptr}, {"guests", nullptr}});
    const json tables = parsed(encode_room_tables(34, {sample_summary()}, {8, 9}));
    CHECK(tables["type"] == "room_tables");
    CHECK(tables["room"] == 34);
    REQUIRE(tables["tables"].size() == 1);
    CHECK(tables["tables"][0] == summary);
    CHECK(tables["closed"] == json{8, 9});
    CHECK(parsed(encode_room_tables(34, {}, {}))["tables"] == json::array());
    CHECK(parsed(encode_room_tables(34, {}, {}))["closed"] == json::array());
    CHECK(parsed(encode_room_members(RequestId{std::string("p")},
                                     MemberPage{34, 50, 3000, {"Gast_1", "Hans"}, {"Gast_1"}})) ==
          json{{"type", "room_members"},
               {"id", "p"},
               {"room", 34},
               {"offset", 50},
               {"member_count", 3000},
               {"members", {"Gast_1", "Hans"}},
               {"guests", {"Gast_1"}}});
    CHECK(parsed(encode_room_chat(35, "anna", "\"hi\"")) ==
          json{{"type", "room_chat"}, {"room", 35}, {"from", "anna"}, {"text", "\"hi\""}});
    CHECK(parsed(encode_notice(34, "Jürgen", "Turnier")) ==
          json{{"type", "notice"}, {"room", 34}, {"from", "Jürgen"}, {"text", "Turnier"}});
    CHECK_FALSE(parsed(encode_notice(std::nullopt, "Jürgen", "Wartung")).contains("room"));
    CHECK(parsed(encode_whisper("anna", "bob", "psst")) ==
          json{{"type", "whisper"}, {"from", "anna"}, {"to", "bob"}, {"text", "psst"}});
    const json opened = parsed(encode_table_opened(sample_summary()));
    CHECK(opened["type"] == "table_opened");
    CHECK(opened["room"] == 34);
    CHECK(opened["table"] == summary);
}

TEST_CASE("table_chat names its channel, a spectators' line has no seq")
{
    const json table = parsed(encode_table_chat(7, 11, ChatChannel::Table, "anna", "hi", 1'800'000'000'000));
    CHECK(table["seq"] == 11);
    CHECK(table["channel"] == "table");
    CHECK(table["at"] == 1'800'000'000'000);
    const json players = parsed(encode_table_chat(7, 12, ChatChannel::Players, "anna", "gl", 1'800'000'001'000));
    CHECK(players["channel"] == "players");
    const json spectators = parsed(encode_table_chat(7, std::nullopt, ChatChannel::Spectators, "zoe", "Sf3!", 1'800'000'002'000));
    CHECK(spectators["channel"] == "spectators");
    CHECK_FALSE(spectators.contains("seq"));
    CHECK(spectators["from"] == "zoe");
    CHECK(spectators["text"] == "Sf3!");
    CHECK(spectators["at"] == 1'800'000'002'000);
}

TEST_CASE("table_state carries the summary, the game and the missed events")
{
    const TableState state = sample_state();
    const MissedEvents missed{
        {encode_table_chat(7, 11, ChatChannel::Table, "anna", "hi", 0), encode_draw_offered(7, 12, Side::White)}};
    const json frame = parsed(encode_table_state(RequestId{std::string("w")}, state, missed));
    CHECK(frame["type"] == "table_state");
    CHECK(frame["id"] == "w");
    CHECK(frame["table"] == 7);
    CHECK(frame["seq"] == 12);
    CHECK(frame["room"] == 34);
    CHECK(frame["status"] == "playing");
    CHECK(frame["white"] == "Jürgen");
    CHECK(frame["black"] == "anna");
    CHECK(frame["time_control"]["kind"] == "fischer");
    CHECK(frame["game_id"] == 99);
    CHECK(frame["start_fen"] == state.start_fen);
    CHECK(frame["fen"] == state.fen);
    CHECK(frame["moves"] == json::array({{{"ply", 1},
                                          {"uci", "e2e4"},
                                          {"san", "e4"},
                                          {"san_de", "e4"},
                                          {"fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}}}));
    CHECK(frame["check"] == false);
    CHECK(frame["clocks"] ==
          json{{"white_ms", 297000}, {"black_ms", 300000}, {"running", "black"}, {"untimed", false}});
    CHECK(frame["to_move"] == "black");
    CHECK(frame["legal_moves"] == json{"e7e5", "g8f6"});
    CHECK(frame["draw_offer"] == "white");
    CHECK(frame["rematch_offer"].is_null());
    CHECK(frame["disconnected"] == json{"black"});
    CHECK(frame["result"].is_null());
    REQUIRE(frame["missed"].size() == 2);
    CHECK(
        frame["missed"][0] ==
        json{
            {"type", "table_chat"}, {"table", 7}, {"seq", 11}, {"channel", "table"}, {"from", "anna"}, {"text", "hi"}, {"at", 0}});
    CHECK(frame["missed"][1] == json{{"type", "draw_offered"}, {"table", 7}, {"seq", 12}, {"by", "white"}});
    CHECK(frame["resync"] == false);

    const json none_missed = parsed(encode_table_state(std::nullopt, state));
    CHECK(none_missed["missed"] == json::array());
    CHECK(none_missed["resync"] == false);
    CHECK_FALSE(none_missed.contains("id"));

    const json too_old = parsed(encode_table_state(std::nullopt, state, MissedEvents{{}, true}));
    CHECK(too_old["missed"] == json::array());
    CHECK(too_old["resync"] == true);
}

TEST_CASE("a finished table_state and game_over carry the result")
{
    TableState state = sample_state();
    state.summary.status = TableStatus::Finished;
    state.to_move.reset();
    state.legal_moves.clear();
    state.game_id.reset();
    state.result = GameResult{rochade::Score::Draw, std::nullopt, rochade::Termination::FlagFall,
                              "White's flag fell; Black cannot checkmate", rochade::Winnability::CannotMate};
    const json frame = parsed(encode_table_state(std::nullopt, state));
    CHECK(frame["to_move"].is_null());
    CHECK(frame["game_id"].is_null());
    CHECK(frame["result"] == json{{"result", "1/2-1/2"},
                                  {"winner", nullptr},
                                  {"termination", "flag_fall"},
                                  {"message", "White's flag fell; Black cannot checkmate"},
                                  {"winnability", "cannot_mate"}});

    const ClockReading clocks{0, 1'000, std::nullopt, false, std::nullopt};
    const json over = parsed(encode_game_over(
        7, 30, {rochade::Score::BlackWins, Side::Black, rochade::Termination::Checkmate, "Black mates", std::nullopt},
        clocks));
    CHECK(over == json{{"type", "game_over"},
                       {"table", 7},
                       {"seq", 30},
                       {"result", "0-1"},
                       {"winner", "black"},
                       {"termination", "checkmate"},
                       {"message", "Black mates"},
                       {"clocks", {{"white_ms", 0}, {"black_ms", 1000}, {"running", nullptr}, {"untimed", false}}}});
}

TEST_CASE("a flag fall's result carries its proof: the mating line, or the reason there is none")
{
    const ClockReading clocks{0, 1'000, std::nullopt, false, std::nullopt};
    GameResult won{rochade::Score::BlackWins, Side::Black, rochade::Termination::FlagFall,
                   "White's flag fell: Black wins", rochade::Winnability::CanMate};
    won.proof =
        MatingLineProof{Side::Black, 81, {{"g1f2", "Nf2+", "Sf2+"}, {"h1g1", "Kg1", "Kg1"}, {"f2h3", "Nh3#", "Sh3#"}}};
    const json line = json{{"side", "black"},
                           {"first_ply", 81},
                           {"line",
                            {{{"uci", "g1f2"}, {"san", "Nf2+"}, {"san_de", "Sf2+"}},
                             {{"uci", "h1g1"}, {"san", "Kg1"}, {"san_de", "Kg1"}},
                             {{"uci", "f2h3"}, {"san", "Nh3#"}, {"san_de", "Sh3#"}}}}};
    const json over = parsed(encode_game_over(7, 30, won, clocks));
    CHECK(over["winnability"] == "can_mate");
    CHECK(over["message"] == "White's flag fell: Black wins");
    CHECK(over["proof"] == line);
    CHECK(parsed(encode_proof(*won.proof)) == line);

    // The proofs are given in the initialisers: assigned afterwards, GCC 12 under the sanitizers
    // warns (falsely) that the optional variant may be used uninitialised.
    const GameResult drawn{rochade::Score::Draw,
                           std::nullopt,
                           rochade::Termination::FlagFall,
                           "White's flag fell; Black cannot checkmate",
                           rochade::Winnability::CannotMate,
                           UnwinnableProof{Side::Black, rochade::UnwinnableReason::Blocked}};
    CHECK(parsed(encode_game_over(7, 30, drawn, clocks))["proof"] == json{{"side", "black"}, {"reason", "blocked"}});

    // table_state's result carries the same object.
    TableState state = sample_state();
    state.result = drawn;
    CHECK(parsed(encode_table_state(std::nullopt, state))["result"]["proof"] ==
          json{{"side", "black"}, {"reason", "blocked"}});
    state.result = won;
    state.check = true;
    const json with_line = parsed(encode_table_state(std::nullopt, state));
    CHECK(with_line["result"]["proof"] == line);
    CHECK(with_line["check"] == true);

    // A dead position: the reason neither side can mate, no side.
    const GameResult dead{rochade::Score::Draw,
                          std::nullopt,
                          rochade::Termination::DeadPosition,
                          "Draw: dead position, neither side can checkmate",
                          std::nullopt,
                          UnwinnableProof{std::nullopt, rochade::UnwinnableReason::InsufficientMaterial}};
    const json dead_over = parsed(encode_game_over(7, 30, dead, clocks));
    CHECK(dead_over["proof"] == json{{"reason", "insufficient_material"}});
    CHECK_FALSE(dead_over.contains("winnability"));

    // Undetermined, and every other ending: no proof at all.
    const GameResult undetermined{rochade::Score::BlackWins, Side::Black, rochade::Termination::FlagFall,
                                  "White's flag fell: Black wins", rochade::Winnability::Undetermined};
    CHECK_FALSE(parsed(encode_game_over(7, 30, undetermined, clocks)).contains("proof"));
}

TEST_CASE("spectators: an unsequenced count for the table's watchers")
{
    CHECK(parsed(encode_spectators(12, 3)) == json{{"type", "spectators"}, {"table", 12}, {"count", 3}});
}

TEST_CASE("game_started has the table_state fields with the event's table and seq")
{
    const json frame = parsed(encode_game_started(7, 13, sample_state()));
    CHECK(frame["type"] == "game_started");
    CHECK(frame["table"] == 7);
    CHECK(frame["seq"] == 13);
    CHECK(frame["white"] == "Jürgen");
    CHECK(frame["legal_moves"] == json{"e7e5", "g8f6"});
    CHECK_FALSE(frame.contains("missed"));
    CHECK_FALSE(frame.contains("resync"));
}

TEST_CASE("move and the other table events")
{
    MoveEvent move;
    move.table = 7;
    move.seq = 14;
    move.move = {3, "g1f3", "Nf3", "Sf3"};
    move.move.fen = "some fen";
    move.clocks = {290'000, 295'000, Side::Black, false, std::nullopt};
    move.to_move = Side::Black;
    move.legal_moves = {"a7a6"};
    move.check = true;
    move.draw_offered = true;
    CHECK(parsed(encode_move(move)) ==
          json{{"type", "move"},
               {"table", 7},
               {"seq", 14},
               {"ply", 3},
               {"uci", "g1f3"},
               {"san", "Nf3"},
               {"san_de", "Sf3"},
               {"fen", "some fen"},
               {"clocks", {{"white_ms", 290000}, {"black_ms", 295000}, {"running", "black"}, {"untimed", false}}},
               {"to_move", "black"},
               {"legal_moves", {"a7a6"}},
               {"check", true},
               {"draw_offered", true}});
    move.to_move.reset();
    move.legal_moves.clear();
    const json last = parsed(encode_move(move));
    CHECK(last["to_move"].is_null());
    CHECK(last["legal_moves"] == json::array());

    CHECK(parsed(encode_draw_declined(7, 15, Side::Black)) ==
          json{{"type", "draw_declined"}, {"table", 7}, {"seq", 15}, {"by", "black"}});
    CHECK(parsed(encode_draw_claim_rejected(7, 16, Side::White, "no threefold repetition")) ==
          json{{"type", "draw_claim_rejected"},
               {"table", 7},
               {"seq", 16},
               {"by", "white"},
               {"reason", "no threefold repetition"}});
    CHECK(parsed(encode_player_disconnected(7, 17, Side::Black, "anna", 60'000)) ==
          json{{"type", "player_disconnected"},
               {"table", 7},
               {"seq", 17},
               {"side", "black"},
               {"nick", "anna"},
               {"grace_ms", 60000}});
    CHECK(parsed(encode_player_reconnected(7, 18, Side::Black, "anna")) ==
          json{{"type", "player_reconnected"}, {"table", 7}, {"seq", 18}, {"side", "black"}, {"nick", "anna"}});
    CHECK(parsed(encode_rematch_offered(7, 19, Side::White)) ==
          json{{"type", "rematch_offered"}, {"table", 7}, {"seq", 19}, {"by", "white"}});
    const json seat = parsed(encode_seat_changed(7, 2, sample_summary()));
    CHECK(seat["type"] == "seat_changed");
    CHECK(seat["table"] == 7);
    CHECK(seat["seq"] == 2);
    CHECK(seat["summary"]["white"] == "Jürgen");
    CHECK(seat["summary"]["table"] == 7);
}

TEST_CASE("wire names")
{
    CHECK(side_name(Side::White) == "white");
    CHECK(side_name(Side::Black) == "black");
    CHECK(table_status_name(TableStatus::Waiting) == "waiting");
    CHECK(table_status_name(TableStatus::Finished) == "finished");
    CHECK(color_choice_name(ColorChoice::Random) == "random");
    CHECK(color_choice_name(ColorChoice::Black) == "black");
    using rochade::UnwinnableReason;
    CHECK(unwinnable_reason_name(UnwinnableReason::BareKing) == "bare_king");
    CHECK(unwinnable_reason_name(UnwinnableReason::InsufficientMaterial) == "insufficient_material");
    CHECK(unwinnable_reason_name(UnwinnableReason::Blocked) == "blocked");
    CHECK(unwinnable_reason_name(UnwinnableReason::ForcedCycle) == "forced_cycle");
    CHECK(unwinnable_reason_name(UnwinnableReason::NoMatingLine) == "no_mating_line");
}
