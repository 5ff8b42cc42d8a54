// Reading a password for `rochade admin`: from the terminal with echo off, or a line of
// standard input when it is not a terminal (scripts: `printf 'secret\n' | rochade admin ...`).
#pragma once

#include <optional>
#include <string>

namespace rochade::cli {

std::optional<std::string> read_password_from_stdin(const std::string& prompt);

} // namespace rochade::cli
