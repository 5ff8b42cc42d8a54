// Which malloc this binary runs on, for the startup log line (see rochade_link_allocator in the
// top-level CMakeLists.txt).
#pragma once

#include <string>

namespace rochade::cli {

std::string allocator_name();

} // namespace rochade::cli
