// The quick-pairing events (docs/protocol.md, "Pools"). Unsequenced, as the challenge events:
// they belong to no table, and a client that was away asks list_pools again.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/messages.h"

namespace rochade::protocol {

// One pool as the first page and the lobby show it.
struct PoolCountView {
    std::string pool; // "3+0"
    std::size_t waiting = 0;
    std::size_t games_running = 0;
};

// Why a player waits in a pool no more.
enum class PoolLeftReason : std::uint8_t {
    Left,    // he asked (leave_pool)
    Paired,  // a wave paired him: his game's table follows (table_state, game_started)
    Refused, // a wave paired him but the game could not start; `message` says why
};

std::string_view pool_left_reason_name(PoolLeftReason reason);

// {"type":"pools","pools":[{"pool":"1+0","waiting":3,"games_running":1},...]}
std::string encode_pools(const std::vector<PoolCountView>& pools);
// {"type":"pool_left","pool":"3+0","reason":"paired","table":12} ("table" when paired,
// "message" when refused).
std::string encode_pool_left(std::string_view pool, PoolLeftReason reason, std::optional<TableId> table = {},
                             std::optional<std::string> message = {});

} // namespace rochade::protocol
