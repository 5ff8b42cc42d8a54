#include <catch2/catch.hpp>

#include <utility>

#include "rating/category.h"

using namespace rochade::rating;

TEST_CASE("the category follows base + 40 x increment: bullet < 180 s <= blitz < 480 s <= rapid < 1500 s")
{
    struct Case {
        std::int64_t base_ms;
        std::int64_t increment_ms;
        RatingCategory expected;
    };
    const Case cases[] = {
        {60'000, 0, RatingCategory::Bullet},          // 1+0
        {179'000, 0, RatingCategory::Bullet},         // 179 s
        {179'999, 0, RatingCategory::Bullet},         // just under, in milliseconds
        {180'000, 0, RatingCategory::Blitz},          // 180 s
        {60'000, 3'000, RatingCategory::Blitz},       // 1+3 = 60 + 120 = 180
        {0, 5'000, RatingCategory::Blitz},            // 0+5 = 200
        {300'000, 3'000, RatingCategory::Blitz},      // 5+3 = 300 + 120 = 420
        {479'000, 0, RatingCategory::Blitz},          // 479 s
        {480'000, 0, RatingCategory::Rapid},          // 480 s
        {600'000, 5'000, RatingCategory::Rapid},      // 10+5 = 600 + 200 = 800
        {1'499'000, 0, RatingCategory::Rapid},        // 1499 s
        {1'500'000, 0, RatingCategory::Classical},    // 1500 s
        {900'000, 15'000, RatingCategory::Classical}, // 15+15 = 900 + 600 = 1500
        {5'400'000, 30'000, RatingCategory::Classical},
    };
    for (const Case& c : cases) {
        INFO(c.base_ms << " ms + " << c.increment_ms << " ms");
        CHECK(category_for(c.base_ms, c.increment_ms) == c.expected);
    }
}

TEST_CASE("each category has one name, and the name reads back")
{
    const std::pair<RatingCategory, std::string_view> names[] = {{RatingCategory::Bullet, "bullet"},
                                                                 {RatingCategory::Blitz, "blitz"},
                                                                 {RatingCategory::Rapid, "rapid"},
                                                                 {RatingCategory::Classical, "classical"}};
    for (const auto& [category, name] : names) {
        CHECK(category_name(category) == name);
        CHECK(category_named(name) == category);
    }
    CHECK_FALSE(category_named("Blitz"));
    CHECK_FALSE(category_named(""));
    CHECK_FALSE(category_named("correspondence"));
}
