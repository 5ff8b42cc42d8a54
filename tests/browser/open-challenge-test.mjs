// Open challenges in the browser (issue 27 §1 "a link that the first person to open it accepts",
// §5 "the first page offers ... 'challenge a friend' ... a guest reaches a game in two clicks"):
//   - Anna, a visitor on a phone (English, 390x844), presses "Challenge a friend" on the first
//     page: she plays as a guest and the form opens; she makes a link for White, 5+3.
//   - Bert, a visitor (German, 1280x800), opens the link: he sees who challenges him and on
//     what terms before he is anyone; "Als Gast spielen" and "Annehmen" (two clicks, counted)
//     bring him into the game, and both play a move.
//   - Clara (English) opens the used link and reads that someone accepted it already.
//   - Two more visitors reach a pool game from the first page in two clicks each ("Play as
//     guest", then a pool button), counted the same way.
//
//   (node web/build.mjs first) ROCHADE_BIN=build/tools/rochade node tests/browser/open-challenge-test.mjs
// Screenshots go to the directory BROWSER_SHOTS (default /tmp/rochade-open-challenge).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Run, boardOrientation, clickMove, launchBrowser, startServer, timeout, waitForMove, webRoot } from './browser_harness.mjs';
import { fitsWidth } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-open-challenge');
const run = new Run(shots);

const PHONE = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true };
const LAPTOP_DE = { viewport: { width: 1280, height: 800 }, locale: 'de-DE' };
const LAPTOP_EN = { viewport: { width: 1280, height: 800 }, locale: 'en-US' };

// For page.addInitScript: counts the user's clicks (trusted ones only) in window.userClicks.
function countClicks() {
    window.userClicks = 0;
    document.addEventListener('click', (event) => { if (event.isTrusted) window.userClicks += 1; }, true);
}

async function newPage(browser, name, options) {
    const page = run.watch(name, await (await browser.newContext(options)).newPage());
    await page.addInitScript(countClicks);
    return page;
}


async function clicks(page) {
    return page.evaluate(() => window.userClicks);
}

// The welcome's guest form: the nick it suggests, or `nick`.
async function welcomeShown(page, url, nick) {
    await page.goto(url);
    await page.waitForSelector('#welcome:not([hidden]) #guest-nick', { timeout });
    await page.fill('#guest-nick', nick);
}

async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run node web/build.mjs');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 }, pool_wave_ms: 300 },
                                     { prefix: 'rochade-open-challenge-' });
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bert = `Bert_${suffix}`;
    let link = '';
    try {
        const a = await newPage(browser, 'anna', PHONE);
        const b = await newPage(browser, 'bert', LAPTOP_DE);
        const c = await newPage(browser, 'clara', LAPTOP_EN);

        await run.step('Anna (phone) presses "Challenge a friend" on the first page and makes a link', async () => {
            await welcomeShown(a, server.url, anna);
            await a.click('#friend-as-guest');
            await a.waitForSelector('#connection-state.online', { timeout });
            await a.waitForSelector('#friend-panel:not([hidden]) details#challenge-friend[open]', { timeout });
            await a.selectOption('#friend-panel select[name=link_color]', 'white');
            await a.click('#friend-panel .link-form button[type=submit]');
            await a.waitForSelector('#friend-panel .link-url', { timeout });
            link = await a.inputValue('#friend-panel .link-url');
            if (new URL(link).origin !== new URL(server.url).origin || !/^\/challenge\/[A-Za-z0-9_-]{43}$/.test(new URL(link).pathname)) {
                throw new Error(`the link is ${link}`);
            }
            await a.waitForSelector('#friend-panel .link-standing:has-text("valid until")', { timeout });
            await a.waitForSelector('#friend-panel .link-copy-button:text-is("Copy")', { timeout });
            await fitsWidth(a, 390);
            await run.shot(a, '01-anna-link');
        });

        await run.step('Bert (German visitor) opens it: he sees the challenge, then plays as a guest and accepts, two clicks', async () => {
            await b.goto(link);
            await b.waitForSelector('#opened-challenge:not([hidden]) h2:text-is("Eine Herausforderung für dich")', { timeout });
            await b.waitForSelector(`#opened-challenge .open-challenge-text:has-text("${anna} fordert dich heraus")`, { timeout });
            await b.waitForSelector('#opened-challenge .open-challenge-text:has-text("du spielst Schwarz")', { timeout });
            await b.waitForSelector('#opened-challenge .hint:has-text("Um sie anzunehmen, spiele als Gast")', { timeout });
            await run.shot(b, '02-bert-sees-link');
            await b.fill('#guest-nick', bert);
            await b.click('#play-as-guest');
            await b.click('#accept-open-challenge:text-is("Annehmen")');
            await b.waitForSelector('#table .cg-wrap', { timeout });
            await a.waitForSelector('#table .cg-wrap', { timeout });
            const count = await clicks(b);
            if (count !== 2) throw new Error(`Bert needed ${count} clicks from the link to the game, not 2`);
            if ((await boardOrientation(b)) !== 'black') throw new Error('Bert does not play Black');
            if (new URL(b.url()).pathname !== '/') throw new Error(`the address stays ${b.url()}`);
            await run.shot(b, '03-bert-game');
        });

        await run.step('each plays a move', async () => {
            await clickMove(a, 'e2', 'e4');
            await waitForMove(b, 1, 'e4');
            await clickMove(b, 'e7', 'e5');
            await waitForMove(a, 2, 'e5');
            await fitsWidth(a, 390);
            await run.shot(a, '04-anna-moves');
        });

        await run.step('Clara opens the used link and is told someone accepted it already', async () => {
            await c.goto(link);
            await c.waitForSelector('#opened-challenge [data-code="open_challenge_used"]:has-text("Someone has accepted this challenge link already")',
                                    { timeout });
            await run.shot(c, '05-clara-used');
            // Anna's list no longer shows it.
            await a.waitForSelector('#friend-panel .link-standing', { state: 'detached', timeout });
        });

        await run.step('two visitors reach a pool game from the first page in two clicks each', async () => {
            const d = await newPage(browser, 'dora', LAPTOP_EN);
            const e = await newPage(browser, 'emil', { ...PHONE, locale: 'de-DE' });
            await welcomeShown(d, server.url, `Dora_${suffix}`);
            await welcomeShown(e, server.url, `Emil_${suffix}`);
            await d.click('#play-as-guest');
            await e.click('#play-as-guest');
            await d.click('.pool-button[data-pool="5+0"]:not([disabled])');
            await e.click('.pool-button[data-pool="5+0"]:not([disabled])');
            await d.waitForSelector('#table .cg-wrap', { timeout });
            await e.waitForSelector('#table .cg-wrap', { timeout });
            for (const [name, page] of [['Dora', d], ['Emil', e]]) {
                const count = await clicks(page);
                if (count !== 2) throw new Error(`${name} needed ${count} clicks from the first page to the game, not 2`);
            }
            await run.shot(e, '06-emil-pool-game');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
