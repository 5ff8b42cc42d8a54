// Every subcommand of the rochade tool answers --help (or -h, anywhere among its arguments) with
// its usage on standard output and exit status 0: help is an answer, not an error. A bad call
// still prints the usage on standard error and exits 2. Run through the built binary, as a
// newcomer types it.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <string>

namespace {

struct Run {
    int exit_code = -1;
    std::string out; // standard output only
};

// Runs `rochade ARGS` (the built binary) with standard error sent to /dev/null (or to standard output, `merged`).
Run run_tool(const std::string& args, bool merged = false)
{
    const std::string command = std::string(ROCHADE_BINARY) + " " + args + (merged ? " 2>&1" : " 2>/dev/null");
    FILE* pipe = ::popen(command.c_str(), "r");
    REQUIRE(pipe);
    Run run;
    char buffer[4096];
    while (const std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) run.out.append(buffer, n);
    const int status = ::pclose(pipe);
    run.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return run;
}

} // namespace

TEST_CASE("a subcommand's usage: --help and -h print it on standard output and exit 0", "[cli][help]")
{
    for (const std::string command : {"admin", "games", "perft", "pgn", "serve"})
        for (const std::string args : {"--help", "-h", "--db x.db --help"}) {
            INFO("rochade " << command << " " << args);
            const Run help = run_tool(command + " " + args);
            CHECK(help.exit_code == 0);
            CHECK(help.out.find("usage: rochade " + command) != std::string::npos);
        }
    // Every option of serve is in its help, the cluster's too.
    const Run serve = run_tool("serve --help");
    for (const char* option : {"--port", "--bind", "--db", "--config", "--threads", "--web-root", "--public-url",
                               "--trusted-proxy", "--db-busy-timeout-ms", "--bus", "--node"})
        CHECK(serve.out.find(option) != std::string::npos);
    const Run top = run_tool("--help");
    CHECK(top.exit_code == 0);
    CHECK(top.out.find("rochade serve") != std::string::npos);
}

TEST_CASE("a bad call prints the usage on standard error, not standard output, and exits 2", "[cli][help]")
{
    for (const std::string args : {"games --no-such-option", "perft only-one", "pgn", "admin", "serve --port abc"}) {
        INFO("rochade " << args);
        const Run quiet = run_tool(args);
        CHECK(quiet.exit_code == 2);
        CHECK(quiet.out.empty());
        CHECK(run_tool(args, true).out.find("usage: rochade") != std::string::npos);
    }
}
