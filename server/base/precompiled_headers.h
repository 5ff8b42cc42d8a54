// The precompiled header of every server-side target (cmake/precompiled_headers.cmake): the
// library headers that nearly every source under server/ and tests/server/ includes, parsed once
// per build instead of once per unity batch. Asio is in it, so it applies only to targets that
// link rochade_server_base; Beast is not: five sources use it, and every batch would pay for
// loading a precompiled header twice the size. No source includes this file itself; each still
// includes what it uses (a build with -DROCHADE_PRECOMPILED_HEADERS=OFF checks that).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>
