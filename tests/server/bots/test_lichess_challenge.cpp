// A Rochade challenge (docs/protocol.md 6d, the `challenge` frame's object) in lichess's shape,
// and lichess's decline reasons both ways (server/bots/lichess_challenge.h). No server.
#include <cctype>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "server/bots/lichess_challenge.h"

using namespace rochade::server::bots;
using nlohmann::json;

namespace {

// The object of a `challenge` frame as the challenged player gets it: Anna challenges RoboBot.
json rochade_challenge()
{
    return json::parse(R"({"id":"k2Vx9qPz8T4mB7nL1cR6yW3hJ5sD0fGa","from":"Anna","to":"RoboBot",
        "time_control":{"kind":"fischer","base_ms":300000,"increment_ms":3000},"color":"black",
        "rated":false,"message":"Lust?","expires_ms":1795600860000,"variant":"standard"})");
}

} // namespace

TEST_CASE("lichess challenge: a human's challenge to a bot, as the bot's event stream shows it",
          "[bots][lichess_challenge]")
{
    const json out = lichess_challenge(rochade_challenge(), ChallengeSides{false, true, true});
    CHECK(out.at("id") == "k2Vx9qPz8T4mB7nL1cR6yW3hJ5sD0fGa");
    CHECK(out.at("status") == "created");
    CHECK(out.at("challenger") == json{{"id", "anna"}, {"name", "Anna"}, {"title", nullptr}, {"online", true}});
    CHECK(out.at("destUser") == json{{"id", "robobot"}, {"name", "RoboBot"}, {"title", "BOT"}, {"online", true}});
    CHECK(out.at("variant") == json{{"key", "standard"}, {"name", "Standard"}, {"short", "Std"}});
    CHECK(out.at("rated") == false);
    CHECK(out.at("speed") == "blitz");
    CHECK(out.at("perf") == json{{"name", "Blitz"}});
    CHECK(out.at("timeControl") == json{{"type", "clock"}, {"limit", 300}, {"increment", 3}, {"show", "5+3"}});
    CHECK(out.at("color") == "black");
    CHECK(out.at("finalColor") == "black");
    CHECK(out.at("direction") == "in");
    CHECK_FALSE(out.contains("initialFen"));
}

TEST_CASE("lichess challenge: a bot's own challenge to a bot goes out, with both BOT titles",
          "[bots][lichess_challenge]")
{
    json ours = rochade_challenge();
    ours["from"] = "RoboBot";
    ours["to"] = "BlechBot";
    ours["color"] = "white";
    ours["rated"] = true;
    const json out = lichess_challenge(ours, ChallengeSides{true, true, false});
    CHECK(out.at("challenger").at("title") == "BOT");
    CHECK(out.at("destUser").at("title") == "BOT");
    CHECK(out.at("direction") == "out");
    CHECK(out.at("rated") == true);
    CHECK(out.at("finalColor") == "white");
}

TEST_CASE("lichess challenge: the time control as clock or unlimited, and its speed", "[bots][lichess_challenge]")
{
    const struct {
        json time_control;
        json lichess;
        std::string speed, perf;
    } controls[] = {
        {json{{"kind", "untimed"}}, json{{"type", "unlimited"}}, "correspondence", "Correspondence"},
        {json{{"kind", "sudden_death"}, {"base_ms", 60000}},
         json{{"type", "clock"}, {"limit", 60}, {"increment", 0}, {"show", "1+0"}}, "bullet", "Bullet"},
        {json{{"kind", "fischer"}, {"base_ms", 60000}, {"increment_ms", 1000}},
         json{{"type", "clock"}, {"limit", 60}, {"increment", 1}, {"show", "1+1"}}, "bullet", "Bullet"},
        {json{{"kind", "sudden_death"}, {"base_ms", 30000}},
         json{{"type", "clock"}, {"limit", 30}, {"increment", 0}, {"show", "½+0"}}, "bullet", "Bullet"},
        {json{{"kind", "sudden_death"}, {"base_ms", 15000}},
         json{{"type", "clock"}, {"limit", 15}, {"increment", 0}, {"show", "¼+0"}}, "ultraBullet", "UltraBullet"},
        {json{{"kind", "sudden_death"}, {"base_ms", 20000}},
         json{{"type", "clock"}, {"limit", 20}, {"increment", 0}, {"show", "0.33+0"}}, "ultraBullet", "UltraBullet"},
        {json{{"kind", "sudden_death"}, {"base_ms", 45000}},
         json{{"type", "clock"}, {"limit", 45}, {"increment", 0}, {"show", "¾+0"}}, "bullet", "Bullet"},
        {json{{"kind", "fischer"}, {"base_ms", 90000}, {"increment_ms", 1000}},
         json{{"type", "clock"}, {"limit", 90}, {"increment", 1}, {"show", "1.5+1"}}, "bullet", "Bullet"},
        {json{{"kind", "fischer"}, {"base_ms", 600000}, {"increment_ms", 5000}},
         json{{"type", "clock"}, {"limit", 600}, {"increment", 5}, {"show", "10+5"}}, "rapid", "Rapid"},
        {json{{"kind", "sudden_death"}, {"base_ms", 1800000}},
         json{{"type", "clock"}, {"limit", 1800}, {"increment", 0}, {"show", "30+0"}}, "classical", "Classical"},
    };
    for (const auto& control : controls) {
        INFO(control.time_control.dump());
        json ours = rochade_challenge();
        ours["time_control"] = control.time_control;
        const json out = lichess_challenge(ours, ChallengeSides{});
        CHECK(out.at("timeControl") == control.lichess);
        CHECK(out.at("speed") == control.speed);
        CHECK(out.at("perf").at("name") == control.perf);
    }
}

