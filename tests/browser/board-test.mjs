// A browser test of the board alone (chessground in js/board_view.js) against a real server: two
// guests play one game with moves by drag and drop and by two clicks, a promotion through the
// chooser (Escape puts the pawn back; then a knight), a premove that is played, a premove made
// illegal by the opponent's move (dropped silently) and a premove cancelled by a right click.
//
//   (scripts/build-web.sh first) ROCHADE_BIN=build/tools/rochade node tests/browser/board-test.mjs
// Screenshots go to the directory BOARD_SHOTS (default /tmp/rochade-board).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, clickMove, dragMove, enterAsGuest, enterRoom34, launchBrowser, squarePoint as point, startServer, timeout,
    waitOnline, webRoot,
} from './browser_harness.mjs';

const shots = process.env.BOARD_SHOTS || join(tmpdir(), 'rochade-board');
const run = new Run(shots);
const step = (name, body) => run.step(name, body);

const yourMove = (page) => page.waitForSelector('.status-line:has-text("Your move")', { timeout });
const notYourMove = (page) => page.waitForSelector('.status-line:not(:has-text("Your move"))', { timeout });
const listed = (page, san) => page.waitForSelector(`.move-list .move:text-is("${san}")`, { timeout });
// chessground draws in the next animation frame: wait for the count rather than read it at once.
const squaresAre = (page, kind, count) => page.waitForFunction(([k, n]) => document.querySelectorAll(`#table cg-board square.${k}`).length === n,
                                                             [kind, count], { timeout: 3000 });
const premoveShown = (page) => squaresAre(page, 'current-premove', 2);
const noPremoveShown = (page) => squaresAre(page, 'current-premove', 0);

async function guest(browser, url, nick) {
    const page = run.watch(nick, await (await browser.newContext({ viewport: { width: 1400, height: 1000 }, locale: 'en-US' })).newPage());
    await enterAsGuest(page, url, nick);
    await waitOnline(page);
    await enterRoom34(page);
    return page;
}

