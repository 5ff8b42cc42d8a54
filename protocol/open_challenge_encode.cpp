#include "protocol/open_challenge_encode.h"

#include <nlohmann/json.hpp>

#include "protocol/frame_json.h"

#include "protocol/decode.h"

namespace rochade::protocol {
namespace {

// The link's terms; its id only for the creator.
FrameJson open_challenge_json(const OpenChallengeView& view, bool with_link)
{
    FrameJson out;
    if (with_link) out["link"] = view.link;
    out["from"] = view.from;
    out["time_control"] = time_control_frame_json(view.time_control);
    out["color"] = color_choice_name(view.color);
    out["rated"] = view.rated;
    write_game_setup(out, view.setup);
    out["players"] = view.players;
    out["expires_ms"] = view.expires_ms;
    return out;
}

} // namespace

std::string encode_open_challenge_created(const OptionalId& id, const std::string& token, const OpenChallengeView& link)
{
    FrameJson frame{{"type", "ok"}};
    if (id) std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
    frame["token"] = token;
    frame["path"] = "/challenge/" + token;
    frame["link"] = open_challenge_json(link, true);
    return frame_text(frame);
}

std::string encode_open_challenges(const std::vector<OpenChallengeView>& links)
{
    FrameJson list = FrameJson::array();
    for (const auto& link : links) list.push_back(open_challenge_json(link, true));
    return frame_text(FrameJson{{"type", "open_challenges"}, {"links", std::move(list)}});
}

std::string encode_open_challenge(const std::string& token, const OpenChallengeView& challenge)
{
    return frame_text(
        FrameJson{{"type", "open_challenge"}, {"token", token}, {"challenge", open_challenge_json(challenge, false)}});
}

} // namespace rochade::protocol
