# Precompiled headers for the server-side targets (README, "Stage times"; docs/performance.md,
# "The test command"). Every unity batch under server/ and tests/server/ parsed Asio,
# nlohmann::json, spdlog (with fmt) and, in the tests, Catch2 again: several seconds of each
# batch's compile. With one precompiled header that the server's libraries share (REUSE_FROM:
# compiled once, in rochade_server_base) and one for the server's tests, each batch loads them.
#
# Which targets: every target that links rochade_server_base, directly or through other libraries,
# found by walking the link graph once all folders are added. So a new server part or server
# test program gets the header without a line of its own, and the header, which holds Asio, never
# reaches a target outside the server side (engine/, protocol/, db/, their tests, bench/).
# -DROCHADE_PRECOMPILED_HEADERS=OFF builds without them, which shows a missing #include.
#
# ccache (CMakeLists.txt) caches a compile that uses a precompiled header only with the
# sloppiness pch_defines,time_macros and, for g++, -fpch-preprocess (ccache's manual,
# "Precompiled headers"); CMakeLists.txt sets the first in the launcher, this file the second.

option(ROCHADE_PRECOMPILED_HEADERS "Precompile the common headers of the server-side targets" ON)

set(rochade_server_pch_owner rochade_server_base)
set(rochade_server_pch "<server/base/precompiled_headers.h>")
# The server's test programs have their own header (with Catch2), compiled in engines_tests.
# g++ refuses a precompiled header (-Winvalid-pch, "not used because X not defined") for a source
# that lacks a macro the header was compiled with, so each header is compiled in a target with no
# macros of its own: server_tests, the largest, defines ROCHADE_BINARY and PGN_EXTRACT, which
# bus_tests does not. A user may define more than its owner, not fewer.
set(rochade_test_pch_owner engines_tests)
set(rochade_test_pch "<tests/server/precompiled_test_headers.h>")

# The other test programs (engine/, protocol/, db/, ... not linking the server) precompile
# Catch2's single header alone, which is longer than most of their sources together; several of
# them build file by file (UNITY_BUILD OFF), so each of their sources parsed it again. Compiled in
# protocol_tests, which defines no macro of its own (above; tests/main.cpp, which defines
# CATCH_CONFIG_MAIN before its include, is in rochade_test_main and does not use it).
set(rochade_catch_pch_owner protocol_tests)
set(rochade_catch_pch "<catch2/catch.hpp>")

# Sources that must not see the header: asio_compiled.cpp compiles Asio's and Beast's own
# sources (boost/asio/impl/src.hpp), which are to come first in their translation unit.
set(rochade_pch_skipped_sources ${PROJECT_SOURCE_DIR}/server/base/asio_compiled.cpp)
# Targets compiled with other macros than the header was: g++ refuses the header for them
# (-Winvalid-pch) and parses everything again. rochade_redis gets -D_FILE_OFFSET_BITS=64 from
# hiredis's pkg-config flags.
set(rochade_pch_skipped_targets rochade_redis)

# Every target defined in `dir` and the folders below it.
function(rochade_targets_below dir out)
    get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
    get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
    foreach(subdir IN LISTS subdirs)
        rochade_targets_below(${subdir} below)
        list(APPEND targets ${below})
    endforeach()
    set(${out} ${targets} PARENT_SCOPE)
endfunction()

# Whether `target` links `wanted`, directly or through the libraries it links (their
# LINK_LIBRARIES and INTERFACE_LINK_LIBRARIES). `seen` keeps the walk finite.
function(rochade_links target wanted out)
    set(pending ${target})
    set(seen "")
    set(${out} FALSE PARENT_SCOPE)
    while(pending)
        list(POP_FRONT pending current)
        if(current IN_LIST seen)
            continue()
        endif()
        list(APPEND seen ${current})
        get_target_property(direct ${current} LINK_LIBRARIES)
        get_target_property(interface ${current} INTERFACE_LINK_LIBRARIES)
        foreach(item IN LISTS direct interface)
            # $<LINK_ONLY:x> and the like: the target name is what stands after the last colon.
            string(REGEX REPLACE "^\\$<[A-Z_]+:(.*)>$" "\\1" item "${item}")
            if(item STREQUAL wanted)
                set(${out} TRUE PARENT_SCOPE)
                return()
            endif()
            if(TARGET ${item} AND NOT item IN_LIST seen)
                list(APPEND pending ${item})
            endif()
        endforeach()
    endwhile()
