// Waiting for the room's batched news (docs/protocol.md, "Room updates") in the server tests:
// a room_tables frame that closes a table, or that lists it.
#pragma once

#include <cstdint>
#include <string>

#include "tests/server/ws_test_client.h"

namespace rochade::test {

// The first room_tables frame that lists `table` as closed.
inline json receive_table_closed(WsTestClient& client, std::int64_t table)
{
    return client.receive_matching(
        [table](const json& frame) {
            if (frame.value("type", "") != "room_tables") return false;
            for (const json& closed : frame.at("closed"))
                if (closed == table) return true;
            return false;
        },
        "room_tables closing table " + std::to_string(table));
}

// The summary of `table` from the first room_tables frame that lists it.
inline json receive_table_listed(WsTestClient& client, std::int64_t table)
{
    json found;
    client.receive_matching(
        [&](const json& frame) {
            if (frame.value("type", "") != "room_tables") return false;
            for (const json& summary : frame.at("tables"))
                if (summary.at("table") == table) {
                    found = summary;
                    return true;
                }
            return false;
        },
        "room_tables listing table " + std::to_string(table));
    return found;
}

} // namespace rochade::test
