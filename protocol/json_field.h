// Reading one typed field of a JSON object that another program wrote (a node's message, a
// table summary), with an error that names the field. The readers throw JsonFieldError; the
// caller turns it into its own error value, so nothing outside them throws.
#pragma once

#include <string>
#include <type_traits>

#include <nlohmann/json.hpp>

namespace rochade::protocol {

struct JsonFieldError {
    std::string message; // "'room' is missing", "'room' must be an integer"
};

inline const nlohmann::json& json_field(const nlohmann::json& object, const char* name)
{
    const auto found = object.find(name);
    if (found == object.end()) throw JsonFieldError{std::string("'") + name + "' is missing"};
    return *found;
}

// A bool, an integer type or std::string.
template <class T> T json_field_as(const nlohmann::json& object, const char* name)
{
    const nlohmann::json& value = json_field(object, name);
    if constexpr (std::is_same_v<T, bool>) {
        if (!value.is_boolean()) throw JsonFieldError{std::string("'") + name + "' must be true or false"};
    } else if constexpr (std::is_integral_v<T>) {
        if (!value.is_number_integer()) throw JsonFieldError{std::string("'") + name + "' must be an integer"};
    } else {
        static_assert(std::is_same_v<T, std::string>, "json_field_as reads bools, integers and strings");
        if (!value.is_string()) throw JsonFieldError{std::string("'") + name + "' must be a string"};
    }
    return value.get<T>();
}

} // namespace rochade::protocol
