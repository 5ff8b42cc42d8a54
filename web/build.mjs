// Builds the browser client into dist/, which `rochade serve` serves by default (--web-root
// web/dist): esbuild bundles js/main.js and its imports (chessground from node_modules) into
// rochade-HASH.js, and bundle.css (chessground's CSS, the client's style.css and board.css) into
// rochade-HASH.css; the admin area (served at /admin) likewise from js/admin/admin_main.js into
// admin-HASH.js and from admin.css into admin-HASH.css, and the public game page (served at
// /games/{id}) from js/archive/archive_main.js into archive-HASH.js and archive-HASH.css, a
// player's profile (served at /@/{nick}) from js/profile/profile_main.js into profile-HASH.js and
// profile-HASH.css, and the leaderboards (served at /leaderboard) from
// js/leaderboard/leaderboard_main.js into leaderboard-HASH.js and leaderboard-HASH.css. Nothing
// is loaded from the internet at run time: the pieces and the board are data URIs inside the CSS.
//
// HASH is esbuild's hash of the bundle's content (8 characters of A-Z and 2-7), so a bundle's
// name changes whenever its content does: the server lets browsers keep such a file for a year
// without asking again (server/net/static_representation.h), and the pages, which keep their
// names and are revalidated on every visit, name the current bundles. The pages' HTML is copied
// with each bundle's plain name ("rochade.js", "/admin.css") replaced by its hashed one;
// dist/manifest.json lists the same mapping for tools. favicon.svg is copied as it is.
//
// Every text file in dist/ then gets a gzip (.gz) and a brotli (.br) copy beside it, made here
// once at the highest levels, so the server sends the smallest one the browser accepts without
// compressing anything per request (node's zlib has both: no further package).
//
//   node web/build.mjs            (scripts/build-web.sh runs npm ci first when needed)

import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const web = dirname(fileURLToPath(import.meta.url));
const dist = join(web, 'dist');

const banner = '/* Rochade (AGPL-3.0-or-later), with chessground by lichess.org (GPL-3.0-or-later);'
    + ' the cburnett pieces by Colin M.L. Burnett (GPL-2.0-or-later). The sources are in the source map and the repository. */';

const PAGES = ['index.html', 'admin.html', 'archive.html', 'profile.html', 'leaderboard.html', 'analysis.html'];
// Stockfish in WebAssembly for the analysis board (the npm package "stockfish", GPL-3.0): the
// single-threaded lite build, copied to dist/engine/ under its own names (its script finds the
// .wasm beside itself), with a gzip copy of each; brotli at its highest level would take the
// build half a minute for 7 MB.
const ENGINE_FILES = ['stockfish-18-lite-single.js', 'stockfish-18-lite-single.wasm'];
const COMPRESSED = ['.html', '.js', '.css', '.map', '.svg', '.json'];

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = { absWorkingDir: web, bundle: true, minify: true, outdir: dist, entryNames: '[name]-[hash]', metafile: true,
                 logLevel: 'warning' };

const scripts = await build({
    ...common,
    entryPoints: {
        rochade: 'js/main.js', admin: 'js/admin/admin_main.js', archive: 'js/archive/archive_main.js',
        profile: 'js/profile/profile_main.js', leaderboard: 'js/leaderboard/leaderboard_main.js',
        analysis: 'js/analysis/analysis_main.js',
    },
    format: 'esm',
    target: ['es2022'],
    sourcemap: 'linked',
    sourcesContent: true,
    legalComments: 'eof',
    banner: { js: banner },
});

const styles = await build({
    ...common,
    entryPoints: { rochade: 'bundle.css', admin: 'admin.css', archive: 'archive.css', profile: 'profile.css', leaderboard: 'leaderboard.css',
                   analysis: 'analysis.css' },
    banner: { css: banner },
});

// "rochade.js" -> "rochade-5XBQ2NQK.js", for each bundle (source maps are named by the bundles).
const hashedNames = {};
for (const result of [scripts, styles]) {
    for (const [output, meta] of Object.entries(result.metafile.outputs)) {
        if (!meta.entryPoint) continue;
        const hashed = basename(output);
        const plain = hashed.replace(/-[A-Z0-9]{8}(\.(?:js|css))$/u, '$1');
        if (plain === hashed) throw new Error(`build.mjs: esbuild named the bundle ${hashed} without a content hash`);
        hashedNames[plain] = hashed;
    }
}

// A page names its bundles as "rochade.js" or "/admin.css" in src= and href=; each becomes its
// hashed name. A page that names a bundle the build did not make is an error here, not a 404 later.
function withHashedNames(page, html) {
    return html.replace(/(\s(?:src|href)=")(\/?)([\w-]+\.(?:js|css))"/gu, (match, attribute, slash, name) => {
        const hashed = hashedNames[name];
        if (!hashed) throw new Error(`build.mjs: ${page} loads ${slash}${name}, which the build does not make`);
        return `${attribute}${slash}${hashed}"`;
    });
}

for (const page of PAGES) writeFileSync(join(dist, page), withHashedNames(page, readFileSync(join(web, page), 'utf8')));
copyFileSync(join(web, 'favicon.svg'), join(dist, 'favicon.svg'));
mkdirSync(join(dist, 'engine'));
for (const file of ENGINE_FILES) {
    const content = readFileSync(join(web, 'node_modules', 'stockfish', 'bin', file));
    writeFileSync(join(dist, 'engine', file), content);
    writeFileSync(join(dist, 'engine', `${file}.gz`), gzipSync(content, { level: 9 }));
}
writeFileSync(join(dist, 'manifest.json'), `${JSON.stringify(hashedNames, null, 2)}\n`);

for (const file of readdirSync(dist)) {
    if (!COMPRESSED.some((extension) => file.endsWith(extension))) continue;
    const content = readFileSync(join(dist, file));
    writeFileSync(join(dist, `${file}.gz`), gzipSync(content, { level: 9 }));
    writeFileSync(join(dist, `${file}.br`), brotliCompressSync(content, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length },
    }));
}
console.log(`web client built into ${dist}`);
