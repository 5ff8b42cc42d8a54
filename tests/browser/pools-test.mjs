// The browser test of issue 27 §2 (quick pairing), against a real server in headless Chromium
// (waves every 300 ms instead of 12-60 s):
//   - a visitor (German, 1280x800) sees the eleven pools with their counts on the first page,
//     and cannot join before playing as a guest;
//   - Anna (German) presses 3+0, waits, and leaves by a click on Abbrechen; Bert (English, a
//     390x844 phone) sees the count go up and down;
//   - both press 1+0: the game opens for both at once, and each plays a move.
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/pools-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (node web/build.mjs) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Run, boardOrientation, clickMove, enterAsGuest, launchBrowser, startServer, timeout, waitForMove, waitOnline } from './browser_harness.mjs';
import { fitsWidth } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-pools');
const run = new Run(shots);

async function countsShow(page, pool, text) {
    await page.waitForFunction(([id, expected]) => document.querySelector(`.pool-button[data-pool="${id}"] .pool-counts`)?.textContent === expected,
                               [pool, text], { timeout });
}


async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 }, pool_wave_ms: 300 });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    try {
        const a = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' })).newPage();
        const b = await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true,
                                                    hasTouch: true })).newPage();
        run.watch('anna', a);
        run.watch('bert', b);

        await run.step('a visitor sees the eleven pools with their counts on the first page, in German', async () => {
            await a.goto(url);
            await a.waitForSelector('#pools-panel h2:has-text("Schnell spielen")', { timeout });
            const pools = await a.$$eval('.pool-button', (buttons) => buttons.map((button) => button.dataset.pool));
            if (pools.join(' ') !== '1+0 2+1 3+0 3+2 5+0 5+3 10+0 10+5 15+10 30+0 30+20') throw new Error(`the pools are ${pools}`);
            await countsShow(a, '1+0', '0 warten · 0 Partien');
            if (!(await a.isDisabled('.pool-button[data-pool="1+0"]'))) throw new Error('a visitor can press a pool');
            await a.waitForSelector('#pools-panel .hint:has-text("Spiele als Gast")', { timeout });
            await run.shot(a, '01-visitor-pools');
        });

        await run.step('Anna (German) and Bert (English, phone) play as guests', async () => {
            await enterAsGuest(a, url, `Anna_${suffix}`);
            await waitOnline(a);
            await enterAsGuest(b, url, `Bert_${suffix}`);
            await waitOnline(b);
            await b.waitForSelector('#pools-panel h2:has-text("Quick pairing")', { timeout });
            await countsShow(b, '3+0', '0 waiting · 0 games');
        });

        await run.step('Anna waits in 3+0 and leaves by a click; Bert sees the count go up and down', async () => {
            await a.click('.pool-button[data-pool="3+0"]');
            await a.waitForSelector('.pool-waiting:has-text("Warte auf einen Gegner in 3+0")', { timeout });
            await countsShow(b, '3+0', '1 waiting · 0 games');
            await fitsWidth(b);
            await run.shot(a, '02-anna-waits');
            await run.shot(b, '02-bert-counts');
            await a.click('.pool-cancel');
            await a.waitForSelector('.pool-waiting', { state: 'detached', timeout });
            await countsShow(b, '3+0', '0 waiting · 0 games');
            if (await a.isDisabled('.pool-button[data-pool="1+0"]')) throw new Error('the pools stay disabled after Abbrechen');
        });

        await run.step('both press 1+0: the game opens for both at once', async () => {
            await a.click('.pool-button[data-pool="1+0"]');
            await b.click('.pool-button[data-pool="1+0"]');
            await a.waitForSelector('#table .cg-wrap', { timeout });
            await b.waitForSelector('#table .cg-wrap', { timeout });
            await run.shot(a, '03-anna-game');
            await run.shot(b, '03-bert-game');
        });

        await run.step('each plays a move', async () => {
            const aWhite = (await boardOrientation(a)) === 'white';
            const [white, black] = aWhite ? [a, b] : [b, a];
            await clickMove(white, 'e2', 'e4');
            await waitForMove(black, 1, 'e4');
            await clickMove(black, 'e7', 'e5');
            await waitForMove(white, 2, 'e5');
            await countsShow(b, '1+0', '0 waiting · 1 game');
            await run.shot(b, '04-bert-moves');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
