// The analysis board in the browser (issue 29 §2): a game played to its end (1.e4 e5 2.Bc4 Nc6
// 3.Qh5 Nf6 4.Qxf7#); the result banner links to the analysis board, where Stockfish (WebAssembly,
// in a worker of this page only) evaluates the final position and the reader steps back through
// the game's moves: the evaluation, its depth and three lines show; a move tried on the board
// gets its own evaluation; "back to the game" returns. The archive page links there too, and
// shows the server analysis (issue 29 §2): a guest reads that he must log in, the account asks
// for it and reads the chart with Black's blunder 3...Nf6 and both accuracies, and the PGN has
// the evaluations and the mark. A German
// reader on a phone (390x844) opens a position by its FEN. The player's page never loads the
// engine.
//
//   (node web/build.mjs first) ROCHADE_BIN=build/tools/rochade node tests/browser/analysis-test.mjs
// Screenshots go to the directory BROWSER_SHOTS (default /tmp/rochade-analysis).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, accountOpensGuestJoins, clickMove, laptopPage, launchBrowser, short, startServer, timeout, typeMove, webRoot,
} from './browser_harness.mjs';
import { fitsWidth } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-analysis');
const run = new Run(shots);
// The engine's first lines come within a second or two; a loaded CI machine gets more time.
const engineTimeout = { timeout: 60_000 };

// Waits for the engine to report at least `depth` with `lines` lines; returns the score's text.
async function evaluated(page, { depth = 8, lines = 3 } = {}) {
    await page.waitForFunction(([wanted, count]) => {
        const summary = document.querySelector('.engine-summary');
        const match = summary && /(\d+)\s*$/.exec(summary.textContent.trim());
        return match && Number(match[1]) >= wanted && document.querySelectorAll('.engine-line').length >= count;
    }, [depth, lines], engineTimeout);
    return page.textContent('.engine-score');
}

