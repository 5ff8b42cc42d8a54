#include "protocol/frame_writer.h"

#include <nlohmann/json.hpp>

namespace rochade::protocol {

namespace {

// Printable ASCII without '"' and '\\' is written as it is; anything else (escapes, non-ASCII,
// possibly invalid UTF-8) goes through nlohmann's serializer, so the rare string gets exactly
// the escaping of every other frame. UCI, SAN and FEN never leave the fast path.
bool plain(std::string_view text)
{
    for (const char c : text)
        if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') return false;
    return true;
}

} // namespace

FrameWriter::FrameWriter(std::size_t expected_size)
{
    text_.reserve(expected_size);
    text_ += '{';
}

void FrameWriter::key(std::string_view key)
{
    if (!first_) text_ += ',';
    first_ = false;
    string(key);
    text_ += ':';
}

void FrameWriter::string(std::string_view text)
{
    if (plain(text)) {
        text_ += '"';
        text_ += text;
        text_ += '"';
        return;
    }
    text_ += nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

FrameWriter& FrameWriter::field(std::string_view name, std::string_view text)
{
    key(name);
    string(text);
    return *this;
}

FrameWriter& FrameWriter::field(std::string_view name, std::int64_t number)
{
    key(name);
    text_ += std::to_string(number);
    return *this;
}

FrameWriter& FrameWriter::field(std::string_view name, bool flag)
{
    key(name);
    text_ += flag ? "true" : "false";
    return *this;
}

FrameWriter& FrameWriter::null_field(std::string_view name)
{
    key(name);
    text_ += "null";
    return *this;
}

FrameWriter& FrameWriter::field(std::string_view name, const std::optional<std::string_view>& text)
{
    return text ? field(name, *text) : null_field(name);
}

FrameWriter& FrameWriter::field(std::string_view name, const std::vector<std::string>& texts)
{
    key(name);
    text_ += '[';
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (i > 0) text_ += ',';
        string(texts[i]);
    }
    text_ += ']';
    return *this;
}

FrameWriter& FrameWriter::begin_object(std::string_view name)
{
    key(name);
    text_ += '{';
    first_ = true;
    return *this;
}

FrameWriter& FrameWriter::end_object()
{
    text_ += '}';
    first_ = false;
    return *this;
}

std::string FrameWriter::finish() &&
{
    text_ += '}';
    return std::move(text_);
}

} // namespace rochade::protocol
