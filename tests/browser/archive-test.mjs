// The browser test of the public game page (/games/{id}) against a real server in headless
// Chromium:
//   - Anna (an account) and Bob (a guest) play a short game in room 34 (1.f3 e5 2.g4 Qh4#); the
//     result banner of both links to the game's page in the archive;
//   - a visitor who is not logged in opens that page: the players, the result and its reason in
//     words, the room; the board steps through the moves by buttons and arrow keys (the pieces
//     move), the move list shows both clocks after each move and German SAN when the page is
//     German; the PGN link answers the game's PGN; the page links back to the lobby;
//   - an unknown game's page says there is no such game.
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-archive).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/archive-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, accountOpensGuestJoins, launchBrowser, short, startServer, timeout, typeMove, laptopPage
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-archive');
const run = new Run(shots);

// Where the archive's board shows pieces: "f3:white pawn" for each piece chessground draws (a
// piece still moving there, or fading away, counts by its colour and kind alone).
function boardPieces(page) {
    return page.$$eval('.archive-board piece', (nodes) => nodes
        .filter((node) => !node.classList.contains('ghost') && !node.classList.contains('fading') && node.cgKey)
        .map((node) => `${node.cgKey}:${[...node.classList].filter((name) => name !== 'anim').join(' ')}`).sort());
}

// A PGN's movetext as one line without the clock comments ({[%clk 0:05:02]}) and the "1..."
// that resumes the moves after a comment: "1. f3 e5 2. g4 Qh4# 0-1".
function pgnMoves(pgn) {
    return pgn.replace(/\{[^}]*\}/g, ' ').replace(/\d+\.\.\./g, ' ').replace(/\s+/g, ' ');
}

