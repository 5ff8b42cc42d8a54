// server/base/metrics.h and GET /metrics: the text format (escaping, histograms), who may read it
// (server/net/metrics_access.h), and the numbers a real server reports after real play.
#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netinet/in.h>

#include <array>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <thread>

#include "server/base/metrics.h"
#include "server/net/metrics_access.h"
#include "tests/server/seated_game.h"
#include "tests/server/server_fixture.h"
#include "tests/server/ws_test_client.h"

using namespace rochade::server;
using namespace rochade::test;
using namespace std::chrono_literals;

namespace {

// The value of the sample named exactly `series` (its name and labels as written), if any.
std::optional<double> sample(const std::string& text, const std::string& series)
{
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line))
        if (line.rfind(series + " ", 0) == 0) return std::stod(line.substr(series.size() + 1));
    return std::nullopt;
}

double value_of(const std::string& text, const std::string& series)
{
    const auto value = sample(text, series);
    INFO(series << " in\n" << text);
    REQUIRE(value);
    return *value;
}

// An IPv4 address of this host that is not loopback (to be a peer that is not), if it has one.
std::optional<std::string> non_loopback_address()
{
    ifaddrs* list = nullptr;
    if (getifaddrs(&list) != 0) return std::nullopt;
    std::optional<std::string> found;
    for (ifaddrs* entry = list; entry && !found; entry = entry->ifa_next) {
        if (!entry->ifa_addr || entry->ifa_addr->sa_family != AF_INET) continue;
        char text[INET_ADDRSTRLEN] = {};
        const auto* ip = reinterpret_cast<const sockaddr_in*>(entry->ifa_addr);
        if (!inet_ntop(AF_INET, &ip->sin_addr, text, sizeof text)) continue;
        if (!is_loopback_address(text)) found = text;
    }
    freeifaddrs(list);
    return found;
}

} // namespace

TEST_CASE("label values escape backslash, double quote and newline, HELP escapes backslash and newline",
          "[server][metrics]")
{
    CHECK(escape_label_value(R"(plain)") == "plain");
    CHECK(escape_label_value("a\\b") == R"(a\\b)");
    CHECK(escape_label_value("say \"hi\"") == R"(say \"hi\")");
    CHECK(escape_label_value("two\nlines") == R"(two\nlines)");
    CHECK(escape_label_value("\\\"\n") == R"(\\\"\n)");
    CHECK(escape_help("a \"quoted\" \\ line\nnext") == R"(a "quoted" \\ line\nnext)");

    TextExposition out;
    out.family("rochade_things_total", MetricType::Counter, "Things.\nCounted.");
    out.sample("rochade_things_total", {{"nick", "Jürgen \"J\" \\o/\n"}, {"room", "34"}}, std::uint64_t(7));
    out.sample("rochade_things_total", {}, std::int64_t(-2));
    CHECK(out.text() == "# HELP rochade_things_total Things.\\nCounted.\n"
                        "# TYPE rochade_things_total counter\n"
                        "rochade_things_total{nick=\"Jürgen \\\"J\\\" \\\\o/\\n\",room=\"34\"} 7\n"
                        "rochade_things_total -2\n");
}

TEST_CASE("numbers are written as the format reads them", "[server][metrics]")
{
    CHECK(format_number(0.0005) == "0.0005");
    CHECK(format_number(5) == "5");
    CHECK(format_number(2.5) == "2.5");
    CHECK(format_number(1e9) == "1e+09");
    CHECK(format_number(std::numeric_limits<double>::infinity()) == "+Inf");
}

TEST_CASE("a histogram's buckets are cumulative, end in +Inf, and +Inf equals the count", "[server][metrics]")
{
    const std::array<double, 3> bounds{0.001, 0.01, 0.1};
    Histogram histogram(bounds);
    histogram.observe(500us);  // le 0.001
    histogram.observe(1ms);    // le 0.001: a bound is inclusive
    histogram.observe(1001us); // le 0.01
    histogram.observe(50ms);   // le 0.1
    histogram.observe(2s);     // only +Inf
    histogram.observe(3s);     // only +Inf
    TextExposition out;
    out.histogram("rochade_wait_seconds", {{"kind", "x"}}, histogram);
    const std::string& text = out.text();
    INFO(text);
    CHECK(value_of(text, R"(rochade_wait_seconds_bucket{kind="x",le="0.001"})") == 2);
    CHECK(value_of(text, R"(rochade_wait_seconds_bucket{kind="x",le="0.01"})") == 3);
    CHECK(value_of(text, R"(rochade_wait_seconds_bucket{kind="x",le="0.1"})") == 4);
    CHECK(value_of(text, R"(rochade_wait_seconds_bucket{kind="x",le="+Inf"})") == 6);
    CHECK(value_of(text, R"(rochade_wait_seconds_count{kind="x"})") == 6);
    CHECK(value_of(text, R"(rochade_wait_seconds_sum{kind="x"})") == Approx(5.0525));
    // The buckets come in ascending order, +Inf last, then _sum and _count.
    CHECK(text.find("le=\"0.001\"") < text.find("le=\"0.01\""));
    CHECK(text.find("le=\"0.1\"") < text.find("le=\"+Inf\""));
    CHECK(text.find("le=\"+Inf\"") < text.find("_sum"));
}