TEST_CASE("lichess challenge: the variants as lichess's keys, a position's FEN as initialFen",
          "[bots][lichess_challenge]")
{
    json ours = rochade_challenge();
    ours["variant"] = "chess960";
    ours["chess960"] = 518;
    ours["start_fen"] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const json shuffled = lichess_challenge(ours, ChallengeSides{});
    CHECK(shuffled.at("variant") == json{{"key", "chess960"}, {"name", "Chess960"}, {"short", "960"}});
    CHECK(shuffled.at("initialFen") == ours["start_fen"]);

    ours = rochade_challenge();
    ours["variant"] = "from_position";
    ours["start_fen"] = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    const json set_up = lichess_challenge(ours, ChallengeSides{});
    CHECK(set_up.at("variant") == json{{"key", "fromPosition"}, {"name", "From Position"}, {"short", "FEN"}});
    CHECK(set_up.at("initialFen") == "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");

    // Without a variant (an older node's frame): standard.
    ours = rochade_challenge();
    ours.erase("variant");
    CHECK(lichess_challenge(ours, ChallengeSides{}).at("variant").at("key") == "standard");
    // Random colour: the colour is decided when the game starts.
    ours["color"] = "random";
    CHECK(lichess_challenge(ours, ChallengeSides{}).at("color") == "random");
}

TEST_CASE("lichess challenge: the decline reasons, lichess's keys to Rochade's names and back",
          "[bots][lichess_challenge]")
{
    const struct {
        std::string lichess, rochade, words;
    } reasons[] = {
        {"generic", "generic", "not accepting challenges at the moment"},
        {"later", "later", "not the right time"},
        {"tooFast", "too_fast", "too fast"},
        {"tooSlow", "too_slow", "too slow"},
        {"timeControl", "time_control", "with this time control"},
        {"rated", "rated", "rated challenge instead"},
        {"casual", "casual", "casual challenge instead"},
        {"standard", "standard", "variant challenges"},
        {"variant", "variant", "this variant"},
        {"noBot", "no_bot", "from bots"},
        {"onlyBot", "only_bot", "only accepting challenges from bots"},
    };
    for (const auto& reason : reasons) {
        INFO(reason.lichess);
        std::string sent = reason.lichess; // lichess sends its keys in lower case, reads them in camelCase
        for (char& c : sent) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        CHECK(rochade_decline_reason(reason.lichess) == reason.rochade);
        CHECK(rochade_decline_reason(sent) == reason.rochade);
        CHECK(rochade_decline_reason(reason.rochade) == reason.rochade); // Rochade's own names pass
        CHECK(lichess_decline_key(reason.rochade) == sent);
        CHECK_THAT(lichess_decline_text(reason.rochade), Catch::Contains(reason.words));
    }
    CHECK_FALSE(rochade_decline_reason("boring"));
    CHECK_FALSE(rochade_decline_reason(""));
    CHECK_FALSE(rochade_decline_reason("too fast"));
    // A reason lichess does not know reads as its generic one.
    CHECK(lichess_decline_key("boring") == "generic");
    CHECK(lichess_decline_text("boring") == lichess_decline_text("generic"));
}
