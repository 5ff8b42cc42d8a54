// The admin API's answers: JSON bodies, and errors as {"error": CODE, "message": SENTENCE} with
// the protocol's error codes and the HTTP status that goes with each. Shared by the endpoint
// files so that every answer is written the same way.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "db/store_error.h"
#include "protocol/error_code.h"
#include "server/api/account_api.h"

namespace rochade::server {

// not_logged_in 401; forbidden 403; no_such_nick, no_such_table, no_such_game 404;
// storage_unavailable and busy 503; internal_error 500; every other code 400.
int admin_http_status(protocol::ErrorCode code);

// The JSON text of `value`, with '<', '>' and '&' written as \u escapes: a nick or a chat line
// holding "<script>" stays inert even if a browser is made to read the answer as HTML. Invalid
// UTF-8 is replaced, never thrown over.
std::string admin_json_text(const nlohmann::json& value);

ApiResponse admin_json(const nlohmann::json& value, int status = 200);
// `status` 0: the code's own (admin_http_status).
ApiResponse admin_error(protocol::ErrorCode code, std::string message, int status = 0);

// A read the store could not answer (locked past the busy timeout, an I/O error): the detail goes
// to the log under `area` ("archive"), the client hears that `what` failed and to try again.
ApiResponse store_unreadable(std::string_view area, std::string_view what, const db::StoreError& error);

// A 405 with `Allow: GET, HEAD` for a read-only endpoint asked with another method; nothing for
// GET and HEAD. `who` names the endpoint in the message ("the archive").
std::optional<ApiResponse> refuse_unless_read(const ApiRequest& request, std::string_view who);

} // namespace rochade::server
