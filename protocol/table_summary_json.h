// A table summary as JSON and back: the nodes of a cluster tell each other about their tables
// in the same shape the clients see (docs/protocol.md, "table summary").
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "engine/expected.h"
#include "protocol/messages.h"

namespace rochade::protocol {

// In the order the clients see the fields (protocol/encode.cpp writes summaries with it).
nlohmann::ordered_json table_summary_to_json(const TableSummary& table);
// The error names the field that was missing or wrong.
rochade::Expected<TableSummary, std::string> table_summary_from_json(const nlohmann::json& value);

} // namespace rochade::protocol
