#include "protocol/open_challenge_encode.h"

#include <nlohmann/json.hpp>

#include "protocol/decode.h"

namespace rochade::protocol {
namespace {

using OpenJson = nlohmann::ordered_json;

std::string open_frame_text(const OpenJson& frame)
{
    return frame.dump(-1, ' ', false, OpenJson::error_handler_t::replace);
}

// The link's terms; its id only for the creator.
OpenJson open_challenge_json(const OpenChallengeView& view, bool with_link)
{
    OpenJson out;
    if (with_link) out["link"] = view.link;
    out["from"] = view.from;
    out["time_control"] = OpenJson::parse(time_control_to_json(view.time_control).dump());
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
    OpenJson frame{{"type", "ok"}};
    if (id) std::visit([&](const auto& value) { frame["id"] = value; }, id->value);
    frame["token"] = token;
    frame["path"] = "/challenge/" + token;
    frame["link"] = open_challenge_json(link, true);
    return open_frame_text(frame);
}

std::string encode_open_challenges(const std::vector<OpenChallengeView>& links)
{
    OpenJson list = OpenJson::array();
    for (const auto& link : links) list.push_back(open_challenge_json(link, true));
    return open_frame_text(OpenJson{{"type", "open_challenges"}, {"links", std::move(list)}});
}

std::string encode_open_challenge(const std::string& token, const OpenChallengeView& challenge)
{
    return open_frame_text(
        OpenJson{{"type", "open_challenge"}, {"token", token}, {"challenge", open_challenge_json(challenge, false)}});
}

} // namespace rochade::protocol
