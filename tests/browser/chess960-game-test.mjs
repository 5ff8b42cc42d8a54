// A Chess960 game in the browser (issue 27 §4 and §5): Cleo (a guest, an English browser at
// 1280x800) chooses Chess960 in the table form and types start 607 (RQNKRNBB); the preview board
// shows it. The table opens; Dirk (a guest on a 390x844 phone, in German) sees "Chess960 Nr. 607"
// in the room's list (and his own form previews start 518 within the phone's width), joins, and
// both boards show the start. After three moves each, White castles
// long by dragging the king two squares (d1-b1: the server lists king takes rook, d1a1; the board
// puts king and rook on c1 and d1), and Black castles short by dragging the king onto its rook
// (d8-e8: king g8, rook f8).
//
//   (node web/build.mjs first) ROCHADE_BIN=build/tools/rochade node tests/browser/chess960-game-test.mjs
// Screenshots go to the directory CHESS960_SHOTS (default /tmp/rochade-chess960).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { dragAndSeeOnBoth, expectPieces } from './board_pieces.mjs';
import {
    Run, dragMove, enterAsGuest, enterRoom34, launchBrowser, startServer, timeout, waitForMove, waitOnline, webRoot,
} from './browser_harness.mjs';

const shots = process.env.CHESS960_SHOTS || join(tmpdir(), 'rochade-chess960');
const run = new Run(shots);

const START = 'rqnkrnbb/pppppppp/8/8/8/8/PPPPPPPP/RQNKRNBB';

// The move list's spelling in German (piece letters K D T L S).
const german = (san) => san.replace(/[QRBN]/g, (letter) => ({ Q: 'D', R: 'T', B: 'L', N: 'S' })[letter]);

async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run node web/build.mjs');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-chess960-' });
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    try {
        const c = run.watch('cleo', await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage());
        const d = run.watch('dirk', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE',
                                                                      isMobile: true, hasTouch: true })).newPage());

        await run.step('Cleo (English, 1280x800) chooses Chess960: a random start is the default', async () => {
            await enterAsGuest(c, server.url, `Cleo_${suffix}`);
            await waitOnline(c);
            await enterRoom34(c);
            await c.selectOption('.open-table select[name=variant]', 'chess960');
            await c.waitForSelector('.open-table input[name=chess960][placeholder="random"]:visible', { timeout });
            await c.waitForSelector('.open-table .setup-preview-text:text-is("One of the 960 start positions, drawn when the game starts.")', { timeout });
        });
        await run.step('a number out of range is refused at the form; 607 shows RQNKRNBB on the preview board', async () => {
            await c.fill('.open-table input[name=chess960]', '960');
            await c.click('.open-table button[type=submit]');
            const message = await c.$eval('.open-table input[name=chess960]', (input) => input.validationMessage);
            if (!message.includes('0 to 959')) throw new Error(`the number box says "${message}"`);
            if (await c.isVisible('#table .table-meta')) throw new Error('a table opened with start 960');
            await c.fill('.open-table input[name=chess960]', '607');
            await c.waitForSelector('.open-table .setup-preview-text:text-is("White to move.")', { timeout });
            await expectPieces(c, '.open-table .setup-preview-board', START);
            await run.shot(c, '01-preview-607');
        });
        await run.step('the table opens: Cleo\'s header says "Chess960 #607" and the board shows the start', async () => {
            await c.selectOption('.open-table select[name=color]', 'white');
            await c.click('.open-table button[type=submit]');
            await c.waitForSelector('#table .status-line:has-text("Waiting")', { timeout });
            await c.waitForSelector('#table .table-meta .table-variant:text-is("Chess960 #607")', { timeout });
            await expectPieces(c, '#table [data-board]', START);
        });
        await run.step('Dirk (German, 390x844) sees "Chess960 Nr. 607" in the list, joins, and sees the start', async () => {
            await enterAsGuest(d, server.url, `Dirk_${suffix}`);
            await waitOnline(d);
            await enterRoom34(d);
            await d.waitForSelector('#room .table-list .table-variant[data-variant="chess960"]:text-is("Chess960 Nr. 607")', { timeout });
            const width = await d.evaluate(() => document.documentElement.scrollWidth);
            if (width > 390) throw new Error(`the room with the variant in its list is ${width} px wide on a 390 px phone`);
            // The setup form on the phone: Chess960 with a number previews that start within the screen's width.
            await d.selectOption('.open-table select[name=variant]', 'chess960');
            await d.fill('.open-table input[name=chess960]', '518');
            await d.waitForSelector('.open-table .setup-preview-text:text-is("Weiß am Zug.")', { timeout });
            await expectPieces(d, '.open-table .setup-preview-board', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
            const board = await d.locator('.open-table .setup-preview-board cg-board').boundingBox();
            if (!board || board.x < 0 || board.x + board.width > 390) throw new Error(`the preview board spans ${JSON.stringify(board)}`);
            if (await d.evaluate(() => document.documentElement.scrollWidth) > 390) throw new Error('the form is wider than the phone');
            await run.shot(d, '02-dirk-form');
            await d.locator('#room button[data-action="join"]').click({ timeout });
            await d.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await d.waitForSelector('#table .table-meta .table-variant:text-is("Chess960 Nr. 607")', { timeout });
            await expectPieces(d, '#table [data-board]', START);
            await run.shot(d, '03-dirk-joined');
        });
        await run.step('three moves each clear the way: 1. c3 Ne6 2. Qc2 h6 3. Nd3 Bh7', async () => {
            const moves = [[c, 'c2', 'c3', 'c3'], [d, 'f8', 'e6', 'Ne6'], [c, 'b1', 'c2', 'Qc2'], [d, 'h7', 'h6', 'h6'],
                           [c, 'c1', 'd3', 'Nd3'], [d, 'g8', 'h7', 'Bh7']];
            for (const [index, [page, from, to, san]] of moves.entries()) {
                await page.waitForSelector(`#table .status-line:has-text("${page === c ? 'Your move' : 'Du bist am Zug'}")`, { timeout });
                await dragMove(page, from, to);
                const viewer = page === c ? d : c;
                await waitForMove(viewer, index + 1, viewer === d ? german(san) : san);
            }
        });
        await run.step('White castles long by dragging the king two squares (d1-b1): king c1, rook d1 on both boards', async () => {
            await dragAndSeeOnBoth(c, d, { yourTurn: 'Your move', from: 'd1', to: 'b1', ply: 7, sans: ['O-O-O', '0-0-0'],
                                          after: 'rqnkr2b/pppppppb/4n2p/8/8/2PN4/PPQPPPPP/2KRRNBB' });
        });
        await run.step('Black castles short by dragging the king onto its rook (d8-e8): king g8, rook f8 on both boards', async () => {
            await dragAndSeeOnBoth(d, c, { yourTurn: 'Du bist am Zug', from: 'd8', to: 'e8', ply: 8, sans: ['0-0', 'O-O'],
                                          after: 'rqn2rkb/pppppppb/4n2p/8/8/2PN4/PPQPPPPP/2KRRNBB' });
            await run.shot(c, '04-cleo-castled');
            await run.shot(d, '04-dirk-castled');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
