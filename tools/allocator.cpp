#include "allocator.h"

#ifdef ROCHADE_WITH_MIMALLOC
#include <mimalloc.h>
#endif

namespace rochade::cli {

std::string allocator_name()
{
#ifdef ROCHADE_WITH_MIMALLOC
    // mi_version() is major * 100 + minor * 10 + patch (209 for 2.0.9). Calling it also keeps the
    // link to libmimalloc, whose malloc then precedes the C library's.
    const int version = mi_version();
    return "mimalloc " + std::to_string(version / 100) + "." + std::to_string(version / 10 % 10) + "." +
           std::to_string(version % 10);
#else
    return "the C library's malloc";
#endif
}

} // namespace rochade::cli
