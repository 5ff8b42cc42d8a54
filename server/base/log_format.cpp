#include "server/base/log_format.h"

#include <memory>

#include <spdlog/pattern_formatter.h>
#include <spdlog/spdlog.h>

namespace rochade::server {

namespace {

bool needs_escape(unsigned char c) { return c < 0x20 || c == 0x7f; }

void append_escaped(std::string& out, std::string_view text)
{
    static constexpr char hex[] = "0123456789abcdef";
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (!needs_escape(byte)) {
            out += c;
        } else if (c == '\n') {
            out += "\\n";
        } else if (c == '\r') {
            out += "\\r";
        } else if (c == '\t') {
            out += "\\t";
        } else {
            out += "\\x";
            out += hex[byte >> 4];
            out += hex[byte & 0xf];
        }
    }
}

// spdlog's pattern with the message escaped first; a line without control characters (nearly
// every one) is passed on as it is, without a copy.
class EscapingFormatter final : public spdlog::formatter {
public:
    void format(const spdlog::details::log_msg& msg, spdlog::memory_buf_t& dest) override
    {
        const std::string_view payload(msg.payload.data(), msg.payload.size());
        bool clean = true;
        for (const char c : payload) clean = clean && !needs_escape(static_cast<unsigned char>(c));
        if (clean) return pattern_.format(msg, dest);
        const std::string escaped = escaped_for_log(payload);
        spdlog::details::log_msg copy = msg;
        copy.payload = spdlog::string_view_t(escaped.data(), escaped.size());
        pattern_.format(copy, dest);
    }

    std::unique_ptr<spdlog::formatter> clone() const override { return std::make_unique<EscapingFormatter>(); }

private:
    spdlog::pattern_formatter pattern_;
};

} // namespace

std::string escaped_for_log(std::string_view text)
{
    std::string out;
    out.reserve(text.size() + 8);
    append_escaped(out, text);
    return out;
}

void escape_log_messages() { spdlog::set_formatter(std::make_unique<EscapingFormatter>()); }

} // namespace rochade::server