TEST_CASE("the server's metrics render every family with HELP and TYPE, and each code and kind", "[server][metrics]")
{
    Metrics metrics;
    metrics.moves_committed.add(3);
    ++metrics.players_online(OnlineKind::Guest);
    metrics.error_sent(rochade::protocol::ErrorCode::IllegalMove);
    metrics.limit_closed(LimitClose::MessageRate);
    metrics.store_completed(2ms, std::nullopt);
    metrics.store_completed(7s, rochade::db::StoreError{rochade::db::StoreFailure::Unavailable, "locked"});
    const std::string text = metrics.render({4, 2});
    INFO(text);
    for (const char* family :
         {"rochade_connections_open gauge", "rochade_players_online gauge", "rochade_games_running gauge",
          "rochade_moves_committed_total counter", "rochade_store_commit_seconds histogram",
          "rochade_store_errors_total counter", "rochade_limit_closes_total counter",
          "rochade_errors_sent_total counter", "rochade_password_hashes_waiting gauge",
          "rochade_password_hashes_running gauge", "process_start_time_seconds gauge"})
        CHECK(text.find(std::string("# TYPE ") + family + "\n") != std::string::npos);
    CHECK(value_of(text, "rochade_moves_committed_total") == 3);
    CHECK(value_of(text, R"(rochade_players_online{kind="guest"})") == 1);
    CHECK(value_of(text, R"(rochade_players_online{kind="account"})") == 0);
    CHECK(value_of(text, R"(rochade_errors_sent_total{code="illegal_move"})") == 1);
    CHECK(value_of(text, R"(rochade_errors_sent_total{code="internal_error"})") == 0); // the last code
    CHECK(value_of(text, R"(rochade_errors_sent_total{code="bad_request"})") == 0);    // the first
    CHECK(value_of(text, R"(rochade_limit_closes_total{limit="message_rate"})") == 1);
    CHECK(value_of(text, R"(rochade_limit_closes_total{limit="server_full"})") == 0);
    CHECK(value_of(text, R"(rochade_store_errors_total{kind="unavailable"})") == 1);
    CHECK(value_of(text, R"(rochade_store_errors_total{kind="refused"})") == 0);
    CHECK(value_of(text, R"(rochade_store_commit_seconds_bucket{le="0.0025"})") == 1);
    CHECK(value_of(text, R"(rochade_store_commit_seconds_bucket{le="5"})") == 1);
    CHECK(value_of(text, R"(rochade_store_commit_seconds_bucket{le="+Inf"})") == 2);
    CHECK(value_of(text, "rochade_password_hashes_waiting") == 4);
    CHECK(value_of(text, "rochade_password_hashes_running") == 2);
    CHECK(value_of(text, "process_start_time_seconds") > 1.6e9);
}

TEST_CASE("/metrics is served to loopback peers by default, to everyone or to nobody as configured",
          "[server][metrics]")
{
    struct Row {
        MetricsAccess access;
        const char* peer;
        MetricsDecision expected;
    };
    const Row rows[] = {
        {MetricsAccess::Loopback, "127.0.0.1", MetricsDecision::Serve},
        {MetricsAccess::Loopback, "127.1.2.3", MetricsDecision::Serve},
        {MetricsAccess::Loopback, "::1", MetricsDecision::Serve},
        {MetricsAccess::Loopback, "::ffff:127.0.0.1", MetricsDecision::Serve},
        {MetricsAccess::Loopback, "10.0.0.1", MetricsDecision::Forbidden},
        {MetricsAccess::Loopback, "192.0.2.2", MetricsDecision::Forbidden},
        {MetricsAccess::Loopback, "::ffff:10.0.0.1", MetricsDecision::Forbidden},
        {MetricsAccess::Loopback, "2001:db8::1", MetricsDecision::Forbidden},
        {MetricsAccess::Loopback, "::", MetricsDecision::Forbidden},
        {MetricsAccess::Loopback, "unknown", MetricsDecision::Forbidden},
        {MetricsAccess::Loopback, "", MetricsDecision::Forbidden},
        {MetricsAccess::Everyone, "10.0.0.1", MetricsDecision::Serve},
        {MetricsAccess::Everyone, "127.0.0.1", MetricsDecision::Serve},
        {MetricsAccess::Off, "127.0.0.1", MetricsDecision::NotFound},
        {MetricsAccess::Off, "10.0.0.1", MetricsDecision::NotFound},
    };
    for (const Row& row : rows) {
        CAPTURE(metrics_access_name(row.access), row.peer);
        CHECK(metrics_decision(row.access, row.peer) == row.expected);
    }
    CHECK(ServerConfig{}.metrics.access == MetricsAccess::Loopback);
}

