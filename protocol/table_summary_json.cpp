#include "protocol/table_summary_json.h"

#include "protocol/decode.h"
#include "protocol/encode.h"
#include "protocol/game_setup.h"
#include "protocol/json_field.h"

namespace rochade::protocol {

using PlainJson = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

namespace {

OrderedJson string_or_null(const std::optional<std::string>& text)
{
    return text ? OrderedJson(*text) : OrderedJson(nullptr);
}

OrderedJson rating_or_null(const std::optional<SeatRating>& seat)
{
    return seat ? OrderedJson{{"rating", seat->rating}, {"provisional", seat->provisional}} : OrderedJson(nullptr);
}

std::optional<std::string> optional_string(const PlainJson& object, const char* name)
{
    const PlainJson& value = json_field(object, name);
    if (value.is_null()) return std::nullopt;
    if (!value.is_string()) throw JsonFieldError{std::string("'") + name + "' must be a string or null"};
    return value.get<std::string>();
}

std::optional<SeatRating> optional_rating(const PlainJson& object, const char* name)
{
    const PlainJson& value = json_field(object, name);
    if (value.is_null()) return std::nullopt;
    if (!value.is_object()) throw JsonFieldError{std::string("'") + name + "' must be an object or null"};
    return SeatRating{json_field_as<int>(value, "rating"), json_field_as<bool>(value, "provisional")};
}

TableStatus status_named(const std::string& name)
{
    for (const auto status : {TableStatus::Waiting, TableStatus::Playing, TableStatus::Finished})
        if (table_status_name(status) == name) return status;
    throw JsonFieldError{"'status' must be waiting, playing or finished, not '" + name + "'"};
}

ColorChoice color_named(const std::string& name)
{
    for (const auto color : {ColorChoice::Random, ColorChoice::White, ColorChoice::Black})
        if (color_choice_name(color) == name) return color;
    throw JsonFieldError{"'opener_color' must be random, white or black, not '" + name + "'"};
}

} // namespace

OrderedJson table_summary_to_json(const TableSummary& table)
{
    OrderedJson out{{"table", table.table},
                    {"room", table.room},
                    {"status", table_status_name(table.status)},
                    {"white", string_or_null(table.white)},
                    {"black", string_or_null(table.black)},
                    {"white_guest", table.white_guest},
                    {"black_guest", table.black_guest},
                    {"white_computer", table.white_computer},
                    {"black_computer", table.black_computer},
                    {"opener_color", color_choice_name(table.opener_color)},
                    {"time_control", OrderedJson(time_control_to_json(table.time_control))},
                    {"invite", string_or_null(table.invite)},
                    {"spectators", table.spectators},
                    {"rated", table.rated},
                    {"white_rating", rating_or_null(table.white_rating)},
                    {"black_rating", rating_or_null(table.black_rating)},
                    {"takebacks", table.takebacks}};
    write_game_setup(out, table.setup);
    return out;
}

rochade::Expected<TableSummary, std::string> table_summary_from_json(const PlainJson& value)
{
    if (!value.is_object()) return rochade::unexpected(std::string("a table summary must be an object"));
    try {
        TableSummary table;
        table.table = json_field_as<TableId>(value, "table");
        table.room = json_field_as<RoomNumber>(value, "room");
        table.status = status_named(json_field_as<std::string>(value, "status"));
        table.white = optional_string(value, "white");
        table.black = optional_string(value, "black");
        table.white_guest = json_field_as<bool>(value, "white_guest");
        table.black_guest = json_field_as<bool>(value, "black_guest");
        // Absent from a node of an older version: no computer seat there.
        table.white_computer = value.value("white_computer", false);
        table.black_computer = value.value("black_computer", false);
        table.opener_color = color_named(json_field_as<std::string>(value, "opener_color"));
        auto time_control = parse_time_control(json_field(value, "time_control"));
        if (!time_control) throw JsonFieldError{"'time_control': " + time_control.error()};
        table.time_control = *time_control;
        table.invite = optional_string(value, "invite");
        table.spectators = json_field_as<int>(value, "spectators");
        table.rated = json_field_as<bool>(value, "rated");
        table.white_rating = optional_rating(value, "white_rating");
        table.black_rating = optional_rating(value, "black_rating");
        table.setup = game_setup_from_json(value);
        // A peer of an older build sends none: takebacks then are off, as they were.
        if (const auto found = value.find("takebacks"); found != value.end() && found->is_boolean())
            table.takebacks = found->get<bool>();
        return table;
    } catch (const JsonFieldError& error) {
        return rochade::unexpected("table summary: " + error.message);
    }
}

} // namespace rochade::protocol
