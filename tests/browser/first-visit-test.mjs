// The browser test of a first visit (issue 26, points 8 and 12) against a real server in headless
// Chromium:
//   - Anna (an account) and Bob (a guest) play in room 34; Carla (a guest) has two tables waiting;
//   - a visitor who is not logged in, in German at 1280x800 and in English at 390x844, sees at
//     once what Rochade is and "Play as guest" (above the fold), the rooms with true counts, the
//     busiest room with its members and the running game (read only: no chat, no forms, no Join),
//     watches the game and sees the next move arrive; then, back in the lobby, reaches a game as
//     a guest in two clicks ("Play as guest", "Join");
//   - the other two pairings (English at 1280x800, German at 390x844) show the same top of the page;
//   - the client's bundle comes compressed, with a year's immutable caching, and a second visit
//     takes it from the cache (or is answered 304); the page is revalidated by its ETag (304);
//   - no page logs an error in the console, and no request is answered 401 (GET /api/session of
//     a visitor is no error).
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-first-visit).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/first-visit-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, accountOpensGuestJoins, enterAsGuest, enterRoom34, inViewport, launchBrowser, laptopPage, short, startServer,
    timeout, typeMove, waitOnline,
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-first-visit');
const run = new Run(shots);

const TEXTS = {
    de: {
        locale: 'de-DE', state: 'zu Besuch', title: 'Willkommen bei Rochade', guest: 'Als Gast spielen',
        intro: 'Rochade ist ein Schachclub im Browser', counts: (members) => `${members} Spieler · 3 Tische`, members: (count) => `Spieler (${count})`,
        watch: 'Zuschauen', visitorHint: 'Du schaust als Besucher zu.',
    },
    en: {
        locale: 'en-US', state: 'visiting', title: 'Welcome to Rochade', guest: 'Play as guest',
        intro: 'Rochade is a chess club in the browser', counts: (members) => `${members} players · 3 tables`, members: (count) => `Players (${count})`,
        watch: 'Watch', visitorHint: 'You are watching as a visitor.',
    },
};
const LAPTOP_SIZE = { width: 1280, height: 800 };
const PHONE_SIZE = { width: 390, height: 844 };

// A visitor's page in a context of its own (no cookie), whose console errors and failed requests
// are kept to be checked at the end, and whose bundle responses are kept to be looked at.
async function visitorPage(browser, name, lang, viewport) {
    const context = await browser.newContext({ viewport, locale: TEXTS[lang].locale, isMobile: viewport.width < 500,
                                               hasTouch: viewport.width < 500 });
    const page = run.watch(name, await context.newPage());
    page.problems = [];
    page.bundles = [];
    page.on('console', (message) => {
        if (message.type() === 'error') page.problems.push(`console error: ${message.text()}`);
    });
    page.on('response', (response) => {
        if (response.status() >= 400) page.problems.push(`${response.status()} for ${response.url()}`);
        if (/\/rochade-[A-Z0-9]{8}\.js$/.test(response.url())) page.bundles.push(response);
    });
    return page;
}

