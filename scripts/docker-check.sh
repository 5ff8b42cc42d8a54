#!/usr/bin/env bash
# The "docker" stage of scripts/test.sh: builds docker/Dockerfile with podman (CI machines have no
# Docker engine and reach no container registry) and checks the running image:
#   1. base image   debian:bookworm made by `debootstrap --variant=minbase bookworm` from the mirror
#                   of the machine's apt sources, cleaned (no .deb cache, no apt lists, no docs,
#                   man pages or locales; bookworm-security in its sources.list) and imported;
#                   skipped when podman already has debian:bookworm
#   2. runtime      which OCI runtime and ulimits a trivial `podman run` needs here (crun, else
#                   runc; the ulimits only when the defaults fail)
#   3. build        podman build --format docker (keeps the HEALTHCHECK) --pull=never; the image
#                   must be under 180 MB (98 MB before the computer; Debian's stockfish is 48 MB, its
#                   network inside the binary, and the browser's WebAssembly Stockfish 13 MB)
#   4. checks       run as compose.yaml does (read-only root, tmpfs /tmp, no capabilities, no new
#                   privileges, published on 127.0.0.1): /health, the client at /, the WebSocket
#                   welcome, uid 10001 not 0, a game played over WebSocket; `podman stop` exits 0
#                   in under 10 s and a connected client gets close 1001; then the image again on
#                   the same volume with ROCHADE_PORT=9000: the HEALTHCHECK passes on that port and
#                   the game is in the archive (GET /api/games/ID)
# Containers and the volume are removed on exit, also on failure; the images stay as the cache
# of the next run (`podman rmi rochade:check debian:bookworm` starts from nothing).
# Prints the time of each step. DOCKER_CHECK_IMAGE overrides the image's tag (rochade:check).
# `docker-check.sh --base-image` does step 1 alone: scripts/test.sh runs it in the background while
# it compiles, since debootstrap mostly waits for the network and the disk.
# `docker-check.sh --prebuilt BINARY` builds the image from a `rochade` compiled already (the Release
# stage's build/tools/rochade) and the client in web/dist, instead of compiling both again in the
# image (docker/Dockerfile's target prebuilt); the checks are the same. scripts/test.sh does this.
set -euo pipefail
cd "$(dirname "$0")/.."
# debootstrap and rootful podman (its network and published ports) need root, as install-deps does.
if ((EUID != 0)); then exec sudo --preserve-env=PATH "$0" "$@"; fi

prebuilt_binary=""
if [[ ${1:-} == --prebuilt ]]; then
    prebuilt_binary=${2:?"--prebuilt needs the path of a rochade binary"}
    [[ -x $prebuilt_binary ]] || { echo "docker-check: --prebuilt $prebuilt_binary is not an executable" >&2; exit 1; }
    [[ -f web/dist/index.html ]] || { echo "docker-check: --prebuilt needs the client built in web/dist (scripts/build-web.sh)" >&2; exit 1; }
fi

image=${DOCKER_CHECK_IMAGE:-rochade:check}
container=rochade-check-$$
volume=rochade-check-data-$$
max_size_mb=180

now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
step_start=$(now)
# step NAME: prints the time of the step before and starts timing NAME.
step_name=""
step()
{
    [[ -n $step_name ]] && echo "docker-check: $step_name took $(since "$step_start") s"
    step_name=$1
    step_start=$(now)
    [[ -z $step_name ]] || echo "docker-check: -- $step_name"
}
# Ends the stage with the server's last log lines, when a container is there to tell why.
fail()
{
    echo "docker-check: FAILED: $*" >&2
    podman logs --tail 20 "$container" 2>/dev/null | sed 's/^/docker-check:   server: /' >&2 || true
    exit 1
}

cleanup()
{
    [[ -n ${hold_pid:-} ]] && kill "$hold_pid" 2>/dev/null
    podman rm -f -t 0 "$container" >/dev/null 2>&1 || true
    podman volume rm -f "$volume" >/dev/null 2>&1 || true
    [[ -n ${rootfs:-} ]] && rm -rf "$rootfs"
    [[ -n ${prebuilt_context:-} ]] && rm -rf "$prebuilt_context"
    return 0
}
trap cleanup EXIT

# The Debian mirror the machine's apt uses (deb822 .sources or one-line sources.list), so the
# base image fetches from where this machine is allowed to.
debian_mirror()
{
    local uri
    uri=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
          awk '/^URIs:/ && $2 !~ /security/ { print $2; exit }')
    if [[ -z $uri ]]; then
        uri=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
              awk '$1 == "deb" && $3 ~ /^bookworm/ && $2 !~ /security/ { print $2; exit }')
    fi
    echo "${uri:-http://deb.debian.org/debian}"
}

