// The challenge requests decode into their typed values (every field, every refusal), and the
// challenge events encode as docs/protocol.md section 6d shows them.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "protocol/challenge_encode.h"
#include "protocol/decode.h"
#include "tests/protocol/decoding_steps.h"

using namespace rochade::protocol;
using namespace rochade::protocol::testing;

TEST_CASE("challenge requests decode into their typed values", "[protocol][challenge]")
{
    const auto challenge = std::get<Challenge>(decoded_request(
        R"({"type":"challenge","to":"Bert","time_control":"untimed","color":"black","rated":true,"message":"Lust?"})"));
    CHECK(challenge.to == "Bert");
    CHECK(challenge.time_control.untimed());
    CHECK(challenge.color == ColorChoice::Black);
    CHECK(challenge.rated);
    CHECK(challenge.message == "Lust?");
    const auto plain = std::get<Challenge>(decoded_request(R"({"type":"challenge","to":"Bert","time_control":"3+2"})"));
    CHECK(plain.color == ColorChoice::Random);
    CHECK_FALSE(plain.rated);
    CHECK_FALSE(plain.message);

    CHECK(std::get<DeclineChallenge>(decoded_request(R"({"type":"decline_challenge","challenge":"c"})")).reason ==
          DeclineReason::Generic);
    for (const auto& [name, reason] :
         std::vector<std::pair<std::string, DeclineReason>>{{"generic", DeclineReason::Generic},
                                                            {"later", DeclineReason::Later},
                                                            {"too_fast", DeclineReason::TooFast},
                                                            {"too_slow", DeclineReason::TooSlow},
                                                            {"time_control", DeclineReason::TimeControl},
                                                            {"rated", DeclineReason::Rated},
                                                            {"casual", DeclineReason::Casual},
                                                            {"standard", DeclineReason::Standard},
                                                            {"variant", DeclineReason::Variant},
                                                            {"no_bot", DeclineReason::NoBot},
                                                            {"only_bot", DeclineReason::OnlyBot}}) {
        const auto decline = std::get<DeclineChallenge>(
            decoded_request(R"({"type":"decline_challenge","challenge":"c","reason":")" + name + "\"}"));
        CHECK(decline.reason == reason);
        CHECK(decline_reason_name(reason) == name);
    }
    CHECK(std::get<CancelChallenge>(decoded_request(R"({"type":"cancel_challenge","challenge":"abc"})")).challenge ==
          "abc");
    CHECK(std::get<AcceptChallenge>(decoded_request(R"({"type":"accept_challenge","challenge":"abc"})")).challenge ==
          "abc");
}

TEST_CASE("challenge requests: refusals name the field", "[protocol][challenge]")
{
    CHECK(refusal_of(R"({"type":"challenge","time_control":"3+2"})") == "challenge: field 'to' is missing (a string)");
    CHECK(refusal_of(R"({"type":"challenge","to":"B","time_control":"3+2","message":")" + std::string(201, 'x') +
                     "\"}") == "challenge: field 'message' is 201 bytes long; at most 200 are allowed");
    CHECK(refusal_of(R"({"type":"decline_challenge","challenge":"c","reason":"boring"})") ==
          "decline_challenge: field 'reason' must be one of generic, later, too_fast, too_slow, time_control, rated, "
          "casual, standard, "
          "variant, no_bot, only_bot, not \"boring\"");
    CHECK(refusal_of(R"({"type":"accept_challenge"})") == "accept_challenge: field 'challenge' is missing (a string)");
}

TEST_CASE("challenge events encode as the protocol shows them", "[protocol][challenge]")
{
    ChallengeOffer offer;
    offer.id = "c1";
    offer.from = "Anna";
    offer.to = "Bert";
    offer.color = ColorChoice::White;
    offer.rated = true;
    offer.message = "<b>hi</b>";
    offer.expires_ms = 42;
    const auto event = nlohmann::json::parse(encode_challenge(offer));
    CHECK(event.at("type") == "challenge");
    CHECK(event.at("challenge").at("id") == "c1");
    CHECK(event.at("challenge").at("from") == "Anna");
    CHECK(event.at("challenge").at("color") == "white");
    CHECK(event.at("challenge").at("message") == "<b>hi</b>");
    CHECK(event.at("challenge").at("expires_ms") == 42);
    CHECK(encode_challenge_declined("c1", "Bert", DeclineReason::TooSlow) ==
          R"({"type":"challenge_declined","challenge":"c1","by":"Bert","reason":"too_slow"})");
    CHECK(encode_challenge_canceled("c1", "Anna") == R"({"type":"challenge_canceled","challenge":"c1","by":"Anna"})");
    CHECK(encode_challenge_expired("c1", "timeout") ==
          R"({"type":"challenge_expired","challenge":"c1","why":"timeout"})");
    CHECK(encode_challenge_accepted("c1", 34, 12) ==
          R"({"type":"challenge_accepted","challenge":"c1","room":34,"table":12})");
    CHECK(encode_challenge_ok(RequestId{7}, "c1") == R"({"type":"ok","id":7,"challenge":"c1"})");
}

TEST_CASE("a challenge carries a game setup, read and refused as open_table's, and the event shows it",
          "[protocol][challenge][game_setup]")
{
    const auto c960 = std::get<Challenge>(
        decoded_request(R"({"type":"challenge","to":"Bert","time_control":"3+2","variant":"chess960","chess960":7})"));
    CHECK(c960.setup.variant == GameVariant::Chess960);
    CHECK(c960.setup.chess960 == 7);
    const auto plain = std::get<Challenge>(decoded_request(R"({"type":"challenge","to":"Bert","time_control":"3+2"})"));
    CHECK(plain.setup.variant == GameVariant::Standard);

    const auto rated_position = decode(R"({"type":"challenge","to":"Bert","time_control":"3+2","rated":true,)"
                                       R"("variant":"from_position","fen":"4k3/8/8/8/8/8/4P3/4K3 b - -"})",
                                       DecodeLimits{});
    REQUIRE_FALSE(rated_position);
    CHECK(rated_position.error().code == ErrorCode::RatedFromPosition);
    const auto bad_fen = decode(R"({"type":"challenge","to":"Bert","time_control":"3+2","variant":"from_position",)"
                                R"("fen":"8/8/8/8/8/8/8/8 w - - 0 1"})",
                                DecodeLimits{});
    REQUIRE_FALSE(bad_fen);
    CHECK(bad_fen.error().code == ErrorCode::BadFen);

    ChallengeOffer offer;
    offer.id = "c1";
    offer.from = "Anna";
    offer.to = "Bert";
    offer.setup.variant = GameVariant::FromPosition;
    offer.setup.fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";
    const auto frame = nlohmann::json::parse(encode_challenge(offer)).at("challenge");
    CHECK(frame.at("variant") == "from_position");
    CHECK(frame.at("start_fen") == "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    offer.setup = GameSetup{};
    CHECK(nlohmann::json::parse(encode_challenge(offer)).at("challenge").at("variant") == "standard");
}
