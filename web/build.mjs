// Builds the browser client into dist/, which `rochade serve` serves by default (--web-root
// web/dist): esbuild bundles js/main.js and its imports (chessground from node_modules) into
// rochade.js, and bundle.css (chessground's CSS, the client's style.css and board.css) into
// rochade.css; the admin area (served at /admin) likewise from js/admin/admin_main.js into
// admin.js and from admin.css into admin.css, and the public game page (served at /games/{id})
// from js/archive/archive_main.js into archive.js and from archive.css into archive.css, a
// player's profile (served at /@/{nick}) from js/profile/profile_main.js into profile.js and
// profile.css, and the leaderboards (served at /leaderboard) from js/leaderboard/leaderboard_main.js
// into leaderboard.js and leaderboard.css; the pages' HTML and favicon.svg are copied. Nothing is loaded from the internet at run
// time: the pieces and the board are data URIs inside rochade.css.
//
//   node web/build.mjs            (scripts/build-web.sh runs npm ci first when needed)

import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const web = dirname(fileURLToPath(import.meta.url));
const dist = join(web, 'dist');

const banner = '/* Rochade (AGPL-3.0-or-later), with chessground by lichess.org (GPL-3.0-or-later);'
    + ' the cburnett pieces by Colin M.L. Burnett (GPL-2.0-or-later). The sources are in the source map and the repository. */';

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
    absWorkingDir: web,
    entryPoints: {
        rochade: 'js/main.js', admin: 'js/admin/admin_main.js', archive: 'js/archive/archive_main.js',
        profile: 'js/profile/profile_main.js', leaderboard: 'js/leaderboard/leaderboard_main.js',
    },
    bundle: true,
    format: 'esm',
    target: ['es2022'],
    minify: true,
    sourcemap: 'linked',
    sourcesContent: true,
    legalComments: 'eof',
    banner: { js: banner },
    outdir: dist,
    logLevel: 'warning',
});

await build({
    absWorkingDir: web,
    entryPoints: { rochade: 'bundle.css', admin: 'admin.css', archive: 'archive.css', profile: 'profile.css', leaderboard: 'leaderboard.css' },
    bundle: true,
    minify: true,
    banner: { css: banner },
    outdir: dist,
    logLevel: 'warning',
});

for (const file of ['index.html', 'admin.html', 'archive.html', 'profile.html', 'leaderboard.html', 'favicon.svg']) copyFileSync(join(web, file), join(dist, file));
console.log(`web client built into ${dist}`);
