// A headless browser smoke test of the client against a real server: one player registers an
// account, another enters as a guest (two browser contexts, two cookie jars); guests are marked
// wherever nicks are listed; they chat, open and join a table, move by clicking and dragging on
// the board (the built client, web/dist), reload (the session cookie brings both back to the
// running game), survive a kill -9 of the server, resign,
// reload after the game (the seats are kept, the rematch is offered and accepted), promote,
// claim a win against a vanished opponent, log out (a reload then shows the login view), see
// the sentence for a wrong password, and change a password. No session secret may be readable
// by page scripts (localStorage, sessionStorage, document.cookie): the cookie is HttpOnly.
//
//   node web/smoke-test.mjs [URL]                 against a running server (default http://127.0.0.1:8080/)
//   ROCHADE_BIN=build/tools/rochade node web/smoke-test.mjs
//                                                  starts `rochade serve` on a free port with a temp db,
//                                                  serving web/dist (scripts/build-web.sh builds it)
// Needs Debian's chromium (CHROMIUM overrides /usr/bin/chromium) and `npm ci` in web/.
// Screenshots go to SMOKE_SHOTS (default /tmp/rochade-smoke-*.png).

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { squareCenter } from './js/board_model.js';

const here = dirname(fileURLToPath(import.meta.url));
const shots = process.env.SMOKE_SHOTS || join(tmpdir(), 'rochade-smoke');
const timeout = 10_000;
const pages = {}; // every browser page by player, for screenshots when a step fails
let passed = 0;
let failed = 0;

function freePort() {
    return new Promise((resolve, reject) => {
        const server = createServer();
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
        server.on('error', reject);
    });
}