async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run scripts/build-web.sh');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-board-' });
    const browser = await launchBrowser();
    try {
        const anna = await guest(browser, server.url, 'Anna');
        await anna.selectOption('select[name=color]', 'white');
        await anna.click('.open-table button[type=submit]');
        await anna.waitForSelector('.status-line:has-text("Waiting")', { timeout });
        const bjoern = await guest(browser, server.url, 'Bjoern');
        await bjoern.click('button[data-action="join"]', { timeout });
        await yourMove(anna);

        await step('the board has its label, chessground\'s board, coordinates and SVG pieces', async () => {
            await anna.waitForSelector('#table .board[aria-label="Chess board"] [data-board].cg-wrap cg-board piece.pawn.white', { timeout });
            await anna.waitForSelector('#table [data-board] coords.files', { timeout });
            const image = await anna.$eval('#table cg-board piece.king.white', (node) => getComputedStyle(node).backgroundImage);
            if (!image.startsWith('url("data:image/svg+xml')) throw new Error(`the king is drawn with ${image.slice(0, 40)}`);
            if (!(await bjoern.$('#table [data-board].orientation-black'))) throw new Error('Black\'s board is not flipped');
            await run.shot(anna, '0-start');
        });
        await step('drag and drop (a2-a4) and two clicks (b7-b5); dots show the legal targets', async () => {
            const a = await point(anna, 'a2');
            await anna.mouse.click(a.x, a.y);
            await squaresAre(anna, 'move-dest', 2);
            await anna.mouse.click(a.x, a.y); // unselect
            await dragMove(anna, 'a2', 'a4');
            await listed(bjoern, 'a4');
            await yourMove(bjoern);
            await clickMove(bjoern, 'b7', 'b5');
            await listed(anna, 'b5');
            await squaresAre(anna, 'last-move', 2);
        });
        await step('more moves by click and drag: axb5 a6 bxa6 Bb7 axb7', async () => {
            for (const [page, how, from, to, san] of [[anna, clickMove, 'a4', 'b5', 'axb5'], [bjoern, dragMove, 'a7', 'a6', 'a6'],
                                                      [anna, dragMove, 'b5', 'a6', 'bxa6'], [bjoern, clickMove, 'c8', 'b7', 'Bb7'],
                                                      [anna, clickMove, 'a6', 'b7', 'axb7']]) {
                await yourMove(page);
                await how(page, from, to);
                await listed(page === anna ? bjoern : anna, san);
            }
        });
        await step('a premove set while Black thinks (d2-d4) is played when Black has moved', async () => {
            await yourMove(bjoern);
            await dragMove(anna, 'd2', 'd4');
            await premoveShown(anna);
            await run.shot(anna, '1-premove');
            await clickMove(bjoern, 'e7', 'e5');
            await listed(bjoern, 'd4');
            await listed(anna, 'd4');
            await noPremoveShown(anna);
        });
        await step('a promotion opens the chooser on the file; Escape puts the pawn back', async () => {
            await yourMove(bjoern);
            await clickMove(bjoern, 'b8', 'c6');
            await yourMove(anna);
            await clickMove(anna, 'b7', 'a8');
            await anna.waitForSelector('.promotion-choice[data-uci="b7a8q"]', { timeout });
            const cells = await anna.$$eval('.promotion-choice', (nodes) => nodes.map((node) => [node.dataset.uci, node.style.left, node.style.top]));
            const expected = [['b7a8q', '0%', '0%'], ['b7a8n', '0%', '12.5%'], ['b7a8r', '0%', '25%'], ['b7a8b', '0%', '37.5%']];
            if (JSON.stringify(cells) !== JSON.stringify(expected)) throw new Error(`chooser cells ${JSON.stringify(cells)}`);
            await run.shot(anna, '2-chooser');
            await anna.keyboard.press('Escape');
            await anna.waitForSelector('.promotion-chooser', { state: 'detached', timeout });
            // The board redraws after the chooser goes (and may animate the pawn back): wait for it.
            const pawnAtB7 = await anna
                .waitForFunction(() => [...document.querySelectorAll('#table cg-board piece.pawn.white')].some((p) => p.cgKey === 'b7'), null, { timeout })
                .then(() => true, () => false);
            if (!pawnAtB7) throw new Error('the pawn did not go back to b7');
            await anna.waitForTimeout(300);
            await yourMove(anna);
        });
        await step('a click beside the chooser cancels too; then a knight is chosen by drag and chooser (bxa8=N)', async () => {
            await clickMove(anna, 'b7', 'a8');
            const beside = await point(anna, 'e4');
            await anna.mouse.click(beside.x, beside.y);
            await anna.waitForSelector('.promotion-chooser', { state: 'detached', timeout });
            await dragMove(anna, 'b7', 'a8');
            await anna.click('.promotion-choice[data-uci="b7a8n"]', { timeout });
            await listed(bjoern, 'bxa8=N');
            const knight = await anna.evaluate(() => [...document.querySelectorAll('#table cg-board piece.knight.white')].some((p) => p.cgKey === 'a8'));
            if (!knight) throw new Error('no white knight on a8');
        });
        await step('a premove that the opponent\'s move makes illegal (dxe5, then ...e4) is dropped silently', async () => {
            await yourMove(bjoern);
            await clickMove(anna, 'd4', 'e5');
            await premoveShown(anna);
            await clickMove(bjoern, 'e5', 'e4');
            await listed(anna, 'e4');
            await yourMove(anna);
            await anna.waitForTimeout(500);
            if (await anna.$('.move-list .move:text-is("dxe5")')) throw new Error('the illegal premove was played');
            await noPremoveShown(anna);
            if (await anna.$('.messages .error')) throw new Error('an error is shown for the dropped premove');
            await dragMove(anna, 'd4', 'd5');
            await listed(bjoern, 'd5');
        });
        await step('a right click cancels a premove', async () => {
            await yourMove(bjoern);
            await clickMove(anna, 'g1', 'f3');
            await premoveShown(anna);
            const p = await point(anna, 'h5');
            await anna.mouse.click(p.x, p.y, { button: 'right' });
            await noPremoveShown(anna);
            await clickMove(bjoern, 'g8', 'f6');
            await listed(anna, 'Nf6');
            await yourMove(anna);
            await anna.waitForTimeout(500);
            if (await anna.$('.move-list .move:text-is("Nf3")')) throw new Error('the cancelled premove was played');
            await run.shot(anna, '3-end');
            await run.shot(bjoern, '3-end-black');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
