#!/usr/bin/env bash
# Installs Rochade's dependencies from Debian 12 packages:
#
#   scripts/install-deps.sh run   what building and running the server need (scripts/run.sh)
#   scripts/install-deps.sh       everything, the tests' tools too (scripts/test.sh)
#
# Idempotent: when everything is already present it prints one line and touches nothing (no
# apt-get update). Only when something is missing does it update the package lists and install
# the missing packages. Runs apt through sudo only when not already root.
set -euo pipefail

# One line each on why we need it: see README.md, "Dependencies".
# To build and run the server and its browser client:
run_packages=(
    g++ cmake ninja-build pkg-config git ca-certificates
    ccache               # a build of sources compiled before on this machine takes its objects from the cache
    mold                 # a faster linker for the twenty-odd programs of each build (CMakeLists.txt; optional there)
    nlohmann-json3-dev   # JSON in the CLI and the protocol
    libsqlite3-dev       # the server's embedded database
    libpq-dev            # the PostgreSQL store (db/pg/): libpq, PostgreSQL's C client library
    libspdlog-dev        # the server's logging
    libboost1.81-dev     # the server (Beast/Asio); 1.81, not libboost-dev's 1.74
    libmimalloc-dev      # the server's allocator (a third of glibc malloc's cost at peak load)
    libsodium-dev        # tokens, token hashes and argon2id password hashes (never our own crypto)
    libhiredis-dev       # the Redis client of the bus between nodes (server/cluster/redis/), driven from Asio
    nodejs npm           # the browser client's build (esbuild, chessground from npm: scripts/build-web.sh)
    stockfish            # the computer's engine at levels 4-8 (server/engines/, docs/bots.md); the perft reference
    fairy-stockfish      # the computer's engine at levels 1-3: Skill Level below stockfish's 0 (docs/bots.md)
)
# And to test it:
test_packages=(
    catch2               # unit tests
    postgresql           # a PostgreSQL 15 server for the store's tests (scripts/postgres.sh)
    redis-server         # the bus's Redis for several nodes (scripts/redis.sh) and the tests of server/cluster/redis/
    haproxy              # the reverse proxy in front of several nodes (docker/haproxy.cfg, scripts/proxy-check.sh)
    pgn-extract          # an independent PGN validator for the archive's exports (tests/server/pgn_extract_check.sh)
    chromium             # the browser test of the web client (tests/browser/smoke-test.mjs, playwright-core)
    clang libclang-rt-14-dev  # libFuzzer and its sanitizers for the fuzz targets (tests/fuzz, scripts/fuzz.sh)
    podman debootstrap   # the docker stage: a debian:bookworm base from Debian's packages, the image built and run
    netavark iptables    # the docker stage: podman's network (published ports go through iptables)
    runc                 # the docker stage: podman's fallback OCI runtime where crun fails on the cgroup setup
)

case ${1:-all} in
run) packages=("${run_packages[@]}") ;;
all) packages=("${run_packages[@]}" "${test_packages[@]}") ;;
*)
    echo "usage: $0 [run|all]" >&2
    exit 2
    ;;
esac

# A package counts as present when dpkg says it is installed. npm is a special case: NodeSource's
# nodejs package bundles npm and conflicts with Debian's npm package, so a working `npm` command
# counts too (installing Debian's npm there would fail).
is_present()
{
    local name=$1
    if [[ $(dpkg-query -W -f='${Status}' "$name" 2>/dev/null) == "install ok installed" ]]; then
        return 0
    fi
    [[ $name == npm ]] && command -v npm >/dev/null 2>&1
}

missing=()
for name in "${packages[@]}"; do
    is_present "$name" || missing+=("$name")
done

if ((${#missing[@]} == 0)); then
    echo "install-deps: all ${#packages[@]} packages present"
    exit 0
fi

echo "install-deps: installing ${missing[*]}"
sudo=()
if ((EUID != 0)); then sudo=(sudo); fi
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
