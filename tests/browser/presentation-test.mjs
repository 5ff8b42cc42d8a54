// The browser test of how the client presents itself (issue 26, points 6, 7, 9, 10 and 14), against
// a real server in headless Chromium, in German and English, at 1280x800, 390x844 and 844x390:
//   - the nick field's complaint is the page's own, in the page's language;
//   - the German words: "Status", "Eigene Bedenkzeit…", "15 Sek. + 0" ("15 s + 0" in English),
//     the sound switch says its state ("Ton: an" / "Ton: aus", aria-pressed), "Aktionen" in the
//     admin's live view, the RD explained in words on the profile;
//   - on the phone every visible control in the lobby, at a waiting table and in a game is at
//     least 44x44 px (the list of the smaller ones is the failure); held sideways (844x390) the
//     board and both clocks are on the screen without scrolling;
//   - opening a table by keyboard puts the focus on its board, and so does the start of one's
//     game; every control reached by Tab shows a focus ring;
//   - one polite live region, made once, says each move in words ("Weiß: Bauer schlägt d5",
//     "Black: knight f6");
//   - an error shows its sentence only, its code behind a "Details" toggle; a message never lies
//     over a button (laptop and phone); a ban is one notice, naming the account, in German and
//     English; a kick is one notice too (not a second one for the closed connection);
//   - the profile on the phone fits its width and lists each game once; the game's page at
//     1280x800 shows the whole board above the fold.
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-presentation).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/presentation-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, enterAsGuest, enterRoom34, inViewport, launchBrowser, openLoginView, register, short, startServer, timeout,
    typeMove, waitOnline,
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-presentation');
const run = new Run(shots);

const LAPTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// `rochade admin create-user NICK --role admin`, the password on standard input.
function createAdmin(db, nick, password) {
    const made = spawnSync(process.env.ROCHADE_BIN, ['admin', 'create-user', nick, '--role', 'admin', '--db', db],
                           { input: `${password}\n`, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`rochade admin create-user failed (${made.status}): ${made.stderr}`);
}

// Every visible control under 44x44 px, as "button[data-action=flip] 40x29 'Flip board'". A
// checkbox or radio button counts with its label.
function smallTargets(page) {
    return page.evaluate(() => {
        const selector = 'button, select, summary, input:not([type=hidden]), .top-bar a, .result-banner a, [role=button], [role=tab]';
        const seen = new Set();
        const small = [];
        for (let node of document.querySelectorAll(selector)) {
            if (node.matches('input[type=checkbox], input[type=radio]')) node = node.closest('label') || node;
            if (seen.has(node)) continue;
            seen.add(node);
            const box = node.getBoundingClientRect();
            if (box.width === 0 || box.height === 0 || getComputedStyle(node).visibility === 'hidden') continue;
            if (node.closest('.visually-hidden, cg-container')) continue;
            if (box.width < 43.5 || box.height < 43.5) {
                const name = node.tagName.toLowerCase() + (node.id ? `#${node.id}` : '')
                    + Object.entries(node.dataset).map(([key, value]) => `[${key}=${value}]`).join('')
                    + (node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : '');
                small.push(`${name} ${Math.round(box.width)}x${Math.round(box.height)} '${node.textContent.trim().slice(0, 20)}'`);
            }
        }
        return small;
    });
}

async function expectNoSmallTargets(page, where) {
    const small = await smallTargets(page);
    if (small.length) throw new Error(`${where}: ${small.length} controls under 44x44 px: ${small.join('; ')}`);
}

// The messages shown that intersect a control's box: [] when none lies over a button.
function messagesOverControls(page) {
    return page.evaluate(() => {
        const boxes = (selector) => [...document.querySelectorAll(selector)].map((node) => [node, node.getBoundingClientRect()])
            .filter(([, box]) => box.width > 0 && box.height > 0);
        const messages = boxes('.messages li');
        const controls = boxes('button, select, input, a, summary').filter(([node]) => !node.closest('.messages'));
        const overlaps = [];
        for (const [message, m] of messages) {
            for (const [control, c] of controls) {
                if (m.left < c.right && c.left < m.right && m.top < c.bottom && c.top < m.bottom) {
                    overlaps.push(`"${message.textContent.slice(0, 30)}" over ${control.tagName} "${control.textContent.trim().slice(0, 20)}"`);
                }
            }
        }
        return { shown: messages.length, overlaps };
    });
}

async function expectMessageClear(page, where) {
    const { shown, overlaps } = await messagesOverControls(page);
    if (!shown) throw new Error(`${where}: no message is shown`);
    if (overlaps.length) throw new Error(`${where}: ${overlaps.join('; ')}`);
}

// The error notice of `code`: its sentence is visible, its code only after a click on "Details".
async function expectFoldedError(page, code, sentence, details) {
    const notice = page.locator(`.messages .error[data-code="${code}"]`);
    await notice.waitFor({ timeout });
    const text = (await notice.locator('.sentence').textContent()).trim();
    if (!text.includes(sentence)) throw new Error(`the notice says "${text}"`);
    if (await notice.locator('.error-detail code').isVisible()) throw new Error('the code is shown without being asked for');
    const seen = await notice.evaluate((node) => node.innerText);
    if (seen.includes(code)) throw new Error(`the notice shows the code unasked: "${seen}"`);
    await notice.locator(`.error-detail summary:text-is("${details}")`).click();
    await notice.locator(`.error-detail code:has-text("${code}")`).waitFor({ state: 'visible', ...short });
    if (await page.locator('.messages li').count() !== 1) throw new Error('one error made more than one message');
}

// Whether every element that Tab reaches (`count` presses from `start`) shows a focus ring.
async function focusRings(page, start, count) {
    await page.focus(start);
    const missing = [];
    for (let i = 0; i < count; i++) {
        await page.keyboard.press('Tab');
        const ring = await page.evaluate(() => {
            const node = document.activeElement;
            if (!node || node === document.body) return null;
            const style = getComputedStyle(node);
            return { name: `${node.tagName} "${(node.textContent || node.getAttribute('aria-label') || '').trim().slice(0, 20)}"`,
                     ok: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 };
        });
        if (ring && !ring.ok) missing.push(ring.name);
    }
    return missing;
}

const announced = (page) => page.$eval('#move-announcer', (node) => node.textContent);

async function waitAnnounced(page, text) {
    await page.waitForFunction((wanted) => document.getElementById('move-announcer')?.textContent === wanted, text, { timeout })
        .catch(async () => { throw new Error(`the live region says "${await announced(page)}", not "${text}"`); });
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-presentation-' });
    const { url, db } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    const cora = `Cora_${suffix}`;
    const dave = `Dave_${suffix}`;
    const emil = `Emil_${suffix}`;
    const chef = `Chef_${suffix}`;
    const chefPassword = `Turm-${suffix}-admin`;
    try {
        const a = run.watch('anna', await (await browser.newContext({ ...LAPTOP, locale: 'de-DE' })).newPage());
        const b = run.watch('bob', await (await browser.newContext({ ...PHONE, locale: 'en-US' })).newPage());

        await run.check('the nick field complains in the page\'s own words and language', async () => {
            for (const [page, lang, wanted] of [[a, 'de', 'Ein Nick hat 2 bis 20 Zeichen'], [b, 'en', 'A nick has 2 to 20 characters']]) {
                await openLoginView(page, url, 'guest');
                await page.fill('#nick', 'a b');
                await page.click('#login-form button[type=submit]');
                const message = await page.$eval('#nick', (node) => node.validationMessage);
                if (!message.startsWith(wanted)) throw new Error(`${lang}: the nick field says "${message}"`);
                await page.fill('#nick', '');
                await page.click('#login-form button[type=submit]');
                const empty = await page.$eval('#nick', (node) => node.validationMessage);
                if (empty !== (lang === 'de' ? 'Bitte gib einen Nick ein.' : 'Please enter a nick.')) throw new Error(`${lang}: empty: "${empty}"`);
            }
        });

        await run.step('Anna (German, 1280x800) registers; Bob (English, a 390x844 phone) comes as a guest; both enter room 34', async () => {
            await register(a, url, anna, `Springer-${suffix}`);
            await enterRoom34(a);
            await enterAsGuest(b, url, bob);
            await waitOnline(b);
            await enterRoom34(b);
        });

        await run.check('the German lobby says "Status" and "Eigene Bedenkzeit…"; a 15-second control reads "15 Sek. + 0" / "15 s + 0"', async () => {
            await a.waitForSelector('#room .open-table option:text-is("Eigene Bedenkzeit…")', { state: 'attached', ...short });
            await a.selectOption('select[name=time_control]', 'custom');
            await a.fill('input[name=minutes]', '0.25');
            await a.fill('input[name=increment]', '0');
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('#room .table-list th:text-is("Status")', { state: 'attached', timeout });
            if (await a.$('#room .table-list th:text-is("Stand")')) throw new Error('the German table list still says "Stand"');
            await a.waitForSelector('#room .table-list td:has-text("15 Sek. + 0")', { state: 'attached', timeout });
            await a.waitForSelector('#table .table-meta:has-text("15 Sek. + 0")', { timeout });
            await b.waitForSelector('#room .table-list td:has-text("15 s + 0")', { timeout });
            await a.click('#table button[data-action="leave_table"]');
            await b.waitForSelector('#room .table-list td:has-text("15 s + 0")', { state: 'detached', timeout });
        });

        await run.check('on the phone every control of the lobby is at least 44x44 px', async () => {
            await expectNoSmallTargets(b, 'lobby');
            await run.shot(b, '01-phone-lobby');
        });

        await run.step('Anna opens a 5+3 table by keyboard: the focus goes to its board', async () => {
            await a.click('#view-switch button[data-view="lobby"]').catch(() => {});
            await a.selectOption('select[name=time_control]', '2');
            await a.selectOption('select[name=color]', 'white');
            await a.focus('.open-table button[type=submit]');
            await a.keyboard.press('Enter');
            await a.waitForSelector('#table .status-line:has-text("Warte")', { timeout });
            await a.waitForFunction(() => document.activeElement && document.activeElement.classList.contains('board'), null, short)
                .catch(async () => { throw new Error(`the focus is on ${await a.evaluate(() => document.activeElement.outerHTML.slice(0, 80))}`); });
        });

        await run.check('every control Tab reaches shows a focus ring', async () => {
            const missing = await focusRings(a, '#language', 14);
            if (missing.length) throw new Error(`no focus ring on: ${missing.join(', ')}`);
            await a.focus('#table .board');
        });

        await run.check('the sound switch says its state: "Ton: an" pressed, "Ton: aus" not', async () => {
            await a.click('#table button[data-action="sound"][aria-pressed="true"]:text-is("Ton: an")');
            await a.waitForSelector('#table button[data-action="sound"][aria-pressed="false"]:text-is("Ton: aus")', short);
            await a.click('#table button[data-action="sound"]');
            await a.waitForSelector('#table button[data-action="sound"][aria-pressed="true"]:text-is("Ton: an")', short);
            await a.focus('#table .board');
        });

        await run.check('on the phone every control at a waiting table is at least 44x44 px', async () => {
            await b.click(`#room tr:has-text("${anna}"):has-text("5+3") button[data-action="watch"]`);
            await b.waitForSelector('#table button[data-action="join_table"]', { timeout });
            await expectNoSmallTargets(b, 'waiting table');
            await b.click('#view-switch button[data-view="lobby"]');
        });

        await run.step('Bob joins on the phone: the game starts with the focus on both boards', async () => {
            await b.click(`#room tr:has-text("${anna}"):has-text("5+3") button[data-action="join"]`);
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await a.waitForSelector('#table .status-line:has-text("Du bist am Zug")', { timeout });
            for (const page of [a, b]) {
                await page.waitForFunction(() => document.activeElement && document.activeElement.classList.contains('board'), null, short);
            }
        });

        await run.check('in the game on the phone every control is at least 44x44 px', async () => {
            await expectNoSmallTargets(b, 'game');
            await run.shot(b, '02-phone-game');
        });

        await run.step('the moves are said in words by one live region that stays: 1.e4 d5 2.exd5 Nf6', async () => {
            await a.evaluate(() => { window.presentationAnnouncer = document.getElementById('move-announcer'); });
            await typeMove(a, 'e4', 1);
            await waitAnnounced(a, 'Weiß: Bauer e4');
            await waitAnnounced(b, 'White: pawn e4');
            await typeMove(b, 'd5', 2);
            await typeMove(a, 'exd5', 3);
            await waitAnnounced(a, 'Weiß: Bauer schlägt d5');
            await waitAnnounced(b, 'White: pawn takes d5');
            await typeMove(b, 'Nf6', 4);
            await waitAnnounced(a, 'Schwarz: Springer f6');
            await waitAnnounced(b, 'Black: knight f6');
            const region = await a.evaluate(() => {
                const node = document.getElementById('move-announcer');
                return { same: node === window.presentationAnnouncer, live: node.getAttribute('aria-live'),
                         count: document.querySelectorAll('[aria-live]').length };
            });
            if (!region.same) throw new Error('the live region was made anew');
            if (region.live !== 'polite') throw new Error(`aria-live is ${region.live}`);
        });

        await run.check('an illegal move: the sentence only, the code behind "Details"; the message lies over no button (laptop)', async () => {
            await a.fill('#table input[name=move]', 'Dxh7');
            await a.press('#table input[name=move]', 'Enter');
            await expectFoldedError(a, 'illegal_move', 'nicht', 'Details');
            await expectMessageClear(a, 'laptop');
            await run.shot(a, '03-laptop-error');
            await a.click('.messages .dismiss');
        });

        await run.check('an illegal move on the phone: the sentence only, "Details" for the code; nothing over the Lobby/Game switch', async () => {
            await b.fill('#table input[name=move]', 'Qxh7');
            await b.press('#table input[name=move]', 'Enter');
            await expectFoldedError(b, 'not_your_turn', 'turn', 'Details');
            await b.evaluate(() => window.scrollTo(0, 0));
            await expectMessageClear(b, 'phone');
            await expectNoSmallTargets(b, 'phone with a message');
            await run.shot(b, '04-phone-error');
            await b.click('.messages .dismiss');
        });

        await run.check('held sideways (844x390) the board and both clocks are on the screen without scrolling', async () => {
            await b.setViewportSize({ width: 844, height: 390 });
            await b.evaluate(() => window.scrollTo(0, 0));
            for (const selector of ['#table .board cg-board', '#table .player.top .clock', '#table .player.bottom .clock']) {
                if (!await inViewport(b, selector)) {
                    const box = await b.$eval(selector, (node) => JSON.stringify(node.getBoundingClientRect()));
                    throw new Error(`${selector} is not on the screen: ${box}`);
                }
            }
            await run.shot(b, '05-landscape-game');
            await b.setViewportSize(PHONE.viewport);
        });

        let gameId = null;
        await run.step('Anna resigns; the game is stored', async () => {
            await a.click('#table button[data-action="resign"]');
            await a.click('#table [data-confirm="resign"] button[data-answer="yes"]');
            const link = await a.waitForSelector('#table .result-banner a.archive-link', { timeout });
            gameId = (await link.getAttribute('href')).split('/').pop();
        });

        await run.check('the profile on the phone fits its width and lists the game once; "Deviation (RD)" explained', async () => {
            const p = await (await b.context().browser().newContext({ ...PHONE, locale: 'en-US' })).newPage();
            run.watch('profile', p);
            await p.goto(`${url}@/${anna}`);
            await p.waitForSelector(`.all-games tr[data-game="${gameId}"]`, { timeout });
            const width = await p.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, inner: window.innerWidth }));
            // A phone widens its layout viewport to content that overflows: innerWidth grows with it.
            if (width.scroll > width.inner || width.inner > PHONE.viewport.width) {
                throw new Error(`the profile is ${width.scroll} px wide (innerWidth ${width.inner}) on a ${PHONE.viewport.width} px phone`);
            }
            const listed = await p.$$eval(`a.game-link[href="/games/${gameId}"]`, (links) => links.length);
            if (listed !== 1) throw new Error(`game ${gameId} is listed ${listed} times`);
            const rd = await p.$eval('.profile-ratings th[title]:has-text("RD")', (node) => [node.textContent, node.title])
                .catch(() => p.$eval('.profile-ratings thead', (node) => [node.textContent, '']));
            if (rd[0] !== 'Deviation (RD)' || !rd[1].includes('rating deviation')) throw new Error(`the RD column reads ${JSON.stringify(rd)}`);
            await run.shot(p, '06-phone-profile');
            await p.close();
            delete run.pages.profile;
        });

        await run.check('the German profile explains the RD in words', async () => {
            const p = await a.context().newPage();
            await p.goto(`${url}@/${anna}`);
            const th = await p.waitForSelector('.profile-ratings th:has-text("RD")', { timeout });
            if ((await th.textContent()) !== 'Unsicherheit (RD)') throw new Error(`the column reads "${await th.textContent()}"`);
            if (!(await th.getAttribute('title')).includes('Wertungsabweichung')) throw new Error('the column has no explanation');
            await p.close();
        });

        await run.check('the game\'s page at 1280x800 shows the whole board above the fold', async () => {
            const p = run.watch('archive', await a.context().newPage());
            await p.goto(`${url}games/${gameId}`);
            await p.waitForSelector('.archive-board cg-board', { timeout });
            const box = await p.$eval('.archive-board cg-board', (node) => {
                const r = node.getBoundingClientRect();
                return { top: r.top, bottom: r.bottom, height: r.height, fold: window.innerHeight };
            });
            if (box.bottom > box.fold || box.height < 300) throw new Error(`the board spans ${box.top}..${box.bottom} of ${box.fold} px`);
            await run.shot(p, '07-archive');
            await p.close();
            delete run.pages.archive;
        });

        await run.step('an admin bans Cora (German) and Dave (English), kicks Emil: each is told once, a ban naming the account', async () => {
            createAdmin(db, chef, chefPassword);
            const c = run.watch('cora', await (await browser.newContext({ ...LAPTOP, locale: 'de-DE' })).newPage());
            const d = run.watch('dave', await (await browser.newContext({ ...PHONE, locale: 'en-US' })).newPage());
            await register(c, url, cora, `Laeufer-${suffix}`);
            await register(d, url, dave, `Bauer-${suffix}-x`);
            const e = run.watch('emil', await (await browser.newContext({ ...LAPTOP, locale: 'en-US' })).newPage());
            await enterAsGuest(e, url, emil);
            await waitOnline(e);
            const m = run.watch('chef', await (await browser.newContext({ ...LAPTOP, locale: 'de-DE' })).newPage());
            await m.goto(url);
            const banned = await m.evaluate(async ({ chef, chefPassword, cora, dave, emil }) => {
                const post = (path, body) => fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' },
                                                           body: JSON.stringify(body) }).then((r) => r.status);
                return [await post('/api/login', { nick: chef, password: chefPassword }),
                        await post('/api/admin/ban', { nick: cora, minutes: 60, reason: 'Beleidigungen' }),
                        await post('/api/admin/ban', { nick: dave, minutes: 60, reason: 'spam' }),
                        await post('/api/admin/kick', { nick: emil, reason: 'calm down' })];
            }, { chef, chefPassword, cora, dave, emil });
            if (banned.some((status) => status !== 200)) throw new Error(`login and bans answered ${banned}`);
            for (const [page, sentence] of [[c, 'Dein Konto ist bis'], [d, 'Your account is banned until']]) {
                await page.waitForSelector('.form-error, .messages li', { timeout });
                // Long enough for a reconnection and its refusal, had there been one.
                await page.waitForTimeout(1500);
                // What is shown: the Tournaments tab's form keeps its (empty) error line hidden until needed.
                const told = await page.$$eval('.form-error, .messages li', (nodes) => nodes
                    .filter((node) => !node.closest('[hidden]') && node.innerText.trim() !== '')
                    .map((node) => node.innerText));
                if (told.length !== 1) throw new Error(`the ban was told ${told.length} times: ${JSON.stringify(told)}`);
                if (!told[0].startsWith(sentence)) throw new Error(`the ban reads "${told[0]}"`);
            }
            // A kick: its notice, and not a second one for the closed connection.
            await e.waitForSelector('.messages .error[data-code="kicked"]:has-text("calm down")', { timeout });
            await e.waitForTimeout(1500);
            const kicked = await e.$$eval('.messages li', (nodes) => nodes.map((node) => node.dataset.code));
            if (kicked.length !== 1) throw new Error(`the kick was told ${kicked.length} times: ${kicked}`);
            await run.shot(c, '08-cora-banned');
            await run.shot(d, '09-dave-banned');
            await m.goto(`${url}admin`);
            await m.click('#admin-tabs [data-tab="live"]');
            await m.waitForSelector('th:text-is("Aktionen")', { timeout });
            if (await m.$('th:text-is("Handeln")')) throw new Error('the live view still says "Handeln"');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