async function startServer(port, db) {
    // A short grace period, so the claim of a win against a vanished opponent can be tested (and
    // long enough for a reload after the game to come back before the seat is given up). A short
    // table history, so a spectator who comes back after a few events gets a resync. Guests are
    // admitted; one hashing thread is enough for a handful of logins; the test's two wrong
    // passwords stay under the free failures, so no login has to wait.
    const config = join(dirname(db), 'config.json');
    writeFileSync(config, JSON.stringify({
        reconnect_grace_ms: 3000,
        table_history_events: 4,
        identity: { allow_guests: true, password_hash_threads: 1, login_free_failures_per_account: 5,
                    login_free_failures_per_address: 20 },
    }));
    const child = spawn(process.env.ROCHADE_BIN,
                        ['serve', '--bind', '127.0.0.1', '--port', String(port), '--db', db, '--web-root', join(here, 'dist'),
                         '--config', config],
                        { stdio: ['ignore', 'inherit', 'inherit'] });
    const url = `http://127.0.0.1:${port}/`;
    for (let attempt = 0; attempt < 100; attempt++) {
        try {
            const response = await fetch(url + 'health');
            if (response.ok) return { url, child, port, db };
        } catch { /* not listening yet */ }
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGTERM');
    throw new Error(`rochade serve did not answer /health on port ${port} within 10 s`);
}

// A step the later ones build on: its failure ends the test.
async function step(name, body, { fatal = true } = {}) {
    try {
        await body();
        passed++;
        console.log(`ok   ${name}`);
    } catch (error) {
        failed++;
        const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
        for (const [who, page] of Object.entries(pages)) {
            await page.screenshot({ path: `${shots}-failed-${slug}-${who}.png` }).catch(() => {});
        }
        console.log(`FAIL ${name}: ${error.message.split('\n').slice(0, 2).join(' ')}`);
        if (fatal) throw error;
    }
}

// A check that nothing later depends on: its failure is counted and the test goes on.
function check(name, body) {
    return step(name, body, { fatal: false });
}

const short = { timeout: 3000 };

// The login view's three ways in. Each waits until the page is online with the rooms listed.
async function openLoginView(page, url, choice) {
    await page.goto(url);
    await page.waitForSelector('#login:not([hidden]) #login-form', { timeout });
    await page.click(`.login-choices button[data-choice="${choice}"]`);
    await page.waitForSelector(`#login-form[data-form="${choice}"]`, { timeout });
}

async function waitOnline(page) {
    await page.waitForSelector('#connection-state.online', { timeout });
    await page.waitForSelector('.room-button[data-room="34"]', { timeout });
}

async function register(page, url, nick, password) {
    await openLoginView(page, url, 'register');
    await page.fill('#nick', nick);
    await page.fill('#password', password);
    await page.fill('#password-repeat', password);
    await page.click('#login-form button[type=submit]');
    await waitOnline(page);
}

async function logIn(page, url, nick, password) {
    await openLoginView(page, url, 'login');
    await page.fill('#nick', nick);
    await page.fill('#password', password);
    await page.click('#login-form button[type=submit]');
}

async function enterAsGuest(page, url, nick) {
    await openLoginView(page, url, 'guest');
    await page.fill('#nick', nick);
    await page.click('#login-form button[type=submit]');
}

// What page scripts can read: both storages and document.cookie, as one text.
function readableByScripts(page) {
    return page.evaluate(() => JSON.stringify({
        local: Object.fromEntries(Object.entries(localStorage)),
        session: Object.fromEntries(Object.entries(sessionStorage)),
        cookie: document.cookie,
    }));
}

async function enterRoom34(page) {
    await page.click('.room-button[data-room="34"]');
    await page.waitForSelector('#room h2:has-text("Halle der Koenige")', { timeout });
}

// The board (chessground) has no element per square: a square is found by its place on the
// board, seen from the side the board shows at the bottom.
async function boardOrientation(page) {
    const classes = await page.getAttribute('#table [data-board]', 'class', { timeout });
    return classes.includes('orientation-black') ? 'black' : 'white';
}

async function squarePoint(page, square) {
    const board = page.locator('#table [data-board] cg-board');
    await board.scrollIntoViewIfNeeded({ timeout });
    return squareCenter(await board.boundingBox(), square, await boardOrientation(page));
}

async function clickMove(page, from, to) {
    const a = await squarePoint(page, from);
    await page.mouse.click(a.x, a.y);
    const b = await squarePoint(page, to);
    await page.mouse.click(b.x, b.y);
}

async function dragMove(page, from, to) {
    const a = await squarePoint(page, from);
    const b = await squarePoint(page, to);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(b.x, b.y, { steps: 8 });
    await page.mouse.up();
}

async function main() {
    if (process.env.ROCHADE_BIN && !existsSync(join(here, 'dist', 'index.html'))) {
        throw new Error('web/dist is missing: build the client first (scripts/build-web.sh)');
    }
    let server = process.env.ROCHADE_BIN
        ? await startServer(await freePort(), join(mkdtempSync(join(tmpdir(), 'rochade-smoke-')), 'rochade.db'))
        : null;
    const url = server ? server.url : process.argv[2] || 'http://127.0.0.1:8080/';
    const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
               '--disable-component-update', '--disable-sync'],
    });
    const suffix = String(Date.now() % 100000);
    const white = `Anna_${suffix}`; // an account
    const black = `Björn_${suffix}`; // a guest
    const password = `Springer-${suffix}`;
    const newPassword = `Läufer-${suffix}!`;
    let carl = null; // the spectator, a guest too
    try {
        const anna = await (await browser.newContext({ viewport: { width: 1680, height: 1000 }, locale: 'en-US' })).newPage();
        const bjoern = await (await browser.newContext({ viewport: { width: 1680, height: 1000 }, locale: 'en-US' })).newPage();
        Object.assign(pages, { anna, bjoern });
        for (const page of [anna, bjoern]) page.on('pageerror', (error) => console.log(`page error: ${error.message}`));

        await step('the first visit shows the login view; registering logs in; the rooms are listed', async () => {
            await register(anna, url, white, password);
            await anna.waitForSelector(`#me .nick.account[data-nick="${white}"]`, { timeout });
            if (await anna.$('#me .guest-mark')) throw new Error('an account is marked as a guest in the header');
            await anna.screenshot({ path: `${shots}-0-registered.png` });
        });
        await step('enter room 34 and see oneself among the members', async () => {
            await enterRoom34(anna);
            await anna.waitForSelector(`.member-list .nick.account[data-nick="${white}"]`, { timeout });
        });
        await step('room chat is shown to the room', async () => {
            await anna.fill('#room .chat-form input', 'Guten Abend!');
            await anna.click('#room .chat-form button');
            await anna.waitForSelector('.room-chat li:has-text("Guten Abend!")', { timeout });
        });
        await step('open a 5+3 table as White', async () => {
            await anna.selectOption('select[name=color]', 'white');
            await anna.click('.open-table button[type=submit]');
            await anna.waitForSelector('.status-line:has-text("Waiting")', { timeout });
            await anna.screenshot({ path: `${shots}-1-open-table.png` });
        });
        await step('a guest (second browser) enters, is marked as a guest everywhere, sees the table and joins', async () => {
            await enterAsGuest(bjoern, url, black);
            await waitOnline(bjoern);
            await bjoern.waitForSelector(`#me .nick.guest[data-nick="${black}"] .guest-mark`, { timeout });
            if (await bjoern.isVisible('#account')) throw new Error('a guest is offered the account panel');
            await enterRoom34(bjoern);
            await anna.waitForSelector(`.member-list .nick.guest[data-nick="${black}"] .guest-mark`, { timeout });
            await bjoern.waitForSelector(`.member-list .nick.account[data-nick="${white}"]`, { timeout });
            await bjoern.click('button[data-action="join"]', { timeout });
            await anna.waitForSelector('.status-line:has-text("Your move")', { timeout });
        });
        await check('the table and the room\'s table list mark the guest player (black_guest), not the account', async () => {
            await anna.waitForSelector(`.player-line .nick.account[data-nick="${white}"]`, short);
            await anna.waitForSelector(`.table-list .nick.account[data-nick="${white}"]`, short);
            await anna.waitForSelector(`.player-line .nick.guest[data-nick="${black}"]`, short);
            await anna.waitForSelector(`.table-list .nick.guest[data-nick="${black}"]`, short);
        });
        await step('White moves e2-e4 by clicking; Black sees it and answers e7-e5 by drag and drop', async () => {
            await clickMove(anna, 'e2', 'e4');
            await bjoern.waitForSelector('.move-list .move:text("e4")', { timeout });
            await bjoern.waitForSelector('.status-line:has-text("Your move")', { timeout });
            await dragMove(bjoern, 'e7', 'e5');
            await anna.waitForSelector('.move-list .move:text("e5")', { timeout });
        });
        await step('the running clock counts down between the server readings', async () => {
            const before = await anna.textContent('.clock.running');
            await anna.waitForFunction((text) => document.querySelector('.clock.running')?.textContent !== text,
                                       before, { timeout: 3000 });
        });
        await step('the board is flipped for Black', async () => {
            const orientation = await boardOrientation(bjoern);
            if (orientation !== 'black') throw new Error(`Black's board is seen from ${orientation}`);
        });
        await step('a move typed in German SAN (Sf3); the list shows Sf3 in German, Nf3 in English', async () => {
            await anna.fill('input[name=move]', 'Sf3');
            await anna.press('input[name=move]', 'Enter');
            await anna.waitForSelector('.move-list .move:text("Nf3")', { timeout });
            await anna.click('#lang');
            await anna.waitForSelector('.move-list .move:text("Sf3")', { timeout });
            await anna.click('#lang');
        });
        await step('Black offers a draw on its own turn; White declines; Black is told', async () => {
            await bjoern.waitForSelector('.status-line:has-text("Your move")', { timeout });
            await bjoern.click('button[data-action="offer_draw"]');
            await anna.click('button[data-action="decline_draw"]', { timeout });
            await bjoern.waitForSelector('.table-log li:has-text("declines the draw")', { timeout });
        });
        await step('a claim that is not valid shows a sentence with the code as a detail', async () => {
            await bjoern.click('button[data-action="claim_draw"]');
            await bjoern.waitForSelector('.messages .error:has-text("The draw claim is not valid") .error-detail:has-text("claim_invalid")',
                                         { timeout });
        });
        await step('table chat reaches the opponent; a move arriving while one types keeps the focus', async () => {
            await anna.click('.table-chat input');
            await anna.keyboard.type('Viel ');
            await clickMove(bjoern, 'a7', 'a6');
            await anna.waitForSelector('.move-list .move:text("a6")', { timeout });
            await anna.keyboard.type('Glück!');
            await anna.keyboard.press('Enter');
            await bjoern.waitForSelector('.table-chat li:has-text("Viel Glück!")', { timeout });
            await clickMove(anna, 'h2', 'h3');
            await bjoern.waitForSelector('.move-list .move:text("h3")', { timeout });
        });
        await step('a guest cannot take a registered nick; another guest watches the game from the room', async () => {
            carl = await (await browser.newContext({ viewport: { width: 1680, height: 1000 }, locale: 'en-US' })).newPage();
            pages.carl = carl;
            await enterAsGuest(carl, url, white.toUpperCase());
            await carl.waitForSelector('#login-form .form-error:has-text("choose another") .error-detail:has-text("nick_taken")',
                                       { timeout });
            await carl.fill('#nick', `Carl_${suffix}`);
            await carl.click('#login-form button[type=submit]');
            await waitOnline(carl);
            await enterRoom34(carl);
            await carl.click('button[data-action="watch"]');
            await carl.waitForSelector('.move-list .move:text("Nf3")', { timeout });
            await carl.waitForSelector('.status-line:has-text("to move")', { timeout });
        });
        await step('typing a room number opens an ad-hoc room (listed) and a negative one a secret room', async () => {
            const adHoc = String(700 + (Number(suffix) % 200));
            await carl.fill('input[name=room]', adHoc);
            await carl.click('.room-jump button');
            await carl.waitForSelector(`#room h2:has-text("${adHoc}")`, { timeout });
            await carl.click('#rooms .panel-header button');
            await carl.waitForSelector(`.room-button[data-room="${adHoc}"]`, { timeout });
            await carl.fill('input[name=room]', `-${adHoc}`);
            await carl.click('.room-jump button');
            await carl.waitForSelector('#room h2 .badge:text("secret")', { timeout });
            // The ad-hoc room closes when its last member has left; the list shows it after a refresh.
            for (let attempt = 0; await carl.$(`.room-button[data-room="${adHoc}"]`); attempt++) {
                if (attempt === 40) throw new Error(`the empty ad-hoc room ${adHoc} is still listed`);
                await carl.click('#rooms .panel-header button');
                await carl.waitForTimeout(250);
            }
            if (await carl.$(`.room-button[data-room="-${adHoc}"]`)) throw new Error('the secret room is listed');
        });
        await step('the same login in a second tab takes the connection over; the first tab says so and waits', async () => {
            await enterRoom34(carl); // a spectator watches only in the table's room
            const second = await carl.context().newPage();
            await second.goto(url);
            await second.waitForSelector('#connection-state.online', { timeout });
            await carl.waitForSelector('#connection-state.displaced', { timeout });
            await carl.waitForSelector('.messages .error .error-detail:has-text("replaced")', { timeout });
            await carl.waitForSelector('#reconnect:not([hidden])', { timeout });
            await second.close();
        });
        await step('a server error is shown clearly (whisper to a nick that is not online)', async () => {
            await anna.fill('#room .chat-form input', `/w Niemand_${suffix} hallo`);
            await anna.click('#room .chat-form button');
            await anna.waitForSelector(`.messages .error:has-text("Niemand_${suffix} is not online, so the whisper was not delivered") .error-detail:has-text("no_such_nick")`,
                                       { timeout });
        });
        await step('both players reload: the cookie logs them in again, seats and game survive', async () => {
            await bjoern.reload();
            await anna.reload();
            for (const page of [anna, bjoern]) {
                await page.waitForSelector('#connection-state.online', { timeout });
                await page.waitForSelector('.move-list .move:text("Nf3")', { timeout });
            }
            await anna.waitForSelector(`#me .nick.account[data-nick="${white}"]`, { timeout });
            await bjoern.waitForSelector(`#me .nick.guest[data-nick="${black}"]`, { timeout });
            await bjoern.waitForSelector('.status-line:has-text("Your move")', { timeout });
            await bjoern.waitForSelector('button[data-action="resign"]', { timeout });
            await bjoern.screenshot({ path: `${shots}-2-black-after-reload.png` });
        });
        if (server) {
            await step('kill -9 and restart: one banner while the server is gone; a move made meanwhile is sent after the reconnect', async () => {
                server.child.kill('SIGKILL');
                await new Promise((resolve) => server.child.once('exit', resolve));
                await anna.waitForSelector('#connection-state.reconnecting', { timeout });
                await bjoern.waitForSelector('#connection-banner:not([hidden])', { timeout });
                // Several reconnection attempts fail meanwhile (after 0.5, 1 and 2 s).
                await new Promise((resolve) => setTimeout(resolve, 4000));
                const banners = await bjoern.$$eval('#connection-banner:not([hidden]), #messages li', (nodes) => nodes.length);
                if (banners !== 1) throw new Error(`${banners} connection messages are shown instead of one banner`);
                await clickMove(bjoern, 'b8', 'c6');
                await bjoern.waitForSelector('#messages li.info:has-text("will be sent when the connection is back")', { timeout });
                server = await startServer(server.port, server.db);
                await anna.waitForSelector('#connection-state.online', { timeout: 20_000 });
                await bjoern.waitForSelector('#connection-state.online', { timeout: 20_000 });
                await bjoern.waitForSelector('#connection-banner', { state: 'hidden', timeout });
                await anna.waitForSelector('.move-list .move:text("Nc6")', { timeout });
                await bjoern.waitForSelector('.move-list .move:text("Nc6")', { timeout });
            });
        }
        await step('Black resigns; both see 1-0', async () => {
            await bjoern.click('button[data-action="resign"]');
            await bjoern.click('[data-confirm="resign"] button[data-answer="yes"]');
            await anna.waitForSelector('.result-banner:has-text("1-0")', { timeout });
            await bjoern.waitForSelector('.result-banner:has-text("1-0")', { timeout });
            await anna.screenshot({ path: `${shots}-3-game-over.png` });
        });
        await check('"Connect here" after more events than the table keeps: the table is redrawn from the state (resync)', async () => {
            await carl.click('#reconnect');
            await carl.waitForSelector('#connection-state.online', { timeout });
            await carl.waitForSelector('.result-banner:has-text("1-0")', { timeout });
            await carl.waitForSelector('.table-log li:has-text("as it is now")', { timeout });
        });
        await step('reloads after the game keep both seats; the rematch is offered and accepted, colours swapped', async () => {
            await anna.reload();
            await anna.waitForSelector('#connection-state.online', { timeout });
            await anna.waitForSelector('.result-banner:has-text("1-0")', { timeout });
            await anna.click('button[data-action="rematch"]:has-text("Offer rematch")', { timeout });
            await bjoern.reload();
            await bjoern.waitForSelector('#connection-state.online', { timeout });
            await bjoern.waitForSelector('.result-banner:has-text("1-0")', { timeout });
            await bjoern.click('button[data-action="rematch"]:has-text("Accept rematch")', { timeout });
            await bjoern.waitForSelector('.status-line:has-text("Your move")', { timeout });
            const orientation = await boardOrientation(bjoern);
            if (orientation !== 'white') throw new Error(`White's board is seen from ${orientation}`);
        });
        await step('a pawn promotes through the chooser; SAN bxa8=Q, German bxa8D', async () => {
            const line = [[bjoern, 'a2', 'a4'], [anna, 'b7', 'b5'], [bjoern, 'a4', 'b5'], [anna, 'a7', 'a6'],
                          [bjoern, 'b5', 'a6'], [anna, 'c8', 'b7'], [bjoern, 'a6', 'b7'], [anna, 'b8', 'c6']];
            for (const [page, from, to] of line) {
                await page.waitForSelector('.status-line:has-text("Your move")', { timeout });
                await clickMove(page, from, to);
                await page.waitForSelector('.status-line:not(:has-text("Your move"))', { timeout });
            }
            await bjoern.waitForSelector('.status-line:has-text("Your move")', { timeout });
            await clickMove(bjoern, 'b7', 'a8');
            await bjoern.click('.promotion-choice[data-uci="b7a8q"]', { timeout });
            await bjoern.waitForSelector('.move-list .move:text("bxa8=Q")', { timeout });
            await anna.click('#lang');
            await anna.waitForSelector('.move-list .move:text("bxa8D")', { timeout });
            await anna.click('#lang');
            await anna.screenshot({ path: `${shots}-4-promotion.png` });
        });
        await step('no session secret is readable by page scripts (the cookie is HttpOnly, SameSite=Strict)', async () => {
            for (const page of [anna, bjoern, carl]) {
                const cookies = await page.context().cookies();
                const session = cookies.find((cookie) => cookie.name === 'rochade_session');
                if (!session) throw new Error(`no rochade_session cookie: ${cookies.map((c) => c.name).join(', ')}`);
                if (!session.httpOnly) throw new Error('the session cookie is not HttpOnly');
                if (session.sameSite !== 'Strict') throw new Error(`the session cookie is SameSite=${session.sameSite}`);
                const readable = await readableByScripts(page);
                if (readable.includes(session.value)) throw new Error(`the session secret is readable: ${readable}`);
                if (/token|secret|password|rochade_session/i.test(readable)) throw new Error(`a secret-like entry is readable: ${readable}`);
            }
        });
        if (server) {
            await step('the opponent vanishes; after the grace period the win is claimed', async () => {
                await bjoern.context().close();
                await anna.waitForSelector('.player-line .away', { timeout });
                for (let attempt = 0; !(await anna.$('.result-banner:has-text("0-1")')); attempt++) {
                    if (attempt === 40) throw new Error('claim_win did not end the game within 10 s');
                    await anna.click('button[data-action="claim_win"]', { timeout });
                    await anna.waitForTimeout(250);
                }
                await anna.screenshot({ path: `${shots}-5-claim-win.png` });
            });
        }
        await step('logout ends the session: the login view, also after a reload', async () => {
            await anna.click('#logout');
            await anna.waitForSelector('#login:not([hidden]) #login-form', { timeout });
            await anna.waitForSelector('#app[hidden]', { state: 'attached', timeout });
            await anna.reload();
            await anna.waitForSelector('#login:not([hidden]) #login-form', { timeout });
            const status = await anna.evaluate(() => fetch('/api/session').then((response) => response.status));
            if (status !== 401) throw new Error(`GET /api/session after logout answers ${status}`);
        });
        await step('a wrong password shows the bad_credentials sentence', async () => {
            await logIn(anna, url, white, `${password}-falsch`);
            await anna.waitForSelector('#login-form .form-error:has-text("Wrong nick or password.") .error-detail:has-text("bad_credentials")',
                                       { timeout });
            await anna.screenshot({ path: `${shots}-6-bad-credentials.png` });
        });
        await step('log in; change the password; the old one is refused, the new one works', async () => {
            await anna.fill('#password', password);
            await anna.click('#login-form button[type=submit]');
            await waitOnline(anna);
            await anna.click('#account');
            await anna.fill('#current-password', password);
            await anna.fill('#new-password', newPassword);
            await anna.fill('#new-password-repeat', newPassword);
            await anna.click('#password-form button[type=submit]');
            await anna.waitForSelector('#password-form .form-done', { timeout });
            await anna.waitForSelector('#connection-state.online', { timeout });
            await anna.click('#logout');
            await logIn(anna, url, white, password);
            await anna.waitForSelector('#login-form .form-error .error-detail:has-text("bad_credentials")', { timeout });
            await anna.fill('#password', newPassword);
            await anna.click('#login-form button[type=submit]');
            await waitOnline(anna);
        });
        await step('repeated wrong passwords are throttled: the sentence names the seconds to wait', async () => {
            await anna.click('#logout');
            await logIn(anna, url, `Niemand_${suffix}`, 'falsch-falsch');
            for (let attempt = 0; !(await anna.$('#login-form .form-error .error-detail:has-text("too_many_attempts")')); attempt++) {
                if (attempt === 8) throw new Error('eight failed logins in a row were not throttled');
                await anna.waitForSelector('#login-form .form-error .error-detail:has-text("bad_credentials")', { timeout });
                await anna.waitForSelector('#login-form button[type=submit]:enabled', { timeout });
                await anna.click('#login-form button[type=submit]');
                await anna.waitForSelector('#login-form .form-error', { timeout });
            }
            await anna.waitForSelector('#login-form .form-error:has-text("Too many failed attempts. Please wait")', { timeout });
        });
    } finally {
        await browser.close();
        if (server && server.child.exitCode === null) {
            const exited = new Promise((resolve) => server.child.once('exit', resolve));
            server.child.kill('SIGTERM');
            await exited;
        }
        console.log(`${passed} passed, ${failed} failed`);
    }
}

main().catch((error) => {
    if (!passed && !failed) console.log(`FAIL ${error.message}`);
    process.exitCode = 1;
});