// The top of a visitor's page in `lang`: the welcome, "Play as guest" and the state, above the fold.
async function expectWelcome(page, url, lang) {
    const texts = TEXTS[lang];
    await page.goto(url);
    await page.waitForSelector(`#welcome:not([hidden]) h2:text-is("${texts.title}")`, { timeout });
    await page.waitForSelector(`#welcome .welcome-intro:has-text("${texts.intro}")`, short);
    await page.waitForSelector(`#connection-state:text-is("${texts.state}")`, short);
    await page.waitForSelector(`#play-as-guest:text-is("${texts.guest}")`, short);
    for (const selector of ['#welcome h2', '#welcome .welcome-intro', '#play-as-guest', '#guest-nick']) {
        if (!await inViewport(page, selector)) throw new Error(`${selector} is not above the fold`);
    }
    const nick = await page.inputValue('#guest-nick');
    if (!/^(Gast|Guest)_\d{4}$/.test(nick)) throw new Error(`the suggested guest nick is "${nick}"`);
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-first-visit-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    const carla = `Carla_${suffix}`;
    let running = null;
    const waiting = [];
    let plies = 0;
    const visitors = [];
    try {
        const a = await laptopPage(browser, run, 'anna');
        const b = await laptopPage(browser, run, 'bob');
        const c = await laptopPage(browser, run, 'carla');

        await run.step('Anna and Bob play in room 34 (1.e4 e5); Carla has two tables waiting there', async () => {
            await accountOpensGuestJoins(a, b, url, { anna, password: `Springer-${suffix}`, bob });
            await typeMove(a, 'e4', ++plies);
            await typeMove(b, 'e5', ++plies);
            running = Number(await b.$eval('#room tr[data-table]', (row) => row.dataset.table));
            await enterAsGuest(c, url, carla);
            await waitOnline(c);
            await enterRoom34(c);
            for (let i = 0; i < 2; i++) {
                const before = await c.$$eval('#room tr[data-table]', (rows) => rows.map((row) => Number(row.dataset.table)));
                await c.selectOption('select[name=color]', 'white');
                await c.click('.open-table button[type=submit]');
                await c.waitForFunction((known) => [...document.querySelectorAll('#room tr[data-table]')]
                    .some((row) => !known.includes(Number(row.dataset.table))), before, { timeout });
                const after = await c.$$eval('#room tr[data-table]', (rows) => rows.map((row) => Number(row.dataset.table)));
                waiting.push(after.find((table) => !before.includes(table)));
                await c.click('#view-switch button[data-view="lobby"]').catch(() => {});
            }
            if (!running || waiting.length !== 2 || waiting.includes(running)) throw new Error(`tables: running ${running}, waiting ${waiting}`);
        });

        // Anna, Bob and Carla; then also the guest the first visitor became.
        let members = 3;
        for (const [lang, viewport, name] of [['de', LAPTOP_SIZE, 'visitor-de-laptop'], ['en', PHONE_SIZE, 'visitor-en-phone']]) {
            const texts = TEXTS[lang];
            const phone = viewport.width < 500;
            const v = await visitorPage(browser, name, lang, viewport);
            visitors.push(v);
            await run.step(`${name}: what Rochade is and "Play as guest", above the fold`, async () => {
                await expectWelcome(v, url, lang);
                if (!phone && !await inViewport(v, '.room-button[data-room="34"]')) throw new Error('the room list is below the fold at 1280x800');
                await run.shot(v, `${name}-1-welcome`);
            });
            await run.step(`${name}: the rooms with true counts, room 34 with its members and games, read only`, async () => {
                await v.waitForSelector(`.room-list li:has(.room-button[data-room="34"]) .room-counts:text-is("${texts.counts(members)}")`, { timeout });
                await v.waitForSelector('#room h2:has-text("Halle der Koenige")', { timeout });
                await v.waitForSelector(`#room h3:text-is("${texts.members(members)}")`, short);
                for (const nick of [anna, bob, carla]) await v.waitForSelector(`#room .member-list .nick:has-text("${nick}")`, short);
                await v.waitForSelector(`#room tr[data-table="${running}"] button[data-action="watch"]:text-is("${texts.watch}")`, short);
                await v.waitForSelector(`#room .room-visitor:has-text("${texts.visitorHint}")`, short);
                for (const absent of ['#room .open-table', '#room .room-chat form', '#room button[data-action="join"]']) {
                    if (await v.$(absent)) throw new Error(`a visitor is offered ${absent}`);
                }
                if (await v.isVisible('#rooms .room-jump')) throw new Error('a visitor is offered to open a room by number');
                await run.shot(v, `${name}-2-room`);
            });
            await run.step(`${name}: watches the running game and sees the next move arrive`, async () => {
                await v.click(`#room tr[data-table="${running}"] button[data-action="watch"]`);
                await v.waitForSelector('#table .cg-wrap', { timeout });
                await v.waitForSelector(`#table .move-list .move[data-ply="${plies}"]`, { timeout });
                if (await v.isVisible('#table .table-chat form')) throw new Error('a visitor is offered the table chat');
                const mover = plies % 2 === 0 ? a : b;
                await typeMove(mover, mover === a ? 'Nf3' : 'Nc6', ++plies);
                await v.waitForSelector(`#table .move-list .move[data-ply="${plies}"]`, { timeout });
                await run.shot(v, `${name}-3-watching`);
            });
            await run.step(`${name}: the bundle came compressed and immutable; a second visit takes it from the cache`, async () => {
                const first = v.bundles[0];
                if (!first) throw new Error('no rochade-HASH.js was loaded');
                const headers = await first.allHeaders();
                if (!['br', 'gzip'].includes(headers['content-encoding'])) throw new Error(`rochade.js came with content-encoding ${headers['content-encoding']}`);
                if (headers['cache-control'] !== 'public, max-age=31536000, immutable') throw new Error(`cache-control ${headers['cache-control']}`);
                if (!headers.etag || !headers['last-modified']) throw new Error('no ETag or Last-Modified');
                // The bundle again: from the browser's cache (nothing transferred) or 304.
                await v.goto(url);
                await v.waitForSelector('#welcome:not([hidden]) #play-as-guest', { state: 'attached', timeout });
                const entry = await v.evaluate(() => performance.getEntriesByType('resource')
                    .filter((e) => /\/rochade-[A-Z0-9]{8}\.js$/.test(e.name)).map((e) => ({ transfer: e.transferSize, status: e.responseStatus }))[0]);
                if (!entry || !(entry.transfer === 0 || entry.status === 304)) throw new Error(`second load of the bundle: ${JSON.stringify(entry)}`);
                // The page is revalidated by its ETag.
                const page = await fetch(url, { headers: { 'Accept-Encoding': 'gzip' } });
                if (page.headers.get('cache-control') !== 'no-cache') throw new Error(`the page's cache-control: ${page.headers.get('cache-control')}`);
                const again = await fetch(url, { headers: { 'If-None-Match': page.headers.get('etag'), 'Accept-Encoding': 'gzip' } });
                if (again.status !== 304) throw new Error(`the page with its ETag answered ${again.status}`);
            });
            await run.step(`${name}: a game as a guest in two clicks: "Play as guest", then "Join"`, async () => {
                // The second visit comes back to the watched game; the lobby is a tap away.
                await v.waitForSelector(`#room tr[data-table="${waiting[0]}"]`, { state: 'attached', timeout });
                if (await v.isVisible('#view-switch button[data-view="lobby"]')) await v.click('#view-switch button[data-view="lobby"]');
                await v.click('#play-as-guest'); // 1
                await v.waitForSelector('#connection-state.online', { timeout });
                const table = waiting.shift();
                await v.click(`#room tr[data-table="${table}"] button[data-action="join"]`, { timeout }); // 2
                await v.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
                members++;
                await run.shot(v, `${name}-4-playing`);
            });
        }

        for (const [lang, viewport, name] of [['en', LAPTOP_SIZE, 'visitor-en-laptop'], ['de', PHONE_SIZE, 'visitor-de-phone']]) {
            const v = await visitorPage(browser, name, lang, viewport);
            visitors.push(v);
            await run.step(`${name}: the same top of the page, above the fold`, async () => {
                await expectWelcome(v, url, lang);
                await v.waitForSelector(`.room-list li:has(.room-button[data-room="34"]) .room-counts`, { timeout });
                await run.shot(v, `${name}-1-welcome`);
            });
        }

        await run.check('no visitor page logged a console error or got a 4xx/5xx answer (no 401 for /api/session)', async () => {
            const problems = visitors.flatMap((page) => page.problems);
            if (problems.length) throw new Error(problems.join('; '));
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
