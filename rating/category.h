// Rating categories: each player has one rating per category, chosen by the game's
// estimated duration, base time + 40 x increment (the moves of a typical game), as the big
// servers do. The spelling is for the JSON and SQL edge; nothing else should compare names.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rochade::rating {

// Chess960 is one category for all speeds (as on lichess): a rated Chess960 game counts there
// whatever its time control, and category_for never returns it.
enum class RatingCategory { Bullet, Blitz, Rapid, Classical, Chess960 };

// Bullet under 180 s of estimated duration, blitz under 480 s, rapid under 1,500 s, classical
// from there on. Untimed games are never rated, so they have no category of their own; a
// multi-stage control is judged by its first stage.
RatingCategory category_for(std::int64_t base_ms, std::int64_t increment_ms);

// "bullet", "blitz", "rapid", "classical", "chess960".
std::string_view category_name(RatingCategory category);
// The category with that exact name, or nothing.
std::optional<RatingCategory> category_named(std::string_view name);

} // namespace rochade::rating
