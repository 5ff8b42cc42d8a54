#include "server/admin/admin_records.h"

#include "db/game_query.h"
#include "protocol/nick.h"
#include "server/api/query_string.h"

namespace rochade::server {

using nlohmann::json;

namespace {

Unexpected<std::string> bad(std::string_view name, std::string_view wants, const std::string& value)
{
    return unexpected("query parameter '" + std::string(name) + "' wants " + std::string(wants) + ", not '" + value +
                      "'");
}

// limit: the page size, min_page_rows..max_page_rows; `limit` keeps its default when absent.
std::optional<std::string> read_limit(const QueryParameters& parameters, int& limit)
{
    const auto text = parameters.get("limit");
    if (!text) return std::nullopt;
    const auto number = parse_integer(*text);
    if (!number || *number < db::min_page_rows || *number > db::max_page_rows)
        return bad("limit",
                   "a number from " + std::to_string(db::min_page_rows) + " to " + std::to_string(db::max_page_rows),
                   *text)
            .error;
    limit = static_cast<int>(*number);
    return std::nullopt;
}

// A nick parameter, folded as nicks are compared.
std::optional<std::string> read_nick_key(const QueryParameters& parameters, const char* name,
                                         std::optional<std::string>& key)
{
    const auto nick = parameters.get(name);
    if (!nick) return std::nullopt;
    if (const auto error = protocol::nick_error(*nick)) return "query parameter '" + std::string(name) + "': " + *error;
    key = protocol::nick_key(*nick);
    return std::nullopt;
}

json optional_number(const std::optional<std::int64_t>& value) { return value ? json(*value) : json(nullptr); }

} // namespace

Expected<db::AuditQuery, std::string> parse_audit_query(std::string_view query_text)
{
    const auto parameters = parse_query(query_text, {"actor", "target", "action", "limit", "before"});
    if (!parameters) return unexpected(parameters.error());
    db::AuditQuery query;
    if (auto error = read_nick_key(*parameters, "actor", query.actor_key)) return unexpected(std::move(*error));
    query.target = parameters->get("target");
    query.action = parameters->get("action");
    if (auto error = read_limit(*parameters, query.limit)) return unexpected(std::move(*error));
    if (const auto before = parameters->get("before")) {
        query.before_id = parse_integer(*before);
        if (!query.before_id || *query.before_id <= 0)
            return bad("before", "the \"next\" of a previous page (a positive number)", *before);
    }
    return query;
}

json audit_page_json(const db::AuditPage& page)
{
    json entries = json::array();
    for (const db::AuditEntry& entry : page.entries) {
        const db::ModerationLogged& logged = entry.logged;
        auto detail = json::parse(logged.detail_json, nullptr, false);
        entries.push_back({{"id", entry.id},
                           {"at", logged.at_ms},
                           {"actor", logged.actor_nick},
                           {"actor_role", logged.actor_role},
                           {"action", logged.action},
                           {"target", logged.target},
                           {"reason", logged.reason},
                           {"until", optional_number(logged.until_ms)},
                           {"refused", logged.refused},
                           {"detail", detail.is_discarded() ? json(logged.detail_json) : detail}});
    }
    return {{"entries", std::move(entries)}, {"next", optional_number(page.next_before_id)}};
}

Expected<db::ChatQuery, std::string> parse_chat_query(std::string_view query_text)
{
    const auto parameters = parse_query(query_text, {"text", "nick", "room", "table", "from", "to", "limit", "after"});
    if (!parameters) return unexpected(parameters.error());
    db::ChatQuery query;
    if (const auto text = parameters->get("text")) {
        if (text->size() > 200) return unexpected(std::string("query parameter 'text' is over 200 bytes"));
        query.text = *text;
    }
    if (auto error = read_nick_key(*parameters, "nick", query.nick_key)) return unexpected(std::move(*error));
    if (const auto room = parameters->get("room")) {
        query.room = parse_integer(*room);
        if (!query.room || *query.room == 0)
            return bad("room", "a room number (negative for a secret room, not 0)", *room);
    }
    if (const auto table = parameters->get("table")) {
        query.table_id = parse_integer(*table);
        if (!query.table_id || *query.table_id <= 0) return bad("table", "a table number", *table);
    }
    std::optional<std::int64_t> to_day;
    if (const auto from = parameters->get("from")) {
        query.from_ms = db::parse_utc_day(*from);
        if (!query.from_ms) return bad("from", "a date YYYY-MM-DD (UTC)", *from);
    }
    if (const auto to = parameters->get("to")) {
        to_day = db::parse_utc_day(*to);
        if (!to_day) return bad("to", "a date YYYY-MM-DD (UTC)", *to);
        query.before_ms = *to_day + db::utc_day_ms; // the whole day
    }
    if (query.from_ms && to_day && *query.from_ms > *to_day)
        return unexpected(std::string("query parameter 'from' is after 'to': no day is in between"));
    if (auto error = read_limit(*parameters, query.limit)) return unexpected(std::move(*error));
    query.after = parameters->get("after");
    return query;
}

json chat_page_json(const db::ChatPage& page)
{
    json lines = json::array();
    for (const db::ChatLine& line : page.lines) {
        json entry{{"at", line.at_ms}, {"nick", line.nick}, {"text", line.text}};
        if (line.room) entry["room"] = *line.room;
        if (line.table_id) entry["table"] = *line.table_id;
        if (line.game_id) entry["game_id"] = *line.game_id;
        lines.push_back(std::move(entry));
    }
    return {{"lines", std::move(lines)}, {"next", page.next_page ? json(*page.next_page) : json(nullptr)}};
}

} // namespace rochade::server
