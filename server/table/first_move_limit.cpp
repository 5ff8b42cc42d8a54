#include "server/table/first_move_limit.h"

#include "rating/category.h"
#include "server/table/table_ratings.h"

namespace rochade::server {

namespace {

// lichess's ultrabullet: an estimated duration (base + 40 x increment) under 30 s.
constexpr std::int64_t UltrabulletBelowMs = 30'000;

std::chrono::seconds limit_for(rating::RatingCategory category)
{
    switch (category) {
    case rating::RatingCategory::Bullet: return std::chrono::seconds{20};
    case rating::RatingCategory::Blitz: return std::chrono::seconds{25};
    case rating::RatingCategory::Rapid: return std::chrono::seconds{30};
    case rating::RatingCategory::Classical: return std::chrono::seconds{35};
    case rating::RatingCategory::Chess960: break; // no speed: category_for never gives it
    }
    return std::chrono::seconds{35};
}

} // namespace

std::optional<std::chrono::milliseconds> first_move_limit(const protocol::TimeControl& time_control,
                                                          std::optional<std::int64_t> configured_ms)
{
    if (time_control.untimed()) return std::nullopt;
    if (configured_ms) return std::chrono::milliseconds{*configured_ms};
    const auto category = TableRatings::category_of(time_control);
    if (!category) return std::nullopt;
    const std::int64_t per_move_ms =
        time_control.increment_ms + (time_control.delay == protocol::DelayKind::None ? 0 : time_control.delay_ms);
    if (time_control.stages.front().time_ms + 40 * per_move_ms < UltrabulletBelowMs) return std::chrono::seconds{15};
    return limit_for(*category);
}

} // namespace rochade::server
