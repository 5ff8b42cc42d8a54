#include "protocol/pool_encode.h"

#include <nlohmann/json.hpp>

#include "protocol/frame_json.h"

namespace rochade::protocol {
std::string_view pool_left_reason_name(PoolLeftReason reason)
{
    switch (reason) {
    case PoolLeftReason::Left: return "left";
    case PoolLeftReason::Paired: return "paired";
    case PoolLeftReason::Refused: return "refused";
    }
    return "left";
}

std::string encode_pools(const std::vector<PoolCountView>& pools)
{
    FrameJson list = FrameJson::array();
    for (const auto& pool : pools)
        list.push_back({{"pool", pool.pool}, {"waiting", pool.waiting}, {"games_running", pool.games_running}});
    return frame_text(FrameJson{{"type", "pools"}, {"pools", std::move(list)}});
}

std::string encode_pool_left(std::string_view pool, PoolLeftReason reason, std::optional<TableId> table,
                             std::optional<std::string> message)
{
    FrameJson frame{{"type", "pool_left"}, {"pool", pool}, {"reason", pool_left_reason_name(reason)}};
    if (table) frame["table"] = *table;
    if (message) frame["message"] = *message;
    return frame_text(frame);
}

} // namespace rochade::protocol
