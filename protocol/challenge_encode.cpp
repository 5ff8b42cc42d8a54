#include "protocol/challenge_encode.h"

#include <nlohmann/json.hpp>

#include "protocol/frame_json.h"

#include "protocol/decode.h"

namespace rochade::protocol {
std::string encode_challenge_ok(const OptionalId& id, const ChallengeId& challenge)
{
    FrameJson frame{{"type", "ok"}};
    if (id) std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
    frame["challenge"] = challenge;
    return frame_text(frame);
}

std::string encode_challenge(const ChallengeOffer& offer)
{
    FrameJson challenge{{"id", offer.id},
                        {"from", offer.from},
                        {"to", offer.to},
                        {"time_control", time_control_frame_json(offer.time_control)},
                        {"color", color_choice_name(offer.color)},
                        {"rated", offer.rated},
                        {"expires_ms", offer.expires_ms}};
    if (offer.message) challenge["message"] = *offer.message;
    write_game_setup(challenge, offer.setup);
    return frame_text(FrameJson{{"type", "challenge"}, {"challenge", std::move(challenge)}});
}

std::string encode_challenge_declined(const ChallengeId& challenge, const std::string& by, DeclineReason reason)
{
    return frame_text(FrameJson{
        {"type", "challenge_declined"}, {"challenge", challenge}, {"by", by}, {"reason", decline_reason_name(reason)}});
}

std::string encode_challenge_canceled(const ChallengeId& challenge, const std::string& by)
{
    return frame_text(FrameJson{{"type", "challenge_canceled"}, {"challenge", challenge}, {"by", by}});
}

std::string encode_challenge_expired(const ChallengeId& challenge, std::string_view why)
{
    return frame_text(FrameJson{{"type", "challenge_expired"}, {"challenge", challenge}, {"why", why}});
}

std::string encode_challenge_accepted(const ChallengeId& challenge, RoomNumber room, TableId table)
{
    return frame_text(
        FrameJson{{"type", "challenge_accepted"}, {"challenge", challenge}, {"room", room}, {"table", table}});
}

} // namespace rochade::protocol
