// The browser test of issue 26's points 1, 2, 5 and 11, against a real server in headless Chromium:
//   - an invitation reaches the invited player in another room (a notice naming the inviter, the
//     time control and casual/rated, with a sound); Accept sits down and shows the game; one
//     declined tells the inviter and closes the table (in English and in German); one whose
//     table closes goes away;
//   - a rematch offer reaches the player who looks at the lobby, with Accept and Decline;
//   - the four ways a table goes: standing up, leaving after a game, stopping watching, the
//     table closing (a spectator keeps the final position until Close), none with an error;
//   - the move label names the move ("2. Sf3", "1... e5", the start position);
//   - the tab title says when it is the player's move; chat lines carry their time and an
//     unread mark while the chat is out of sight.
// Anna plays in German at 1280x800, Bert in English on a 390x844 phone, Carl in English at 1280x800.
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/lobby-flow-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, countSounds, enterAsGuest, enterRoom, enterRoom34, launchBrowser, short, startServer, timeout, typeMove, waitOnline,
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-lobby-flow');
const run = new Run(shots);

async function showLobby(page) {
    if (await page.isVisible('#view-switch button[data-view="lobby"]')) await page.click('#view-switch button[data-view="lobby"]');
    await page.waitForSelector('#room .open-table', { state: 'visible', timeout });
}

async function openTable(page, { invite = '', colour = 'white' } = {}) {
    await showLobby(page);
    await page.selectOption('select[name=color]', colour);
    await page.fill('input[name=invite]', invite);
    await page.click('.open-table button[type=submit]');
    await page.waitForSelector('#table .status-line', { state: 'visible', timeout });
    return Number((await page.textContent('#table h2')).replace(/\D+/g, ''));
}

// No error was shown on the page (a table that is gone is no error).
async function noErrors(page, what) {
    const errors = await page.$$eval('#messages li.error', (items) => items.map((item) => item.textContent));
    if (errors.length) throw new Error(`${what}: the page shows ${errors.join(' | ')}`);
}

async function tableGone(page, table) {
    await page.waitForFunction((id) => {
        const shown = document.querySelector('#table h2');
        const tab = document.querySelector(`#table-tabs button[data-table="${id}"]`);
        return !tab && !(shown && shown.offsetParent && shown.textContent.replace(/\D+/g, '') === String(id));
    }, table, { timeout });
}

