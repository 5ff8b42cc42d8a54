#include "tests/server/redis_fixture.h"

#include <catch2/catch.hpp>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <utility>

extern char** environ;

namespace rochade::test {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

namespace {

std::uint16_t free_redis_port()
{
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0);
    ::close(fd);
    return ntohs(address.sin_port);
}

bool accepts_connections(std::uint16_t port)
{
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
    ::close(fd);
    return connected;
}

} // namespace

std::optional<std::string> redis_server_path()
{
    const char* path = std::getenv("PATH");
    std::string directories = path ? path : "/usr/bin:/bin";
    directories += ":/usr/sbin:/sbin";
    std::size_t start = 0;
    while (start <= directories.size()) {
        std::size_t end = directories.find(':', start);
        if (end == std::string::npos) end = directories.size();
        std::filesystem::path candidate =
            std::filesystem::path(directories.substr(start, end - start)) / "redis-server";
        if (::access(candidate.c_str(), X_OK) == 0) return candidate.string();
        start = end + 1;
    }
    return std::nullopt;
}

RedisServer::RedisServer(std::string binary) : binary_(std::move(binary)), port_(free_redis_port())
{
    std::string pattern = (std::filesystem::temp_directory_path() / "rochade-redis-XXXXXX").string();
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    dir_ = pattern;
    start();
}

RedisServer::~RedisServer()
{
    kill();
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
}

void RedisServer::start()
{
    // Never two: a second would fail to bind, and the first would be left running when pid_
    // named the second.
    if (pid_ > 0) return;
    // DEBUG SLEEP (the command timeout's test) is refused unless enabled, here for loopback.
    const std::pair<std::string, std::string> settings[] = {
        {"port", std::to_string(port_)},
        {"bind", "127.0.0.1"},
        {"save", ""},
        {"appendonly", "no"},
        {"dir", dir_.string()},
        {"daemonize", "no"},
        {"logfile", (dir_ / "redis.log").string()},
        {"enable-debug-command", "local"},
    };
    std::vector<std::string> args{binary_};
    for (const auto& [name, value] : settings) {
        args.push_back("--" + name);
        args.push_back(value);
    }
    std::vector<char*> argv;
    for (auto& arg : args) argv.push_back(arg.data());
    argv.push_back(nullptr);
    REQUIRE(::posix_spawn(&pid_, binary_.c_str(), nullptr, nullptr, argv.data(), environ) == 0);
    auto deadline = Clock::now() + 10s;
    while (!accepts_connections(port_)) {
        if (Clock::now() >= deadline) {
            kill(); // not left behind: the destructor of an object that failed to start never runs
            FAIL("redis-server did not accept connections on port " << port_ << " within 10 s");
        }
        std::this_thread::sleep_for(20ms);
    }
}

void RedisServer::kill()
{
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
    pid_ = -1;
}

SilentPort::SilentPort(std::uint16_t port)
{
    listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
    int on = 1;
    ::setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = htons(port);
    REQUIRE(::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
    REQUIRE(::listen(listener_, 0) == 0);
    filler_ = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(::connect(filler_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
}

void SilentPort::close()
{
    if (filler_ >= 0) ::close(filler_);
    if (listener_ >= 0) ::close(listener_);
    filler_ = listener_ = -1;
}

} // namespace rochade::test