endfunction()

# Whether `target` is one of the test programs (it links the tests' Catch2 main).
function(rochade_is_test_program target out)
    rochade_links(${target} rochade_test_main is_test)
    set(${out} ${is_test} PARENT_SCOPE)
endfunction()

function(rochade_use_precompiled_headers)
    if(NOT ROCHADE_PRECOMPILED_HEADERS OR NOT TARGET ${rochade_server_pch_owner})
        return()
    endif()
    rochade_targets_below(${PROJECT_SOURCE_DIR} all_targets)
    set(server_side "")
    foreach(target IN LISTS all_targets)
        get_target_property(type ${target} TYPE)
        if(NOT type MATCHES "^(STATIC_LIBRARY|SHARED_LIBRARY|OBJECT_LIBRARY|EXECUTABLE)$")
            continue()
        endif()
        if(target IN_LIST rochade_pch_skipped_targets)
            continue()
        endif()
        if(target STREQUAL rochade_server_pch_owner)
            list(APPEND server_side ${target})
            continue()
        endif()
        rochade_links(${target} ${rochade_server_pch_owner} links_server)
        if(links_server)
            list(APPEND server_side ${target})
        endif()
    endforeach()

    set(test_owner "")
    if(TARGET ${rochade_test_pch_owner} AND rochade_test_pch_owner IN_LIST server_side)
        set(test_owner ${rochade_test_pch_owner})
        target_precompile_headers(${test_owner} PRIVATE ${rochade_test_pch})
    endif()
    target_precompile_headers(${rochade_server_pch_owner} PRIVATE ${rochade_server_pch})

    foreach(target IN LISTS server_side)
        if(NOT target STREQUAL rochade_server_pch_owner AND NOT target STREQUAL test_owner)
            rochade_is_test_program(${target} is_test)
            if(is_test AND test_owner)
                target_precompile_headers(${target} REUSE_FROM ${test_owner})
            else()
                target_precompile_headers(${target} REUSE_FROM ${rochade_server_pch_owner})
            endif()
        endif()
        if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
            target_compile_options(${target} PRIVATE -fpch-preprocess)
        endif()
        set_source_files_properties(${rochade_pch_skipped_sources} TARGET_DIRECTORY ${target}
                                    PROPERTIES SKIP_PRECOMPILE_HEADERS ON)
    endforeach()
    message(STATUS "Precompiled headers for: ${server_side}")

    if(TARGET ${rochade_catch_pch_owner})
        target_precompile_headers(${rochade_catch_pch_owner} PRIVATE ${rochade_catch_pch})
        set(catch_side "")
        foreach(target IN LISTS all_targets)
            get_target_property(type ${target} TYPE)
            if(NOT type STREQUAL "EXECUTABLE" OR target IN_LIST server_side)
                continue()
            endif()
            rochade_is_test_program(${target} is_test)
            if(is_test)
                if(NOT target STREQUAL rochade_catch_pch_owner)
                    target_precompile_headers(${target} REUSE_FROM ${rochade_catch_pch_owner})
                endif()
                if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
                    target_compile_options(${target} PRIVATE -fpch-preprocess)
                endif()
                list(APPEND catch_side ${target})
            endif()
        endforeach()
        message(STATUS "Catch2 precompiled for: ${catch_side}")
    endif()
endfunction()

rochade_use_precompiled_headers()
