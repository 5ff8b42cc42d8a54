#include "bench/loadgen_options.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <map>

namespace rochade::bench {
namespace {

template <class Number> bool parse_number(const std::string& text, Number& out)
{
    const char* end = text.data() + text.size();
    auto [ptr, error] = std::from_chars(text.data(), end, out);
    return error == std::errc() && ptr == end;
}

} // namespace

std::string loadgen_usage()
{
    return "usage: loadgen [--echo] [--host H] [--port P] [--path /ws] [--threads T] [--duration S]\n"
           "               [--ramp-timeout S] [--connect-concurrency C] [--server-pid PID] [--progress S]\n"
           "  echo mode:   --echo --clients N [--rate R (round trips/s per client, 0 = flat out)]\n"
           "               [--payload BYTES]\n"
           "  game mode:   --games G [--spectators S] [--rate R (moves/s per game)] [--max]\n"
           "               [--room N] [--rooms K] [--time-control TC] [--nick-prefix P]\n"
           "               [--reconnect-fraction F (0..1) [--reconnect-every S (default 60)]]\n"
           "               [--cross-port P --cross-fraction F (0..1): that share of the games has\n"
           "                its joiner on port P, another node of the cluster]\n";
}

rochade::Expected<LoadgenOptions, std::string> parse_loadgen_options(const std::vector<std::string>& args)
{
    LoadgenOptions options;
    using Setter = std::function<bool(const std::string&)>;
    auto integer = [](auto& field) {
        return Setter([&field](const std::string& v) { return parse_number(v, field); });
    };
    auto positive = [](auto& field) {
        return Setter([&field](const std::string& v) { return parse_number(v, field) && field > 0; });
    };
    auto non_negative = [](auto& field) {
        return Setter([&field](const std::string& v) { return parse_number(v, field) && field >= 0; });
    };
    auto text = [](std::string& field) {
        return Setter([&field](const std::string& v) {
            field = v;
            return !v.empty();
        });
    };
    const std::map<std::string, Setter> valued = {
        {"--host", text(options.host)},
        {"--port", positive(options.port)},
        {"--path", text(options.path)},
        {"--threads", positive(options.threads)},
        {"--clients", positive(options.clients)},
        {"--games", positive(options.games)},
        {"--spectators", non_negative(options.spectators)},
        {"--rate",
         Setter([&options](const std::string& v) { return parse_number(v, options.rate) && options.rate >= 0; })},
        {"--duration", positive(options.duration_s)},
        {"--ramp-timeout", positive(options.ramp_timeout_s)},
        {"--room", integer(options.room)},
        {"--rooms", positive(options.rooms)},
        {"--time-control", text(options.time_control)},
        {"--connect-concurrency", positive(options.connect_concurrency)},
        {"--server-pid", positive(options.server_pid)},
        {"--nick-prefix", text(options.nick_prefix)},
        {"--payload", positive(options.echo_payload_bytes)},
        {"--reconnect-fraction", Setter([&options](const std::string& v) {
             return parse_number(v, options.reconnect_fraction) && options.reconnect_fraction >= 0 &&
                    options.reconnect_fraction <= 1;
         })},
        {"--reconnect-every", positive(options.reconnect_every_s)},
        {"--progress", non_negative(options.progress_s)},
        {"--window-at", positive(options.window_at_s)},
        {"--watch-pids", Setter([&options](const std::string& v) {
             options.watch_pids.clear();
             std::size_t start = 0;
             while (start <= v.size()) {
                 const std::size_t comma = std::min(v.find(',', start), v.size());
                 int pid = 0;
                 if (!parse_number(v.substr(start, comma - start), pid) || pid <= 0) return false;
                 options.watch_pids.push_back(pid);
                 start = comma + 1;
             }
             return true;
         })},
        {"--cross-port", positive(options.cross_port)},
        {"--cross-fraction", Setter([&options](const std::string& v) {
             return parse_number(v, options.cross_fraction) && options.cross_fraction >= 0 &&
                    options.cross_fraction <= 1;
         })},
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& option = args[i];
        if (option == "--echo") {
            options.echo = true;
            continue;
        }
        if (option == "--max") {
            options.max = true;
            continue;
        }
        const auto setter = valued.find(option);
        if (setter == valued.end()) return rochade::unexpected("unknown option " + option);
        if (i + 1 >= args.size()) return rochade::unexpected(option + " needs a value");
        const std::string& value = args[++i];
        if (!setter->second(value)) return rochade::unexpected("bad value for " + option + ": '" + value + "'");
    }
    if (options.rate < 0) options.rate = options.echo ? 0 : 1;
    if (options.room == 0) return rochade::unexpected(std::string("--room must be nonzero"));
    if (options.echo && options.reconnect_fraction > 0)
        return rochade::unexpected(std::string("--reconnect-fraction: game mode only"));
    if ((options.cross_fraction > 0) != (options.cross_port != 0))
        return rochade::unexpected(std::string("--cross-port and --cross-fraction go together"));
    if (options.nick_prefix.size() > 12)
        return rochade::unexpected(std::string("--nick-prefix: at most 12 characters"));
    return options;
}

} // namespace rochade::bench
