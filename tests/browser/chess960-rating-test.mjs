// The browser test of the Chess960 rating category (issue 27 §4, docs/chess960.md) on the public
// pages, against a real server in headless Chromium, in English and German at 1280x800 and
// 390x844:
//   - /leaderboard has a fifth tab, "Chess960", after the four speeds; /leaderboard#chess960
//     opens it selected, with its own (empty) list saying why it is empty; the tabs stay inside
//     the page's width on a phone;
//   - a registered player's profile has a Chess960 row in the ratings table (unplayed: 0 games,
//     1500?), while the games list's category filter offers the four speeds only (a Chess960 game
//     is filed under its speed).
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-chess960-rating).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/chess960-rating-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Run, launchBrowser, laptopPage, register, short, startServer, timeout } from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-chess960-rating');
const run = new Run(shots);

const SIZES = { laptop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const LANGUAGES = {
    en: { locale: 'en-US', tabs: 'Bullet,Blitz,Rapid,Classical,Chess960',
          empty: 'Nobody is on this list yet: a player appears here once their rating is no longer provisional (rating deviation, RD, at most 110).' },
    de: { locale: 'de-DE', tabs: 'Bullet,Blitz,Schnellschach,Klassisch,Chess960',
          empty: 'Noch steht niemand auf dieser Liste: Ein Spieler erscheint hier, sobald seine Wertungszahl nicht mehr vorläufig ist (Wertungsabweichung RD höchstens 110).' },
};

async function textOf(page, selector) {
    return (await page.textContent(selector, short)).trim();
}

// Whether every element matching `selector` lies within the viewport's width.
async function withinWidth(page, selector) {
    const width = page.viewportSize().width;
    const rights = await page.$$eval(selector, (nodes) => nodes.map((node) => node.getBoundingClientRect().right));
    return rights.length > 0 && rights.every((right) => right <= width + 0.5);
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } },
                                     { prefix: 'rochade-chess960-rating-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    try {
        await run.step('Anna registers (a player with a profile)', async () => {
            const a = await laptopPage(browser, run, 'anna');
            await register(a, url, anna, `Springer-${suffix}`);
        });
        for (const [size, viewport] of Object.entries(SIZES)) {
            for (const [lang, expected] of Object.entries(LANGUAGES)) {
                const context = await browser.newContext({ viewport, locale: expected.locale });
                const v = run.watch(`${size}-${lang}`, await context.newPage());
                await run.step(`${size} ${lang}: /leaderboard#chess960 opens the Chess960 tab, the fifth, with its own list`, async () => {
                    await v.goto(new URL('/leaderboard#chess960', url).href);
                    await v.waitForSelector('.leaderboard-tabs button[data-category="chess960"][aria-selected="true"]', { timeout });
                    const tabs = await v.$$eval('.leaderboard-tabs button', (nodes) => nodes.map((node) => node.textContent));
                    if (tabs.join(',') !== expected.tabs) throw new Error(`the tabs are ${tabs}`);
                    await v.waitForSelector(`.leaderboard-empty[data-category="chess960"]:text-is("${expected.empty}")`, { timeout });
                    if (!(await withinWidth(v, '.leaderboard-tabs button'))) throw new Error('a tab is outside the page');
                    await run.shot(v, `${size}-${lang}-leaderboard-chess960`);
                    await v.click('.leaderboard-tabs button[data-category="blitz"]');
                    await v.waitForSelector('.leaderboard-empty[data-category="blitz"]', short);
                    await v.click('.leaderboard-tabs button[data-category="chess960"]');
                    await v.waitForSelector('.leaderboard-empty[data-category="chess960"]', short);
                });
                await run.step(`${size} ${lang}: the profile has a Chess960 row; the games filter offers the speeds and Chess960`, async () => {
                    await v.goto(new URL(`/@/${encodeURIComponent(anna)}`, url).href);
                    await v.waitForSelector(`.profile-nick .nick:text-is("${anna}")`, { timeout });
                    const rows = await v.$$eval('.profile-ratings tbody tr', (nodes) => nodes.map((node) => node.dataset.category));
                    if (rows.join(',') !== 'bullet,blitz,rapid,classical,chess960') throw new Error(`the rows are ${rows}`);
                    const row = '.profile-ratings tr[data-category="chess960"]';
                    if ((await textOf(v, `${row} td:first-child`)) !== 'Chess960') throw new Error('the row is not named Chess960');
                    if ((await textOf(v, `${row} .rating`)) !== '1500?') throw new Error('an unplayed Chess960 rating is not 1500?');
                    if ((await textOf(v, `${row} .games`)) !== '0') throw new Error('Chess960 games counted');
                    const speeds = await v.$$eval('.games-filter select[name=category] option', (nodes) => nodes.map((node) => node.value));
                    if (speeds.filter(Boolean).join(',') !== 'bullet,blitz,rapid,classical,chess960') throw new Error(`the filter offers ${speeds}`);
                    await run.shot(v, `${size}-${lang}-profile`);
                });
                await context.close();
            }
        }
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
