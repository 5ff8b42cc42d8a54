#include "matchmaking/pool_catalogue.h"

#include <array>

namespace rochade::matchmaking {

namespace {

using std::chrono::seconds;

constexpr std::array<PoolSpec, 11> pools{{
    {"1+0", 1, 0, seconds{12}, 20},
    {"2+1", 2, 1, seconds{12}, 20},
    {"3+0", 3, 0, seconds{15}, 30},
    {"3+2", 3, 2, seconds{20}, 25},
    {"5+0", 5, 0, seconds{20}, 30},
    {"5+3", 5, 3, seconds{25}, 25},
    {"10+0", 10, 0, seconds{30}, 25},
    {"10+5", 10, 5, seconds{40}, 20},
    {"15+10", 15, 10, seconds{50}, 16},
    {"30+0", 30, 0, seconds{60}, 16},
    {"30+20", 30, 20, seconds{60}, 16},
}};

} // namespace

std::span<const PoolSpec> pool_catalogue() { return pools; }

std::optional<PoolSpec> pool_named(std::string_view id)
{
    for (const PoolSpec& pool : pools)
        if (pool.id == id) return pool;
    return std::nullopt;
}

} // namespace rochade::matchmaking
