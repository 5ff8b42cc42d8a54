#include "protocol/challenge_encode.h"

#include <nlohmann/json.hpp>

#include "protocol/decode.h"

namespace rochade::protocol {
namespace {

using ChallengeJson = nlohmann::ordered_json;

std::string challenge_frame_text(const ChallengeJson& frame)
{
    return frame.dump(-1, ' ', false, ChallengeJson::error_handler_t::replace);
}

} // namespace

std::string encode_challenge_ok(const OptionalId& id, const ChallengeId& challenge)
{
    ChallengeJson frame{{"type", "ok"}};
    if (id) std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
    frame["challenge"] = challenge;
    return challenge_frame_text(frame);
}

std::string encode_challenge(const ChallengeOffer& offer)
{
    ChallengeJson challenge{{"id", offer.id},
                            {"from", offer.from},
                            {"to", offer.to},
                            {"time_control", ChallengeJson::parse(time_control_to_json(offer.time_control).dump())},
                            {"color", color_choice_name(offer.color)},
                            {"rated", offer.rated},
                            {"expires_ms", offer.expires_ms}};
    if (offer.message) challenge["message"] = *offer.message;
    write_game_setup(challenge, offer.setup);
    return challenge_frame_text(ChallengeJson{{"type", "challenge"}, {"challenge", std::move(challenge)}});
}

std::string encode_challenge_declined(const ChallengeId& challenge, const std::string& by, DeclineReason reason)
{
    return challenge_frame_text(ChallengeJson{
        {"type", "challenge_declined"}, {"challenge", challenge}, {"by", by}, {"reason", decline_reason_name(reason)}});
}

std::string encode_challenge_canceled(const ChallengeId& challenge, const std::string& by)
{
    return challenge_frame_text(ChallengeJson{{"type", "challenge_canceled"}, {"challenge", challenge}, {"by", by}});
}

std::string encode_challenge_expired(const ChallengeId& challenge, std::string_view why)
{
    return challenge_frame_text(ChallengeJson{{"type", "challenge_expired"}, {"challenge", challenge}, {"why", why}});
}

std::string encode_challenge_accepted(const ChallengeId& challenge, RoomNumber room, TableId table)
{
    return challenge_frame_text(
        ChallengeJson{{"type", "challenge_accepted"}, {"challenge", challenge}, {"room", room}, {"table", table}});
}

} // namespace rochade::protocol