TEST_CASE("GET /metrics after a game counts its moves, the game, the connections, the players and the errors",
          "[server][metrics]")
{
    InProcessServer server;
    const auto before = http_get(server.port(), "/metrics");
    REQUIRE(before.status == 200);
    CHECK(before.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8");
    CHECK(value_of(before.body, "rochade_moves_committed_total") == 0);
    CHECK(value_of(before.body, "rochade_games_running") == 0);

    auto game = SeatedGame::start(server.port());
    game.play({"e4", "e5", "Nf3", "Nc6", "Bb5"});
    json error = game.black->request({{"type", "move"}, {"table", game.table}, {"move", "e8e6"}});
    REQUIRE(error.at("code") == "illegal_move");

    const auto after = http_get(server.port(), "/metrics");
    REQUIRE(after.status == 200);
    const std::string& text = after.body;
    CHECK(value_of(text, "rochade_moves_committed_total") >= 5);
    CHECK(value_of(text, "rochade_games_running") == 1);
    CHECK(value_of(text, "rochade_connections_open") == 2);
    CHECK(value_of(text, R"(rochade_players_online{kind="guest"})") == 2);
    CHECK(value_of(text, R"(rochade_errors_sent_total{code="illegal_move"})") == 1);
    CHECK(value_of(text, R"(rochade_errors_sent_total{code="not_your_turn"})") == 0);
    // The game's start and its five moves each went through the store.
    CHECK(value_of(text, R"(rochade_store_commit_seconds_bucket{le="+Inf"})") >= 6);
    CHECK(value_of(text, R"(rochade_store_errors_total{kind="unavailable"})") == 0);

    // One more error of the same code counts on.
    game.black->request({{"type", "move"}, {"table", game.table}, {"move", "d8d1"}});
    CHECK(value_of(http_get(server.port(), "/metrics").body, R"(rochade_errors_sent_total{code="illegal_move"})") == 2);

    game.white->close();
    game.black->close();
    // The lobby hears of closes on its own strand: wait for the gauges to follow.
    std::string last;
    for (int i = 0; i < 100; ++i) {
        last = http_get(server.port(), "/metrics").body;
        if (value_of(last, "rochade_connections_open") == 0 &&
            value_of(last, R"(rochade_players_online{kind="guest"})") == 0)
            break;
        std::this_thread::sleep_for(20ms);
    }
    CHECK(value_of(last, "rochade_connections_open") == 0);
    CHECK(value_of(last, R"(rochade_players_online{kind="guest"})") == 0);
}

TEST_CASE("a flood that is closed counts as a limit close and a rate_limited error", "[server][metrics]")
{
    InProcessServer server([](auto& config) {
        config.limits.messages_per_second = 5;
        config.limits.message_burst = 10;
    });
    WsTestClient client;
    client.connect(server.port());
    client.hello("Anna");
    client.flood_pings(30);
    client.expect_error("rate_limited");
    CHECK(client.wait_closed().code == 1008);
    const std::string text = http_get(server.port(), "/metrics").body;
    CHECK(value_of(text, R"(rochade_limit_closes_total{limit="message_rate"})") == 1);
    CHECK(value_of(text, R"(rochade_errors_sent_total{code="rate_limited"})") == 1);
}

TEST_CASE("/metrics answers GET and HEAD, other methods get 405 with Allow", "[server][metrics]")
{
    InProcessServer server;
    const auto head = http_request(server.port(), "HEAD", "/metrics");
    CHECK(head.status == 200);
    CHECK(head.body.empty());
    for (const char* method : {"POST", "PUT", "DELETE"}) {
        CAPTURE(method);
        const auto refused = http_request(server.port(), method, "/metrics");
        CHECK(refused.status == 405);
        CHECK(refused.header("Allow") == "GET, HEAD");
    }
}

TEST_CASE("with metrics.access \"off\", /metrics is not found", "[server][metrics]")
{
    InProcessServer server([](ServerConfig& config) { config.metrics.access = MetricsAccess::Off; });
    CHECK(http_get(server.port(), "/metrics").status == 404);
    CHECK(http_get(server.port(), "/health").status == 200);
}

TEST_CASE("a peer that is not loopback gets 403 by default, and the text with \"everyone\"", "[server][metrics]")
{
    const auto address = non_loopback_address();
    if (!address) {
        WARN("this host has no IPv4 address but loopback; the access decision is tested above");
        return;
    }
    const auto on_all_addresses = [](ServerConfig& config) { config.bind_address = "0.0.0.0"; };
    {
        InProcessServer server(on_all_addresses);
        const auto refused = http_request_to(*address, server.port(), "GET", "/metrics");
        CHECK(refused.status == 403);
        const json body = json::parse(refused.body);
        CHECK(body.at("error") == "forbidden");
        CHECK_THAT(body.at("message").get<std::string>(), Catch::Contains("loopback") && Catch::Contains(*address));
        CHECK(http_get(server.port(), "/metrics").status == 200); // loopback still is served
    }
    {
        InProcessServer server([&](ServerConfig& config) {
            on_all_addresses(config);
            config.metrics.access = MetricsAccess::Everyone;
        });
        CHECK(http_request_to(*address, server.port(), "GET", "/metrics").status == 200);
    }
}
