// The open challenge requests decode into their typed values, with every refusal naming its
// field, and the frames encode as docs/protocol.md ("Open challenges") shows them.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/open_challenge_encode.h"
#include "tests/protocol/decoding_steps.h"

using namespace rochade::protocol;
using namespace rochade::protocol::testing;

TEST_CASE("open challenge requests decode into their typed values", "[protocol][open_challenge]")
{
    const auto create = std::get<CreateOpenChallenge>(
        decoded_request(R"({"type":"create_open_challenge","time_control":"5+3","color":"black","rated":true,)"
                        R"("variant":"chess960","chess960":7,"players":["Bert","clara"],"valid_hours":48})"));
    CHECK(create.time_control.increment_ms == 3000);
    CHECK(create.color == ColorChoice::Black);
    CHECK(create.rated);
    CHECK(create.setup.variant == GameVariant::Chess960);
    CHECK(create.setup.chess960 == 7);
    CHECK(create.players == std::vector<std::string>{"Bert", "clara"});
    CHECK(create.valid_hours == 48);

    const auto plain =
        std::get<CreateOpenChallenge>(decoded_request(R"({"type":"create_open_challenge","time_control":"untimed"})"));
    CHECK(plain.color == ColorChoice::Random);
    CHECK_FALSE(plain.rated);
    CHECK(plain.players.empty());
    CHECK(plain.valid_hours == default_open_challenge_hours);

    CHECK(std::holds_alternative<ListOpenChallenges>(decoded_request(R"({"type":"list_open_challenges"})")));
    CHECK(std::get<CancelOpenChallenge>(decoded_request(R"({"type":"cancel_open_challenge","link":"ab12"})")).link ==
          "ab12");
    CHECK(std::get<ShowOpenChallenge>(decoded_request(R"({"type":"show_open_challenge","token":"t0k"})")).token ==
          "t0k");
    CHECK(std::get<AcceptOpenChallenge>(decoded_request(R"({"type":"accept_open_challenge","token":"t0k"})")).token ==
          "t0k");
}

TEST_CASE("open challenge requests: refusals name the field", "[protocol][open_challenge]")
{
    CHECK(refusal_of(R"({"type":"create_open_challenge"})")
              .starts_with("create_open_challenge: field 'time_control' is missing"));
    CHECK(refusal_of(R"({"type":"create_open_challenge","time_control":"3+2","players":["a","b","c"]})") ==
          "create_open_challenge: field 'players' must be an array of at most 2 strings, not 3 of them");
    CHECK(refusal_of(R"({"type":"create_open_challenge","time_control":"3+2","players":"Bert"})") ==
          "create_open_challenge: field 'players' must be an array of at most 2 strings, not a string");
    CHECK(refusal_of(R"({"type":"create_open_challenge","time_control":"3+2","players":[7]})") ==
          "create_open_challenge: field 'players' must be a string, not an integer");
    CHECK(refusal_of(R"({"type":"create_open_challenge","time_control":"3+2","valid_hours":169})") ==
          "create_open_challenge: field 'valid_hours' must be an integer of hours, 1 to 168; 169 is out of range");
    CHECK(refusal_of(R"({"type":"create_open_challenge","time_control":"3+2","rated":true,)"
                     R"("variant":"from_position","fen":"4k3/8/8/8/8/8/4P3/4K3 w - -"})",
                     ErrorCode::RatedFromPosition)
              .find("cannot be rated") != std::string::npos);
    CHECK(refusal_of(R"({"type":"accept_open_challenge"})") ==
          "accept_open_challenge: field 'token' is missing (a string)");
    CHECK(refusal_of(R"({"type":"cancel_open_challenge","link":")" + std::string(65, 'a') + "\"}") ==
          "cancel_open_challenge: field 'link' is 65 bytes long; at most 64 are allowed");
}

TEST_CASE("open challenge frames encode as the protocol shows them", "[protocol][open_challenge]")
{
    OpenChallengeView view;
    view.link = "9f2c";
    view.from = "Anna";
    view.time_control.stages = {TimeStage{0, 300'000}};
    view.time_control.increment_ms = 3'000;
    view.color = ColorChoice::White;
    view.setup = GameSetup{GameVariant::Chess960, 518, std::nullopt};
    view.players = {"Bert"};
    view.expires_ms = 86'400'000;

    const auto created = nlohmann::json::parse(encode_open_challenge_created(RequestId{4}, "TOKEN", view));
    CHECK(created.at("type") == "ok");
    CHECK(created.at("id") == 4);
    CHECK(created.at("token") == "TOKEN");
    CHECK(created.at("path") == "/challenge/TOKEN");
    CHECK(created.at("link").at("link") == "9f2c");
    CHECK(created.at("link").at("from") == "Anna");
    CHECK(created.at("link").at("color") == "white");
    CHECK(created.at("link").at("rated") == false);
    CHECK(created.at("link").at("variant") == "chess960");
    CHECK(created.at("link").at("chess960") == 518);
    CHECK(created.at("link").at("players") == nlohmann::json::array({"Bert"}));
    CHECK(created.at("link").at("expires_ms") == 86'400'000);
    CHECK(created.at("link").at("time_control").at("kind") == "fischer");

    const auto list = nlohmann::json::parse(encode_open_challenges({view, view}));
    CHECK(list.at("type") == "open_challenges");
    CHECK(list.at("links").size() == 2);

    const auto shown = nlohmann::json::parse(encode_open_challenge("TOKEN", view));
    CHECK(shown.at("type") == "open_challenge");
    CHECK(shown.at("token") == "TOKEN");
    CHECK_FALSE(shown.at("challenge").contains("link")); // the creator's handle only
    CHECK(shown.at("challenge").at("from") == "Anna");
}
