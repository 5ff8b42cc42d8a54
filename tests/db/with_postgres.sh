#!/usr/bin/env bash
# Runs a command with ROCHADE_TEST_POSTGRES set to the URL of the test cluster in DIR (ctest's
# "postgres" run of db_tests: the store's suite on PostgreSQL). scripts/test.sh starts that
# cluster first; by hand: scripts/postgres.sh start build/postgres.
#   tests/db/with_postgres.sh DIR COMMAND...
set -uo pipefail
dir=$1
shift
# scripts/test.sh hands the URL of the cluster it started over in ROCHADE_POSTGRES_FOR_TESTS
# (the sanitizer build's DIR has no cluster of its own).
if [[ -z ${ROCHADE_TEST_POSTGRES:-} ]]; then ROCHADE_TEST_POSTGRES=${ROCHADE_POSTGRES_FOR_TESTS:-}; fi
if [[ -z ${ROCHADE_TEST_POSTGRES:-} ]]; then
    root=$(cd "$(dirname "$0")/../.." && pwd)
    if ! ROCHADE_TEST_POSTGRES=$("$root/scripts/postgres.sh" url "$dir" 2>/dev/null); then
        echo "no PostgreSQL test cluster in $dir: run scripts/postgres.sh start $dir first" \
            "(scripts/test.sh does), or set ROCHADE_TEST_POSTGRES=postgresql://..." >&2
        exit 1
    fi
fi
export ROCHADE_TEST_POSTGRES
exec "$@"
