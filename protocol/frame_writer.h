// Writes one compact JSON object straight into a string, for the frame on the hot path (the
// move event goes to both players and every spectator after every move). Building it as an
// ordered_json first cost more than the rest of the move's encoding; this writes the same
// text: the same keys in the same order, the same escapes, invalid UTF-8 replaced.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rochade::protocol {

class FrameWriter {
public:
    explicit FrameWriter(std::size_t expected_size);

    // Each adds `"key":value` to the object, with the comma before it when needed.
    FrameWriter& field(std::string_view key, std::string_view text);
    FrameWriter& field(std::string_view key, const char* text) { return field(key, std::string_view(text)); }
    FrameWriter& field(std::string_view key, const std::string& text) { return field(key, std::string_view(text)); }
    FrameWriter& field(std::string_view key, std::int64_t number);
    FrameWriter& field(std::string_view key, bool flag);
    FrameWriter& null_field(std::string_view key);
    FrameWriter& field(std::string_view key, const std::optional<std::string_view>& text);
    FrameWriter& field(std::string_view key, const std::vector<std::string>& texts);
    // A nested object: the key, then the fields up to end_object().
    FrameWriter& begin_object(std::string_view key);
    FrameWriter& end_object();

    // Closes the outer object and hands over the text.
    std::string finish() &&;

private:
    void key(std::string_view key);
    void string(std::string_view text);

    std::string text_;
    bool first_ = true;
};

} // namespace rochade::protocol