# Builds debian:bookworm from Debian's packages, as Docker's official image is built
# (debuerreotype): minbase, no caches, the slim image's dpkg excludes, security updates enabled.
make_base_image()
{
    local mirror security
    mirror=$(debian_mirror)
    security=${mirror%/debian}/debian-security
    echo "docker-check: debootstrap from $mirror"
    rootfs=$(mktemp -d /var/tmp/rochade-rootfs.XXXXXX)
    debootstrap --variant=minbase bookworm "$rootfs" "$mirror" >"$rootfs.log" 2>&1 ||
        { tail -20 "$rootfs.log"; rm -f "$rootfs.log"; fail "debootstrap"; }
    rm -f "$rootfs.log"
    cat >"$rootfs/etc/apt/sources.list" <<EOF
deb $mirror bookworm main
deb $mirror bookworm-updates main
deb $security bookworm-security main
EOF
    # Later installs in the image leave no .deb files and no docs either.
    cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache ""; Dir::Cache::srcpkgcache "";
EOF
    echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
    cat >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
    find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    rm -rf "$rootfs"/usr/share/{man,info,locale,lintian}/* "$rootfs"/var/cache/apt/* \
           "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*
    # The runtime provides /dev, /proc, /sys and the resolver files.
    rm -rf "$rootfs"/dev/* "$rootfs"/proc/* "$rootfs"/sys/* "$rootfs"/etc/resolv.conf "$rootfs"/etc/hostname
    tar --numeric-owner -C "$rootfs" -c . | podman import --quiet - debian:bookworm >/dev/null
    rm -rf "$rootfs"
    rootfs=""
}

# The HTTP status line and body of GET PATH on 127.0.0.1:$port, with bash's /dev/tcp.
http_get()
{
    local path=$1
    exec 3<>"/dev/tcp/127.0.0.1/$port" || return 1
    printf 'GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$path" >&3
    cat <&3
    exec 3<&-
}

# Waits up to 20 s for /health to answer 200.
wait_healthy()
{
    local i
    for ((i = 0; i < 100; ++i)); do
        if http_get /health 2>/dev/null | head -n 1 | grep -q ' 200 '; then return 0; fi
        sleep 0.2
    done
    fail "/health did not answer 200 in 20 s"
}

free_port()
{
    node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => {
                 console.log(s.address().port); s.close(); });'
}

# Runs the image as docker/compose.yaml does; extra options (e.g. -e) before the image. The
# HEALTHCHECK's timer is off (podman runs it from systemd, which CI machines do not have); the
# stage runs the check itself with `podman healthcheck run`.
start_container()
{
    local container_port=$1
    shift
    port=$(free_port)
    podman run -d --name "$container" "${runtime_options[@]}" \
        --read-only --tmpfs /tmp --cap-drop ALL --security-opt no-new-privileges --memory 512m \
        --health-interval disable \
        -p "127.0.0.1:$port:$container_port" -v "$volume:/data" "$@" "$image" >/dev/null
    wait_healthy
}

# ---- 1. base image ------------------------------------------------------------------------------
step "base image"
podman info --format 'docker-check: podman {{.Version.Version}}, storage driver {{.Store.GraphDriverName}}, cgroups {{.Host.CgroupsVersion}}'
if podman image exists debian:bookworm; then
    echo "docker-check: debian:bookworm present, no debootstrap"
else
    make_base_image
fi
if [[ ${1:-} == --base-image ]]; then
    step ""
    exit 0
fi

# ---- 2. runtime ---------------------------------------------------------------------------------
step "runtime"
runtime_options=()
for candidate in "" "--runtime runc" "--runtime runc --ulimit nofile=20000:20000 --ulimit nproc=32768:32768" \
                 "--ulimit nofile=20000:20000 --ulimit nproc=32768:32768"; do
    read -ra options <<<"$candidate"
    if why=$(podman run --rm --pull=never "${options[@]}" debian:bookworm true 2>&1); then
        runtime_options=("${options[@]}")
        echo "docker-check: podman runs containers with: ${candidate:-the defaults} ($(podman info --format '{{.Host.OCIRuntime.Name}}') is the default runtime)"
        break
    fi
    echo "docker-check: not with ${candidate:-the defaults}: $(tail -n 1 <<<"$why")"
    [[ $candidate == --ulimit* ]] && fail "no runtime runs 'podman run --rm debian:bookworm true' here"
done

# ---- 3. build -----------------------------------------------------------------------------------
step "build"
source_url=$(git config --get remote.origin.url || echo unknown)
[[ $source_url == http* ]] || source_url=unknown
build_log=$(mktemp)
# The machine's CA bundle for npm ci in the web stage: where HTTPS goes through an inspecting proxy
# (as on our CI machines), Debian's bundle in the image does not know its CA.
build_secrets=()
if [[ -s /etc/ssl/certs/ca-certificates.crt ]]; then
    build_secrets=(--secret id=build-ca,src=/etc/ssl/certs/ca-certificates.crt)
fi
# From a prebuilt binary: a context of its own with the stripped binary and the built client, as
# the Dockerfile's prebuilt target reads them; the build and web stages are skipped.
binary_options=()
if [[ -n $prebuilt_binary ]]; then
    prebuilt_context=$(mktemp -d /var/tmp/rochade-prebuilt.XXXXXX)
    cp "$prebuilt_binary" "$prebuilt_context/rochade"
    strip "$prebuilt_context/rochade"
    cp -r web/dist "$prebuilt_context/web"
    binary_options=(--target prebuilt --build-context "prebuilt-files=$prebuilt_context")
    echo "docker-check: from the prebuilt $prebuilt_binary and web/dist, no compile in the image"
fi
# Only the Dockerfile's steps are shown, each with the seconds since the build began.
if ! podman build --format docker --pull=never "${runtime_options[@]}" "${build_secrets[@]}" "${binary_options[@]}" --jobs 2 \
        --build-arg "REVISION=$(git rev-parse HEAD)" --build-arg "SOURCE=$source_url" \
        -f docker/Dockerfile -t "$image" . 2>&1 | tee "$build_log" |
    while IFS= read -r line; do
        if [[ $line == \[*STEP* || $line == STEP* ]]; then
            echo "docker-check: $(since "$step_start") s ${line:0:110}"
        fi
    done; then
    tail -40 "$build_log"
    rm -f "$build_log"
    fail "podman build"
fi
rm -f "$build_log"
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "docker-check: image $image is $((size / 1000000)) MB ($size bytes; limit $max_size_mb MB)"
((size <= max_size_mb * 1000000)) || fail "the image is larger than $max_size_mb MB"
podman image inspect --format '{{range $k, $v := .Labels}}{{printf "%s=%s\n" $k $v}}{{end}}' "$image" |
    grep '^org.opencontainers' | sed 's/^/docker-check:   /'
[[ $(podman image inspect --format '{{.Config.User}}' "$image") == 10001:10001 ]] ||
    fail "the image's USER is not 10001:10001"
podman image inspect --format '{{.Config.Healthcheck}}' "$image" | grep -q ROCHADE_PORT ||
    fail "the image has no HEALTHCHECK on ROCHADE_PORT (built without --format docker?)"

# ---- 4. checks ----------------------------------------------------------------------------------
step "checks"
start_container 8080
http_get /health | tail -n 1 | grep -q '"status":"ok"' || fail "/health has no status ok"
echo "docker-check: /health answers 200 on 127.0.0.1:$port"
http_get / | grep -Eq 'rochade-[A-Z0-9]{8}[.]js' || fail "/ does not serve the browser client"
echo "docker-check: / serves the browser client"
node scripts/ws-check.mjs welcome 127.0.0.1 "$port" | grep -q '"type":"welcome"' || fail "no welcome on /ws"
echo "docker-check: a WebSocket client gets the welcome"
uid=$(podman exec "$container" id -u)
[[ $uid == 10001 ]] || fail "the server runs as uid $uid, not 10001"
podman top "$container" user,pid,args | sed 's/^/docker-check:   /'
echo "docker-check: the server runs as uid $uid"
game=$(node scripts/ws-check.mjs play 127.0.0.1 "$port" | awk '/^game_id/ { print $2 }')
[[ $game =~ ^[0-9]+$ ]] || fail "the game over WebSocket was not played"
echo "docker-check: game $game played over WebSocket (1.e4 e5, White resigns)"

hold_log=$(mktemp)
node scripts/ws-check.mjs hold 127.0.0.1 "$port" >"$hold_log" 2>&1 &
hold_pid=$!
for ((i = 0; i < 100; ++i)); do grep -q ready "$hold_log" && break; sleep 0.1; done
grep -q ready "$hold_log" || fail "the held WebSocket client did not get in: $(cat "$hold_log")"
stop_start=$(now)
podman stop -t 20 "$container" >/dev/null || fail "podman stop did not exit 0"
stop_seconds=$(since "$stop_start")
awk -v s="$stop_seconds" 'BEGIN { exit !(s < 10) }' || fail "podman stop took $stop_seconds s (timeout 20 s)"
wait "$hold_pid" || true
hold_pid=""
grep -q 'close 1001' "$hold_log" || fail "the connected client got no close 1001: $(cat "$hold_log")"
rm -f "$hold_log"
exit_code=$(podman inspect --format '{{.State.ExitCode}}' "$container")
[[ $exit_code == 0 ]] || fail "the server exited with $exit_code after SIGTERM"
echo "docker-check: podman stop took $stop_seconds s, the server exited 0, the client got close 1001"
podman rm "$container" >/dev/null

start_container 9000 -e ROCHADE_PORT=9000
podman healthcheck run "$container" || fail "the HEALTHCHECK fails with ROCHADE_PORT=9000"
echo "docker-check: with ROCHADE_PORT=9000 the server and its HEALTHCHECK follow"
http_get "/api/games/$game" | head -n 1 | grep -q ' 200 ' || fail "game $game is not in the archive after the restart"
echo "docker-check: after a restart on volume $volume game $game is in the archive (/api/games/$game)"
step ""
echo "docker-check: all checks passed"
