// The browser test of the admin area (/admin) against a real server in headless Chromium:
//   - an admin account is made with `rochade admin create-user --role admin` on the database
//     file while the server runs; the admin logs in at / and opens /admin;
//   - Anna (an account) and Bob (a guest) play a short game in room 34 (1.f3 e5 2.g4 Qh4#), and
//     Bob writes a table chat line holding <script>, quotes, a backslash and `"] [Result "1-0`;
//   - a guest who opens /admin is told it needs the moderator role; a visitor who is not logged
//     in is sent to log in;
//   - the admin finds the game by player in the Games tab, opens its log, replays it move by
//     move (buttons and arrow keys; the board's pieces move), sees the chat line as plain text
//     (no script runs, no element is made of it), downloads the PGN, sees the SAN in German;
//   - the Live tab lists the players online (the guest marked) and the rooms; a table's Watch
//     link opens it in the player client;
//   - the admin mutes Bob in room 34, who then cannot chat at his table there and is told the
//     reason and the end; bans Anna's account, whose page is told and who cannot log in again (the login form
//     says banned, with the reason); both actions and a refused attempt show in the Audit tab;
//     the chat search finds the line with <script> as text.
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-admin).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/admin-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, accountOpensGuestJoins, launchBrowser, logIn, short, startServer, timeout, typeMove, waitOnline, laptopPage, LAPTOP
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-admin');
const run = new Run(shots);

// What a hostile chat line tries: markup that would run, quotes and a backslash that would end a
// JSON or PGN string, and a PGN tag of its own.
const HOSTILE = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> "quoted" back\\slash "] [Result "1-0';

