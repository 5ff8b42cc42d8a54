// One engine program running as a child process, spoken to over UCI through two pipes. Lives on
// the engine pool's thread: every call and every completion handler runs there, never on a
// table's strand or an I/O thread (docs/bots.md, "The engine pool").
#pragma once

#include <sys/types.h>

#include <boost/asio/posix/stream_descriptor.hpp>
#include <boost/asio/streambuf.hpp>
#include <functional>
#include <memory>
#include <string>
#include <system_error>

#include "server/base/asio.h"

namespace rochade::server::engines {

// Held by shared_ptr: a read that completes after kill() still finds its buffer alive.
class EngineProcess : public std::enable_shared_from_this<EngineProcess> {
public:
    // Starts `program_path` with its stdin and stdout on pipes (stderr to /dev/null). Throws
    // std::system_error naming the program when the pipes or the fork fail, or when the program
    // cannot be executed (missing, not executable: "engine PATH cannot be started: REASON").
    EngineProcess(net::any_io_executor executor, const std::string& program_path);
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    // Writes `lines` (each ending in '\n') in one write; `done` gets the error if the engine
    // has closed its input (it crashed). The caller writes again only after `done`.
    void write(std::string lines, std::function<void(boost::system::error_code)> done);

    // Reads the next line the engine writes, without its '\n'. An error (end of file: the
    // engine exited) comes with an empty line.
    void read_line(std::function<void(boost::system::error_code, std::string)> on_line);

    // Kills the process (SIGKILL) and reaps it; pending reads and writes complete with an error.
    // Safe to call twice.
    void kill();

    pid_t pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    net::posix::stream_descriptor to_engine_;
    net::posix::stream_descriptor from_engine_;
    net::streambuf received_;
};

} // namespace rochade::server::engines
