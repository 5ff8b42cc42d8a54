// The config file's "computer" section (docs/bots.md, "Playing the computer"): the engine pool's
// size and queue, the engines' paths and the pause; wrong values are refused naming the field.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "server/config/server_config.h"

using rochade::server::load_config_file;
using rochade::server::ServerConfig;

namespace {

struct ComputerConfigFile {
    explicit ComputerConfigFile(const std::string& text)
        : path(
              (std::filesystem::temp_directory_path() / ("rochade-computer-config-" + std::to_string(::getpid()) + "-" +
                                                         std::to_string(std::hash<std::string>{}(text)) + ".json"))
                  .string())
    {
        std::ofstream(path) << text;
    }
    ~ComputerConfigFile() { std::filesystem::remove(path); }
    std::string path;
};

} // namespace

TEST_CASE("the computer section sets the pool, the paths and the pause", "[server_config][computer]")
{
    const ComputerConfigFile file(R"({"computer": {"engines": 2, "queue_limit": 3, "stockfish_path": "/opt/sf",
                                       "fairy_stockfish_path": "/opt/fsf", "move_delay_max_ms": 0}})");
    const auto config = load_config_file(file.path, ServerConfig{});
    REQUIRE(config);
    CHECK(config->computer.engines == 2);
    CHECK(config->computer.queue_limit == 3);
    CHECK(config->computer.stockfish_path == "/opt/sf");
    CHECK(config->computer.fairy_stockfish_path == "/opt/fsf");
    CHECK(config->computer.move_delay_max_ms == 0);

    const auto defaults = ServerConfig{}.computer;
    CHECK(defaults.engines == 0); // the pool's default count
    CHECK(defaults.move_delay_max_ms == 1200);
}

TEST_CASE("the computer section's wrong values are refused naming the field", "[server_config][computer]")
{
    const std::pair<std::string, std::string> cases[] = {
        {R"({"computer": {"engines": -1}})", "computer.engines"},
        {R"({"computer": {"queue_limit": "many"}})", "computer.queue_limit"},
        {R"({"computer": {"move_delay_max_ms": 60000}})", "computer.move_delay_max_ms"},
        {R"({"computer": {"stockfish_path": 5}})", "computer.stockfish_path"},
        {R"({"computer": {"levels": 9}})", "computer.levels"},
        {R"({"computer": 1})", "computer"},
    };
    for (const auto& [text, field] : cases) {
        INFO(text);
        const ComputerConfigFile file(text);
        const auto config = load_config_file(file.path, ServerConfig{});
        REQUIRE_FALSE(config);
        CHECK(config.error().find(field) != std::string::npos);
    }
}
