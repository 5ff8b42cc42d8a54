// Reading the fields of the server's own frames (and of lichess's forms turned JSON) without
// throwing: a missing or mistyped field is the fallback. The bot layer reads frames that the
// server itself wrote, so a missing field is a version skew to tolerate, never a client's fault.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace rochade::server::bots {

inline std::string text_or(const nlohmann::json& object, const char* key, std::string fallback = "")
{
    const auto found = object.find(key);
    return found != object.end() && found->is_string() ? found->get<std::string>() : std::move(fallback);
}

inline std::int64_t number_or(const nlohmann::json& object, const char* key, std::int64_t fallback = 0)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_number_integer() ? found->get<std::int64_t>() : fallback;
}

inline bool flag(const nlohmann::json& object, const char* key)
{
    const auto found = object.find(key);
    return found != object.end() && found->is_boolean() && found->get<bool>();
}

} // namespace rochade::server::bots
