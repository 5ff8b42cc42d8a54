// The browser test of playing the computer (issue 29 §1) against a real server in headless
// Chromium: a visitor, on the first page, chooses level 1, White and no clock in "Play the
// computer", becomes a guest with the nick above it and is at the board at once; the computer's
// seat is marked as the computer (not a guest); the computer answers the visitor's moves; the
// visitor resigns and the banner says so. In German at 1280x800 and 390x844, and in English at
// both sizes. The lobby's form is there too, once signed in.
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-computer).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/computer-test.mjs
// Needs Debian's chromium, stockfish and fairy-stockfish, `npm ci` and the built client in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Run, launchBrowser, short, startServer, timeout, typeMove } from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-computer');
const run = new Run(shots);

const TEXTS = {
    de: {
        locale: 'de-DE', title: 'Gegen den Computer spielen', level1: 'Stufe 1', mark: 'Computer',
        banner: 'Schwarz gewinnt', resigned: 'Weiß hat aufgegeben',
    },
    en: {
        locale: 'en-US', title: 'Play the computer', level1: 'Level 1', mark: 'computer',
        banner: 'Black wins', resigned: 'White resigned',
    },
};
const LAPTOP_SIZE = { width: 1280, height: 800 };
const PHONE_SIZE = { width: 390, height: 844 };

async function visitorPage(browser, name, lang, viewport) {
    const context = await browser.newContext({ viewport, locale: TEXTS[lang].locale, isMobile: viewport.width < 500,
                                               hasTouch: viewport.width < 500 });
    const page = run.watch(name, await context.newPage());
    page.problems = [];
    page.on('console', (message) => {
        if (message.type() === 'error') page.problems.push(`console error: ${message.text()}`);
    });
    return page;
}

// The computer's answer to the visitor's move `ply` - 1: the move list holds `ply` moves. The
// first answer starts the engine process, which on a loaded machine (this stage runs the browser
// tests side by side) may take the pool's whole start allowance, 8 s, and a second attempt.
async function waitForAnswer(page, ply) {
    await page.waitForSelector(`#table .move-list .move[data-ply="${ply}"]`, { timeout: ply === 2 ? 30_000 : timeout });
}

async function main() {
    // A pool of one engine, no pause: the game goes at the speed of the clicks.
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 },
                                       computer: { engines: 1, queue_limit: 4, move_delay_max_ms: 0 } },
                                     { prefix: 'rochade-computer-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 10000).padStart(4, '0');
    const pages = [];
    try {
        for (const [lang, viewport, name] of [['de', LAPTOP_SIZE, 'de-laptop'], ['en', PHONE_SIZE, 'en-phone'],
            ['en', LAPTOP_SIZE, 'en-laptop'], ['de', PHONE_SIZE, 'de-phone']]) {
            const texts = TEXTS[lang];
            const page = await visitorPage(browser, name, lang, viewport);
            pages.push(page);
            const nick = `Hans_${name.replace('-', '')}${suffix}`.slice(0, 20);
            await run.step(`${name}: the first page offers "${texts.title}" with levels 1-8`, async () => {
                await page.goto(url);
                await page.waitForSelector(`#welcome:not([hidden]) form.play-computer h3:text-is("${texts.title}")`, { timeout });
                const levels = await page.$$eval('#welcome select[name=computer_level] option', (options) => options.map((o) => o.textContent));
                if (levels.length !== 8 || levels[0] !== texts.level1) throw new Error(`levels: ${levels.join(', ')}`);
                await run.shot(page, `${name}-1-welcome`);
            });
            await run.step(`${name}: level 1, White, untimed: the visitor is a guest at the board against the computer`, async () => {
                await page.fill('#guest-nick', nick);
                await page.selectOption('#welcome select[name=computer_level]', '1');
                await page.selectOption('#welcome select[name=computer_color]', 'white');
                const untimed = await page.$$eval('#welcome select[name=computer_time_control] option', (options) => options.length - 1);
                await page.selectOption('#welcome select[name=computer_time_control]', { index: untimed });
                await page.click('#welcome .play-computer-submit');
                await page.waitForSelector('#table .player-line[data-side="black"] .computer-seat', { timeout });
                const mark = await page.textContent('#table .player-line[data-side="black"] .computer-mark');
                if (mark !== texts.mark) throw new Error(`the computer's mark reads "${mark}"`);
                if (await page.$('#table .player-line[data-side="black"] .guest-mark')) throw new Error('the computer is marked as a guest');
                await page.waitForSelector('#table .player-line[data-side="black"] .nick-name:text-is("Stockfish-1")', short);
                await page.waitForSelector(`#table .player-line[data-side="white"] .nick-name:text-is("${nick}")`, short);
                await run.shot(page, `${name}-2-board`);
            });
            await run.step(`${name}: the computer answers two moves`, async () => {
                await typeMove(page, 'e4', 1);
                await waitForAnswer(page, 2);
                await typeMove(page, 'Nf3', 3);
                await waitForAnswer(page, 4);
                await run.shot(page, `${name}-3-moves`);
            });
            await run.step(`${name}: the visitor resigns; the banner says the computer won`, async () => {
                await page.click('#table button[data-action="resign"]');
                await page.click('#table [data-confirm="resign"] button[data-answer="yes"]');
                await page.waitForSelector(`#table .result-banner .result-title:text-is("${texts.banner}")`, { timeout });
                await page.waitForSelector(`#table .result-banner:has-text("${texts.resigned}")`, short);
                await run.shot(page, `${name}-4-resigned`);
            });
        }
        const lobbyPage = pages[0];
        await run.step('signed in, the lobby\'s room offers "Play the computer" too', async () => {
            await lobbyPage.click('#view-switch button[data-view="lobby"]').catch(() => {});
            await lobbyPage.click('.room-button[data-room="34"]');
            await lobbyPage.waitForSelector(`#room form.play-computer h3:text-is("${TEXTS.de.title}")`, { timeout });
            await lobbyPage.waitForSelector('#room tr[data-table] .computer-mark', { timeout });
        });
        await run.check('no page logged an error', async () => {
            const problems = pages.flatMap((page) => page.problems);
            if (problems.length) throw new Error(problems.join('; '));
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
