// The decoder: every message type decodes to its typed value, and every kind of bad input is
// refused with the right code and a message that names the field, never with a crash.
#include <catch2/catch.hpp>

#include <string>

#include "protocol/decode.h"

using namespace rochade::protocol;

namespace {

Request decoded(const std::string& text)
{
    auto request = decode(text);
    INFO(text);
    if (!request) FAIL("refused: " << request.error().message);
    return *request;
}

DecodeError refused(const std::string& text, const DecodeLimits& limits = {})
{
    auto request = decode(text, limits);
    INFO(text);
    REQUIRE_FALSE(request);
    return request.error();
}

} // namespace

TEST_CASE("every message type decodes to its alternative and names itself")
{
    struct Case {
        std::string text;
        std::string type;
    };
    const Case cases[] = {
        {R"({"type":"hello","nick":"Jürgen"})", "hello"},
        {R"({"type":"ping"})", "ping"},
        {R"({"type":"list_rooms"})", "list_rooms"},
        {R"({"type":"enter_room","room":34})", "enter_room"},
        {R"({"type":"leave_room","room":-7})", "leave_room"},
        {R"({"type":"room_chat","room":35,"text":"Guten Abend"})", "room_chat"},
        {R"({"type":"whisper","to":"anna","text":"hi"})", "whisper"},
        {R"({"type":"open_table","room":34,"time_control":"5+3"})", "open_table"},
        {R"({"type":"join_table","table":1})", "join_table"},
        {R"({"type":"watch_table","table":2,"since":14})", "watch_table"},
        {R"({"type":"leave_table","table":3})", "leave_table"},
        {R"({"type":"table_chat","table":4,"text":"gg"})", "table_chat"},
        {R"({"type":"move","table":5,"move":"Sf3"})", "move"},
        {R"({"type":"offer_draw","table":6})", "offer_draw"},
        {R"({"type":"accept_draw","table":7})", "accept_draw"},
        {R"({"type":"decline_draw","table":8})", "decline_draw"},
        {R"({"type":"claim_draw","table":9})", "claim_draw"},
        {R"({"type":"resign","table":10})", "resign"},
        {R"({"type":"abort","table":11})", "abort"},
        {R"({"type":"claim_win","table":12})", "claim_win"},
        {R"({"type":"rematch","table":13})", "rematch"},
        {R"({"type":"register","nick":"anna","password":"geheimnis"})", "register"},
        {R"({"type":"logout"})", "logout"},
        {R"({"type":"change_password","password":"alt-passwort","new_password":"neu-passwort"})", "change_password"},
        {R"({"type":"notice","room":34,"text":"Turnier um 20 Uhr"})", "notice"},
        {R"({"type":"room_members","room":34,"offset":100,"limit":50})", "room_members"},
        {R"({"type":"decline_invitation","table":12})", "decline_invitation"},
        {R"({"type":"challenge","to":"bert","time_control":"5+3"})", "challenge"},
        {R"({"type":"cancel_challenge","challenge":"abc"})", "cancel_challenge"},
        {R"({"type":"accept_challenge","challenge":"abc"})", "accept_challenge"},
        {R"({"type":"decline_challenge","challenge":"abc","reason":"later"})", "decline_challenge"},
        {R"({"type":"join_pool","pool":"3+0"})", "join_pool"},
        {R"({"type":"leave_pool"})", "leave_pool"},
        {R"({"type":"list_pools"})", "list_pools"},
        {R"({"type":"create_open_challenge","time_control":"5+3"})", "create_open_challenge"},
        {R"({"type":"list_open_challenges"})", "list_open_challenges"},
        {R"({"type":"cancel_open_challenge","link":"ab"})", "cancel_open_challenge"},
        {R"({"type":"show_open_challenge","token":"t"})", "show_open_challenge"},
        {R"({"type":"accept_open_challenge","token":"t"})", "accept_open_challenge"},
        {R"({"type":"play_computer","level":1,"time_control":"untimed"})", "play_computer"},
        {R"({"type":"takeback","table":3})", "takeback"},
        {R"({"type":"accept_takeback","table":3})", "accept_takeback"},
        {R"({"type":"decline_takeback","table":3})", "decline_takeback"},
        {R"({"type":"withdraw_takeback","table":3})", "withdraw_takeback"},
        {R"({"type":"give_time","table":3,"seconds":15})", "give_time"},
        {R"({"type":"berserk","table":3})", "berserk"},
        {R"({"type":"create_tournament","name":"Winter Swiss","system":"swiss","rounds":5,"time_control":"3+2"})",
         "create_tournament"},
        {R"({"type":"list_tournaments"})", "list_tournaments"},
        {R"({"type":"show_tournament","tournament":1})", "show_tournament"},
        {R"({"type":"join_tournament","tournament":1})", "join_tournament"},
        {R"({"type":"withdraw_tournament","tournament":1})", "withdraw_tournament"},
        {R"({"type":"start_tournament","tournament":1})", "start_tournament"},
        {R"({"type":"director_withdraw","tournament":1,"nick":"Bert"})", "director_withdraw"},
        {R"({"type":"director_readmit","tournament":1,"nick":"Bert"})", "director_readmit"},
        {R"({"type":"director_result","tournament":1,"round":1,"board":1,"result":"draw","reason":"agreed"})",
         "director_result"},
        {R"({"type":"pause_tournament","tournament":1})", "pause_tournament"},
        {R"({"type":"resume_tournament","tournament":1})", "resume_tournament"},
        {R"({"type":"end_tournament","tournament":1})", "end_tournament"},
        {R"({"type":"request_bye","tournament":1})", "request_bye"},
        {R"({"type":"cancel_bye","tournament":1})", "cancel_bye"},
        {R"({"type":"director_bye","tournament":1,"nick":"Bert"})", "director_bye"},
        {R"({"type":"director_pairing","tournament":3,"games":[["Anna","Bert"]]})", "director_pairing"},
    };
    STATIC_REQUIRE(std::size(cases) == std::variant_size_v<ClientMessage>);
    std::size_t index = 0;
    for (const Case& c : cases) {
        const Request request = decoded(c.text);
        CHECK(request.message.index() == index++);
        CHECK(message_type_name(request.message) == c.type);
        CHECK_FALSE(request.id);
    }
}

