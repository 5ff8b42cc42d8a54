// The precompiled header of the server's test programs (cmake/precompiled_headers.cmake): the
// server's (server/base/precompiled_headers.h) and Catch2's single header, which every test source
// includes and which is as long as the rest together.
#pragma once

#include "server/base/precompiled_headers.h"

#include <catch2/catch.hpp>
