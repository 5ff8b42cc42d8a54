// Time controls on the wire (parse_time_control and time_control_to_json, declared in
// decode.h): the short forms "untimed" and "M+S", and the object form with "kind", which is
// also what the server writes. Everything is checked here, so a TimeControl that comes out is
// one the clock can run: a base above zero, at most ten stages, times within a day,
// increments and delays within an hour, never an increment and a delay together.
#include <charconv>
#include <string>

#include <nlohmann/json.hpp>

#include "protocol/decode.h"

namespace rochade::protocol {
namespace {

constexpr std::int64_t max_stage_ms = 24LL * 60 * 60 * 1000;
constexpr std::int64_t max_bonus_ms = 60LL * 60 * 1000;
constexpr std::size_t max_stages = 10;
constexpr int max_stage_moves = 200;

using Failure = rochade::Unexpected<std::string>;
Failure fail(std::string message) { return rochade::unexpected(std::move(message)); }

// A whole number of milliseconds in [minimum, maximum] from field `name` of `object`.
rochade::Expected<std::int64_t, std::string> read_ms(const nlohmann::json& object, const char* name,
                                                     std::int64_t minimum, std::int64_t maximum)
{
    const auto it = object.find(name);
    if (it == object.end() || it->is_null()) return fail(std::string("time_control: field '") + name + "' is missing");
    if (!it->is_number_integer()) return fail(std::string("time_control: field '") + name + "' must be an integer");
    const bool too_big = it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(maximum);
    const std::int64_t value = too_big ? maximum + 1 : it->get<std::int64_t>();
    if (value < minimum || value > maximum) {
        return fail(std::string("time_control: field '") + name + "' must be between " + std::to_string(minimum) +
                    " and " + std::to_string(maximum) + " ms, not " + it->dump());
    }
    return value;
}

// The fields each kind may carry; a known field under the wrong kind ("increment_ms" with
// "sudden_death") is refused rather than silently dropped, because the players would get a
// different game than they asked for. Unknown fields are ignored (forward compatibility).
rochade::Expected<bool, std::string> refuse_foreign_fields(const nlohmann::json& object, std::string_view kind,
                                                           std::initializer_list<std::string_view> allowed)
{
    for (const std::string_view field : {"base_ms", "increment_ms", "delay_ms", "delay_kind", "stages"}) {
        bool is_allowed = false;
        for (const std::string_view a : allowed) is_allowed = is_allowed || a == field;
        const auto it = object.find(field);
        if (!is_allowed && it != object.end() && !it->is_null()) {
            return fail("time_control: field '" + std::string(field) + "' does not belong to kind '" +
                        std::string(kind) + "'");
        }
    }
    return true;
}

// "M+S": M minutes (a whole number or a decimal such as 0.5) and S whole seconds of Fischer
// increment; "5+0" is sudden death.
rochade::Expected<TimeControl, std::string> parse_short_form(std::string_view text)
{
    const std::string quoted = "time_control '" + std::string(text.substr(0, 32)) + "'";
    const auto plus = text.find('+');
    if (plus == std::string_view::npos)
        return fail(quoted + " is neither \"untimed\" nor minutes+seconds such as \"5+3\"");
    const std::string_view minutes = text.substr(0, plus);
    const std::string_view seconds = text.substr(plus + 1);

    const auto dot = minutes.find('.');
    const std::string_view whole = minutes.substr(0, dot);
    const std::string_view fraction = dot == std::string_view::npos ? std::string_view{} : minutes.substr(dot + 1);
    const auto all_digits = [](std::string_view s) {
        for (const char c : s)
            if (c < '0' || c > '9') return false;
        return true;
    };
    if (whole.empty() || whole.size() > 4 || !all_digits(whole) || fraction.size() > 3 || !all_digits(fraction) ||
        (dot != std::string_view::npos && fraction.empty()))
        return fail(quoted + ": the minutes must be a number such as 5 or 0.5");
    if (seconds.empty() || seconds.size() > 4 || !all_digits(seconds))
        return fail(quoted + ": the increment must be a whole number of seconds");

    std::int64_t base_ms = 0;
    std::from_chars(whole.data(), whole.data() + whole.size(), base_ms);
    base_ms *= 60'000;
    std::int64_t scale = 6'000; // the first decimal of a minute is 6 seconds
    for (const char digit : fraction) base_ms += (digit - '0') * scale, scale /= 10;
    std::int64_t increment_ms = 0;
    std::from_chars(seconds.data(), seconds.data() + seconds.size(), increment_ms);
    increment_ms *= 1000;

    if (base_ms <= 0) return fail(quoted + ": the base time must be above zero");
    if (base_ms > max_stage_ms) return fail(quoted + ": the base time must be at most 1440 minutes");
    if (increment_ms > max_bonus_ms) return fail(quoted + ": the increment must be at most 3600 seconds");
    TimeControl tc;
    tc.stages.push_back({0, base_ms});
    tc.increment_ms = increment_ms;
    return tc;
}

rochade::Expected<TimeControl, std::string> parse_stages(const nlohmann::json& object)
{
    const auto it = object.find("stages");
    if (it == object.end() || it->is_null()) return fail("time_control: field 'stages' is missing");
    if (!it->is_array()) return fail("time_control: field 'stages' must be an array");
    if (it->empty() || it->size() > max_stages)
        return fail("time_control: 'stages' must have 1 to " + std::to_string(max_stages) + " stages");

    TimeControl tc;
    for (std::size_t i = 0; i < it->size(); ++i) {
        const nlohmann::json& stage = (*it)[i];
        const std::string where = "time_control: stage " + std::to_string(i + 1);
        if (!stage.is_object()) return fail(where + " must be an object");
        const bool last = i + 1 == it->size();
        const auto moves = stage.find("moves");
        const bool has_moves = moves != stage.end() && !moves->is_null();
        TimeStage parsed;
        if (last && has_moves)
            return fail(where + " is the last and must not have 'moves' (it lasts the rest of the game)");
        if (!last) {
            if (!has_moves) return fail(where + ": field 'moves' is missing (only the last stage may omit it)");
            if (!moves->is_number_integer() || moves->get<std::int64_t>() < 1 ||
                moves->get<std::int64_t>() > max_stage_moves)
                return fail(where + ": field 'moves' must be an integer from 1 to " + std::to_string(max_stage_moves));
            parsed.moves = moves->get<int>();
        }
        // Later stages may add nothing (only the increment carries on); the first must give time.
        auto time = read_ms(stage, "time_ms", i == 0 ? 1 : 0, max_stage_ms);
        if (!time) return fail(where + ": " + time.error().substr(std::string("time_control: ").size()));
        parsed.time_ms = *time;
        tc.stages.push_back(parsed);
    }

    const auto has = [&](const char* name) { return object.contains(name) && !object[name].is_null(); };
    if (has("increment_ms")) {
        auto increment = read_ms(object, "increment_ms", 0, max_bonus_ms);
        if (!increment) return fail(increment.error());
        tc.increment_ms = *increment;
    }
    if (has("delay_ms")) {
        auto delay = read_ms(object, "delay_ms", 0, max_bonus_ms);
        if (!delay) return fail(delay.error());
        tc.delay_ms = *delay;
        const auto kind = object.find("delay_kind");
        if (kind == object.end() || !kind->is_string())
            return fail("time_control: field 'delay_kind' (\"bronstein\" or \"simple\") must come with 'delay_ms'");
        if (*kind == "bronstein") {
            tc.delay = DelayKind::Bronstein;
        } else if (*kind == "simple") {
            tc.delay = DelayKind::Simple;
        } else {
            return fail("time_control: field 'delay_kind' must be \"bronstein\" or \"simple\"");
        }
        if (tc.delay_ms == 0) tc.delay = DelayKind::None;
    }
    if (tc.increment_ms > 0 && tc.delay_ms > 0)
        return fail("time_control: an increment and a delay cannot be combined; choose one");
    return tc;
}

rochade::Expected<TimeControl, std::string> parse_object_form(const nlohmann::json& object)
{
    const auto kind_it = object.find("kind");
    if (kind_it == object.end() || !kind_it->is_string())
        return fail("time_control: field 'kind' must be a string (untimed, sudden_death, fischer, bronstein, delay, "
                    "stages)");
    const std::string kind = kind_it->get<std::string>();

    auto one_stage =
        [&](std::initializer_list<std::string_view> allowed) -> rochade::Expected<TimeControl, std::string> {
        if (auto foreign = refuse_foreign_fields(object, kind, allowed); !foreign) return fail(foreign.error());
        auto base = read_ms(object, "base_ms", 1, max_stage_ms);
        if (!base) return fail(base.error());
        TimeControl tc;
        tc.stages.push_back({0, *base});
        return tc;
    };

    if (kind == "untimed") {
        if (auto foreign = refuse_foreign_fields(object, kind, {}); !foreign) return fail(foreign.error());
        return TimeControl{};
    }
    if (kind == "sudden_death") return one_stage({"base_ms"});
    if (kind == "fischer") {
        auto tc = one_stage({"base_ms", "increment_ms"});
        if (!tc) return tc;
        auto increment = read_ms(object, "increment_ms", 1, max_bonus_ms);
        if (!increment) return fail(increment.error());
        tc->increment_ms = *increment;
        return tc;
    }
    if (kind == "bronstein" || kind == "delay") {
        auto tc = one_stage({"base_ms", "delay_ms"});
        if (!tc) return tc;
        auto delay = read_ms(object, "delay_ms", 1, max_bonus_ms);
        if (!delay) return fail(delay.error());
        tc->delay_ms = *delay;
        tc->delay = kind == "bronstein" ? DelayKind::Bronstein : DelayKind::Simple;
        return tc;
    }
    if (kind == "stages") {
        if (auto foreign = refuse_foreign_fields(object, kind, {"stages", "increment_ms", "delay_ms", "delay_kind"});
            !foreign)
            return fail(foreign.error());
        return parse_stages(object);
    }
    return fail("time_control: unknown kind '" + kind.substr(0, 32) +
                "' (untimed, sudden_death, fischer, bronstein, delay, stages)");
}

} // namespace

rochade::Expected<TimeControl, std::string> parse_time_control(const nlohmann::json& value)
{
    try {
        if (value.is_string()) {
            const auto& text = value.get_ref<const std::string&>();
            if (text == "untimed") return TimeControl{};
            return parse_short_form(text);
        }
        if (value.is_object()) return parse_object_form(value);
        return fail("field 'time_control' must be a string such as \"5+3\" or an object with \"kind\"");
    } catch (const std::exception& e) { // the checks above should make this unreachable
        return fail(std::string("time_control could not be read: ") + e.what());
    }
}

nlohmann::json time_control_to_json(const TimeControl& tc)
{
    if (tc.untimed()) return {{"kind", "untimed"}};
    const bool single = tc.stages.size() == 1 && tc.stages[0].moves == 0;
    if (single && tc.increment_ms == 0 && tc.delay == DelayKind::None)
        return {{"kind", "sudden_death"}, {"base_ms", tc.stages[0].time_ms}};
    if (single && tc.increment_ms > 0 && tc.delay == DelayKind::None)
        return {{"kind", "fischer"}, {"base_ms", tc.stages[0].time_ms}, {"increment_ms", tc.increment_ms}};
    if (single && tc.increment_ms == 0 && tc.delay != DelayKind::None) {
        return {{"kind", tc.delay == DelayKind::Bronstein ? "bronstein" : "delay"},
                {"base_ms", tc.stages[0].time_ms},
                {"delay_ms", tc.delay_ms}};
    }
    nlohmann::json stages = nlohmann::json::array();
    for (const TimeStage& stage : tc.stages) {
        nlohmann::json s = {{"time_ms", stage.time_ms}};
        if (stage.moves > 0) s["moves"] = stage.moves;
        stages.push_back(std::move(s));
    }
    nlohmann::json out = {{"kind", "stages"}, {"stages", std::move(stages)}};
    if (tc.increment_ms > 0) out["increment_ms"] = tc.increment_ms;
    if (tc.delay != DelayKind::None) {
        out["delay_ms"] = tc.delay_ms;
        out["delay_kind"] = tc.delay == DelayKind::Bronstein ? "bronstein" : "simple";
    }
    return out;
}

} // namespace rochade::protocol
