// Personal API tokens and the bot list in the browser (issue 29 §3), against a real server in
// headless Chromium, with the bot's side spoken over HTTP by this test as lichess-bot would:
//
// - Hugo (registered, English, a 390x844 phone) finds "No bot is online." in the lobby and an
//   empty "API tokens" section on his account panel, where he makes a token of his own.
// - Bella (registered, German, 1280x800) opens her account panel: the form refuses an empty
//   description and a token without scopes before asking; she creates "Mein Bot" with bot:play,
//   challenge:read and challenge:write, reads it once from the read-only field (the copy button
//   puts it on the clipboard), revokes a second token (the button asks first), and is told the
//   server's word when she revokes a third one that was revoked behind the panel's back. After a
//   reload the list still has "Mein Bot", and the token is nowhere in the page.
// - With the token (Authorization: Bearer), Node's fetch turns Bella's account into a bot
//   (POST /api/bot/account/upgrade) and opens her event stream (GET /api/stream/event, NDJSON);
//   her panel then shows when the token was last used.
// - Hugo refreshes "Bots online": Bella is there with the BOT mark; Gerd (a guest, German laptop)
//   sees her too. Hugo presses Challenge: the challenge form opens with her nick; he sends it as
//   White. The bot reads the challenge from its stream, accepts it (POST
//   /api/challenge/{id}/accept), reads gameStart, and Hugo's board appears. Hugo plays e4; the bot
//   reads it from the game stream (GET /api/bot/game/stream/{id}), answers e7e5 (POST
//   /api/bot/game/{id}/move/e7e5) and resigns (POST /api/bot/game/{id}/resign): Hugo sees that he
//   won, and the bot's stream says gameFinish.
//
//   scripts/build-web.sh && ROCHADE_BIN=$PWD/build/tools/rochade node tests/browser/bot-tokens-test.mjs
// Screenshots go to the directory BROWSER_SHOTS (default /tmp/rochade-bot-tokens).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, enterAsGuest, launchBrowser, register, short, startServer, timeout, typeMove, waitForMove, waitOnline, webRoot,
} from './browser_harness.mjs';
import { fitsWidth } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-bot-tokens');
const run = new Run(shots);

const LAPTOP_DE = { viewport: { width: 1280, height: 800 }, locale: 'de-DE' };
const PHONE_EN = { viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true };
const PASSWORD = 'Geheimnis-42';

// A page that keeps its problems: errors thrown in it, and console errors other than a failed
// request (a refused revocation is a 404 the page expects and shows).
async function watchedPage(browser, name, options) {
    const page = run.watch(name, await (await browser.newContext(options)).newPage());
    page.problems = [];
    page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
    page.on('console', (message) => {
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) page.problems.push(message.text());
    });
    return page;
}

// ---- the bot's side: lichess's Bot API over HTTP -------------------------------------------------

// A request with the bot's token; the answer's status and body (JSON when it is JSON).
async function botApi(url, token, method, path) {
    const response = await fetch(new URL(path, url), { method, headers: { Authorization: `Bearer ${token}` } });
    const text = await response.text();
    let body = text;
    try {
        body = JSON.parse(text);
    } catch { /* not JSON */ }
    return { status: response.status, body, text };
}

async function expectOk(url, token, method, path) {
    const answer = await botApi(url, token, method, path);
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.body;
}

// An NDJSON stream kept open: every line it brought, read as it comes (empty keep-alive lines
// skipped), and a way to wait for one.
class LineStream {
    static async open(url, token, path) {
        const controller = new AbortController();
        const response = await fetch(new URL(path, url), { headers: { Authorization: `Bearer ${token}` }, signal: controller.signal });
        if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
        return new LineStream(response, controller);
    }

    constructor(response, controller) {
        this.response = response;
        this.controller = controller;
        this.lines = [];
        this.ended = false;
        this.pump(response.body.getReader());
    }