async function expectPiece(page, piece, present = true) {
    const pieces = await boardPieces(page);
    if (pieces.includes(piece) !== present) throw new Error(`${piece} ${present ? 'missing' : 'still there'}: ${pieces.join(' ')}`);
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-archive-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    let gamePath = null;
    try {
        const a = await laptopPage(browser, run, 'anna');
        const b = await laptopPage(browser, run, 'bob');
        const v = await laptopPage(browser, run, 'visitor');

        await run.step('Anna (an account) opens a table in room 34, Bob (a guest) joins', async () => {
            await accountOpensGuestJoins(a, b, url, { anna, password: `Springer-${suffix}`, bob });
        });
        await run.step('they play 1.f3 e5 2.g4 Qh4#; both banners link to the game in the archive', async () => {
            await typeMove(a, 'f3', 1);
            await typeMove(b, 'e5', 2);
            await typeMove(a, 'g4', 3);
            await typeMove(b, 'Qh4#', 4);
            const link = await a.waitForSelector('#table .result-banner[data-result="0-1"] a.archive-link', { timeout });
            gamePath = await link.getAttribute('href');
            if (!/^\/games\/\d+$/.test(gamePath)) throw new Error(`the archive link is ${gamePath}`);
            if ((await link.textContent()) !== 'Open in the archive') throw new Error(`the link reads ${await link.textContent()}`);
            const other = await b.waitForSelector('#table .result-banner a.archive-link', { timeout });
            if ((await other.getAttribute('href')) !== gamePath) throw new Error('the two players\' banners link to different pages');
            await run.shot(a, '01-banner');
        });
        await run.step('a visitor who is not logged in opens the page: players, result and reason, room', async () => {
            await v.goto(new URL(gamePath, url).href);
            await v.waitForSelector(`.archive-player[data-side="white"] .nick:text-is("${anna}")`, { timeout });
            await v.waitForSelector(`.archive-player[data-side="black"] .nick:text-is("${bob}")`, short);
            await v.waitForSelector('.archive-result[data-result="0-1"] .result-title:text-is("Black wins")', short);
            await v.waitForSelector('.archive-result .result-reason:text-is("White is checkmated.")', short);
            await v.waitForSelector('.game-facts dd:text-is("34")', short);
            await v.waitForSelector(`.game-facts dd:text-is("${anna} (White) – ${bob} (Black): 0-1")`, short);
            const title = await v.title();
            if (!title.includes(gamePath.split('/').pop())) throw new Error(`the page's title is ${title}`);
            if ((await v.getAttribute('#to-lobby', 'href')) !== '/') throw new Error('no link back to the lobby');
            await run.shot(v, '02-archive');
        });
        await run.step('the board steps through the game by buttons and arrow keys, and the pieces move', async () => {
            await v.waitForSelector('.archive-board[data-ply="4"]', short);
            await expectPiece(v, 'h4:black queen');
            await v.click('[data-nav="first"]');
            await v.waitForSelector('.archive-board[data-ply="0"]', short);
            await expectPiece(v, 'f2:white pawn');
            await expectPiece(v, 'h4:black queen', false);
            await v.click('[data-nav="next"]');
            await v.waitForSelector('.archive-board[data-ply="1"]', short);
            await expectPiece(v, 'f3:white pawn');
            await expectPiece(v, 'f2:white pawn', false);
            await v.keyboard.press('ArrowRight');
            await v.waitForSelector('.archive-board[data-ply="2"]', short);
            await expectPiece(v, 'e5:black pawn');
            await v.focus('.archive-board');
            await v.keyboard.press('End');
            await v.waitForSelector('.archive-board[data-ply="4"]', short);
            await v.keyboard.press('ArrowLeft');
            await v.waitForSelector('.archive-board[data-ply="3"]', short);
            await v.waitForSelector('.game-moves tr.current[data-ply="3"]', short);
            const fen = await v.getAttribute('.archive-board', 'data-fen');
            if (!fen.startsWith('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b')) throw new Error(`the FEN after 2.g4 is ${fen}`);
            await v.click('.game-moves tr[data-ply="4"]');
            await v.waitForSelector('.replay-ply:has-text("Qh4#")', short);
            await expectPiece(v, 'h4:black queen');
        });
        await run.step('the move list shows both clocks after each move', async () => {
            const rows = await v.$$eval('.game-moves tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
            if (rows.length !== 4) throw new Error(`the list has ${rows.length} rows`);
            const sans = rows.map((row) => row[1]).join(' ');
            if (sans !== 'f3 e5 g4 Qh4#') throw new Error(`the moves read ${sans}`);
            for (const row of rows) {
                if (!/^\d+:\d\d/.test(row[2]) || !/^\d+:\d\d/.test(row[3])) throw new Error(`a move without its clocks: ${row.join(' | ')}`);
            }
        });
        await run.step('in German the page and the moves read in German, with German SAN', async () => {
            await v.selectOption('#language', 'de');
            await v.waitForSelector('.game-moves tr[data-ply="4"] .san:text-is("Dh4#")', short);
            await v.waitForSelector('.archive-result .result-title:text-is("Schwarz gewinnt")', short);
            await v.waitForSelector('#to-lobby:text-is("Zur Lobby")', short);
            await v.waitForSelector('a.pgn-download:text-is("PGN herunterladen")', short);
            await run.shot(v, '03-archive-de');
            await v.selectOption('#language', 'en');
            await v.waitForSelector('.game-moves tr[data-ply="4"] .san:text-is("Qh4#")', short);
        });
        await run.step('the PGN link answers the game\'s PGN', async () => {
            const href = await v.getAttribute('a.pgn-download', 'href');
            if (href !== `${gamePath}.pgn`) throw new Error(`the PGN link is ${href}`);
            const pgn = await v.evaluate((path) => fetch(path).then((r) => (r.ok ? r.text() : `HTTP ${r.status}`)), href);
            const moves = pgnMoves(pgn);
            for (const part of [`[White "${anna}"]`, `[Black "${bob}"]`, '[Result "0-1"]', '[%clk ']) {
                if (!pgn.includes(part)) throw new Error(`the PGN lacks ${part}: ${pgn}`);
            }
            if (!moves.includes('1. f3 e5 2. g4 Qh4# 0-1')) throw new Error(`the PGN's moves are not the game's: ${JSON.stringify(pgn)}`);
        });
        await run.step('an unknown game\'s page says there is no such game', async () => {
            await v.goto(new URL('/games/987654321', url).href);
            await v.waitForSelector('.archive-problem[data-code="no_such_game"]:text-is("The archive has no game 987654321.")', { timeout });
            await run.shot(v, '04-unknown');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