async function main() {
    const server = await startServer({ reconnect_grace_ms: 5000, identity: { allow_guests: true, password_hash_threads: 1 } });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bert = `Bert_${suffix}`;
    const carl = `Carl_${suffix}`;
    try {
        const laptop = { viewport: { width: 1280, height: 800 } };
        const contexts = [
            await browser.newContext({ ...laptop, locale: 'de-DE' }),
            await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true }),
            await browser.newContext({ ...laptop, locale: 'en-US' }),
        ];
        for (const context of contexts) await context.addInitScript(countSounds);
        const [a, b, c] = await Promise.all(contexts.map((context) => context.newPage()));
        run.watch('anna', a);
        run.watch('bert', b);
        run.watch('carl', c);

        await run.step('Anna (German) in room 34, Bert (English, phone) in room 35, Carl (English) in room 35', async () => {
            for (const [page, nick, room] of [[a, anna, 34], [b, bert, 35], [c, carl, 35]]) {
                await enterAsGuest(page, url, nick);
                await waitOnline(page);
                await enterRoom(page, room);
            }
        });

        let table = 0;
        await run.step('an invitation from another room reaches Bert with the inviter, the time control, casual, and a sound', async () => {
            const before = await b.evaluate(() => window.soundsStarted);
            table = await openTable(a, { invite: bert });
            const notice = b.locator(`#invitations li[data-kind="invitation"][data-table="${table}"]`);
            await notice.waitFor({ timeout });
            const text = await notice.textContent();
            const expected = `${anna} invites you to table ${table} (room 34): 5+3, casual.`;
            if (!text.includes(expected)) throw new Error(`the notice says "${text}", not "${expected}"`);
            await b.waitForFunction((count) => window.soundsStarted > count, before, short);
            for (const button of ['accept', 'decline']) {
                const box = await notice.locator(`button[data-answer="${button}"]`).boundingBox();
                if (box.width < 44 || box.height < 44) throw new Error(`${button} is ${box.width}x${box.height} px on the phone`);
            }
            await run.shot(b, '01-bert-invitation');
        });
        await run.step('Accept sits Bert down and shows the game; the notice goes', async () => {
            await b.click(`#invitations li[data-table="${table}"] button[data-answer="accept"]`);
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await b.waitForSelector('#invitations li', { state: 'detached', timeout });
            await a.waitForSelector('#table .status-line:has-text("Du bist am Zug")', { timeout });
        });
        await run.step('the tab title says whose move it is, in German and in English', async () => {
            await a.waitForFunction(() => document.title === 'Du bist am Zug · Rochade', null, short);
            if (await b.title() !== 'Rochade') throw new Error(`Bert's title on Anna's move is "${await b.title()}"`);
            await typeMove(a, 'e4', 1);
            await b.waitForFunction(() => document.title === 'Your turn · Rochade', null, { timeout });
            await a.waitForFunction(() => document.title === 'Rochade', null, short);
            await typeMove(b, 'e5', 2);
            await typeMove(a, 'Sf3', 3);
            await typeMove(b, 'Nc6', 4);
        });
        await run.step('the move label says "2. Sf3", "1... e5" and the start position', async () => {
            await a.click('#table .move-list .move[data-ply="3"]');
            await a.waitForSelector('#table .status-line:has-text("Du siehst: 2. Sf3 –")', short);
            await a.keyboard.press('Home');
            await a.waitForSelector('#table .status-line:has-text("Du siehst: Ausgangsstellung –")', short);
            await a.keyboard.press('End');
            await b.click('#table .move-list .move[data-ply="2"]');
            await b.waitForSelector('#table .status-line:has-text("Viewing: 1... e5 —")', short);
            await b.click('#table .move-list .move[data-ply="3"]');
            await b.waitForSelector('#table .status-line:has-text("Viewing: 2. Nf3 —")', short);
            await b.click('#table button[data-nav="first"]');
            await b.waitForSelector('#table .status-line:has-text("Viewing: start position —")', short);
            await b.click('#table button[data-nav="last"]');
        });
        await run.step('a chat line shows its time; on the phone, out of sight, it is counted unread until the chat is shown', async () => {
            await b.evaluate(() => window.scrollTo(0, 0));
            await a.fill('#table .table-chat input', 'viel Glück');
            await a.press('#table .table-chat input', 'Enter');
            await a.waitForSelector('#table .chat-lines li:has-text("viel Glück")', { timeout });
            const time = await a.textContent('#table .chat-lines li:last-child .chat-time');
            if (!/^\d\d:\d\d$/.test(time)) throw new Error(`the line's time reads "${time}"`);
            await b.waitForSelector('#table button[data-action="chat"][data-unread="1"]', { state: 'visible', timeout });
            await b.waitForSelector('#table .table-chat h3 .unread[data-unread="1"]', { state: 'attached', timeout });
            const label = await b.getAttribute('#table button[data-action="chat"]', 'aria-label');
            if (label !== '1 unread message') throw new Error(`the mark is labelled "${label}"`);
            await run.shot(b, '02-bert-unread');
            await b.click('#table button[data-action="chat"]');
            await b.waitForSelector('#table button[data-action="chat"]', { state: 'hidden', timeout });
            const line = await b.textContent('#table .chat-lines li:last-child');
            if (!/^\d\d:\d\d/.test(line)) throw new Error(`Bert's line reads "${line}"`);
        });
        await run.step('in German the mark counts too, and goes when the chat comes into sight', async () => {
            // Anna goes back to the board: the chat box loses the focus, the page scrolls up.
            await a.evaluate(() => { document.activeElement.blur(); window.scrollTo(0, 0); });
            const inSight = await a.$eval('#table .chat-lines', (node) => node.getBoundingClientRect().top < window.innerHeight);
            if (inSight) await a.setViewportSize({ width: 1280, height: 500 });
            await b.fill('#table .table-chat input', 'good luck');
            await b.press('#table .table-chat input', 'Enter');
            await a.waitForSelector('#table button[data-action="chat"][data-unread="1"]', { state: 'visible', timeout });
            const label = await a.getAttribute('#table button[data-action="chat"]', 'aria-label');
            if (label !== '1 ungelesene Nachricht') throw new Error(`the German mark is labelled "${label}"`);
            await a.$eval('#table .chat-lines', (node) => node.scrollIntoView());
            await a.waitForSelector('#table button[data-action="chat"]', { state: 'hidden', timeout });
            await a.setViewportSize({ width: 1280, height: 800 });
        });

        await run.step('Carl watches the game from room 34; Bert resigns', async () => {
            await enterRoom34(c);
            await c.click(`#room tr[data-table="${table}"] button[data-action="watch"]`);
            await c.waitForSelector('#table .board cg-board', { timeout });
            await b.click('#table button[data-action="resign"]');
            await b.click('#table [data-confirm="resign"] button[data-answer="yes"]');
            await c.waitForSelector('#table .result-banner', { timeout });
        });
        await run.step('a rematch offer reaches Bert in the lobby, with a sound; Accept starts the game', async () => {
            await b.click('#view-switch button[data-view="lobby"]');
            await b.waitForSelector('#room h2', { state: 'visible', timeout });
            const before = await b.evaluate(() => window.soundsStarted);
            await a.click('#table button[data-action="rematch"]');
            const notice = b.locator(`#invitations li[data-kind="rematch"][data-table="${table}"]`);
            await notice.waitFor({ timeout });
            const text = await notice.textContent();
            if (!text.includes(`${anna} offers a rematch at table ${table}: 5+3, casual.`)) throw new Error(`the notice says "${text}"`);
            await b.waitForFunction((count) => window.soundsStarted > count, before, short);
            await run.shot(b, '03-bert-rematch-in-lobby');
            await notice.locator('button[data-answer="accept"]').click();
            await b.waitForSelector('#table .board cg-board', { state: 'visible', timeout });
            await b.waitForSelector('#table .cg-wrap.orientation-white', { timeout });
            await b.waitForSelector('#invitations li', { state: 'detached', timeout });
        });
        await run.step('the second game is aborted; a rematch offer declined in the lobby stands Bert up, and Anna is told', async () => {
            await a.click('#table button[data-action="abort"]');
            await a.click('#table [data-confirm="abort"] button[data-answer="yes"]');
            await b.waitForSelector('#table .result-banner', { timeout });
            await b.click('#view-switch button[data-view="lobby"]');
            await b.waitForSelector('#room h2', { state: 'visible', timeout });
            await a.click('#table button[data-action="rematch"]');
            await b.click(`#invitations li[data-kind="rematch"][data-table="${table}"] button[data-answer="decline"]`, { timeout });
            await tableGone(b, table);
            await a.waitForSelector(`#table .table-log li:has-text("${bert} hat den Tisch verlassen.")`, { timeout });
            await noErrors(b, 'after declining the rematch');
        });
        await run.step('leaving after a game: Anna\'s table goes, without an error', async () => {
            await a.click('#table button[data-action="leave_table"]');
            await tableGone(a, table);
            await noErrors(a, 'after leaving');
        });
        await run.step('the table closing: Carl keeps the final position, read only, and Close lets it go without an error', async () => {
            await c.waitForSelector('#table .result-banner', { state: 'visible', timeout });
            await c.waitForSelector('#table .status-line:has-text("Table closed")', { timeout });
            await c.click('#table button[data-action="close"]');
            await tableGone(c, table);
            await noErrors(c, 'after closing a closed table');
        });

        await run.step('an invitation declined: Anna is told in German, her table closes, Carl\'s notice goes', async () => {
            await enterRoom(c, 35);
            const invited = await openTable(a, { invite: carl });
            const notice = c.locator(`#invitations li[data-kind="invitation"][data-table="${invited}"]`);
            await notice.waitFor({ timeout });
            await notice.locator('button[data-answer="decline"]').click();
            await a.waitForSelector(`#messages li.info:has-text("${carl} hat deine Einladung an Tisch ${invited} abgelehnt.")`, { timeout });
            await tableGone(a, invited);
            await c.waitForSelector('#invitations li', { state: 'detached', timeout });
            await noErrors(a, 'after the invitation was declined');
            await noErrors(c, 'after declining');
        });
        await run.step('an invitation whose table closes goes away', async () => {
            const invited = await openTable(a, { invite: carl });
            await c.locator(`#invitations li[data-table="${invited}"]`).waitFor({ timeout });
            await a.click('#table button[data-action="close"]');
            await tableGone(a, invited);
            await c.waitForSelector('#invitations li', { state: 'detached', timeout });
        });
        await run.step('standing up and stopping watching: each table goes from the page, without an error', async () => {
            const waiting = await openTable(a);
            await enterRoom34(c);
            await c.click(`#room tr[data-table="${waiting}"] button[data-action="watch"]`);
            await c.waitForSelector('#table button[data-action="leave_table"]', { timeout });
            await c.click('#table button[data-action="leave_table"]'); // stop watching
            await tableGone(c, waiting);
            await a.waitForSelector('#table button[data-action="leave_table"]', { timeout });
            await a.click('#table button[data-action="leave_table"]'); // stand up
            await tableGone(a, waiting);
            await noErrors(a, 'after standing up');
            await noErrors(c, 'after stopping watching');
            await run.shot(a, '04-anna-after-standing-up');
        });
        await run.step('in German: Carl\'s invitation reaches Anna at 1280x800; she declines, Carl is told in English', async () => {
            await enterRoom(a, 36);
            const invited = await openTable(c, { invite: anna });
            const notice = a.locator(`#invitations li[data-kind="invitation"][data-table="${invited}"]`);
            await notice.waitFor({ timeout });
            const text = await notice.textContent();
            const expected = `${carl} lädt dich an Tisch ${invited} ein (Raum 34): 5+3, ungewertet.`;
            if (!text.includes(expected)) throw new Error(`the notice says "${text}", not "${expected}"`);
            await notice.locator('button[data-answer="decline"]:text-is("Ablehnen")').click();
            await c.waitForSelector(`#messages li.info:has-text("${anna} declined your invitation to table ${invited}.")`, { timeout });
            await tableGone(c, invited);
            await a.waitForSelector('#invitations li', { state: 'detached', timeout });
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