// `rochade admin create-user NICK --role admin`, the password on standard input.
function createAdmin(db, nick, password) {
    const made = spawnSync(process.env.ROCHADE_BIN, ['admin', 'create-user', nick, '--role', 'admin', '--db', db],
                           { input: `${password}\n`, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`rochade admin create-user failed (${made.status}): ${made.stderr}`);
}

// Where the replay board shows pieces: "f3:white pawn" for each piece chessground draws.
function boardPieces(page) {
    return page.$$eval('#tab-game .admin-board piece', (nodes) => nodes
        .filter((node) => !node.classList.contains('ghost') && node.cgKey)
        .map((node) => `${node.cgKey}:${node.className}`).sort());
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-admin-' });
    const { url, db } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const chef = `Chef_${suffix}`;
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    const chefPassword = `Turm-${suffix}-admin`;
    const annaPassword = `Springer-${suffix}`;
    try {
        const a = await laptopPage(browser, run, 'anna');
        const b = await laptopPage(browser, run, 'bob');
        const adminContext = await browser.newContext(LAPTOP);
        // A script that ran from a chat line would set this flag (or call alert).
        await adminContext.addInitScript(() => { window.alert = () => { window.__xss = 'alert'; }; });
        const m = run.watch('chef', await adminContext.newPage());

        await run.step('Anna (an account) opens a table in room 34, Bob (a guest) joins', async () => {
            await accountOpensGuestJoins(a, b, url, { anna, password: annaPassword, bob });
        });
        await run.step('they play 1.f3 e5 2.g4 Qh4#, and Bob writes a hostile line in the table chat', async () => {
            await typeMove(a, 'f3', 1);
            await typeMove(b, 'e5', 2);
            await b.fill('.table-chat input', HOSTILE);
            await b.press('.table-chat input', 'Enter');
            await a.waitForSelector('.table-chat li:has-text("[Result")', { timeout });
            await typeMove(a, 'g4', 3);
            await typeMove(b, 'Qh4#', 4);
            await a.waitForSelector('#table .result-banner[data-result="0-1"]', { timeout });
        });
        await run.step('a visitor who is not logged in is sent to log in; a guest is told the desk needs the moderator role', async () => {
            const visitor = await laptopPage(browser, run, 'visitor');
            await visitor.goto(`${url}admin`);
            await visitor.waitForSelector('#admin-gate [data-gate="admin.gate.login"]', { timeout });
            await visitor.waitForSelector('#admin-gate a[href="/"]', short);
            const guestPage = run.watch('bob-admin', await b.context().newPage());
            await guestPage.goto(`${url}admin/`);
            await guestPage.waitForSelector('#admin-gate [data-gate="admin.gate.role"]:has-text("moderator role")', { timeout });
            if (await guestPage.isVisible('#admin')) throw new Error('a guest sees the admin tabs');
            await run.shot(guestPage, '01-guest-refused');
            await guestPage.close();
            await visitor.context().close();
        });
        await run.step('the admin account is made on the database file and logs in; /admin shows the tabs', async () => {
            createAdmin(db, chef, chefPassword);
            await logIn(m, url, chef, chefPassword);
            await waitOnline(m);
            await m.goto(`${url}admin`);
            await m.waitForSelector('#admin-tabs [data-tab="games"]', { timeout });
            await m.waitForSelector('#me .badge.role:text-is("admin")', short);
        });
        await run.step('the Games tab finds the game by a player and opens its log', async () => {
            await m.fill('[data-search="games"] [name=player]', bob.toUpperCase());
            await m.click('[data-search="games"] button[type=submit]');
            const row = await m.waitForSelector('#tab-games tr[data-game-row]', { timeout });
            const text = await row.textContent();
            if (!text.includes(anna) || !text.includes(bob) || !text.includes('0-1')) throw new Error(`the row says: ${text}`);
            await run.shot(m, '02-games');
            await m.click('#tab-games tr[data-game-row] button[data-game]');
            await m.waitForSelector('#tab-game .game-moves tr[data-ply="4"]', { timeout });
            const header = await m.textContent('#tab-game .game-log-header');
            for (const part of [anna, bob, 'Room', '34', '0-1', 'checkmated']) {
                if (!header.includes(part)) throw new Error(`the log's header lacks "${part}": ${header}`);
            }
        });
        await run.step('the replay steps through the game by buttons and arrow keys, and the pieces move', async () => {
            const atEnd = await boardPieces(m);
            if (!atEnd.some((p) => p.startsWith('h4:') && p.includes('black') && p.includes('queen'))) {
                throw new Error(`the last position has no black queen on h4: ${atEnd.join(' ')}`);
            }
            await m.click('#tab-game [data-nav="first"]');
            await m.waitForSelector('#tab-game .admin-board[data-ply="0"]', short);
            await m.waitForTimeout(400); // chessground animates the pieces
            const start = await boardPieces(m);
            if (!start.some((p) => p.startsWith('f2:') && p.includes('white') && p.includes('pawn'))) throw new Error('no pawn on f2 at the start');
            if (!start.some((p) => p.startsWith('d8:') && p.includes('queen'))) throw new Error('no queen on d8 at the start');
            await m.click('#tab-game [data-nav="next"]');
            await m.waitForSelector('#tab-game .admin-board[data-ply="1"]', short);
            await m.waitForTimeout(400);
            const afterOne = await boardPieces(m);
            if (!afterOne.some((p) => p.startsWith('f3:') && p.includes('pawn')) || afterOne.some((p) => p.startsWith('f2:'))) {
                throw new Error(`after 1.f3 the board shows: ${afterOne.join(' ')}`);
            }
            await m.focus('#tab-game .admin-board');
            await m.keyboard.press('ArrowRight');
            await m.keyboard.press('ArrowRight');
            await m.waitForSelector('#tab-game .admin-board[data-ply="3"]', short);
            await m.waitForSelector('#tab-game .game-moves tr.current[data-ply="3"]', short);
            await m.keyboard.press('End');
            await m.waitForSelector('#tab-game .admin-board[data-ply="4"]', short);
            await m.keyboard.press('ArrowLeft');
            await m.waitForSelector('#tab-game .admin-board[data-ply="3"]', short);
            const fen = await m.getAttribute('#tab-game .admin-board', 'data-fen');
            if (!fen.startsWith('rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b')) throw new Error(`the FEN after 2.g4 is ${fen}`);
            await m.click('#tab-game .game-moves tr[data-ply="4"]');
            await m.waitForSelector('#tab-game .replay-ply:has-text("Qh4#")', short);
            await run.shot(m, '03-game-log');
        });
        await run.step('the chat line with <script> shows as text; nothing of it runs or becomes an element', async () => {
            const line = await m.waitForSelector('#tab-game .game-events li[data-kind="table_chat"] .event-text', short);
            const text = await line.textContent();
            if (!text.includes(HOSTILE)) throw new Error(`the chat event reads: ${text}`);
            const made = await m.evaluate(() => ({ xss: window.__xss, scripts: document.querySelectorAll('#admin script, #admin img').length }));
            if (made.xss !== undefined || made.scripts !== 0) throw new Error(`the chat line became markup: ${JSON.stringify(made)}`);
            const events = await m.$$eval('#tab-game .game-events li', (items) => items.map((item) => item.dataset.kind));
            if (!events.includes('game_started')) throw new Error(`the events: ${events.join(', ')}`);
        });
        await run.step('the PGN download is the game with escaped tags', async () => {
            const href = await m.getAttribute('#tab-game a.pgn-download', 'href');
            const pgn = await m.evaluate((path) => fetch(path).then((r) => (r.ok ? r.text() : `HTTP ${r.status}`)), href);
            for (const part of [`[White "${anna}"]`, `[Black "${bob}"]`, '[Result "0-1"]']) {
                if (!pgn.includes(part)) throw new Error(`the PGN lacks ${part}: ${pgn}`);
            }
            // The movetext without the clock comments ({[%clk 0:05:02]}) and the "1..." after them.
            const moves = pgn.replace(/\{[^}]*\}/g, ' ').replace(/\d+\.\.\./g, ' ').replace(/\s+/g, ' ');
            if (!moves.includes('1. f3 e5 2. g4 Qh4# 0-1')) throw new Error(`the PGN's moves are not the game's: ${JSON.stringify(pgn)}`);
        });
        await run.step('in German the moves read in German SAN', async () => {
            await m.selectOption('#language', 'de');
            await m.waitForSelector('#admin-tabs [data-tab="games"]:text-is("Partien")', short);
            await m.waitForSelector('#tab-game .game-moves tr[data-ply="4"] .san:text-is("Dh4#")', short);
            await m.selectOption('#language', 'en');
            await m.waitForSelector('#tab-game .game-moves tr[data-ply="4"] .san:text-is("Qh4#")', short);
        });
        await run.step('the Live tab lists who is online, the guest marked, and the rooms', async () => {
            await m.click('#admin-tabs [data-tab="live"]');
            await m.waitForSelector(`#tab-live tr[data-player="${bob}"] .nick.guest`, { timeout });
            await m.waitForSelector(`#tab-live tr[data-player="${anna}"] .nick.account`, short);
            await m.waitForSelector('#tab-live .live-rooms td:text-is("34")', short);
            await run.shot(m, '04-live');
        });
        await run.step('a table\'s Watch link opens it in the player client', async () => {
            const href = await m.getAttribute('#tab-live a[data-watch]', 'href');
            if (!/^\/#watch=\d+&room=34$/.test(href)) throw new Error(`the watch link is ${href}`);
            const watcher = run.watch('chef-watch', await adminContext.newPage());
            await watcher.goto(new URL(href, url).href);
            await watcher.waitForSelector('#table .move-list .move[data-ply="4"]', { timeout });
            if (await watcher.evaluate(() => window.location.hash) !== '') throw new Error('the watch link stays in the address');
            await watcher.close();
        });
        await run.step('the admin mutes Bob in room 34 from his row; Bob\'s chat there is refused with the reason and the end', async () => {
            await m.click(`#tab-live [data-quick="mute"][data-nick="${bob}"]`);
            await m.waitForSelector('#tab-moderation form[data-action="mute"]', short);
            await m.fill('#tab-moderation [name=room]', '34');
            await m.fill('#tab-moderation [name=minutes]', '30');
            await m.fill('#tab-moderation [name=reason]', 'insults in the chat');
            await m.click('#tab-moderation button[type=submit]');
            await m.waitForSelector('#tab-moderation .form-done', { timeout });
            await run.shot(m, '05-muted');
            // Bob's game is on screen; its table is in room 34, so its chat is muted too.
            await b.fill('.table-chat input', 'can I still talk?');
            await b.press('.table-chat input', 'Enter');
            const error = await b.waitForSelector('.messages .error[data-code="muted"]', { timeout });
            const text = await error.textContent();
            if (!text.includes('muted you until') || !text.includes('insults in the chat')) throw new Error(`Bob reads: ${text}`);
            await run.shot(b, '06-bob-muted');
        });
        await run.step('the admin bans Anna\'s account; her page is told, and she cannot log in again', async () => {
            await m.click('#tab-moderation [data-choose="ban"]');
            await m.fill('#tab-moderation [name=nick]', anna);
            await m.fill('#tab-moderation [name=minutes]', '60');
            await m.fill('#tab-moderation [name=reason]', 'cheating with an engine');
            await m.click('#tab-moderation button[type=submit]');
            await m.waitForSelector('#tab-moderation .form-done', { timeout });
            // The ban ends her session where it stands: the login view says it, once, naming the account.
            await a.waitForSelector('#login-form .form-error:has-text("Your account is banned until"):has-text("cheating with an engine")', { timeout });
            await logIn(a, url, anna, annaPassword);
            const refusal = await a.waitForSelector('#login-form .form-error', { timeout });
            const text = await refusal.textContent();
            if (!text.includes('banned until') || !text.includes('cheating with an engine')) throw new Error(`the login form says: ${text}`);
            await run.shot(a, '07-anna-banned');
        });
        await run.step('the Sanctions tab lists the mute and the ban', async () => {
            await m.click('#admin-tabs [data-tab="sanctions"]');
            await m.waitForSelector(`#tab-sanctions [data-lift="mute"][data-target="${bob}"]`, { timeout });
            await m.waitForSelector(`#tab-sanctions [data-lift="ban"][data-target="${anna}"]`, short);
        });
        await run.step('the Audit tab shows both actions (who, what, on whom, why), newest first, and a refused attempt', async () => {
            // A guest's call of the admin API is refused and logged.
            const refused = await b.evaluate(() => fetch('/api/admin/kick', {
                method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ nick: 'x', reason: 'y' }),
            }).then((r) => r.status));
            if (refused !== 403) throw new Error(`a guest's kick was answered ${refused}`);
            await m.click('#admin-tabs [data-tab="audit"]');
            await m.waitForSelector('#tab-audit tr[data-action="ban"]', { timeout });
            const rows = await m.$$eval('#tab-audit tbody tr', (trs) => trs.map((tr) => ({ action: tr.dataset.action, text: tr.textContent,
                                                                                        refused: tr.classList.contains('refused') })));
            const ban = rows.findIndex((row) => row.action === 'ban' && row.text.includes(anna) && row.text.includes('cheating with an engine'));
            const mute = rows.findIndex((row) => row.action === 'mute' && row.text.includes(bob) && row.text.includes('insults in the chat'));
            if (ban < 0 || mute < 0 || ban > mute) throw new Error(`the audit rows: ${JSON.stringify(rows)}`);
            if (!rows[ban].text.includes(chef)) throw new Error('the ban does not name who did it');
            if (!rows.some((row) => row.refused && row.text.includes(bob))) throw new Error(`no refused attempt by ${bob}: ${JSON.stringify(rows)}`);
            await run.shot(m, '08-audit');
        });
        await run.step('the chat search finds the hostile line by its text, shown as text', async () => {
            await m.click('#admin-tabs [data-tab="chat"]');
            await m.fill('[data-search="chat"] [name=text]', '<script>');
            await m.click('[data-search="chat"] button[type=submit]');
            const cell = await m.waitForSelector('#tab-chat .chat-text', { timeout });
            if ((await cell.textContent()) !== HOSTILE) throw new Error(`the chat search shows: ${await cell.textContent()}`);
            const made = await m.evaluate(() => ({ xss: window.__xss, scripts: document.querySelectorAll('#admin script, #admin img').length }));
            if (made.xss !== undefined || made.scripts !== 0) throw new Error(`the chat line became markup: ${JSON.stringify(made)}`);
            await run.shot(m, '09-chat-search');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
