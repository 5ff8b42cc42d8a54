#include "rating/category.h"

#include <array>

namespace rochade::rating {

namespace {

constexpr std::array all_categories{RatingCategory::Bullet, RatingCategory::Blitz, RatingCategory::Rapid,
                                    RatingCategory::Classical, RatingCategory::Chess960};

} // namespace

RatingCategory category_for(std::int64_t base_ms, std::int64_t increment_ms)
{
    // In milliseconds, so that 179.5 s is still bullet and no division rounds.
    const std::int64_t estimated_ms = base_ms + 40 * increment_ms;
    if (estimated_ms < 180'000) return RatingCategory::Bullet;
    if (estimated_ms < 480'000) return RatingCategory::Blitz;
    if (estimated_ms < 1'500'000) return RatingCategory::Rapid;
    return RatingCategory::Classical;
}

std::string_view category_name(RatingCategory category)
{
    switch (category) {
    case RatingCategory::Bullet: return "bullet";
    case RatingCategory::Blitz: return "blitz";
    case RatingCategory::Rapid: return "rapid";
    case RatingCategory::Classical: return "classical";
    case RatingCategory::Chess960: return "chess960";
    }
    return "classical";
}

std::optional<RatingCategory> category_named(std::string_view name)
{
    for (const RatingCategory category : all_categories)
        if (category_name(category) == name) return category;
    return std::nullopt;
}

} // namespace rochade::rating