async function main() {
    if (!existsSync(join(webRoot(), 'analysis.html'))) throw new Error('web/dist is missing: run node web/build.mjs');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-analysis-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    let analysisHref = null;
    let gamePath = null;
    const engineRequests = [];
    try {
        const a = await laptopPage(browser, run, 'anna');
        const b = await laptopPage(browser, run, 'bob');
        for (const page of [a, b]) page.on('request', (request) => { if (request.url().includes('/engine/')) engineRequests.push(request.url()); });

        await run.step('a game to its end; the banner links to the analysis board', async () => {
            await accountOpensGuestJoins(a, b, url, { anna: `Anna_${suffix}`, password: `Springer-${suffix}`, bob: `Bob_${suffix}` });
            for (const [page, move, ply] of [[a, 'e4', 1], [b, 'e5', 2], [a, 'Bc4', 3], [b, 'Nc6', 4], [a, 'Qh5', 5], [b, 'Nf6', 6], [a, 'Qxf7#', 7]]) {
                await typeMove(page, move, ply);
            }
            const link = await a.waitForSelector('#table .result-banner[data-result="1-0"] a.analysis-link', { timeout });
            analysisHref = await link.getAttribute('href');
            if (!/^\/analysis\?game=\d+$/.test(analysisHref)) throw new Error(`the analysis link is ${analysisHref}`);
            gamePath = await a.getAttribute('#table .result-banner a.archive-link', 'href');
            if (engineRequests.length) throw new Error(`the player's page loaded the engine: ${engineRequests.join(', ')}`);
        });

        await run.step('the analysis board evaluates the final position and a position of the game', async () => {
            await a.goto(new URL(analysisHref, url).href);
            await a.waitForSelector('.analysis-title:has-text("Analysis of game")', { timeout });
            await a.waitForSelector('.analysis-move.current:has-text("Qxf7#")', { timeout });
            if (engineRequests.length) throw new Error('the engine loaded before it was asked for');
            await a.click('.engine-start');
            // Mate on the board: nothing to search; the board shows it, and a step back gets lines.
            await a.click('.analysis-move[data-ply="5"]');
            const score = await evaluated(a);
            if (!/^[+−]\d+\.\d\d$|^#/.test(score)) throw new Error(`the score reads ${score}`);
            const bar = await a.getAttribute('.eval-bar', 'aria-label');
            if (!bar.startsWith('Evaluation ')) throw new Error(`the bar's label is ${bar}`);
            // Black to move after 3.Qh5: the best lines are Black's moves, in SAN.
            const firstLine = await a.textContent('.engine-line .engine-line-moves');
            if (!/^[KQRBN]?[a-h]?x?[a-h][1-8]/.test(firstLine)) throw new Error(`the first line reads ${firstLine}`);
            await run.shot(a, '01-analysis');
        });

        await run.step('a move tried on the board is evaluated; "back to the game" returns', async () => {
            await clickMove(a, 'g7', 'g6', '.analysis-board [data-board]');
            await a.waitForSelector('.analysis-tried-moves:text-is("g6")', { timeout });
            await evaluated(a, { depth: 6, lines: 1 });
            await run.shot(a, '02-tried');
            await a.click('.analysis-back');
            await a.waitForSelector('.analysis-tried', { state: 'detached', timeout });
            await a.waitForSelector('.analysis-move.current[data-ply="5"]', { timeout });
        });

        await run.step('the archive page links to the analysis board', async () => {
            await b.goto(new URL(gamePath, url).href);
            const link = await b.waitForSelector('a.analysis-link', { timeout });
            if ((await link.getAttribute('href')) !== analysisHref) throw new Error('the archive links elsewhere');
        });

        await run.step('the game page: a guest reads that he must log in; Anna asks for the server analysis and reads it', async () => {
            await b.waitForSelector('.server-analysis[data-state="none"] .server-analysis-login', { timeout });
            await a.goto(new URL(gamePath, url).href);
            await a.click('.server-analysis-request', { timeout });
            // 3...Nf6 allowed the mate in one: Black's blunder, a red dot at ply 6 of the chart.
            await a.waitForSelector('.server-analysis[data-state="done"] .chart-mark.blunder[data-ply="6"]', engineTimeout);
            // The move list marks it too, as lichess's: "Nf6??".
            const marked = await a.textContent('.game-moves tr[data-ply="6"] .move-mark.blunder', short);
            if (marked !== '??') throw new Error(`the move list marks 3...Nf6 with ${marked}`);
            const black = await a.textContent('.server-analysis-summary dd[data-side="black"]');
            if (!/% accuracy · \d+ inaccuracies, \d+ mistakes, 1 blunders/.test(black)) throw new Error(`Black's summary reads ${black}`);
            const pgn = await (await a.request.get(new URL(`${gamePath}.pgn`, url).href)).text();
            if (!/3\.\.\. Nf6 \$4 \{\[%eval #1\]/.test(pgn)) throw new Error(`the PGN has no mark for 3...Nf6:\n${pgn}`);
            await run.shot(a, '03-server-analysis');
        });

        await run.step('a German reader on a phone analyses a position by its FEN', async () => {
            const p = run.watch('phone', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE',
                                                                          isMobile: true, hasTouch: true })).newPage());
            const fen = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
            await p.goto(new URL(`/analysis?fen=${encodeURIComponent(fen)}`, url).href);
            await p.waitForSelector('.analysis-title:text-is("Analysebrett")', { timeout });
            await p.click('.engine-start:text-is("Engine starten")');
            const score = await evaluated(p, { depth: 6, lines: 1 });
            if (score !== '#1') throw new Error(`the back-rank mate in one reads ${score}`);
            await p.waitForSelector('.engine-summary:has-text("Tiefe")', { timeout });
            const best = await p.textContent('.engine-line .engine-line-moves');
            if (!best.startsWith('Td8#')) throw new Error(`the best line is ${best} (German: T for the rook)`);
            await fitsWidth(p);
            await run.shot(p, '04-phone-fen');
            await p.goto(new URL(`/analysis?fen=${encodeURIComponent('8/8/8/8/8/8/8/8 w - - 0 1')}`, url).href);
            await p.waitForSelector('.analysis-problem:has-text("keine gültige Stellung")', { timeout });
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
