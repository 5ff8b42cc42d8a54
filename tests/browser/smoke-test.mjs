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
//   node tests/browser/smoke-test.mjs [URL]                 against a running server (default http://127.0.0.1:8080/)
//   ROCHADE_BIN=build/tools/rochade node tests/browser/smoke-test.mjs
//                                                  starts `rochade serve` on a free port with a temp db,
//                                                  serving web/dist (scripts/build-web.sh builds it)
// Needs Debian's chromium (CHROMIUM overrides /usr/bin/chromium) and `npm ci` in web/.
// Screenshots go to the directory SMOKE_SHOTS (default /tmp/rochade-smoke).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, boardOrientation, clickMove, dragMove, enterAsGuest, launchBrowser, logIn, register, short, startServer, timeout, waitOnline,
    webRoot,
} from './browser_harness.mjs';

const shots = process.env.SMOKE_SHOTS || join(tmpdir(), 'rochade-smoke');
const run = new Run(shots);
const step = (name, body) => run.step(name, body);
const check = (name, body) => run.check(name, body);

// A short grace period, so the claim of a win against a vanished opponent can be tested (and
// long enough for a reload after the game to come back before the seat is given up). A short
// table history, so a spectator who comes back after a few events gets a resync. Guests are
// admitted; one hashing thread is enough for a handful of logins; the test's two wrong
// passwords stay under the free failures, so no login has to wait.
const CONFIG = {
    reconnect_grace_ms: 3000,
    table_history_events: 4,
    identity: { allow_guests: true, password_hash_threads: 1, login_free_failures_per_account: 5,
                login_free_failures_per_address: 20 },
};

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

async function main() {
    if (process.env.ROCHADE_BIN && !existsSync(join(webRoot(), 'index.html'))) {
        throw new Error('web/dist is missing: build the client first (scripts/build-web.sh)');
    }
    let server = process.env.ROCHADE_BIN ? await startServer(CONFIG, { prefix: 'rochade-smoke-' }) : null;
    const url = server ? server.url : process.argv[2] || 'http://127.0.0.1:8080/';
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const white = `Anna_${suffix}`; // an account
    const black = `Björn_${suffix}`; // a guest
    const password = `Springer-${suffix}`;
    const newPassword = `Läufer-${suffix}!`;
    let carl = null; // the spectator, a guest too
    try {
        const anna = await (await browser.newContext({ viewport: { width: 1680, height: 1000 }, locale: 'en-US' })).newPage();
        const bjoern = await (await browser.newContext({ viewport: { width: 1680, height: 1000 }, locale: 'en-US' })).newPage();
        run.watch('anna', anna);
        run.watch('bjoern', bjoern);

        await step('the first visit shows the login view; registering logs in; the rooms are listed', async () => {
            await register(anna, url, white, password);
            await anna.waitForSelector(`#me .nick.account[data-nick="${white}"]`, { timeout });
            if (await anna.$('#me .guest-mark')) throw new Error('an account is marked as a guest in the header');
            await run.shot(anna, '0-registered');
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
        await step('open a 5+3 table as White, pressing "Open" while a guest\'s arrival redraws the room', async () => {
            await anna.selectOption('select[name=color]', 'white');
            // The press and the release straddle a redraw of the room (its member list changes):
            // the form is kept across redraws, so the click still opens the table.
            const box = await anna.locator('.open-table button[type=submit]').boundingBox();
            await anna.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
            await anna.mouse.down();
            await enterAsGuest(bjoern, url, black);
            await waitOnline(bjoern);
            await bjoern.waitForSelector(`#me .nick.guest[data-nick="${black}"] .guest-mark`, { timeout });
            if (await bjoern.isVisible('#account')) throw new Error('a guest is offered the account panel');
            await enterRoom34(bjoern);
            await anna.waitForSelector(`.member-list .nick.guest[data-nick="${black}"] .guest-mark`, { timeout });
            await anna.mouse.up();
            await anna.waitForSelector('.status-line:has-text("Waiting")', { timeout });
            await run.shot(anna, '1-open-table');
        });
        await step('a guest (second browser) is marked as a guest everywhere, sees the table and joins', async () => {
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
            run.watch('carl', carl);
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
            // A press and a release that straddle a redraw of the room list (another guest enters
            // room 34, so its count changes) still make one click: the list is not rebuilt.
            const counts = carl.locator('.room-button[data-room="34"] + .room-counts');
            const before = await counts.textContent();
            const box = await carl.locator('.room-jump button').boundingBox();
            await carl.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
            await carl.mouse.down();
            const dora = await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage();
            run.watch('dora', dora);
            await enterAsGuest(dora, url, `Dora_${suffix}`);
            await waitOnline(dora);
            await enterRoom34(dora);
            await carl.waitForFunction((text) => document.querySelector('.room-button[data-room="34"] + .room-counts')?.textContent !== text,
                                       before, { timeout });
            await carl.mouse.up();
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
            await run.shot(bjoern, '2-black-after-reload');
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
                server = await startServer(CONFIG, { port: server.port, db: server.db });
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
            await run.shot(anna, '3-game-over');
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
            await run.shot(anna, '4-promotion');
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
                await run.shot(anna, '5-claim-win');
            });
        }
        await step('logout ends the session: the visitor\'s page with the login view, also after a reload', async () => {
            await anna.click('#logout');
            await anna.waitForSelector('#login:not([hidden]) #login-form', { timeout });
            await anna.waitForSelector('#welcome:not([hidden]) #play-as-guest', { timeout });
            await anna.waitForSelector('#connection-state.signed_out', { timeout });
            await anna.reload();
            await anna.waitForSelector('#login:not([hidden]) #login-form', { timeout });
            const session = await anna.evaluate(() => fetch('/api/session').then((response) => response.json()));
            if (session.logged_in !== false) throw new Error(`GET /api/session after logout answers ${JSON.stringify(session)}`);
        });
        await step('a wrong password shows the bad_credentials sentence', async () => {
            await logIn(anna, url, white, `${password}-falsch`);
            await anna.waitForSelector('#login-form .form-error:has-text("Wrong nick or password.") .error-detail:has-text("bad_credentials")',
                                       { timeout });
            await run.shot(anna, '6-bad-credentials');
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
        await run.finish(browser, server);
    }
}

run.start(main);