    async pump(reader) {
        const decoder = new TextDecoder();
        let buffer = '';
        try {
            for (;;) {
                const { value, done } = await reader.read();
                if (done) break;
                buffer += decoder.decode(value, { stream: true });
                for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
                    const line = buffer.slice(0, end).trim();
                    buffer = buffer.slice(end + 1);
                    if (line) this.lines.push(JSON.parse(line));
                }
            }
        } catch (error) {
            if (error.name !== 'AbortError') this.failure = error;
        }
        this.ended = true;
    }

    async waitFor(what, predicate, ms = timeout) {
        const deadline = Date.now() + ms;
        for (;;) {
            const found = this.lines.find(predicate);
            if (found) return found;
            if (this.failure) throw this.failure;
            if (this.ended) throw new Error(`the stream ended without ${what}; it brought ${JSON.stringify(this.lines)}`);
            if (Date.now() > deadline) throw new Error(`no ${what} within ${ms} ms; the stream brought ${JSON.stringify(this.lines)}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
        }
    }

    close() {
        this.controller.abort();
    }
}

// ---- the account panel ---------------------------------------------------------------------------

async function openAccountPanel(page, title) {
    await page.click('#account');
    await page.waitForSelector(`#api-tokens h3:text-is("${title}")`, { timeout });
}

async function createToken(page, description, scopes) {
    await page.fill('#token-description', description);
    for (const scope of scopes) await page.check(`#token-form input[name=token_scope][value="${scope}"]`);
    const before = await page.$eval('#new-token', (input) => input.value).catch(() => '');
    await page.click('#token-form button[type=submit]');
    await page.waitForFunction((old) => {
        const input = document.querySelector('#new-token');
        return input && input.isConnected && input.value.startsWith('rch_') && input.value !== old;
    }, before, { timeout });
    await page.waitForSelector(`#api-tokens .token-list li:has(.token-description:text-is("${description}"))`, { timeout });
    return page.$eval('#new-token', (input) => input.value);
}

// The whole account panel, however tall: a screenshot of its element.
async function panelShot(page, name) {
    await page.locator('#account-panel').screenshot({ path: join(shots, `${name}.png`) });
}

function tokenRow(description) {
    return `#api-tokens .token-list li:has(.token-description:text-is("${description}"))`;
}

async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run scripts/build-web.sh');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-bot-tokens-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const bella = `Bella_${suffix}`;
    const hugo = `Hugo_${suffix}`;
    const streams = [];
    let token = '';
    let gameId = '';
    let events = null;
    try {
        const h = await watchedPage(browser, 'hugo', PHONE_EN);
        const b = await watchedPage(browser, 'bella', { ...LAPTOP_DE, permissions: ['clipboard-read', 'clipboard-write'] });
        const g = await watchedPage(browser, 'gerd', LAPTOP_DE);

        await run.step('Hugo (English, phone) registers: "No bot is online." in the lobby, no token on his panel', async () => {
            await register(h, url, hugo, PASSWORD);
            await h.waitForSelector('#bots h3:text-is("Bots online")', { timeout });
            await h.waitForSelector('#bots .bots-none:text-is("No bot is online.")', { timeout });
            await openAccountPanel(h, 'API tokens');
            await h.waitForSelector('#api-tokens .token-none:text-is("You have no tokens.")', { timeout });
            for (const scope of ['bot:play', 'board:play', 'challenge:read', 'challenge:write']) {
                await h.waitForSelector(`#token-form label:has(input[value="${scope}"]) .scope-about`, short);
            }
            await h.waitForSelector(`#api-tokens .server-url:text-is("${url}")`, short);
            await fitsWidth(h);
            await panelShot(h, '01-hugo-en-phone-panel');
            // A token of his own on the phone: the field, its copy button and the list fit the width.
            await createToken(h, 'Phone', ['challenge:read']);
            await h.waitForSelector('#api-tokens .new-token-once:has-text("it will not be shown again")', short);
            await h.waitForSelector(`${tokenRow('Phone')} .token-dates:has-text("never used")`, short);
            await fitsWidth(h);
            await panelShot(h, '01-hugo-en-phone-token');
            await h.click('#api-tokens button[data-action="hide-token"]');
            if (await h.$('#new-token')) throw new Error('"Done" left the token shown');
            await h.click('#account-panel .panel-header button');
        });

        await run.step('Bella (German, laptop): the form refuses an empty description and a token without scopes', async () => {
            await register(b, url, bella, PASSWORD);
            await openAccountPanel(b, 'API-Token');
            await b.waitForSelector('#api-tokens .token-none:text-is("Du hast keine Token.")', { timeout });
            await b.click('#token-form button[type=submit]');
            await b.waitForSelector('#token-form .form-error:text-is("Gib dem Token eine Beschreibung, damit du später weißt, wofür es ist.")', short);
            await b.fill('#token-description', 'Mein Bot');
            await b.click('#token-form button[type=submit]');
            await b.waitForSelector('#token-form .form-error:text-is("Wähle mindestens ein Recht.")', short);
            const listed = await b.$$('#api-tokens .token-list li');
            if (listed.length) throw new Error('a refused form made a token');
        });

        await run.step('she creates "Mein Bot" (bot:play, challenge:read, challenge:write): shown once, copied, listed', async () => {
            token = await createToken(b, 'Mein Bot', ['bot:play', 'challenge:read', 'challenge:write']);
            if (!/^rch_[A-Za-z0-9_-]{20,}$/.test(token)) throw new Error(`the token reads "${token}"`);
            await b.waitForSelector('#api-tokens .new-token-once:has-text("nicht noch einmal angezeigt")', short);
            if (await b.$eval('#new-token', (input) => !input.readOnly)) throw new Error('the token field is not read-only');
            const scopes = await b.$$eval(`${tokenRow('Mein Bot')} .token-scope`, (codes) => codes.map((code) => code.textContent));
            if (scopes.join(' ') !== 'bot:play challenge:read challenge:write') throw new Error(`scopes: ${scopes.join(' ')}`);
            await b.waitForSelector(`${tokenRow('Mein Bot')} .token-dates:has-text("erstellt")`, short);
            await b.waitForSelector(`${tokenRow('Mein Bot')} .token-dates:has-text("noch nie benutzt")`, short);
            await b.click('#api-tokens button[data-action="copy"]');
            await b.waitForSelector('#api-tokens .new-token .form-done:text-is("Kopiert."), #api-tokens .new-token .form-error', short);
            await panelShot(b, '02-bella-de-laptop-token');
        });

        await run.check('the copy button put the token on the clipboard', async () => {
            const copied = await b.evaluate(() => navigator.clipboard.readText());
            if (copied !== token) throw new Error(`the clipboard holds "${copied}"`);
        });

        await run.step('a second token is revoked: the first press asks, the second revokes', async () => {
            await createToken(b, 'Zum Widerrufen', ['challenge:read']);
            const revoke = `${tokenRow('Zum Widerrufen')} button[data-action="revoke"]`;
            await b.click(revoke);
            await b.waitForSelector(`${revoke}:text-is("Wirklich widerrufen?")`, short);
            await b.click(revoke);
            await b.waitForSelector(tokenRow('Zum Widerrufen'), { state: 'detached', timeout });
            await b.waitForSelector(tokenRow('Mein Bot'), short);
            // The revoked token was the one shown: it goes with it.
            if (await b.$('#new-token')) throw new Error('the revoked token is still shown');
        });

        await run.step('a token revoked behind the panel\'s back: the server\'s word is shown, the list read again', async () => {
            await createToken(b, 'Anderswo', ['challenge:write']);
            const id = await b.getAttribute(tokenRow('Anderswo'), 'data-token');
            const status = await b.evaluate(async (path) => (await fetch(path, { method: 'DELETE' })).status, `/api/tokens/${id}`);
            if (status !== 200) throw new Error(`the revocation from the page's script: ${status}`);
            const revoke = `${tokenRow('Anderswo')} button[data-action="revoke"]`;
            await b.click(revoke);
            await b.click(revoke);
            await b.waitForSelector('#api-tokens .form-error:has-text("Der Server hat das nicht angenommen: no such token of yours")', { timeout });
            await b.waitForSelector(tokenRow('Anderswo'), { state: 'detached', timeout });
            if (await b.$('#new-token')) throw new Error('the token revoked elsewhere is still shown to copy');
            await panelShot(b, '03-bella-revoke-refused');
        });

        await run.step('after a reload the list still has "Mein Bot", and the token is nowhere in the page', async () => {
            await b.reload();
            await waitOnline(b);
            await openAccountPanel(b, 'API-Token');
            await b.waitForSelector(tokenRow('Mein Bot'), { timeout });
            if (await b.$('#new-token')) throw new Error('a token field is shown after the reload');
            if ((await b.content()).includes(token)) throw new Error('the page holds the token after the reload');
            const rows = await b.$$eval('#api-tokens .token-list li .token-description', (items) => items.map((item) => item.textContent));
            if (rows.join(',') !== 'Mein Bot') throw new Error(`listed: ${rows.join(', ')}`);
        });

        await run.step('with the token, the account becomes a bot (POST /api/bot/account/upgrade)', async () => {
            const before = await expectOk(url, token, 'GET', '/api/account');
            if (before.title === 'BOT') throw new Error('the account is a bot before the upgrade');
            const upgraded = await expectOk(url, token, 'POST', '/api/bot/account/upgrade');
            if (upgraded.ok !== true) throw new Error(`the upgrade answered ${JSON.stringify(upgraded)}`);
            const after = await expectOk(url, token, 'GET', '/api/account');
            if (after.title !== 'BOT' || after.username !== bella) throw new Error(`/api/account: ${JSON.stringify(after)}`);
        });

        await run.step('her panel shows when the token was last used', async () => {
            await b.click('#account-panel .panel-header button');
            await b.click('#account');
            await b.waitForSelector(`${tokenRow('Mein Bot')} .token-dates:has-text("zuletzt benutzt")`, { timeout });
            await panelShot(b, '04-bella-last-used');
            // From now on the account plays through its token; its page is closed.
            await b.context().close();
            delete run.pages.bella;
        });

        await run.step('the bot opens its event stream (GET /api/stream/event)', async () => {
            events = await LineStream.open(url, token, '/api/stream/event');
            streams.push(events);
            const type = events.response.headers.get('content-type') || '';
            if (!type.includes('ndjson')) throw new Error(`the event stream's Content-Type is "${type}"`);
        });

        await run.step('Hugo refreshes "Bots online": Bella is there with the BOT mark', async () => {
            await h.click('#bots button.bot-refresh');
            await h.waitForSelector(`#bots li[data-bot="${bella}"] .bot-mark:text-is("BOT")`, { timeout });
            if (await h.$('#bots .bots-none')) throw new Error('"No bot is online." beside a bot');
            await h.locator(`#bots li[data-bot="${bella}"]`).scrollIntoViewIfNeeded();
            await fitsWidth(h);
            await run.shot(h, '05-hugo-bots-online');
        });

        await run.step('Gerd (a guest, German laptop) sees her in "Bots online" too, with "Herausfordern"', async () => {
            await enterAsGuest(g, url, `Gerd_${suffix}`);
            await waitOnline(g);
            await g.waitForSelector(`#bots li[data-bot="${bella}"] button[data-action="challenge"]:text-is("Herausfordern")`, { timeout });
            await g.waitForSelector(`#bots li[data-bot="${bella}"] .bot-mark:text-is("BOT")`, short);
            await run.shot(g, '06-gerd-de-bots-online');
        });

        await run.step('Hugo presses Challenge: the form opens with her nick; he sends it as White', async () => {
            await h.click(`#bots li[data-bot="${bella}"] button[data-action="challenge"]`);
            await h.waitForSelector('.challenge-details[open] .challenge-form', { timeout });
            const to = await h.inputValue('.challenge-form input[name=challenge_to]');
            if (to !== bella) throw new Error(`the form's nick is "${to}"`);
            await h.selectOption('.challenge-form select[name=challenge_color]', 'white');
            await h.click('.challenge-form button[type=submit]');
            await h.waitForSelector('#challenges li[data-kind="sent"]', { timeout });
        });

        await run.step('the bot reads the challenge from its stream and accepts it; Hugo\'s board appears', async () => {
            const line = await events.waitFor('a challenge from Hugo',
                                              (event) => event.type === 'challenge' && event.challenge && event.challenge.challenger
                                                  && event.challenge.challenger.name === hugo);
            const accepted = await expectOk(url, token, 'POST', `/api/challenge/${line.challenge.id}/accept`);
            if (accepted.ok !== true) throw new Error(`accept answered ${JSON.stringify(accepted)}`);
            const start = await events.waitFor('gameStart', (event) => event.type === 'gameStart');
            gameId = String(start.game.gameId);
            if (!gameId) throw new Error(`gameStart without a gameId: ${JSON.stringify(start)}`);
            await h.waitForSelector('#table .cg-wrap.orientation-white', { timeout });
            await h.waitForSelector(`#table .player-line[data-side="black"] .nick-name:text-is("${bella}")`, { timeout });
        });

        await run.step('Hugo plays e4; the bot reads it from the game stream and answers e7e5', async () => {
            const game = await LineStream.open(url, token, `/api/bot/game/stream/${gameId}`);
            streams.push(game);
            await game.waitFor('gameFull', (event) => event.type === 'gameFull');
            await typeMove(h, 'e4', 1);
            await game.waitFor('the move e2e4', (event) => (event.type === 'gameState' && event.moves === 'e2e4')
                || (event.type === 'gameFull' && event.state && event.state.moves === 'e2e4'));
            const moved = await expectOk(url, token, 'POST', `/api/bot/game/${gameId}/move/e7e5`);
            if (moved.ok !== true) throw new Error(`the move answered ${JSON.stringify(moved)}`);
            await waitForMove(h, 2, 'e5');
            await run.shot(h, '07-hugo-after-e5');
        });

        await run.step('the bot resigns: Hugo sees that he won; the bot\'s stream says gameFinish', async () => {
            const resigned = await expectOk(url, token, 'POST', `/api/bot/game/${gameId}/resign`);
            if (resigned.ok !== true) throw new Error(`resign answered ${JSON.stringify(resigned)}`);
            await h.waitForSelector('#table .result-banner .result-title:text-is("White wins")', { timeout });
            await h.waitForSelector('#table .result-banner:has-text("Black resigned")', short);
            // The bot leaves the table at once; the banner still names who played.
            await h.waitForSelector(`#table .result-banner .result-players:has-text("${hugo} (White) – ${bella} (Black)")`, short);
            await events.waitFor('gameFinish', (event) => event.type === 'gameFinish' && String(event.game.gameId) === gameId);
            await run.shot(h, '08-hugo-won');
        });

        await run.check('no page logged an error', async () => {
            const problems = [h, b, g].flatMap((page) => page.problems);
            if (problems.length) throw new Error(problems.join('; '));
        });
    } finally {
        for (const stream of streams) stream.close();
        await run.finish(browser, server);
    }
}

run.start(main);
