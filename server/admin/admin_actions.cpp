#include "server/admin/admin_actions.h"

#include <arpa/inet.h>

#include <initializer_list>
#include <limits>

#include "protocol/nick.h"

namespace rochade::server {

using nlohmann::json;

namespace {

std::size_t code_points(std::string_view text)
{
    std::size_t count = 0;
    for (const char c : text)
        if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
    return count;
}

// Reads the fields of one action's body and remembers the first thing wrong with it.
class BodyReader {
public:
    BodyReader(const json& body, std::string action) : body_(body), action_(std::move(action)) {}

    // Refuses a field the action does not take (a typo like "minute" must not pass unseen).
    void only(std::initializer_list<const char*> names)
    {
        for (const auto& [name, value] : body_.items()) {
            bool known = false;
            for (const char* allowed : names) known = known || name == allowed;
            if (!known) {
                std::string list;
                for (const char* allowed : names) list += (list.empty() ? "" : ", ") + std::string(allowed);
                fail("field '" + name + "' is not one of " + action_ + "'s fields (" + list + ")");
            }
        }
    }

    std::string text(const char* name, std::size_t max_chars = max_reason_chars)
    {
        const json* value = find(name);
        if (!value || !value->is_string()) {
            fail(std::string("field '") + name + "' is missing (a string of 1 to " + std::to_string(max_chars) +
                 " characters)");
            return {};
        }
        const auto& text = value->get_ref<const std::string&>();
        if (text.empty() || code_points(text) > max_chars)
            fail(std::string("field '") + name + "' must have 1 to " + std::to_string(max_chars) + " characters, not " +
                 std::to_string(code_points(text)));
        return text;
    }

    std::string nick()
    {
        const std::string value = text("nick", 64);
        if (ok())
            if (const auto error = protocol::nick_error(value)) fail("field 'nick': " + *error);
        return value;
    }

    std::string address()
    {
        const std::string value = text("address", 64);
        if (!ok()) return value;
        const auto canonical = canonical_address(value);
        if (!canonical) fail("field 'address' wants an IPv4 or IPv6 address, not '" + value + "'");
        return canonical.value_or(value);
    }

    // An optional integer in [min, max]; `wants` describes it for the error.
    std::optional<std::int64_t> optional_integer(const char* name, std::int64_t min, std::int64_t max,
                                                 const std::string& wants)
    {
        const json* value = find(name);
        if (!value) return std::nullopt;
        if (!value->is_number_integer() || value->get<std::int64_t>() < min || value->get<std::int64_t>() > max ||
            (value->is_number_unsigned() && value->get<std::uint64_t>() > static_cast<std::uint64_t>(max))) {
            fail(std::string("field '") + name + "' wants " + wants + ", not " + value->dump());
            return std::nullopt;
        }
        return value->get<std::int64_t>();
    }

    std::int64_t integer(const char* name, std::int64_t min, std::int64_t max, const std::string& wants)
    {
        const auto value = optional_integer(name, min, max, wants);
        if (!value && ok()) fail(std::string("field '") + name + "' is missing (" + wants + ")");
        return value.value_or(0);
    }

    std::optional<std::int64_t> room()
    {
        auto room =
            optional_integer("room", std::numeric_limits<std::int64_t>::min() + 1,
                             std::numeric_limits<std::int64_t>::max(), "a room number (negative for a secret room)");
        if (room && *room == 0) fail("field 'room' wants a room number (negative for a secret room), not 0");
        return room;
    }

    std::optional<std::int64_t> duration_ms(bool required)
    {
        const std::string wants = "whole minutes from 1 to " + std::to_string(max_sanction_minutes);
        const auto minutes = required ? std::optional(integer("minutes", 1, max_sanction_minutes, wants))
                                      : optional_integer("minutes", 1, max_sanction_minutes, wants);
        if (!minutes) return std::nullopt;
        return *minutes * 60000;
    }

    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    void fail(std::string message)
    {
        if (error_.empty()) error_ = action_ + ": " + std::move(message);
    }

private:
    // A field that is absent or null.
    const json* find(const char* name) const
    {
        const auto found = body_.find(name);
        return found == body_.end() || found->is_null() ? nullptr : &*found;
    }

