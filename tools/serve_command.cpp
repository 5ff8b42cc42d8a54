// rochade serve: parses the options, then runs the game server until SIGINT or SIGTERM.
#include <exception>
#include <ostream>

#include <spdlog/spdlog.h>

#include "allocator.h"
#include "commands.h"
#include "server/base/log_format.h"
#include "server/wiring/server.h"

namespace rochade::cli {

namespace {

void print_serve_usage(std::ostream& out)
{
    out << "usage: rochade serve [options]\n"
           "  --port N          HTTP and WebSocket port (default 8080; 0: any free port)\n"
           "  --bind ADDR       address to listen on (default 0.0.0.0)\n"
           "  --db FILE         SQLite database, created on first start (default data/rochade.db)\n"
           "  --db URL          or a PostgreSQL database, postgresql://user@host:port/db\n"
           "  --config FILE     JSON config file: rooms, limits, ... (see docs/admin.md)\n"
           "  --threads N       worker threads (default 0: one per hardware thread)\n"
           "  --web-root DIR    the built browser client, served at / (default web/dist)\n"
           "  --public-url URL  where players reach the server: the Site tag of exported PGN\n"
           "                    (https://schach.example.org; default none)\n"
           "  --trusted-proxy RANGE  a reverse proxy whose X-Forwarded-For names the client\n"
           "                    (10.0.0.0/8, ::1/128; repeatable; default none)\n"
           "  --db-busy-timeout-ms N  how long a SQLite write waits for another program's lock\n"
           "                    (default 5000)\n"
           "  --bus URL         Redis of a cluster (redis://host:port): run as one of several\n"
           "                    nodes on one shared database (default: alone)\n"
           "  --node ID         this node's name in the cluster (default host:port)\n"
           "Options on the command line override the config file. SIGINT or SIGTERM stop the\n"
           "server cleanly (exit 0).\n";
}

} // namespace

int serve_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err)
{
    if (asks_for_help(args)) {
        print_serve_usage(out);
        return 0;
    }
    auto config = server::parse_serve_options(args);
    if (!config) {
        err << "rochade serve: " << config.error() << "\n";
        print_serve_usage(err);
        return 2;
    }
    try {
        server::escape_log_messages(); // client text in a log line cannot forge a line of its own
        spdlog::info("memory allocator: {}", allocator_name());
        server::Server server(std::move(*config));
        server.run();
    } catch (const std::exception& e) {
        err << "rochade serve: " << e.what() << "\n";
        return 1;
    }
    return 0;
}

} // namespace rochade::cli
