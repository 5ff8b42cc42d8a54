#include "server/api/reply.h"

#include <spdlog/spdlog.h>

namespace rochade::server {

using protocol::ErrorCode;

int admin_http_status(ErrorCode code)
{
    switch (code) {
    case ErrorCode::NotLoggedIn: return 401;
    case ErrorCode::Forbidden: return 403;
    case ErrorCode::NoSuchNick:
    case ErrorCode::NoSuchTable:
    case ErrorCode::NoSuchGame:
    case ErrorCode::NoSuchRoom: return 404;
    case ErrorCode::Busy:
    case ErrorCode::StorageUnavailable:
    case ErrorCode::ShuttingDown: return 503;
    case ErrorCode::InternalError: return 500;
    default: return 400;
    }
}

std::string admin_json_text(const nlohmann::json& value)
{
    const std::string text = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    // Outside strings JSON has none of these characters, so each one found is inside a string,
    // where the \u escape means the same character.
    std::string escaped;
    escaped.reserve(text.size());
    for (const char c : text) {
        switch (c) {
        case '<': escaped += "\\u003c"; break;
        case '>': escaped += "\\u003e"; break;
        case '&': escaped += "\\u0026"; break;
        default: escaped += c;
        }
    }
    return escaped;
}

ApiResponse admin_json(const nlohmann::json& value, int status)
{
    ApiResponse response;
    response.status = status;
    response.body = admin_json_text(value);
    return response;
}

ApiResponse admin_error(ErrorCode code, std::string message, int status)
{
    return admin_json({{"error", protocol::error_code_name(code)}, {"message", std::move(message)}},
                      status ? status : admin_http_status(code));
}

ApiResponse store_unreadable(std::string_view area, std::string_view what, const db::StoreError& error)
{
    spdlog::error("{}: {} failed: {}", area, what, error.message);
    return admin_error(ErrorCode::StorageUnavailable,
                       std::string(what) + ": the database cannot be read now; try again");
}

std::optional<ApiResponse> refuse_unless_read(const ApiRequest& request, std::string_view who)
{
    if (request.method == "GET" || request.method == "HEAD") return std::nullopt;
    auto response = admin_error(protocol::ErrorCode::BadRequest,
                                std::string(request.path) + ": " + std::string(who) + " answer GET and HEAD only", 405);
    response.allow = "GET, HEAD";
    return response;
}

} // namespace rochade::server