    const json& body_;
    std::string action_;
    std::string error_;
};

ModerationRequest read_request(ModerationAction action, BodyReader& in)
{
    switch (action) {
    case ModerationAction::Kick: in.only({"nick", "reason"}); return Kick{in.nick(), in.text("reason")};
    case ModerationAction::Mute: {
        in.only({"nick", "room", "minutes", "reason"});
        Mute mute;
        mute.nick = in.nick();
        mute.room = in.room();
        mute.duration_ms = in.duration_ms(true).value_or(0);
        mute.reason = in.text("reason");
        return mute;
    }
    case ModerationAction::Unmute: {
        in.only({"nick", "room", "reason"});
        Unmute unmute;
        unmute.nick = in.nick();
        unmute.room = in.room();
        unmute.reason = in.text("reason");
        return unmute;
    }
    case ModerationAction::Ban: {
        in.only({"nick", "minutes", "reason"});
        Ban ban;
        ban.nick = in.nick();
        ban.duration_ms = in.duration_ms(false);
        ban.reason = in.text("reason");
        return ban;
    }
    case ModerationAction::Unban: in.only({"nick", "reason"}); return Unban{in.nick(), in.text("reason")};
    case ModerationAction::BanAddress: {
        in.only({"address", "minutes", "reason"});
        BanAddress ban;
        ban.address = in.address();
        ban.duration_ms = in.duration_ms(false);
        ban.reason = in.text("reason");
        return ban;
    }
    case ModerationAction::UnbanAddress:
        in.only({"address", "reason"});
        return UnbanAddress{in.address(), in.text("reason")};
    case ModerationAction::CloseTable: {
        in.only({"table", "reason"});
        CloseTable close;
        close.table = in.integer("table", 1, std::numeric_limits<std::int64_t>::max(), "a table number");
        close.reason = in.text("reason");
        return close;
    }
    case ModerationAction::Adjudicate: {
        in.only({"table", "decision", "reason"});
        Adjudicate adjudicate;
        adjudicate.table = in.integer("table", 1, std::numeric_limits<std::int64_t>::max(), "a table number");
        const std::string decision = in.text("decision", 16);
        if (in.ok()) {
            const auto parsed = parse_adjudication(decision);
            if (!parsed) in.fail("field 'decision' wants abort, 1-0, 0-1 or 1/2-1/2, not '" + decision + "'");
            adjudicate.decision = parsed.value_or(Adjudication::Abort);
        }
        adjudicate.reason = in.text("reason");
        return adjudicate;
    }
    case ModerationAction::Notice: {
        in.only({"room", "text"});
        SendNotice notice;
        notice.room = in.room();
        notice.text = in.text("text");
        return notice;
    }
    }
    in.fail("no such action");
    return SendNotice{};
}

} // namespace

std::optional<std::string> canonical_address(std::string_view text)
{
    const std::string input(text);
    char spelled[INET6_ADDRSTRLEN] = {};
    unsigned char bytes[sizeof(in6_addr)] = {};
    if (::inet_pton(AF_INET, input.c_str(), bytes) == 1 && ::inet_ntop(AF_INET, bytes, spelled, sizeof spelled))
        return std::string(spelled);
    if (::inet_pton(AF_INET6, input.c_str(), bytes) == 1 && ::inet_ntop(AF_INET6, bytes, spelled, sizeof spelled))
        return std::string(spelled);
    return std::nullopt;
}

Expected<ModerationRequest, std::string> parse_moderation_request(ModerationAction action, std::string_view body)
{
    const std::string name(moderation_action_name(action));
    const json parsed = json::parse(body, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object()) return unexpected(name + ": the body is not a JSON object");
    BodyReader in(parsed, name);
    ModerationRequest request = read_request(action, in);
    if (!in.ok()) return unexpected(in.error());
    return request;
}

json moderation_done_json(const ModerationDone& done)
{
    return {{"done", done.summary},
            {"until", done.until_ms ? json(*done.until_ms) : json(nullptr)},
            {"connections_closed", done.connections_closed}};
}

} // namespace rochade::server
