// Issue 26, points 3 and 13, in headless Chromium against a real server:
//   - Anna (an account, White) and Bob (a guest, Black) play in room 34; Zoe (a guest) watches.
//     While the game runs Zoe's line in the table chat reaches Zoe, never Anna or Bob; Anna's line
//     reaches everyone. Zoe sees each line labelled with its channel and a note that the players
//     do not read the spectators' chat, in English and in German; the players see no labels.
//   - The header links to /admin for the admin (in English and German), not for Anna (a player)
//     nor for Bob (a guest).
//   - The admin bans Bob's nick from the admin area: the game ends at once, Anna's banner says
//     Bob was banned and loses by forfeit (English), Zoe's says the same in German.
//   - The Audit tab shows the ban as a sentence in English and German, never raw JSON.
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/chat-admin-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, accountOpensGuestJoins, enterAsGuest, enterRoom34, laptopPage, launchBrowser, logIn, short, startServer, timeout,
    typeMove, waitOnline,
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-chat-admin');
const run = new Run(shots);

function createAdmin(db, nick, password) {
    const made = spawnSync(process.env.ROCHADE_BIN, ['admin', 'create-user', nick, '--role', 'admin', '--db', db],
                           { input: `${password}\n`, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`rochade admin create-user failed (${made.status}): ${made.stderr}`);
}

// The table chat's lines on `page`: {channel, label, text} each.
function chatLines(page) {
    return page.$$eval('.table-chat .chat-lines li', (items) => items.map((li) => ({
        channel: li.dataset.channel,
        label: li.querySelector('.chat-channel')?.textContent ?? null,
        text: li.textContent,
    })));
}

async function say(page, text) {
    await page.fill('.table-chat input', text);
    await page.press('.table-chat input', 'Enter');
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-chat-admin-' });
    const { url, db } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    const zoe = `Zoe_${suffix}`;
    const chef = `Chef_${suffix}`;
    const chefPassword = `Turm-${suffix}-admin`;
    const advice = `Sf3 gewinnt ${suffix}`;
    try {
        const a = await laptopPage(browser, run, 'anna');
        const b = await laptopPage(browser, run, 'bob');
        const z = await laptopPage(browser, run, 'zoe');
        const m = await laptopPage(browser, run, 'chef');

        await run.step('Anna opens a table, Bob joins, they play 1.e4 e5; Zoe watches', async () => {
            await accountOpensGuestJoins(a, b, url, { anna, password: `Springer-${suffix}`, bob });
            await typeMove(a, 'e4', 1);
            await typeMove(b, 'e5', 2);
            await enterAsGuest(z, url, zoe);
            await waitOnline(z);
            await enterRoom34(z);
            await z.click('#room button[data-action="watch"]');
            await z.waitForSelector('#table .move-list .move[data-ply="2"]', { timeout });
        });

        await run.step('during the game Zoe\'s line reaches the spectators only; Anna\'s reaches everyone, labelled for Zoe', async () => {
            await say(z, advice);
            await z.waitForSelector(`.table-chat li[data-channel="spectators"]:has-text("${advice}")`, { timeout });
            await say(a, 'good luck');
            for (const page of [a, b, z]) await page.waitForSelector('.table-chat li:has-text("good luck")', { timeout });
            // Anna's line was sent after Zoe's was stored: had Zoe's reached a seat, it would be there by now.
            for (const [who, page] of [['Anna', a], ['Bob', b]]) {
                const lines = await chatLines(page);
                if (lines.some((line) => line.text.includes(advice))) throw new Error(`${who} reads the spectator's advice: ${JSON.stringify(lines)}`);
                if (lines.some((line) => line.label !== null)) throw new Error(`${who} sees channel labels: ${JSON.stringify(lines)}`);
                if (await page.isVisible('.table-chat .chat-note')) throw new Error(`${who} sees the spectators' note`);
            }
            const seen = await chatLines(z);
            const mine = seen.find((line) => line.text.includes(advice));
            const players = seen.find((line) => line.text.includes('good luck'));
            if (mine?.label !== 'Spectators' || players?.label !== 'Players' || players.channel !== 'players') {
                throw new Error(`Zoe's chat: ${JSON.stringify(seen)}`);
            }
            const note = await z.textContent('.table-chat .chat-note');
            if (note !== 'While the game runs, the players do not see the spectators’ chat.') throw new Error(`Zoe's note: ${note}`);
            await run.shot(z, '01-spectator-channels-en');
            await run.shot(a, '02-player-chat-en');
        });

        await run.step('in German Zoe reads the channels as Spieler and Zuschauer', async () => {
            await z.selectOption('#language', 'de');
            await z.waitForSelector('.table-chat .chat-note:text-is("Während der Partie sehen die Spieler den Chat der Zuschauer nicht.")', short);
            const seen = await chatLines(z);
            const labels = seen.filter((line) => line.label).map((line) => line.label);
            if (labels.join(',') !== 'Zuschauer,Spieler') throw new Error(`Zoe's German labels: ${JSON.stringify(seen)}`);
            await run.shot(z, '03-spectator-channels-de');
        });

        await run.step('the header links to /admin for the admin only, in English and German', async () => {
            for (const [who, page] of [['Anna (a player)', a], ['Bob (a guest)', b], ['Zoe (a guest)', z]]) {
                if (await page.isVisible('#to-admin')) throw new Error(`${who} sees the admin link`);
            }
            createAdmin(db, chef, chefPassword);
            await logIn(m, url, chef, chefPassword);
            await waitOnline(m);
            await m.waitForSelector('#to-admin:visible:text-is("Admin area")', { timeout });
            if (await m.getAttribute('#to-admin', 'href') !== '/admin') throw new Error('the admin link does not lead to /admin');
            await m.selectOption('#language', 'de');
            await m.waitForSelector('#to-admin:visible:text-is("Verwaltung")', short);
            await m.selectOption('#language', 'en');
            await run.shot(m, '04-admin-link');
        });

        await run.step('the admin bans Bob during the game: it ends at once, Anna and Zoe are told he loses by forfeit', async () => {
            await m.goto(`${url}admin`);
            await m.waitForSelector('#admin-tabs [data-tab="moderation"]', { timeout });
            await m.click('#admin-tabs [data-tab="moderation"]');
            await m.click('#tab-moderation [data-choose="ban"]');
            await m.fill('#tab-moderation [name=nick]', bob);
            await m.fill('#tab-moderation [name=minutes]', '180');
            await m.fill('#tab-moderation [name=reason]', 'engine use');
            await m.click('#tab-moderation button[type=submit]');
            await m.waitForSelector('#tab-moderation .form-done', { timeout });
            await a.waitForSelector('#table .result-banner[data-result="1-0"]', { timeout });
            const banner = await a.textContent('#table .result-banner');
            if (!banner.includes('Black was banned by a moderator during the game and loses by forfeit.')) throw new Error(`Anna's banner: ${banner}`);
            await z.waitForSelector('#table .result-banner[data-result="1-0"]', { timeout });
            const german = await z.textContent('#table .result-banner');
            if (!german.includes('Schwarz wurde während der Partie von einem Moderator gesperrt und verliert kampflos.')) {
                throw new Error(`Zoe's banner: ${german}`);
            }
            await run.shot(a, '05-forfeit-en');
            await run.shot(z, '06-forfeit-de');
        });

        await run.step('the Audit tab tells the ban in a sentence, in English and German, without JSON', async () => {
            await m.click('#admin-tabs [data-tab="audit"]');
            await m.waitForSelector('#tab-audit tr[data-action="ban"]', { timeout });
            const english = await m.textContent('#tab-audit tr[data-action="ban"] .audit-sentence');
            const expected = `${chef} banned the account of ${bob} for 3 h. Reason: engine use`;
            if (english !== expected) throw new Error(`the audit says "${english}", not "${expected}"`);
            await run.shot(m, '07-audit-en');
            await m.selectOption('#language', 'de');
            await m.waitForSelector(`#tab-audit tr[data-action="ban"] .audit-sentence:text-is("${chef} hat das Konto von ${bob} für 3 Std. gesperrt. Grund: engine use")`, short);
            const rows = await m.$$eval('#tab-audit tbody tr', (trs) => trs.map((tr) => tr.textContent));
            if (rows.some((row) => /[{}]/.test(row))) throw new Error(`an audit row shows JSON: ${JSON.stringify(rows)}`);
            await run.shot(m, '08-audit-de');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
