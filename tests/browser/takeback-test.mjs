// The browser test of takebacks and more time (issue 30, §1 and §2), against a real server in
// headless Chromium: Anna (German, 1280x800) opens a 5+3 table with the takebacks box ticked,
// Bob (English, a 390x844 phone) joins. Anna asks to take back 2.Nf3 and Bob accepts: both
// boards and move lists go back to 1.e4 e5. Anna asks again and Bob declines: both logs say
// so, and Anna's button shows the wait. Bob gives 15 s: Anna's clock shows it at once on both
// pages.
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/takeback-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, dragMove, enterAsGuest, enterRoom34, launchBrowser, short, startServer, timeout, waitForMove, waitOnline,
} from './browser_harness.mjs';
import { fitsWidth } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-browser-takeback');
const run = new Run(shots);

// The seconds a clock shows ("5:14" -> 314).
function secondsOf(text) {
    const match = /^(\d+):(\d\d)$/.exec(text || '');
    if (!match) throw new Error(`the clock reads "${text}"`);
    return Number(match[1]) * 60 + Number(match[2]);
}

async function moveCount(page) {
    return page.$$eval('#table .move-list .move[data-ply]', (nodes) => nodes.length);
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    try {
        const a = run.watch('anna', await (await browser.newContext({ viewport: { width: 1280, height: 800 },
                                                                      locale: 'de-DE' })).newPage());
        const b = run.watch('bob', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US',
                                                                     isMobile: true, hasTouch: true })).newPage());

        await run.step('Anna opens a 5+3 table with takebacks allowed (the box ticked by default); Bob joins', async () => {
            await enterAsGuest(a, url, anna);
            await waitOnline(a);
            await enterRoom34(a);
            await a.waitForSelector('.open-table label.takebacks-choice:has-text("Zugrücknahme erlaubt")', { timeout });
            if (!(await a.isChecked('.open-table input[name=takebacks]'))) throw new Error('the takebacks box is not ticked for a casual table');
            await a.selectOption('select[name=time_control]', 'custom');
            await a.fill('input[name=minutes]', '5');
            await a.fill('input[name=increment]', '3');
            await a.selectOption('select[name=color]', 'white');
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('#table .status-line:has-text("Warte")', { timeout });
            await enterAsGuest(b, url, bob);
            await waitOnline(b);
            await enterRoom34(b);
            await b.locator('#room button[data-action="join"]').click({ timeout });
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
        });
        await run.step('1.e4 e5 2.Nf3: Anna asks to take back 2.Nf3, Bob accepts; both boards go back to 1...e5', async () => {
            await dragMove(a, 'e2', 'e4');
            await waitForMove(b, 1, 'e4');
            await dragMove(b, 'e7', 'e5');
            await waitForMove(a, 2, 'e5');
            await dragMove(a, 'g1', 'f3');
            await waitForMove(b, 3, 'Nf3');
            await a.click('#table button[data-action="takeback"]:has-text("Zug zurücknehmen")', { timeout });
            await b.waitForSelector('#table .table-log li:has-text("asks to take back the last move")', { timeout });
            await a.waitForSelector('#table button[data-action="withdraw_takeback"]:has-text("Bitte zurückziehen")', { timeout });
            await run.shot(b, '01-bob-phone-takeback-asked-en');
            await b.click('#table button[data-action="accept_takeback"]:has-text("Accept takeback")', { timeout });
            await a.waitForSelector('#table .table-log li:has-text("Der letzte Zug wurde zurückgenommen")', { timeout });
            await b.waitForSelector('#table .table-log li:has-text("The last move was taken back")', { timeout });
            for (const [page, who] of [[a, 'Anna'], [b, 'Bob']]) {
                await page.waitForFunction(() => document.querySelectorAll('#table .move-list .move[data-ply]').length === 2, null, short);
                if (await moveCount(page) !== 2) throw new Error(`${who}'s move list does not show two moves`);
            }
            // White's knight is on g1 again: Anna plays another move from there.
            await dragMove(a, 'g1', 'f3');
            await waitForMove(b, 3, 'Nf3');
            await run.shot(a, '02-anna-after-takeback-de');
        });
        await run.step('Bob asks on his turn (2 plies), Anna declines: both are told, and Bob\'s button shows the wait', async () => {
            await dragMove(b, 'b8', 'c6');
            await waitForMove(a, 4, 'Sc6'); // Anna's page writes German SAN
            await dragMove(a, 'f1', 'c4');
            await waitForMove(b, 5, 'Bc4');
            await b.click('#table button[data-action="takeback"]:has-text("Takeback")', { timeout });
            await a.waitForSelector('#table .table-log li:has-text("bittet, die letzten beiden Züge zurückzunehmen")', { timeout });
            await a.click('#table button[data-action="decline_takeback"]:has-text("Rücknahme ablehnen")', { timeout });
            await b.waitForSelector('#table .table-log li:has-text("declines the takeback; a new request is possible in 10 s")', { timeout });
            await a.waitForSelector('#table .table-log li:has-text("lehnt die Rücknahme ab; eine neue Bitte ist in 10 s möglich")', { timeout });
            const wait = b.locator('#table button[data-action="takeback"]');
            await b.waitForSelector('#table button[data-action="takeback"]:has-text("Takeback in")', short);
            if (!(await wait.isDisabled())) throw new Error('Bob\'s takeback button is not disabled during the wait');
            { const count = await moveCount(b); if (count !== 5) throw new Error(`the declined takeback left ${count} moves on Bob's list, not 5`); }
            await run.shot(b, '03-bob-phone-declined-wait-en');
            await run.shot(a, '04-anna-declined-de');
        });
        await run.step('Bob gives 15 s: Anna\'s clock shows them at once, on both pages', async () => {
            const before = secondsOf(await b.textContent('#table .player.top .clock'));
            await b.click('#table button[data-action="give_time"]:has-text("Give 15 s")', { timeout });
            await a.waitForSelector('#table .table-log li:has-text("gibt dem Gegner 15 s")', { timeout });
            await b.waitForSelector('#table .table-log li:has-text("gives the opponent 15 s")', { timeout });
            // Black to move: White's clock stands, so the 15 s show exactly.
            const afterBob = secondsOf(await b.textContent('#table .player.top .clock'));
            const afterAnna = secondsOf(await a.textContent('#table .player.bottom .clock'));
            if (afterBob !== before + 15) throw new Error(`Anna's clock on Bob's page reads ${afterBob} s, not ${before + 15} s`);
            if (afterAnna !== before + 15) throw new Error(`Anna's own clock reads ${afterAnna} s, not ${before + 15} s`);
            await run.shot(a, '05-anna-time-given-de');
        });
        await run.check('nothing is wider than the phone\'s screen', async () => {
            await fitsWidth(b, 390);
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
