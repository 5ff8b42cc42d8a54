// Log lines cannot be forged by client text: the formatter escapes control characters in every
// message, checked on a logger of its own and on the real `rochade serve` with a WebSocket close
// reason that holds a line break.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <thread>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include "server/base/log_format.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::test;
using rochade::server::escaped_for_log;

TEST_CASE("control characters are escaped for the log, everything else is kept", "[log]")
{
    const struct {
        std::string text;
        std::string logged;
    } cases[] = {
        {"plain text", "plain text"},
        {"a\nb", "a\\nb"},
        {"a\r\nb", "a\\r\\nb"},
        {"tab\there", "tab\\there"},
        {std::string("nul\0x", 5), "nul\\x00x"},
        {"bell\x07", "bell\\x07"},
        {"del\x7f", "del\\x7f"},
        {"Schäfer ♞", "Schäfer ♞"}, // UTF-8 stays as it is
    };
    for (const auto& c : cases) {
        INFO(c.logged);
        CHECK(escaped_for_log(c.text) == c.logged);
    }
}

TEST_CASE("a logger set up by escape_log_messages writes one line per message, however it is worded", "[log]")
{
    std::ostringstream out;
    auto logger =
        std::make_shared<spdlog::logger>("escape-test", std::make_shared<spdlog::sinks::ostream_sink_mt>(out));
    spdlog::register_logger(logger);
    rochade::server::escape_log_messages(); // every registered logger
    logger->info("connection 7 closed: {}", "bye\n[2026-01-01 00:00:00.000] [info] admin logged in");
    spdlog::drop("escape-test");
    const std::string text = out.str();
    CHECK(std::count(text.begin(), text.end(), '\n') == 1);
    CHECK_THAT(text, Catch::Contains("bye\\n[2026-01-01 00:00:00.000] [info] admin logged in"));
}

TEST_CASE("rochade serve: a close reason with a line break cannot start a log line of its own", "[log][process]")
{
    ChildServer server;
    {
        WsTestClient client;
        client.connect(server.port());
        client.close("bye\n[2026-01-01 00:00:00.000] [info] FORGED admin logged in");
    }
    std::string log;
    for (int i = 0; i < 50 && log.find("FORGED") == std::string::npos; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
        std::ifstream in(server.log_path());
        log.assign(std::istreambuf_iterator<char>(in), {});
    }
    INFO(log);
    REQUIRE(log.find("FORGED") != std::string::npos); // the reason is logged ...
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) CHECK_FALSE(line.starts_with("[2026-01-01 00:00:00.000]"));
    CHECK_THAT(log, Catch::Contains("bye\\n[2026-01-01")); // ... escaped, on the connection's line
}
