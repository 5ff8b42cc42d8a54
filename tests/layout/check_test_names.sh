#!/usr/bin/env bash
# Test names that CTest runs as they are: every Catch TEST_CASE name under tests/ becomes a CTest
# test whose command line is the name (tests/CMakeLists.txt, rochade_discover_tests), so a name
# must not hold what changes that command: a ';' (CMake splits the test in two at it, and neither
# part matches a case), a '\' (Catch reads it as an escape) or a leading '-' (Catch reads an
# option: "--help ..." printed the help and passed without running). Each such name was found
# once: 119 cases had not run in CI. Prints every bad name with its file and fails if there is one.
# Run from anywhere: tests/layout/check_test_names.sh [repository root].
set -euo pipefail
root=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$root"
find tests -name '*.cpp' -print0 | xargs -0 perl -0777 -ne '
    while (/TEST_CASE\(\s*((?:"(?:[^"\\]|\\.)*"\s*)+)/g) {
        my $literals = $1;
        my $name = join "", ($literals =~ /"((?:[^"\\]|\\.)*)"/g);
        $name =~ s/\\(.)/$1/g; # the name as the program has it: \" is a quote, \\ a backslash
        if ($name =~ /;/ || $name =~ /\\/ || $name =~ /^-/) {
            print "$ARGV: test name CTest cannot run as written: $name\n";
            $bad = 1;
        }
    }
    END { exit($bad ? 1 : 0) }
'
