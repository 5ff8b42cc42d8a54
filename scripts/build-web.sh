#!/usr/bin/env bash
# Builds the browser client into web/dist/, which `rochade serve` serves by default: installs
# web/'s npm packages (chessground, chessops, stockfish, esbuild, playwright-core; pinned in web/package-lock.json)
# with `npm ci` when node_modules is missing or the lock file changed since the last install,
# then bundles with esbuild (web/build.mjs). Needs node and npm (scripts/install-deps.sh).
#
#   scripts/build-web.sh
set -euo pipefail
cd "$(dirname "$0")/../web"

stamp=node_modules/.rochade-lock.sha256
lock_sum=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -d node_modules || ! -f $stamp || $(cat "$stamp") != "$lock_sum" ]]; then
    npm ci --no-audit --no-fund --loglevel=error
    echo "$lock_sum" >"$stamp"
fi
node build.mjs
