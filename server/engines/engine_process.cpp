#include "server/engines/engine_process.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <cerrno>
#include <istream>

namespace rochade::server::engines {
namespace {

struct Pipe {
    int read_end = -1;
    int write_end = -1;
};

Pipe make_pipe(const std::string& program_path)
{
    int ends[2];
    if (::pipe2(ends, O_CLOEXEC) != 0)
        throw std::system_error(errno, std::generic_category(), "engine " + program_path + ": pipe");
    return {ends[0], ends[1]};
}

// The child's exec failure, read from `status` (close-on-exec, so a successful exec closes it
// and the read sees end of file): 0, or the child's errno.
int exec_error_of(int status_read_end)
{
    int child_errno = 0;
    ssize_t got;
    do {
        got = ::read(status_read_end, &child_errno, sizeof child_errno);
    } while (got < 0 && errno == EINTR);
    return got == static_cast<ssize_t>(sizeof child_errno) ? child_errno : 0;
}

} // namespace

EngineProcess::EngineProcess(net::any_io_executor executor, const std::string& program_path)
    : to_engine_(executor), from_engine_(executor)
{
    const Pipe input = make_pipe(program_path);
    const Pipe output = make_pipe(program_path);
    const Pipe status = make_pipe(program_path);
    pid_ = ::fork();
    if (pid_ < 0) {
        const int error = errno;
        for (int end :
             {input.read_end, input.write_end, output.read_end, output.write_end, status.read_end, status.write_end})
            ::close(end);
        throw std::system_error(error, std::generic_category(), "engine " + program_path + ": fork");
    }
    if (pid_ == 0) {
        // The child: only async-signal-safe calls until exec.
        ::dup2(input.read_end, STDIN_FILENO);
        ::dup2(output.write_end, STDOUT_FILENO);
        const int null = ::open("/dev/null", O_WRONLY);
        if (null >= 0) ::dup2(null, STDERR_FILENO);
        ::execl(program_path.c_str(), program_path.c_str(), static_cast<char*>(nullptr));
        const int error = errno;
        [[maybe_unused]] const ssize_t told = ::write(status.write_end, &error, sizeof error);
        ::_exit(127);
    }
    ::close(input.read_end);
    ::close(output.write_end);
    ::close(status.write_end);
    // A program that cannot be executed (missing, not executable) is named as such here rather
    // than showing later as an engine that closed its input or exited: which of the two a search
    // met first depended on the scheduler.
    const int exec_error = exec_error_of(status.read_end);
    ::close(status.read_end);
    if (exec_error != 0) {
        ::close(input.write_end);
        ::close(output.read_end);
        int ignored;
        while (::waitpid(pid_, &ignored, 0) < 0 && errno == EINTR) {
        }
        pid_ = -1;
        throw std::system_error(exec_error, std::generic_category(), "engine " + program_path + " cannot be started");
    }
    to_engine_.assign(input.write_end);
    from_engine_.assign(output.read_end);
}

EngineProcess::~EngineProcess() { kill(); }

void EngineProcess::write(std::string lines, std::function<void(boost::system::error_code)> done)
{
    auto buffer = std::make_shared<std::string>(std::move(lines));
    net::async_write(to_engine_, net::buffer(*buffer),
                     [buffer, done = std::move(done)](boost::system::error_code error, std::size_t) { done(error); });
}

void EngineProcess::read_line(std::function<void(boost::system::error_code, std::string)> on_line)
{
    net::async_read_until(
        from_engine_, received_, '\n',
        [self = shared_from_this(), on_line = std::move(on_line)](boost::system::error_code error, std::size_t) {
            if (error) {
                on_line(error, {});
                return;
            }
            std::istream stream(&self->received_);
            std::string line;
            std::getline(stream, line);
            on_line({}, std::move(line));
        });
}

void EngineProcess::kill()
{
    if (pid_ <= 0) return;
    boost::system::error_code ignored;
    to_engine_.close(ignored);
    from_engine_.close(ignored);
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
}

} // namespace rochade::server::engines
