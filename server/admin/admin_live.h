// The admin API's live view (GET /api/admin/live) and the sanctions in force
// (GET /api/admin/sanctions) as the JSON of docs/admin.md. Client addresses and address bans
// are an admin's to see: a moderator's answer leaves them out here, whatever it was given.
#pragma once

#include <vector>

#include <nlohmann/json.hpp>

#include "db/moderation_records.h"
#include "server/moderation/moderation.h"

namespace rochade::server {

nlohmann::json live_json(const LiveView& view, bool admin);
nlohmann::json sanctions_json(const std::vector<db::SanctionRecord>& sanctions, bool admin);

} // namespace rochade::server
