// The checks before a moderation request is carried out, and its target as the audit log names it.
#include "server/moderation/request_checks.h"

#include <type_traits>

#include <boost/asio/ip/address.hpp>

namespace rochade::server {

std::optional<std::string> normalized_address(const std::string& address)
{
    boost::system::error_code error;
    const auto parsed = boost::asio::ip::make_address(address, error);
    if (error) return std::nullopt;
    return parsed.to_string();
}

namespace {

// Characters, not bytes: a German reason with umlauts counts as it reads.
std::size_t characters(std::string_view text)
{
    std::size_t count = 0;
    for (const unsigned char c : text)
        if ((c & 0xC0) != 0x80) ++count;
    return count;
}

std::optional<std::string> reason_error(std::string_view what, std::string_view field, std::string_view text)
{
    const auto length = characters(text);
    if (length == 0 || text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return std::string(what) + ": a " + std::string(field) + " is required (1 to " +
               std::to_string(max_reason_chars) + " characters)";
    if (length > max_reason_chars)
        return std::string(what) + ": the " + std::string(field) + " has " + std::to_string(length) +
               " characters, more than " + std::to_string(max_reason_chars);
    return std::nullopt;
}

std::optional<std::string> duration_error(std::string_view what, std::int64_t duration_ms)
{
    if (duration_ms <= 0) return std::string(what) + ": the duration must be positive";
    if (duration_ms > max_sanction_ms)
        return std::string(what) + ": the duration is longer than ten years" +
               (what == "mute" ? std::string() : std::string("; leave it out to ban for good"));
    return std::nullopt;
}

std::optional<std::string> nick_error(std::string_view what, const std::string& nick)
{
    if (nick.empty()) return std::string(what) + ": name the nick";
    return std::nullopt;
}

std::optional<std::string> address_error(std::string_view what, const std::string& address)
{
    if (!normalized_address(address)) return std::string(what) + ": '" + address + "' is not an IPv4 or IPv6 address";
    return std::nullopt;
}

} // namespace

std::optional<std::string> moderation_request_error(const ModerationRequest& request)
{
    const std::string what(moderation_action_name(action_of(request)));
    return std::visit(
        [&](const auto& r) -> std::optional<std::string> {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, SendNotice>) {
                if (r.room && *r.room == 0) return what + ": room 0 is no room; leave it out for everyone";
                return reason_error(what, "text", r.text);
            } else {
                if (auto error = reason_error(what, "reason", r.reason)) return error;
                if constexpr (std::is_same_v<R, Kick> || std::is_same_v<R, Unban>) return nick_error(what, r.nick);
                if constexpr (std::is_same_v<R, Mute> || std::is_same_v<R, Unmute>) {
                    if (auto error = nick_error(what, r.nick)) return error;
                    if (r.room && *r.room == 0) return what + ": room 0 is no room; leave it out for everywhere";
                }
                if constexpr (std::is_same_v<R, Mute>) return duration_error(what, r.duration_ms);
                if constexpr (std::is_same_v<R, Ban>) {
                    if (auto error = nick_error(what, r.nick)) return error;
                    if (r.duration_ms) return duration_error(what, *r.duration_ms);
                }
                if constexpr (std::is_same_v<R, BanAddress>) {
                    if (auto error = address_error(what, r.address)) return error;
                    if (r.duration_ms) return duration_error(what, *r.duration_ms);
                }
                if constexpr (std::is_same_v<R, UnbanAddress>) return address_error(what, r.address);
                if constexpr (std::is_same_v<R, CloseTable> || std::is_same_v<R, Adjudicate>)
                    if (r.table <= 0) return what + ": " + std::to_string(r.table) + " is no table id";
                return std::nullopt;
            }
        },
        request);
}

std::string moderation_target(const ModerationRequest& request)
{
    return std::visit(
        [](const auto& r) -> std::string {
            using R = std::decay_t<decltype(r)>;
            if constexpr (std::is_same_v<R, BanAddress> || std::is_same_v<R, UnbanAddress>)
                return normalized_address(r.address).value_or(r.address);
            else if constexpr (std::is_same_v<R, CloseTable> || std::is_same_v<R, Adjudicate>)
                return "table " + std::to_string(r.table);
            else if constexpr (std::is_same_v<R, SendNotice>)
                return r.room ? "room " + std::to_string(*r.room) : std::string("everyone");
            else
                return r.nick;
        },
        request);
}

} // namespace rochade::server
