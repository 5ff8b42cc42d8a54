// The tournament services' messages between nodes (server/tournaments/tournament_messages.h):
// each kind goes over the wire and back unchanged; what is not one of them, whole, is an error
// naming what was wrong, and never reaches a service.
#include <catch2/catch.hpp>

#include "protocol/role.h"
#include "server/tournaments/tournament_messages.h"

using namespace rochade;
using namespace rochade::server::tournaments;

namespace {

TournamentMessage round_trip(const TournamentMessage& message)
{
    auto decoded = decode_tournament_message(encode(message));
    INFO((decoded ? std::string() : decoded.error()));
    REQUIRE(decoded);
    return *decoded;
}

std::string refusal_of(const std::string& text)
{
    const auto decoded = decode_tournament_message(text);
    REQUIRE_FALSE(decoded);
    return decoded.error();
}

} // namespace

TEST_CASE("tournament messages: every kind survives the wire", "[tournament][messages]")
{
    const auto changed = std::get<Changed>(round_trip(Changed{"n1", 7, 1'700'000'000'000}));
    CHECK((changed.node == "n1" && changed.tournament == 7 && changed.next_round_ms == 1'700'000'000'000));
    CHECK_FALSE(std::get<Changed>(round_trip(Changed{"n1", 7, std::nullopt})).next_round_ms);

    rochade::identity::Identity leiterin;
    leiterin.principal.kind = rochade::identity::Principal::Kind::Account;
    leiterin.principal.id = 12;
    leiterin.nick = "Leiterin";
    leiterin.role = protocol::Role::Director;
    leiterin.session_id = 40;
    const std::string text = R"({"type":"start_tournament","tournament":7,"id":3})";
    const auto forwarded = std::get<RequestForwarded>(round_trip(RequestForwarded{"n3", "n1", 91, leiterin, 7, text}));
    CHECK((forwarded.node == "n3" && forwarded.to == "n1" && forwarded.connection == 91));
    CHECK(forwarded.identity.principal == leiterin.principal);
    CHECK(forwarded.identity.nick == "Leiterin");
    CHECK(forwarded.identity.role == protocol::Role::Director);
    CHECK(forwarded.identity.session_id == 40);
    CHECK(forwarded.text == text);

    BoardStartAsked asked{"n1", "n2", 7, 3, 2, "Anna", "Bert", {}, true, 30, true};
    asked.time_control.stages = {protocol::TimeStage{0, 180'000}};
    asked.time_control.increment_ms = 2'000;
    const auto start = std::get<BoardStartAsked>(round_trip(asked));
    CHECK((start.round == 3 && start.board == 2 && start.white == "Anna" && start.black == "Bert"));
    CHECK(start.time_control == asked.time_control);
    CHECK((start.rated && start.draw_offers_from_move == 30 && start.berserk_allowed));

    const auto answered = std::get<BoardStartAnswered>(round_trip(BoardStartAnswered{"n2", "n1", 7, 3, 2, 44, ""}));
    CHECK(answered.table == 44);
    const auto refused =
        std::get<BoardStartAnswered>(round_trip(BoardStartAnswered{"n2", "n1", 7, 3, 2, std::nullopt, "not online"}));
    CHECK_FALSE(refused.table);
    CHECK(refused.refusal == "not online");

    const auto begun = std::get<BoardGame>(round_trip(BoardGame{"n2", 501, 44, std::nullopt, 0, false, false}));
    CHECK((begun.game_id == 501 && begun.table == 44 && !begun.result));
    const auto ended = std::get<BoardGame>(round_trip(BoardGame{"n2", 501, 44, "black_wins", 23, true, false}));
    CHECK(ended.result == "black_wins");
    CHECK((ended.plies == 23 && ended.white_berserk && !ended.black_berserk));
}

TEST_CASE("tournament messages: what is not one of them is refused with what was wrong", "[tournament][messages]")
{
    CHECK(refusal_of("not json") == "tournament message: not JSON");
    CHECK(refusal_of("[1]") == "tournament message: not a JSON object");
    CHECK(refusal_of(R"({"kind":"coup","node":"n1"})") == "tournament message: 'kind' names no tournament message: "
                                                          "'coup'");
    CHECK(refusal_of(R"({"kind":"changed","node":"n1","tournament":0})") ==
          "tournament message: 'tournament' must be at least 1");
    CHECK(refusal_of(R"({"kind":"changed","tournament":3})") == "tournament message: 'node' is missing");
    CHECK(refusal_of(R"({"kind":"board_game","node":"n1","game":5,"table":4,"plies":3,"white_berserk":false,)"
                     R"("black_berserk":false,"result":"everyone_wins"})") ==
          "tournament message: 'result' names no board result");
    CHECK(refusal_of(R"({"kind":"start_answered","node":"n2","to":"n1","tournament":1,"round":1,"board":1,)"
                     R"("refusal":""})") == "tournament message: 'start_answered' needs a table or a refusal");
    CHECK(refusal_of(R"({"kind":"start_asked","node":"n1","to":"n2","tournament":1,"round":1,"board":1,)"
                     R"("white":"no nick!","black":"Bert","time_control":{"kind":"sudden_death","base_ms":60000},)"
                     R"("rated":false,"draw_offers_from_move":0,"berserk_allowed":false})") ==
          "tournament message: 'white' must be a nick");
    CHECK(refusal_of(R"({"kind":"request","node":"n2","to":"n1","connection":4,"identity":7,"tournament":1,)"
                     R"("text":"{}"})") == "tournament message: an identity must be an object");
}
