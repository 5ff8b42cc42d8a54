#include "password_prompt.h"

#include <termios.h>
#include <unistd.h>

#include <iostream>

namespace rochade::cli {

std::optional<std::string> read_password_from_stdin(const std::string& prompt)
{
    const bool terminal = isatty(STDIN_FILENO) == 1;
    termios saved{};
    if (terminal) {
        std::cerr << prompt << std::flush;
        tcgetattr(STDIN_FILENO, &saved);
        termios quiet = saved;
        quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
        tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    }
    std::string line;
    const bool got = static_cast<bool>(std::getline(std::cin, line));
    if (terminal) {
        tcsetattr(STDIN_FILENO, TCSANOW, &saved);
        std::cerr << "\n";
    }
    if (!got) return std::nullopt;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    // From a pipe the second prompt ("Again") has nothing to compare; one line is the password.
    return line;
}

} // namespace rochade::cli