TEST_CASE("fields arrive in the typed values")
{
    SECTION("hello")
    {
        auto hello = std::get<Hello>(decoded(R"({"type":"hello","nick":"Jürgen","resume_token":"t0k"})").message);
        CHECK(hello.nick == "Jürgen");
        CHECK(hello.resume_token == "t0k");
        CHECK_FALSE(hello.password);
        auto login = std::get<Hello>(decoded(R"({"type":"hello","nick":"anna","password":"geheimnis"})").message);
        CHECK(login.password == "geheimnis");
        // No nick and no token: the session cookie of the WebSocket upgrade says who it is.
        CHECK(std::get<Hello>(decoded(R"({"type":"hello"})").message).nick.empty());
        auto registered =
            std::get<Register>(decoded(R"({"type":"register","nick":"anna","password":"pw-pw-pw"})").message);
        CHECK(registered.nick == "anna");
        CHECK(registered.password == "pw-pw-pw");
        auto change = std::get<ChangePassword>(
            decoded(R"({"type":"change_password","password":"alt","new_password":"neu"})").message);
        CHECK(change.password == "alt");
        CHECK(change.new_password == "neu");
        CHECK(std::holds_alternative<Logout>(decoded(R"({"type":"logout"})").message));
        auto resumed = std::get<Hello>(decoded(R"({"type":"hello","resume_token":"abc"})").message);
        CHECK(resumed.nick.empty());
        CHECK(resumed.resume_token == "abc");
    }
    SECTION("rooms and chat")
    {
        CHECK(std::get<EnterRoom>(decoded(R"({"type":"enter_room","room":-12})").message).room == -12);
        auto chat = std::get<RoomChat>(decoded(R"({"type":"room_chat","room":36,"text":"{\"x\":[1]}"})").message);
        CHECK(chat.room == 36);
        CHECK(chat.text == R"({"x":[1]})");
        auto page =
            std::get<RoomMembers>(decoded(R"({"type":"room_members","room":34,"offset":100,"limit":20})").message);
        CHECK(page.room == 34);
        CHECK(page.offset == 100);
        CHECK(page.limit == 20);
        // Without offset and limit: the first page of 50.
        auto first = std::get<RoomMembers>(decoded(R"({"type":"room_members","room":-3})").message);
        CHECK(first.room == -3);
        CHECK(first.offset == 0);
        CHECK(first.limit == 50);
        CHECK(std::get<RoomMembers>(decoded(R"({"type":"room_members","room":34,"limit":100})").message).limit ==
              max_member_page);
        auto whisper = std::get<Whisper>(decoded(R"({"type":"whisper","to":"Öko","text":"psst"})").message);
        CHECK(whisper.to == "Öko");
        CHECK(whisper.text == "psst");
    }
    SECTION("open_table")
    {
        auto open = std::get<OpenTable>(
            decoded(R"({"type":"open_table","room":34,"time_control":{"kind":"fischer","base_ms":180000,)"
                    R"("increment_ms":2000},"color":"black","invite":"Bärbel"})")
                .message);
        CHECK(open.room == 34);
        CHECK(open.time_control.stages == std::vector<TimeStage>{{0, 180000}});
        CHECK(open.time_control.increment_ms == 2000);
        CHECK(open.color == ColorChoice::Black);
        CHECK(open.invite == "Bärbel");
        auto plain = std::get<OpenTable>(decoded(R"({"type":"open_table","room":1,"time_control":"untimed"})").message);
        CHECK(plain.time_control.untimed());
        CHECK(plain.color == ColorChoice::Random);
        CHECK_FALSE(plain.invite);
    }
    SECTION("table actions")
    {
        auto watch = std::get<WatchTable>(decoded(R"({"type":"watch_table","table":3})").message);
        CHECK(watch.table == 3);
        CHECK_FALSE(watch.since);
        CHECK(std::get<WatchTable>(decoded(R"({"type":"watch_table","table":3,"since":0})").message).since == 0);
        auto move =
            std::get<PlayMove>(decoded(R"({"type":"move","table":9,"move":"e7e8q","offer_draw":true})").message);
        CHECK(move.table == 9);
        CHECK(move.move == "e7e8q");
        CHECK(move.offer_draw);
        CHECK_FALSE(std::get<PlayMove>(decoded(R"({"type":"move","table":9,"move":"O-O"})").message).offer_draw);
        auto claim = std::get<ClaimDraw>(decoded(R"({"type":"claim_draw","table":4,"move":"Nf3"})").message);
        CHECK(claim.move == "Nf3");
        CHECK(std::get<TableChat>(decoded(R"({"type":"table_chat","table":2,"text":"gg"})").message).text == "gg");
    }
    SECTION("unknown fields are ignored and null optionals count as absent")
    {
        auto move = std::get<PlayMove>(
            decoded(R"({"type":"move","table":1,"move":"e4","future":{"x":[1,2]},"offer_draw":null})").message);
        CHECK(move.move == "e4");
        CHECK_FALSE(move.offer_draw);
    }
}

TEST_CASE("request ids are kept as the client wrote them")
{
    CHECK(decoded(R"({"type":"ping","id":7})").id == RequestId{std::int64_t{7}});
    CHECK(decoded(R"({"type":"ping","id":-3})").id == RequestId{std::int64_t{-3}});
    CHECK(decoded(R"({"type":"ping","id":"a-1"})").id == RequestId{std::string("a-1")});
    CHECK(decoded(R"({"id":"first","type":"ping"})").id == RequestId{std::string("first")});
    CHECK_FALSE(decoded(R"({"type":"ping","id":null})").id);
    CHECK(decoded(R"({"type":"ping","id":9223372036854775807})").id == RequestId{std::int64_t{9223372036854775807}});
}

TEST_CASE("bad input gives the right code, a message naming the field, and the id when it could be read")
{
    struct Case {
        std::string text;
        ErrorCode code;
        std::string message_part; // must appear in the message
        bool id_echoed;           // the id "q" is echoed
    };
    const Case cases[] = {
        // The envelope
        {R"({"type":"ping",)", ErrorCode::BadRequest, "malformed JSON", false},
        {R"(not json)", ErrorCode::BadRequest, "column", false},
        {"", ErrorCode::BadRequest, "malformed JSON", false},
        {R"([1,2])", ErrorCode::BadRequest, "JSON object", false},
        {R"("ping")", ErrorCode::BadRequest, "JSON object", false},
        {R"({"id":"q"})", ErrorCode::BadRequest, "'type' is missing", true},
        {R"({"id":"q","type":5})", ErrorCode::BadRequest, "'type' must be a string", true},
        {R"({"id":"q","type":"castle"})", ErrorCode::UnknownType, "'castle'", true},
        {R"({"id":1.5,"type":"ping"})", ErrorCode::BadRequest, "'id'", false},
        {R"({"id":{},"type":"ping"})", ErrorCode::BadRequest, "'id'", false},
        {R"({"id":18446744073709551615,"type":"ping"})", ErrorCode::BadRequest, "'id'", false},
        {R"({"id":")" + std::string(65, 'x') + R"(","type":"ping"})", ErrorCode::BadRequest, "'id'", false},
        {"{\"id\":\"q\",\"type\":\"ping\",\"x\":\"\xff\"}", ErrorCode::BadRequest, "malformed JSON", false},
        // A number past double's range is malformed JSON too, not an internal error (found by fuzz_decode).
        {R"({"id":"q","type":"ping","x":1e400})", ErrorCode::BadRequest, "malformed JSON: number overflow", false},
        {"9999000e99999999", ErrorCode::BadRequest, "malformed JSON: number overflow", false},
        // Missing and mistyped fields
        {R"({"id":"q","type":"join_table"})", ErrorCode::BadRequest, "field 'table' is missing", true},
        {R"({"id":"q","type":"join_table","table":"7"})", ErrorCode::BadRequest, "field 'table' must be", true},
        {R"({"id":"q","type":"join_table","table":7.5})", ErrorCode::BadRequest, "field 'table' must be", true},
        {R"({"id":"q","type":"join_table","table":0})", ErrorCode::BadRequest, "field 'table'", true},
        {R"({"id":"q","type":"join_table","table":-4})", ErrorCode::BadRequest, "field 'table'", true},
        {R"({"id":"q","type":"join_table","table":99999999999999999999})", ErrorCode::BadRequest, "field 'table'",
         true},
        {R"({"id":"q","type":"enter_room"})", ErrorCode::BadRequest, "field 'room' is missing", true},
        {R"({"id":"q","type":"enter_room","room":0})", ErrorCode::BadRequest, "field 'room' must be a nonzero", true},
        {R"({"id":"q","type":"enter_room","room":[34]})", ErrorCode::BadRequest, "field 'room' must be", true},
        {R"({"id":"q","type":"room_chat","room":34})", ErrorCode::BadRequest, "field 'text' is missing", true},
        {R"({"id":"q","type":"room_members"})", ErrorCode::BadRequest, "field 'room' is missing", true},
        {R"({"id":"q","type":"room_members","room":34,"offset":-1})", ErrorCode::BadRequest,
         "field 'offset' must be an integer >= 0; -1 is out of range", true},
        {R"({"id":"q","type":"room_members","room":34,"offset":"10"})", ErrorCode::BadRequest,
         "field 'offset' must be an integer >= 0, not a string", true},
        {R"({"id":"q","type":"room_members","room":34,"limit":0})", ErrorCode::BadRequest,
         "field 'limit' must be an integer from 1 to 100; 0 is out of range", true},
        {R"({"id":"q","type":"room_members","room":34,"limit":101})", ErrorCode::BadRequest,
         "field 'limit' must be an integer from 1 to 100; 101 is out of range", true},
        {R"({"id":"q","type":"room_members","room":34,"limit":2.5})", ErrorCode::BadRequest,
         "field 'limit' must be an integer from 1 to 100, not a number with a fraction", true},
        {R"({"id":"q","type":"room_chat","room":34,"text":""})", ErrorCode::BadRequest,
         "field 'text' must not be empty", true},
        {R"({"id":"q","type":"room_chat","room":34,"text":7})", ErrorCode::BadRequest, "field 'text' must be a string",
         true},
        {R"({"id":"q","type":"table_chat","table":1,"text":")" + std::string(501, 'a') + R"("})", ErrorCode::BadRequest,
         "field 'text' is 501 bytes", true},
        {R"({"id":"q","type":"whisper","text":"hi"})", ErrorCode::BadRequest, "field 'to' is missing", true},
        {R"({"id":"q","type":"hello","password":"geheimnis"})", ErrorCode::BadRequest, "field 'nick' is missing", true},
        {R"({"id":"q","type":"hello","nick":"anna","password":"geheimnis","resume_token":"t"})", ErrorCode::BadRequest,
         "either 'password' or 'resume_token'", true},
        {R"({"id":"q","type":"hello","nick":["a"]})", ErrorCode::BadRequest, "field 'nick' must be a string", true},
        {R"({"id":"q","type":"hello","nick":"anna","password":""})", ErrorCode::BadRequest, "field 'password'", true},
        {std::string(R"({"id":"q","type":"register","nick":"anna","password":")") + std::string(257, 'x') + "\"}",
         ErrorCode::BadRequest, "field 'password'", true},
        {R"({"id":"q","type":"register","nick":"anna"})", ErrorCode::BadRequest, "field 'password' is missing", true},
        {R"({"id":"q","type":"notice","room":0,"text":"x"})", ErrorCode::BadRequest, "field 'room' must be a nonzero",
         true},
        {R"({"id":"q","type":"notice","room":34})", ErrorCode::BadRequest, "field 'text' is missing", true},
        {R"({"id":"q","type":"change_password","password":"alt-passwort"})", ErrorCode::BadRequest,
         "field 'new_password' is missing", true},
        {R"({"id":"q","type":"move","table":1})", ErrorCode::BadRequest, "field 'move' is missing", true},
        {R"({"id":"q","type":"move","table":1,"move":"e2e4e2e4e2e4e2e4e2e4"})", ErrorCode::BadRequest,
         "field 'move' is 20 bytes", true},
        {R"({"id":"q","type":"move","table":1,"move":"e4","offer_draw":"yes"})", ErrorCode::BadRequest,
         "field 'offer_draw' must be true or false", true},
        {R"({"id":"q","type":"claim_draw","table":1,"move":5})", ErrorCode::BadRequest, "field 'move' must be a string",
         true},
        {R"({"id":"q","type":"watch_table","table":1,"since":-1})", ErrorCode::BadRequest, "field 'since'", true},
        {R"({"id":"q","type":"open_table","room":34})", ErrorCode::BadRequest, "field 'time_control' is missing", true},
        {R"({"id":"q","type":"open_table","room":34,"time_control":"0+1"})", ErrorCode::BadRequest, "base time", true},
        {R"({"id":"q","type":"open_table","room":34,"time_control":5})", ErrorCode::BadRequest, "'time_control'", true},
        {R"({"id":"q","type":"open_table","room":34,"time_control":"5+3","color":"green"})", ErrorCode::BadRequest,
         "field 'color'", true},
        {R"({"id":"q","type":"open_table","room":34,"time_control":"5+3","invite":false})", ErrorCode::BadRequest,
         "field 'invite' must be a string", true},
    };
    for (const Case& c : cases) {
        const DecodeError error = refused(c.text);
        INFO(c.text << "\n -> " << error.message);
        CHECK(error.code == c.code);
        CHECK(error.message.find(c.message_part) != std::string::npos);
        if (c.id_echoed) {
            CHECK(error.id == RequestId{std::string("q")});
        } else {
            CHECK_FALSE(error.id);
        }
    }
}

TEST_CASE("the message names the type it was decoding")
{
    CHECK(refused(R"({"type":"resign"})").message == "resign: field 'table' is missing (a positive integer)");
}

TEST_CASE("deep nesting is refused before parsing, whatever its length")
{
    const std::string deep(100'000, '[');
    DecodeLimits roomy;
    roomy.max_text_bytes = 1'000'000;
    const DecodeError error = refused(deep, roomy);
    CHECK(error.code == ErrorCode::BadRequest);
    CHECK(error.message.find("nests") != std::string::npos);

    const std::string objects = R"({"type":"ping","a":)" + std::string(20, '{') + std::string(20, '}') + "}";
    CHECK(refused(objects).message.find("deeper than 8") != std::string::npos);

    // Brackets inside strings are text, not nesting.
    const std::string in_text = R"({"type":"room_chat","room":1,"text":")" + std::string(50, '[') + R"("})";
    CHECK(std::get<RoomChat>(decoded(in_text).message).text == std::string(50, '['));
    // An escaped quote does not end the string early.
    const std::string escaped = R"({"type":"room_chat","room":1,"text":"\"[[[[[[[[[[[[["})";
    CHECK(std::get<RoomChat>(decoded(escaped).message).text == "\"[[[[[[[[[[[[[");
    // Exactly at the limit is fine: the envelope plus seven levels.
    const std::string at_limit = R"({"type":"ping","a":)" + std::string(7, '[') + std::string(7, ']') + "}";
    CHECK(decoded(at_limit).message.index() == 1);
    // One level more is refused.
    const std::string over_limit = R"({"type":"ping","a":)" + std::string(8, '[') + std::string(8, ']') + "}";
    CHECK(refused(over_limit).message.find("deeper than 8 levels (at byte 27)") != std::string::npos);
}

TEST_CASE("text over the size limit is refused unread")
{
    const std::string huge = R"({"type":"ping","pad":")" + std::string(5000, 'x') + R"("})";
    const DecodeError error = refused(huge);
    CHECK(error.code == ErrorCode::MessageTooLarge);
    CHECK(error.message.find("4096") != std::string::npos);
    CHECK_FALSE(error.id);

    DecodeLimits small;
    small.max_text_bytes = 10;
    CHECK(refused(R"({"type":"ping"})", small).code == ErrorCode::MessageTooLarge);
}

TEST_CASE("arbitrary bytes never throw")
{
    // Every prefix of a valid message, and some noise: each is either a message or an error.
    const std::string full = R"({"id":"z","type":"open_table","room":34,"time_control":{"kind":"stages",)"
                             R"("stages":[{"moves":40,"time_ms":5400000},{"time_ms":1800000}],"increment_ms":30000}})";
    for (std::size_t n = 0; n <= full.size(); ++n) {
        auto result = decode(full.substr(0, n));
        CHECK(result.has_value() == (n == full.size()));
    }
    for (const std::string& noise :
         {std::string("\0\0\0", 3), std::string("\xc3\x28"), std::string("{\"type\":\"\xed\xa0\x80\"}"),
          std::string("]]]]}}}}"), std::string("{\"type\":\"ping\"}{}")}) {
        CHECK_NOTHROW(decode(noise));
        CHECK_FALSE(decode(noise));
    }
}
