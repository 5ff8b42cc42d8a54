#include "server/net/descriptor_limit.h"

#include <sys/resource.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <spdlog/spdlog.h>

namespace rochade::server {

namespace {

std::uint64_t as_count(rlim_t value) { return value == RLIM_INFINITY ? UINT64_MAX : static_cast<std::uint64_t>(value); }

} // namespace

DescriptorLimit raise_descriptor_limit()
{
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
        spdlog::warn("cannot read the open-file limit (RLIMIT_NOFILE): {}", std::strerror(errno));
        return {};
    }
    const DescriptorLimit before{as_count(limit.rlim_cur), as_count(limit.rlim_max)};
    if (limit.rlim_cur != limit.rlim_max) {
        rlimit raised = limit;
        raised.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) {
            spdlog::info("open-file limit raised from {} to the hard limit {}", before.soft, before.hard);
            return {before.hard, before.hard};
        }
        spdlog::warn("cannot raise the open-file limit from {} to the hard limit {}: {}", before.soft, before.hard,
                     std::strerror(errno));
        return before;
    }
    spdlog::info("open-file limit {} (the hard limit)", before.soft);
    return before;
}

std::size_t connections_within(std::size_t configured, std::uint64_t soft_limit)
{
    if (soft_limit == 0) return configured; // unknown: trust the config
    const std::uint64_t room = soft_limit > descriptors_kept_back + 1 ? soft_limit - descriptors_kept_back : 1;
    return static_cast<std::size_t>(std::min<std::uint64_t>(configured, room));
}

} // namespace rochade::server
