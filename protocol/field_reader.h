// The field reader of the decoder (decode.cpp and the readers of each part's messages, such as
// decode_tournament.cpp): one message object's fields, each checked for presence, type, size and
// range, the first problem remembered. Internal to protocol/: the wire's contract is decode.h.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"
#include "protocol/messages.h"

namespace rochade::protocol::decoding {

using nlohmann::json;

inline constexpr std::size_t max_nick_bytes = 80; // 20 code points of up to 4 bytes (nick_error judges)

// Reads the fields of one message object. The first problem is remembered and later reads
// return defaults, so a message decoder reads its fields straight through and the caller checks
// `problem()` once at the end.
class FieldReader {
public:
    FieldReader(const json& object, const DecodeLimits& limits) : object_(object), limits_(limits) {}

    const std::optional<std::string>& problem() const { return problem_; }
    ErrorCode problem_code() const { return problem_code_; }

    // A table id: an integer above zero.
    TableId table() { return integer("table", 1, std::numeric_limits<std::int64_t>::max(), "a positive integer"); }

    // A room number: a nonzero integer (negative numbers are secret rooms).
    RoomNumber room()
    {
        const RoomNumber room = integer("room", std::numeric_limits<std::int64_t>::min(),
                                        std::numeric_limits<std::int64_t>::max(), "a nonzero integer");
        if (room == 0) reject("field 'room' must be a nonzero integer, not 0");
        return room;
    }

    std::int64_t integer(const char* name, std::int64_t minimum, std::int64_t maximum, const char* expected)
    {
        const json* value = find(name);
        if (!value) {
            reject(std::string("field '") + name + "' is missing (" + expected + ")");
            return 0;
        }
        return read_integer(name, *value, minimum, maximum, expected);
    }

    std::optional<std::int64_t> optional_integer(const char* name, std::int64_t minimum, std::int64_t maximum,
                                                 const char* expected)
    {
        const json* value = find(name);
        if (!value) return std::nullopt;
        return read_integer(name, *value, minimum, maximum, expected);
    }

    // A required string of 1..max_bytes bytes (0 = the limits' max_string_bytes).
    std::string string(const char* name, std::size_t max_bytes = 0)
    {
        const json* value = find(name);
        if (!value) {
            reject(std::string("field '") + name + "' is missing (a string)");
            return {};
        }
        return read_string(name, *value, max_bytes);
    }

    std::optional<std::string> optional_string(const char* name, std::size_t max_bytes = 0)
    {
        const json* value = find(name);
        if (!value) return std::nullopt;
        return read_string(name, *value, max_bytes);
    }

    // An optional array of at most max_items strings of 1..max_bytes bytes each; absent: empty.
    std::vector<std::string> optional_string_list(const char* name, std::size_t max_items, std::size_t max_bytes)
    {
        const json* value = find(name);
        if (!value) return {};
        if (!value->is_array() || value->size() > max_items) {
            reject(std::string("field '") + name + "' must be an array of at most " + std::to_string(max_items) +
                   " strings, not " +
                   (value->is_array() ? std::to_string(value->size()) + " of them" : type_of(*value)));
            return {};
        }
        std::vector<std::string> items;
        for (const json& item : *value) items.push_back(read_string(name, item, max_bytes));
        return items;
    }

    // An optional array of at most max_items pairs of strings of 1..max_bytes bytes each
    // ([["anna", "bert"], ...]); absent: empty.
    std::vector<std::pair<std::string, std::string>> optional_string_pairs(const char* name, std::size_t max_items,
                                                                           std::size_t max_bytes)
    {
        const json* value = find(name);
        if (!value) return {};
        if (!value->is_array() || value->size() > max_items) {
            reject(std::string("field '") + name + "' must be an array of at most " + std::to_string(max_items) +
                   " pairs, not " + (value->is_array() ? std::to_string(value->size()) + " of them" : type_of(*value)));
            return {};
        }
        std::vector<std::pair<std::string, std::string>> pairs;
        for (const json& item : *value) {
            if (!item.is_array() || item.size() != 2) {
                reject(std::string("field '") + name + "' must hold pairs of two strings, [\"anna\", \"bert\"], not " +
                       (item.is_array() ? "an array of " + std::to_string(item.size()) : type_of(item)));
                return {};
            }
            pairs.emplace_back(read_string(name, item[0], max_bytes), read_string(name, item[1], max_bytes));
        }
        return pairs;
    }

