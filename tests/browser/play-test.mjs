// The browser test of playing chess in the client, against a real server in headless Chromium:
//   - Alice (an account, a German browser at 1280x800) and Bob (a guest on a 390x844 phone) play
//     a game in room 34 by drag-and-drop and by click-click, with en passant, a premove, castling
//     on both sides and a promotion by capture through the chooser at the square;
//   - Carol (a guest) watches, and the players see the spectator count;
//   - the laptop shows board, both clocks, the buttons and the moves without scrolling; the phone
//     shows the seated player the board and both clocks first, and the table list fits its width;
//   - the moves are stepped through by click, arrow keys, Home and End;
//   - a draw offer is declined; resign asks first; the result banner says it in plain words;
//   - reloads during and after the game keep the seat; a rematch swaps the colours;
//   - a custom quarter-minute game is lost on time: the clock turns red first, and the banner
//     names the loser and shows the mating line the server found (FIDE 6.9).
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-browser).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/play-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, clickMove, dragMove, enterAsGuest, enterRoom34, inViewport, launchBrowser, register, short, squarePoint, startServer,
    timeout, waitForMove, waitOnline,
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-browser');
const run = new Run(shots);

async function main() {
    const server = await startServer({
        reconnect_grace_ms: 5000,
        identity: { allow_guests: true, password_hash_threads: 1 },
    });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const alice = `Alice_${suffix}`;
    const bob = `Bob_${suffix}`;
    const carol = `Carol_${suffix}`;
    try {
        const laptop = { viewport: { width: 1280, height: 800 } };
        const a = run.watch('alice', await (await browser.newContext({ ...laptop, locale: 'de-DE' })).newPage());
        const b = run.watch('bob', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US',
                                                                     isMobile: true, hasTouch: true })).newPage());
        const c = run.watch('carol', await (await browser.newContext({ ...laptop, locale: 'en-US' })).newPage());

        await run.step('a German browser gets the German interface; Alice registers', async () => {
            await register(a, url, alice, `Springer-${suffix}`);
            if (await a.evaluate(() => document.documentElement.lang) !== 'de') throw new Error('the page is not German');
            await a.waitForSelector('#rooms h2:text-is("Räume")', short);
            await a.waitForSelector('#logout:text-is("Abmelden")', short);
            await run.shot(a, '01-alice-german-lobby');
        });
        await run.step('Alice opens a 5+3 table in room 34 as White', async () => {
            await enterRoom34(a);
            await a.selectOption('select[name=color]', 'white');
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('#table .status-line:has-text("Warte")', { timeout });
        });
        await run.step('on the phone the guest sees the table list within 390 px and joins; the board and both clocks come first', async () => {
            await enterAsGuest(b, url, bob);
            await waitOnline(b);
            await enterRoom34(b);
            // A locator, not a handle: the room's list may be drawn anew at any moment (a
            // room_tables), which detaches a handle's button and leaves it without a box.
            const join = b.locator('#room button[data-action="join"]');
            await join.waitFor({ timeout });
            // A redraw between finding the button and measuring it leaves no box: measure again.
            let box = null;
            for (let attempt = 0; !box && attempt < 20; attempt++) {
                box = await join.boundingBox({ timeout });
                if (!box) await b.waitForTimeout(100);
            }
            if (!box) throw new Error('the Join button is not laid out');
            if (box.x < 0 || box.x + box.width > 390) throw new Error(`the Join button spans x ${box.x}..${box.x + box.width}`);
            await run.shot(b, '02-bob-phone-lobby');
            await join.click();
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            for (const selector of ['#table .board cg-board', '#table .player.top .clock', '#table .player.bottom .clock']) {
                if (!await inViewport(b, selector)) throw new Error(`${selector} is not on the phone's first screen`);
            }
            if (await b.isVisible('#room')) throw new Error('the room is shown above the game on the phone');
            await run.shot(b, '03-bob-phone-game');
        });
        await run.step('the lobby is a tap away on the phone, and the game a tap back', async () => {
            await b.click('#view-switch button[data-view="lobby"]');
            await b.waitForSelector('#room h2', { state: 'visible', timeout });
            await b.click('#view-switch button[data-view="game"]');
            await b.waitForSelector('#table .board cg-board', { state: 'visible', timeout });
        });
        await run.step('Carol watches the game', async () => {
            await enterAsGuest(c, url, carol);
            await waitOnline(c);
            await enterRoom34(c);
            await c.click('#room button[data-action="watch"]');
            await c.waitForSelector('#table .board cg-board', { timeout });
        });
        await run.check('both players see the spectator count, though neither is in the room list any more', async () => {
            await a.waitForSelector('#table .table-meta:has-text("1 Zuschauer")', { timeout });
            await b.waitForSelector('#table .table-meta:has-text("1 watching")', { timeout });
        });
        await run.step('at 1280x800 the board, both clocks, the buttons and the moves need no scrolling', async () => {
            for (const selector of ['#table .board cg-board', '#table .player.top .clock', '#table .player.bottom .clock',
                                    '#table button[data-action="resign"]', '#table button[data-action="offer_draw"]',
                                    '#table .move-list', '#table .move-nav']) {
                if (!await inViewport(a, selector)) throw new Error(`${selector} is below the fold`);
            }
            await run.shot(a, '04-alice-laptop-game');
        });
        await run.step('1.e4 by drag-and-drop, 1...a6 by two clicks; the spectator sees both', async () => {
            await dragMove(a, 'e2', 'e4');
            await waitForMove(a, 1, 'e4');
            await waitForMove(b, 1, 'e4');
            await clickMove(b, 'a7', 'a6');
            await waitForMove(a, 2, 'a6');
            await waitForMove(c, 2, 'a6');
        });
        await run.step('2.e5 d5 3.exd6 en passant', async () => {
            await clickMove(a, 'e4', 'e5');
            await waitForMove(b, 3, 'e5');
            await dragMove(b, 'd7', 'd5');
            await waitForMove(a, 4, 'd5');
            await dragMove(a, 'e5', 'd6');
            await waitForMove(c, 5, 'exd6');
            const pawns = await c.$$eval('#table .board piece.pawn.black', (nodes) => nodes.length);
            if (pawns !== 7) throw new Error(`the spectator's board shows ${pawns} black pawns after en passant`);
        });
        await run.step('3...Nf6 4.Nf3; a premove (Bf1-e2) set while Black thinks is played at once after 4...h6', async () => {
            await dragMove(b, 'g8', 'f6');
            await waitForMove(a, 6, 'Sf6');
            await dragMove(a, 'g1', 'f3');
            await waitForMove(b, 7, 'Nf3');
            await dragMove(a, 'f1', 'e2');
            await a.waitForSelector('#table .board square.current-premove', { timeout });
            await clickMove(b, 'h7', 'h6');
            await waitForMove(b, 9, 'Be2');
            await waitForMove(a, 9, 'Le2');
        });
        await run.step('castling on both sides: 5...g6 6.O-O Bg7 7.dxc7 O-O', async () => {
            await clickMove(b, 'g7', 'g6');
            await waitForMove(a, 10, 'g6');
            await dragMove(a, 'e1', 'g1');
            await waitForMove(b, 11, 'O-O');
            await dragMove(b, 'f8', 'g7');
            await waitForMove(a, 12, 'Lg7');
            await clickMove(a, 'd6', 'c7');
            await waitForMove(b, 13, 'dxc7');
            await dragMove(b, 'e8', 'g8');
            await waitForMove(a, 14, '0-0');
        });
        await run.step('8.cxb8=Q through the chooser at the square (German cxb8D), 8...Rxb8', async () => {
            await dragMove(a, 'c7', 'b8');
            const queen = await a.waitForSelector('#table [data-uci="c7b8q"]', { timeout });
            const square = await squarePoint(a, 'b8');
            const box = await queen.boundingBox();
            if (Math.abs(box.x + box.width / 2 - square.x) > box.width) throw new Error('the chooser is not at the promotion square');
            await queen.click();
            await waitForMove(a, 15, 'cxb8D');
            await waitForMove(b, 15, 'cxb8=Q');
            await clickMove(b, 'a8', 'b8');
            await waitForMove(a, 16, 'Txb8');
            await run.shot(a, '05-alice-after-promotion');
        });
        await run.step('the moves are stepped through by click, arrow keys, Home and End', async () => {
            await a.click('#table .move-list .move[data-ply="5"]');
            await a.waitForSelector('#table .table-main.viewing .move.current[data-ply="5"]', short);
            await a.click('body', { position: { x: 5, y: 5 } });
            await a.keyboard.press('ArrowLeft');
            await a.waitForSelector('#table .move.current[data-ply="4"]', short);
            await a.keyboard.press('Home');
            await a.waitForSelector('#table .table-main.viewing', short);
            if (await a.$('#table .move.current')) throw new Error('Home does not show the start position');
            await a.keyboard.press('ArrowRight');
            await a.waitForSelector('#table .move.current[data-ply="1"]', short);
            await a.click('#table .move-nav button[data-nav="last"]');
            await a.waitForSelector('#table .table-main:not(.viewing) .move.current[data-ply="16"]', short);
            await b.click('#table .move-nav button[data-nav="prev"]');
            await b.waitForSelector('#table .move.current[data-ply="15"]', short);
            await b.keyboard.press('End');
            await b.waitForSelector('#table .table-main:not(.viewing)', short);
        });
        await run.step('Alice offers a draw; Bob declines; Alice is told', async () => {
            await a.click('#table button[data-action="offer_draw"]');
            await b.click('#table button[data-action="decline_draw"]', { timeout });
            await a.waitForSelector('#table .table-log li:has-text("lehnt das Remis ab")', { timeout });
        });
        await run.step('Bob reloads mid-game: the seat, the board and the moves are back', async () => {
            await b.reload();
            await waitForMove(b, 16, 'Rxb8');
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await b.waitForSelector('#table button[data-action="resign"]', { timeout });
        });
        await run.step('resign asks first: "no" keeps playing, "yes" resigns; the banner says it in plain words', async () => {
            await b.click('#table button[data-action="resign"]');
            await b.waitForSelector('#table [data-confirm="resign"]', short);
            await b.click('#table [data-confirm="resign"] button[data-answer="no"]');
            await b.waitForSelector('#table button[data-action="resign"]', short);
            await b.click('#table button[data-action="resign"]');
            await b.click('#table [data-confirm="resign"] button[data-answer="yes"]');
            await b.waitForSelector('#table .result-banner .result-title:text-is("White wins")', { timeout });
            await b.waitForSelector('#table .result-banner:has-text("Black resigned")', short);
            await a.waitForSelector('#table .result-banner .result-title:text-is("Weiß gewinnt")', { timeout });
            await a.waitForSelector('#table .result-banner:has-text("Schwarz hat aufgegeben")', short);
            await c.waitForSelector(`#table .result-banner:has-text("${alice}")`, { timeout });
            await run.shot(a, '06-alice-resigned-banner');
        });
        await run.step('after the game a reload keeps the seat; the rematch is offered and accepted, colours swapped', async () => {
            await a.reload();
            await a.waitForSelector('#table .result-banner', { timeout });
            await a.click('#table button[data-action="rematch"]', { timeout });
            await b.click('#table button[data-action="rematch"]:has-text("Accept")', { timeout });
            await b.waitForSelector('#table .cg-wrap.orientation-white', { timeout });
            await a.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
        });
        await run.step('a typed move keeps the focus in the move box; a check is marked on the board, also after a reload', async () => {
            // A keyboard player: the move typed in the move box; the focus stays there for the next.
            await b.fill('#table input[name=move]', 'e4');
            await b.press('#table input[name=move]', 'Enter');
            await waitForMove(a, 1, 'e4');
            const focused = await b.evaluate(() => document.activeElement && document.activeElement.name);
            if (focused !== 'move') throw new Error(`after a typed move the focus is on ${focused}, not the move box`);
            await clickMove(a, 'f7', 'f6');
            await waitForMove(b, 2, 'f6');
            await dragMove(b, 'd1', 'h5');
            await waitForMove(a, 3, 'Dh5+');
            await a.waitForSelector('#table .board square.check', { timeout });
            await a.reload();
            await waitForMove(a, 3, 'Dh5+');
            await a.waitForSelector('#table .board square.check', { timeout });
            await a.waitForSelector('#table .status-line:has-text("Schach")', short);
            await run.shot(a, '06b-alice-check-after-reload');
        });
        await run.step('resigning the rematch', async () => {
            await a.click('#table button[data-action="resign"]');
            await a.click('#table [data-confirm="resign"] button[data-answer="yes"]');
            await b.waitForSelector('#table .result-banner .result-title:text-is("White wins")', { timeout });
        });
        await run.step('a custom quarter-minute game: the clock turns red, the flag falls, the banner shows the mating line', async () => {
            await a.click('#view-switch button[data-view="lobby"]');
            await a.selectOption('select[name=time_control]', 'custom');
            await a.fill('input[name=minutes]', '0.25');
            await a.fill('input[name=increment]', '0');
            await a.selectOption('select[name=color]', 'white');
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('#table .status-line:has-text("Warte")', { timeout });
            await b.click('#view-switch button[data-view="lobby"]');
            await b.click('#room tr:has-text("0:15") button[data-action="join"], #room tr:has-text("15 s + 0") button[data-action="join"]',
                          { timeout });
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await dragMove(a, 'e2', 'e4');
            await waitForMove(b, 1, 'e4');
            for (const selector of ['#table-tabs button', '#table .player.top .clock', '#table .player.bottom .clock']) {
                if (!await inViewport(a, selector)) throw new Error(`with two tables' tabs, ${selector} is below the fold`);
            }
            await dragMove(b, 'e7', 'e5');
            await waitForMove(a, 2, 'e5');
            await a.waitForSelector('#table .player.bottom .clock.low.running', { timeout: 20_000 });
            await a.waitForSelector('#table .result-banner .result-title:text-is("Schwarz gewinnt")', { timeout: 20_000 });
            await a.waitForSelector('#table .result-banner:has-text("Weiß hat die Zeit überschritten")', short);
            // The shortest mate from the position at the flag, spelled in each reader's notation.
            await a.waitForSelector('#table .result-proof:text-is("Schwarz hätte noch mattsetzen können, z. B. 2.Ke2 Dh4 3.a3 Dxe4#")', short);
            await b.waitForSelector('#table .result-proof:text-is("Black could still have checkmated, e.g. 2.Ke2 Qh4 3.a3 Qxe4#")', { timeout });
            await run.shot(a, '07-alice-flag-fall-banner');
            await run.shot(b, '08-bob-phone-flag-fall-banner');
        });
        await run.check('the sound switch is remembered per browser', async () => {
            await b.click('#table button[data-action="sound"]:has-text("Sound: on")');
            await b.waitForSelector('#table button[data-action="sound"][aria-pressed="false"]:has-text("Sound: off")', short);
            await b.reload();
            await b.waitForSelector('#table button[data-action="sound"]:has-text("Sound: off")', { timeout });
        });
        await run.check('the interface switches to English and stays so after a reload', async () => {
            await a.selectOption('#language', 'en');
            await a.waitForSelector('#logout:text-is("Log out")', short);
            await a.reload();
            await a.waitForSelector('#logout:text-is("Log out")', { timeout });
            await a.waitForSelector('#table .result-banner .result-title:text-is("Black wins")', { timeout });
            await a.waitForSelector('#table .result-proof:has-text("Black could still have checkmated")', short);
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
