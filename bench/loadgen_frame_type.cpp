#include "bench/loadgen_frame_type.h"

namespace rochade::bench {

std::string_view frame_type(std::string_view frame)
{
    constexpr std::string_view key = "\"type\"";
    const auto at = frame.find(key);
    if (at == std::string_view::npos) return {};
    auto pos = at + key.size();
    auto skip_blanks = [&] {
        while (pos < frame.size() &&
               (frame[pos] == ' ' || frame[pos] == '\t' || frame[pos] == '\n' || frame[pos] == '\r'))
            ++pos;
    };
    skip_blanks();
    if (pos >= frame.size() || frame[pos] != ':') return {};
    ++pos;
    skip_blanks();
    if (pos >= frame.size() || frame[pos] != '"') return {};
    const auto begin = pos + 1;
    const auto end = frame.find('"', begin);
    if (end == std::string_view::npos) return {};
    return frame.substr(begin, end - begin);
}

} // namespace rochade::bench
