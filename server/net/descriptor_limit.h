// The process's open-file limit, and how many connections fit under it. Every socket is a
// descriptor; when accept() runs out of them new clients hang in the backlog and even /health
// stops answering, so the server raises its soft limit at start-up and keeps max_connections
// below what the limit allows.
#pragma once

#include <cstddef>
#include <cstdint>

namespace rochade::server {

struct DescriptorLimit {
    std::uint64_t soft = 0;
    std::uint64_t hard = 0;
};

// Descriptors kept for everything that is not a client socket: the database and its WAL and
// shared memory (two connections), the log, the listener, the event loop, signal and timer
// descriptors, and the sockets answered 503 at the limit.
inline constexpr std::uint64_t descriptors_kept_back = 64;

// Raises the soft RLIMIT_NOFILE to the hard limit (logging before and after); returns the limit
// in force afterwards.
DescriptorLimit raise_descriptor_limit();

// `configured`, or fewer when `soft_limit` descriptors cannot hold that many sockets besides
// descriptors_kept_back (at least 1).
std::size_t connections_within(std::size_t configured, std::uint64_t soft_limit);

} // namespace rochade::server
