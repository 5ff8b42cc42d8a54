// A game from a position in the browser (issue 27 §3 and §5): Anna (an account, a German browser
// at 1280x800) chooses "from a position" in the table form; an invalid FEN makes the preview say
// what is wrong (the server's GET /api/position) and is refused if sent (bad_fen), a valid one
// shows the position on the preview
// board, and the rated box says a game from a position is casual. The table opens from the FEN;
// Bert (a guest on a 390x844 phone, in English) sees the table marked "from a position" in the
// room's list, joins, and both boards show the position. White castles by dragging the king onto
// the rook (e1-h1, sent as the server lists it, e1g1), Black by dragging it two squares (e8-c8).
//
//   (node web/build.mjs first) ROCHADE_BIN=build/tools/rochade node tests/browser/position-game-test.mjs
// Screenshots go to the directory POSITION_SHOTS (default /tmp/rochade-position).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { dragAndSeeOnBoth, expectPieces } from './board_pieces.mjs';
import {
    Run, enterAsGuest, enterRoom34, launchBrowser, register, startServer, timeout, waitOnline, webRoot,
} from './browser_harness.mjs';

const shots = process.env.POSITION_SHOTS || join(tmpdir(), 'rochade-position');
const run = new Run(shots);

const INVALID = '4k3/8/8/8/8/8/8/P3K3 w - - 0 1';
const FEN = 'r3k2r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1';

async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run node web/build.mjs');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-position-' });
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    try {
        const a = run.watch('anna', await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' })).newPage());
        const b = run.watch('bert', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US',
                                                                      isMobile: true, hasTouch: true })).newPage());

        await run.step('Anna (German, 1280x800) chooses "from a position": the FEN box and its preview appear', async () => {
            await register(a, server.url, anna, `Turm-${suffix}`);
            await enterRoom34(a);
            await a.selectOption('.open-table select[name=variant]', 'from_position');
            await a.waitForSelector('.open-table textarea[name=fen]:visible', { timeout });
            await a.waitForSelector('.open-table .setup-preview-text:text-is("Füge eine FEN ein, um die Stellung zu sehen.")', { timeout });
            const rated = a.locator('.open-table input[name=rated]');
            if (!await rated.isDisabled()) throw new Error('the rated box is enabled for a game from a position');
            await a.waitForSelector('.open-table .rated-why:text-is("Eine Partie aus einer Stellung wird nie gewertet.")', { timeout });
        });
        await run.step('an invalid FEN: the preview says what is wrong, in German, from the server\'s reason code', async () => {
            await a.fill('.open-table textarea[name=fen]', INVALID);
            await a.waitForSelector('.open-table .setup-preview.invalid .setup-preview-text'
                + ':text-is("Keine gültige Ausgangsstellung: ein Bauer steht auf der ersten oder letzten Reihe.")', { timeout });
            if (await a.isVisible('.open-table .setup-preview-board')) throw new Error('an invalid FEN shows a board');
            await run.shot(a, '01-invalid-fen');
            // Sent anyway, the server refuses it (bad_fen) and the page says so in German.
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('.messages .error[data-code="bad_fen"]:has-text("Aus dieser FEN kann keine Partie beginnen")', { timeout });
            if (await a.isVisible('#table .table-meta')) throw new Error('a table opened from an invalid FEN');
        });
        await run.step('a valid FEN: the preview board shows the position and who is to move', async () => {
            await a.fill('.open-table textarea[name=fen]', FEN);
            await a.waitForSelector('.open-table .setup-preview:not(.invalid) .setup-preview-text:text-is("Weiß am Zug.")', { timeout });
            await expectPieces(a, '.open-table .setup-preview-board', FEN);
            const box = await a.locator('.open-table .setup-preview-board cg-board').boundingBox();
            if (!box || box.width < 80) throw new Error(`the preview board is ${box ? box.width : 0} px wide`);
            await run.shot(a, '02-valid-fen');
            // The page in English and back: the form and its preview speak the page's language.
            await a.selectOption('#language', 'en');
            await a.waitForSelector('.open-table .setup-preview-text:text-is("White to move.")', { timeout });
            await a.waitForSelector('.open-table select[name=variant] option[value=from_position]:text-is("From a position (FEN)")', { state: 'attached', timeout });
            await a.selectOption('#language', 'de');
            await a.waitForSelector('.open-table .setup-preview-text:text-is("Weiß am Zug.")', { timeout });
        });
        await run.step('the table opens from the FEN: Anna\'s board shows the position, the header says "aus einer Stellung"', async () => {
            await a.selectOption('.open-table select[name=color]', 'white');
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('#table .status-line:has-text("Warte")', { timeout });
            await a.waitForSelector('#table .table-meta .table-variant:text-is("aus einer Stellung")', { timeout });
            await expectPieces(a, '#table [data-board]', FEN);
        });
        await run.step('Bert (English, 390x844) sees "from a position" in the list, joins, and sees the position', async () => {
            await enterAsGuest(b, server.url, `Bert_${suffix}`);
            await waitOnline(b);
            await enterRoom34(b);
            await b.waitForSelector('#room .table-list .table-variant[data-variant="from_position"]:text-is("from a position")', { timeout });
            const width = await b.evaluate(() => document.documentElement.scrollWidth);
            if (width > 390) throw new Error(`the room with the variant in its list is ${width} px wide on a 390 px phone`);
            await b.locator('#room button[data-action="join"]').click({ timeout });
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await b.waitForSelector('#table .table-meta .table-variant:text-is("from a position")', { timeout });
            await expectPieces(b, '#table [data-board]', FEN);
            await run.shot(b, '03-bert-joined');
        });
        await run.step('White castles by dragging the king onto the rook (e1-h1): both see 0-0 / O-O', async () => {
            await dragAndSeeOnBoth(a, b, { yourTurn: 'Du bist am Zug', from: 'e1', to: 'h1', ply: 1, sans: ['0-0', 'O-O'],
                                          after: 'r3k2r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPQ1PPP/R4RK1 b kq - 1 1' });
        });
        await run.step('Black castles long by dragging the king two squares (e8-c8): both see O-O-O / 0-0-0', async () => {
            await dragAndSeeOnBoth(b, a, { yourTurn: 'Your move', from: 'e8', to: 'c8', ply: 2, sans: ['O-O-O', '0-0-0'],
                                          after: '2kr3r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPQ1PPP/R4RK1 w - - 2 2' });
            await run.shot(a, '04-anna-castled');
            await run.shot(b, '04-bert-castled');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