    // Whether the message has the field (null counts as absent).
    bool has(const char* name) { return find(name) != nullptr; }

    bool optional_bool(const char* name)
    {
        const json* value = find(name);
        if (!value) return false;
        if (!value->is_boolean()) {
            reject(std::string("field '") + name + "' must be true or false, not " + type_of(*value));
            return false;
        }
        return value->get<bool>();
    }

    std::optional<bool> optional_bool_value(const char* name)
    {
        if (!find(name)) return std::nullopt;
        return optional_bool(name);
    }

    ColorChoice color()
    {
        const std::optional<std::string> color = optional_string("color", 16);
        if (!color || *color == "random") return ColorChoice::Random;
        if (*color == "white") return ColorChoice::White;
        if (*color == "black") return ColorChoice::Black;
        reject("field 'color' must be \"white\", \"black\" or \"random\", not \"" + *color + "\"");
        return ColorChoice::Random;
    }

    TimeControl time_control()
    {
        const json* value = find("time_control");
        if (!value) {
            reject(
                "field 'time_control' is missing (\"untimed\", \"M+S\" such as \"5+3\", or an object with \"kind\")");
            return {};
        }
        auto parsed = parse_time_control(*value);
        if (!parsed) {
            reject(parsed.error());
            return {};
        }
        return *parsed;
    }

    // The variant, Chess960 number and start FEN of a request that sets up a game, refused
    // with the setup's own codes (bad_variant, bad_chess960_number, bad_fen).
    GameSetup game_setup()
    {
        auto setup = read_game_setup(object_);
        if (setup) return *setup;
        reject(std::move(setup.error().message), setup.error().code);
        return {};
    }

    void reject(std::string message, ErrorCode code = ErrorCode::BadRequest)
    {
        if (problem_) return;
        problem_ = std::move(message);
        problem_code_ = code;
    }

private:
    const json* find(const char* name) const
    {
        const auto it = object_.find(name);
        return it == object_.end() || it->is_null() ? nullptr : &*it;
    }

    static std::string type_of(const json& value)
    {
        if (value.is_number_integer()) return "an integer";
        if (value.is_number()) return "a number with a fraction";
        if (value.is_string()) return "a string";
        if (value.is_boolean()) return "a boolean";
        if (value.is_array()) return "an array";
        if (value.is_object()) return "an object";
        return "null";
    }

    std::int64_t read_integer(const char* name, const json& value, std::int64_t minimum, std::int64_t maximum,
                              const char* expected)
    {
        if (!value.is_number_integer()) {
            reject(std::string("field '") + name + "' must be " + expected + ", not " + type_of(value));
            return 0;
        }
        const bool too_big =
            value.is_number_unsigned() &&
            value.get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
        const std::int64_t n = too_big ? 0 : value.get<std::int64_t>();
        if (too_big || n < minimum || n > maximum) {
            reject(std::string("field '") + name + "' must be " + expected + "; " + value.dump() + " is out of range");
            return 0;
        }
        return n;
    }

    std::string read_string(const char* name, const json& value, std::size_t max_bytes)
    {
        if (!value.is_string()) {
            reject(std::string("field '") + name + "' must be a string, not " + type_of(value));
            return {};
        }
        const auto& text = value.get_ref<const std::string&>();
        const std::size_t limit = max_bytes == 0 ? limits_.max_string_bytes : max_bytes;
        if (text.empty()) {
            reject(std::string("field '") + name + "' must not be empty");
            return {};
        }
        if (text.size() > limit) {
            reject(std::string("field '") + name + "' is " + std::to_string(text.size()) + " bytes long; at most " +
                   std::to_string(limit) + " are allowed");
            return {};
        }
        return text;
    }

    const json& object_;
    const DecodeLimits& limits_;
    std::optional<std::string> problem_;
    ErrorCode problem_code_ = ErrorCode::BadRequest;
};

} // namespace rochade::protocol::decoding
