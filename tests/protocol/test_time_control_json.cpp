// Time controls on the wire: every form the protocol allows, the limits, and the object form
// the server writes back (which must read back to the same value).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"

using namespace rochade::protocol;
using nlohmann::json;

namespace {

TimeControl make(std::vector<TimeStage> stages, std::int64_t increment = 0, std::int64_t delay = 0,
                 DelayKind kind = DelayKind::None)
{
    TimeControl tc;
    tc.stages = std::move(stages);
    tc.increment_ms = increment;
    tc.delay_ms = delay;
    tc.delay = kind;
    return tc;
}

} // namespace

TEST_CASE("every time control form reads to its value")
{
    struct Case {
        std::string wire;
        TimeControl expected;
        std::string kind; // what time_control_to_json writes
    };
    const Case cases[] = {
        {R"("untimed")", make({}), "untimed"},
        {R"({"kind":"untimed"})", make({}), "untimed"},
        {R"("5+3")", make({{0, 300'000}}, 3'000), "fischer"},
        {R"("5+0")", make({{0, 300'000}}), "sudden_death"},
        {R"("0.5+0")", make({{0, 30'000}}), "sudden_death"},
        {R"("1.25+1")", make({{0, 75'000}}, 1'000), "fischer"},
        {R"("90+30")", make({{0, 5'400'000}}, 30'000), "fischer"},
        {R"({"kind":"sudden_death","base_ms":300000})", make({{0, 300'000}}), "sudden_death"},
        {R"({"kind":"fischer","base_ms":180000,"increment_ms":2000})", make({{0, 180'000}}, 2'000), "fischer"},
        {R"({"kind":"bronstein","base_ms":180000,"delay_ms":3000})",
         make({{0, 180'000}}, 0, 3'000, DelayKind::Bronstein), "bronstein"},
        {R"({"kind":"delay","base_ms":180000,"delay_ms":5000})", make({{0, 180'000}}, 0, 5'000, DelayKind::Simple),
         "delay"},
        {R"({"kind":"stages","stages":[{"moves":40,"time_ms":5400000},{"time_ms":1800000}],"increment_ms":30000})",
         make({{40, 5'400'000}, {0, 1'800'000}}, 30'000), "stages"},
        {R"({"kind":"stages","stages":[{"moves":40,"time_ms":7200000},{"moves":20,"time_ms":3600000},{"time_ms":0}],)"
         R"("delay_ms":5000,"delay_kind":"simple"})",
         make({{40, 7'200'000}, {20, 3'600'000}, {0, 0}}, 0, 5'000, DelayKind::Simple), "stages"},
        {R"({"kind":"fischer","base_ms":60000,"increment_ms":1000,"future_field":true})", make({{0, 60'000}}, 1'000),
         "fischer"},
    };
    for (const Case& c : cases) {
        INFO(c.wire);
        auto tc = parse_time_control(json::parse(c.wire));
        if (!tc) FAIL(tc.error());
        CHECK(*tc == c.expected);
        const json written = time_control_to_json(*tc);
        CHECK(written["kind"] == c.kind);
        auto again = parse_time_control(written);
        REQUIRE(again);
        CHECK(*again == c.expected);
    }
}

TEST_CASE("time controls out of bounds are refused with a reason")
{
    struct Case {
        std::string wire;
        std::string message_part;
    };
    const Case cases[] = {
        {R"("blitz")", "neither \"untimed\" nor"},
        {R"("0+1")", "base time must be above zero"},
        {R"("0.0+1")", "base time must be above zero"},
        {R"("5+")", "increment"},
        {R"("+3")", "minutes"},
        {R"("-5+3")", "minutes"},
        {R"("5.+3")", "minutes"},
        {R"("1441+0")", "at most 1440 minutes"},
        {R"("5+3601")", "at most 3600 seconds"},
        {R"(7)", "'time_control' must be"},
        {R"({"base_ms":1000})", "'kind'"},
        {R"({"kind":"rapid"})", "unknown kind 'rapid'"},
        {R"({"kind":"sudden_death"})", "'base_ms' is missing"},
        {R"({"kind":"sudden_death","base_ms":0})", "'base_ms' must be between 1 and 86400000"},
        {R"({"kind":"sudden_death","base_ms":86400001})", "'base_ms' must be between"},
        {R"({"kind":"sudden_death","base_ms":"300000"})", "'base_ms' must be an integer"},
        {R"({"kind":"sudden_death","base_ms":3000.5})", "'base_ms' must be an integer"},
        {R"({"kind":"sudden_death","base_ms":300000,"increment_ms":2000})", "'increment_ms' does not belong"},
        {R"({"kind":"fischer","base_ms":300000})", "'increment_ms' is missing"},
        {R"({"kind":"fischer","base_ms":300000,"increment_ms":3600001})", "'increment_ms' must be between"},
        {R"({"kind":"fischer","base_ms":300000,"increment_ms":1000,"delay_ms":1000})", "'delay_ms' does not belong"},
        {R"({"kind":"bronstein","base_ms":300000})", "'delay_ms' is missing"},
        {R"({"kind":"delay","base_ms":300000,"delay_ms":-1})", "'delay_ms' must be between"},
        {R"({"kind":"untimed","base_ms":300000})", "'base_ms' does not belong"},
        {R"({"kind":"stages"})", "'stages' is missing"},
        {R"({"kind":"stages","stages":{}})", "'stages' must be an array"},
        {R"({"kind":"stages","stages":[]})", "1 to 10 stages"},
        {R"({"kind":"stages","stages":[{"moves":40,"time_ms":60000}]})", "must not have 'moves'"},
        {R"({"kind":"stages","stages":[{"time_ms":60000},{"time_ms":60000}]})", "stage 1: field 'moves' is missing"},
        {R"({"kind":"stages","stages":[{"moves":0,"time_ms":60000},{"time_ms":60000}]})", "'moves' must be"},
        {R"({"kind":"stages","stages":[{"moves":40,"time_ms":0},{"time_ms":60000}]})", "stage 1: field 'time_ms'"},
        {R"({"kind":"stages","stages":[7]})", "stage 1 must be an object"},
        {R"({"kind":"stages","stages":[{"time_ms":60000}],"increment_ms":1000,"delay_ms":1000,"delay_kind":"simple"})",
         "cannot be combined"},
        {R"({"kind":"stages","stages":[{"time_ms":60000}],"delay_ms":1000})", "'delay_kind'"},
        {R"({"kind":"stages","stages":[{"time_ms":60000}],"delay_ms":1000,"delay_kind":"us"})", "'delay_kind' must be"},
        {R"({"kind":"stages","stages":[{"time_ms":60000}],"base_ms":1000})", "'base_ms' does not belong"},
    };
    for (const Case& c : cases) {
        INFO(c.wire);
        auto tc = parse_time_control(json::parse(c.wire));
        REQUIRE_FALSE(tc);
        INFO(tc.error());
        CHECK(tc.error().find(c.message_part) != std::string::npos);
    }

    json eleven = {{"kind", "stages"}, {"stages", json::array()}};
    for (int i = 0; i < 10; ++i) eleven["stages"].push_back({{"moves", 10}, {"time_ms", 60000}});
    eleven["stages"].push_back({{"time_ms", 60000}});
    auto tc = parse_time_control(eleven);
    REQUIRE_FALSE(tc);
    CHECK(tc.error().find("1 to 10 stages") != std::string::npos);
}
