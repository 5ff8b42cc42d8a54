#include "tests/server/server_fixture.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "tests/server/ws_test_client.h"

namespace rochade::test {

using Clock = std::chrono::steady_clock;

TempDir::TempDir()
{
    std::string pattern = (std::filesystem::temp_directory_path() / "rochade-itest-XXXXXX").string();
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (!mkdtemp(buffer.data())) throw std::runtime_error("mkdtemp " + pattern + ": " + std::strerror(errno));
    path_ = buffer.data();
}

TempDir::~TempDir()
{
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

std::uint16_t free_loopback_port()
{
    int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    address.sin_port = 0;
    socklen_t length = sizeof address;
    if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
        ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        ::close(fd);
        throw std::runtime_error(std::string("binding a loopback port: ") + std::strerror(errno));
    }
    ::close(fd);
    return ntohs(address.sin_port);
}

// ---- in process ---------------------------------------------------------------------------

InProcessServer::InProcessServer(const std::function<void(server::ServerConfig&)>& adjust)
    : InProcessServer(adjust, server::BusFactory{})
{
}

InProcessServer::InProcessServer(const std::function<void(server::ServerConfig&)>& adjust, server::BusFactory bus)
{
    config_.bind_address = "127.0.0.1";
    config_.port = 0;
    config_.db_path = (dir_.path() / "rochade.db").string();
    config_.threads = 2;
    if (adjust) adjust(config_);
    server_ = std::make_unique<server::Server>(config_, false, std::move(bus));
    // run() reports a start-up failure through wait_until_listening(), which rethrows it.
    thread_ = std::thread([this] {
        try {
            server_->run();
        } catch (...) {
        }
    });
    try {
        port_ = server_->wait_until_listening();
    } catch (...) {
        stop();
        throw;
    }
}

void InProcessServer::stop()
{
    if (!server_) return;
    server_->stop();
    if (thread_.joinable()) thread_.join();
}

InProcessServer::~InProcessServer() { stop(); }

// ---- child process ------------------------------------------------------------------------

ChildServer::ChildServer(std::vector<std::string> extra_args, std::optional<std::uint64_t> nofile_limit)
    : db_path_(dir_.path() / "rochade.db"), extra_args_(std::move(extra_args)), nofile_limit_(nofile_limit),
      port_(free_loopback_port())
{
    start();
}

ChildServer::~ChildServer()
{
    if (pid_ > 0) kill_hard();
}

void ChildServer::start()
{
    std::string port = std::to_string(port_);
    std::string db = db_path_.string();
    std::string log = (dir_.path() / "server.log").string();
    std::vector<std::string> args = {ROCHADE_BINARY, "serve", "--port", port, "--bind", "127.0.0.1", "--db", db};
    args.insert(args.end(), extra_args_.begin(), extra_args_.end());
    pid_ = ::fork();
    if (pid_ < 0) throw std::runtime_error(std::string("fork: ") + std::strerror(errno));
    if (pid_ == 0) {
        // The child: its log goes to a file in the temp dir, so the test output stays readable.
        FILE* out = std::freopen(log.c_str(), "a", stdout);
        if (out) ::dup2(fileno(stdout), STDERR_FILENO);
        if (nofile_limit_) {
            const rlimit limit{rlim_t(*nofile_limit_), rlim_t(*nofile_limit_)};
            if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) std::_Exit(126);
        }
        std::vector<char*> argv;
        for (auto& arg : args) argv.push_back(arg.data());
        argv.push_back(nullptr);
        ::execv(argv[0], argv.data());
        std::_Exit(127);
    }
    wait_until_healthy();
}

void ChildServer::wait_until_healthy()
{
    auto deadline = Clock::now() + std::chrono::seconds(10);
    std::string last_error;
    while (Clock::now() < deadline) {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            throw std::runtime_error("rochade serve exited during start-up (status " + std::to_string(status) +
                                     "); see its log in " + dir_.path().string());
        }
        try {
            if (http_get(port_, "/health", std::chrono::milliseconds(500)).status == 200) return;
        } catch (const std::exception& e) {
            last_error = e.what();
        }
        // Polling a process that is starting: there is no event to wait on.
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    throw std::runtime_error("rochade serve on port " + std::to_string(port_) +
                             " did not answer /health within 10 s: " + last_error);
}

void ChildServer::pause()
{
    if (pid_ <= 0) return;
    ::kill(pid_, SIGSTOP);
    // kill() returns before every thread has stopped: a request the test sends at once could be
    // read and answered first. The stop is reported once the whole process has stopped.
    int status = 0;
    while (::waitpid(pid_, &status, WUNTRACED) == -1 && errno == EINTR) {
    }
}

void ChildServer::wake()
{
    if (pid_ > 0) ::kill(pid_, SIGCONT);
}

void ChildServer::kill_hard()
{
    if (pid_ <= 0) return;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
}

void ChildServer::restart()
{
    kill_hard();
    start();
}

int ChildServer::terminate(std::chrono::milliseconds timeout)
{
    if (pid_ <= 0) return -1;
    ::kill(pid_, SIGTERM);
    auto deadline = Clock::now() + timeout;
    while (Clock::now() < deadline) {
        int status = 0;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) {
            pid_ = -1;
            return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    kill_hard();
    return -1;
}

} // namespace rochade::test
