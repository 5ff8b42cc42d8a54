// The browser test of issue 27 §1 (challenges), against a real server in headless Chromium:
//   - Anna (German, 1280x800) challenges Bert by nick with a message; Bert (English, a 390x844
//     phone, in another room) sees the notice wherever he is, with a sound, the terms, the
//     message and the colour he plays; Accept starts the game at once for both;
//   - Bert challenges Anna; she declines with a reason, and Bert reads the reason in English;
//   - Anna challenges Bert from the member list; he declines with another reason, and Anna
//     reads it in German; a challenge withdrawn goes from the other side's page;
//   - Bert opens Anna's profile page (/@/Anna) and challenges her from there: the link opens the
//     main page with the form and her nick filled in.
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/challenge-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (node web/build.mjs) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Run, countSounds, enterAsGuest, enterRoom, launchBrowser, register, short, startServer, timeout, waitOnline } from './browser_harness.mjs';
import { challengeNoticeText, fitsWidth, messageShown, openChallengeForm, showLobby } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-challenge');
const run = new Run(shots);


// Sends a challenge through the form ("Challenge a player"); the nick may be filled in already.
async function challenge(page, { to, message = '', colour = 'random' }) {
    await openChallengeForm(page, to);
    await page.selectOption('.challenge-form select[name=challenge_color]', colour);
    await page.fill('.challenge-form input[name=challenge_message]', message);
    await page.click('.challenge-form button[type=submit]');
    await page.waitForSelector('#challenges li[data-kind="sent"]', { timeout });
}




async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bert = `Bert_${suffix}`;
    try {
        const contexts = [
            await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' }),
            await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true }),
        ];
        for (const context of contexts) await context.addInitScript(countSounds);
        const [a, b] = await Promise.all(contexts.map((context) => context.newPage()));
        run.watch('anna', a);
        run.watch('bert', b);

        await run.step('Anna (German, registered) in room 34, Bert (English, phone, guest) in room 35', async () => {
            await register(a, url, anna, 'Geheimnis-42');
            await enterRoom(a, 34);
            await enterAsGuest(b, url, bert);
            await waitOnline(b);
            await enterRoom(b, 35);
        });

        await run.step('a challenge by nick reaches Bert in another room: terms, message, his colour, and a sound', async () => {
            const before = await b.evaluate(() => window.soundsStarted);
            await challenge(a, { to: bert, message: 'Lust auf eine Partie? <b>x</b>', colour: 'black' });
            const waiting = await a.textContent('#challenges li[data-kind="sent"]');
            if (!waiting.includes(`Deine Herausforderung an ${bert} wartet auf Antwort.`)) throw new Error(`Anna's notice says "${waiting}"`);
            const text = await challengeNoticeText(b);
            const expected = `${anna} challenges you: 5+3, casual, you play White.`;
            if (!text.includes(expected)) throw new Error(`Bert's notice says "${text}", not "${expected}"`);
            // The message is text, never markup.
            if (!text.includes('Lust auf eine Partie? <b>x</b>')) throw new Error(`the message is not shown as written: "${text}"`);
            await b.waitForFunction((count) => window.soundsStarted > count, before, short);
            for (const button of ['accept', 'decline']) {
                const box = await b.locator(`#challenges li[data-kind="challenge"] button[data-answer="${button}"]`).boundingBox();
                if (box.width < 44 || box.height < 44) throw new Error(`${button} is ${box.width}x${box.height} px on the phone`);
            }
            await fitsWidth(b);
            await run.shot(b, '01-bert-challenged');
            await run.shot(a, '01-anna-waiting');
        });

        await run.step('Accept starts the game at once: Bert plays White, Anna Black, both notices go', async () => {
            await b.click('#challenges li[data-kind="challenge"] button[data-answer="accept"]');
            await b.waitForSelector('#table .cg-wrap.orientation-white', { timeout });
            await a.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await b.waitForSelector('#challenges li', { state: 'detached', timeout });
            await a.waitForSelector('#challenges li', { state: 'detached', timeout });
            await b.waitForSelector('#table .status-line:has-text("Your move")', { timeout });
            await run.shot(b, '02-bert-game');
            await run.shot(a, '02-anna-game');
        });

        await run.step('Bert challenges Anna; she declines "too fast" in German, Bert reads the reason in English', async () => {
            // The form is the lobby's: from the game view he goes back to the lobby first.
            await showLobby(b);
            await challenge(b, { to: anna });
            const text = await challengeNoticeText(a);
            if (!text.includes(`${bert} fordert dich heraus: 5+3, ungewertet, Farben nach Los.`)) throw new Error(`Anna's notice says "${text}"`);
            await a.selectOption('#challenges li[data-kind="challenge"] select[name=reason]', 'too_fast');
            await run.shot(a, '03-anna-declines');
            await a.click('#challenges li[data-kind="challenge"] button[data-answer="decline"]');
            await messageShown(b, `${anna} declined your challenge: This time control is too fast for me, please challenge again with a slower game.`);
            await b.waitForSelector('#challenges li', { state: 'detached', timeout });
            await a.waitForSelector('#challenges li', { state: 'detached', timeout });
            await fitsWidth(b);
            await run.shot(b, '03-bert-declined');
        });

        await run.step('from the member list: Anna challenges Bert, he declines "later", Anna reads it in German', async () => {
            await showLobby(b);
            await enterRoom(b, 34);
            await showLobby(a);
            await a.click(`#room .member-list button.member-challenge[title="${bert} herausfordern"]`, { timeout });
            const filled = await a.inputValue('.challenge-form input[name=challenge_to]');
            if (filled !== bert) throw new Error(`the member list filled in "${filled}"`);
            await challenge(a, { to: '' });
            await challengeNoticeText(b);
            await b.selectOption('#challenges li[data-kind="challenge"] select[name=reason]', 'later');
            await b.click('#challenges li[data-kind="challenge"] button[data-answer="decline"]');
            await messageShown(a, `${bert} hat deine Herausforderung abgelehnt: Jetzt passt es mir nicht, bitte frag später noch einmal.`);
            await run.shot(a, '04-anna-declined');
        });

        await run.step('a challenge withdrawn goes from the challenged player\'s page, who is told', async () => {
            await challenge(a, { to: bert });
            await challengeNoticeText(b);
            await a.click('#challenges li[data-kind="sent"] button[data-answer="cancel"]');
            await b.waitForSelector('#challenges li', { state: 'detached', timeout });
            await messageShown(b, `${anna} withdrew the challenge.`);
        });

        await run.step('from Anna\'s profile page Bert challenges her: the form opens with her nick; she declines', async () => {
            await b.goto(new URL(`/@/${encodeURIComponent(anna)}`, url).href);
            const link = b.locator('a.profile-challenge');
            await link.waitFor({ timeout });
            const text = await link.textContent();
            if (text !== `Challenge ${anna} to a game`) throw new Error(`the profile's link says "${text}"`);
            const box = await link.boundingBox();
            if (box.height < 44) throw new Error(`the profile's link is ${box.height} px high on the phone`);
            await link.click();
            // Bert is seated at his game with Anna, but the form is the lobby's: the lobby shows.
            await b.waitForSelector('#connection-state.online', { timeout });
            await b.waitForFunction((nick) => document.querySelector('.challenge-form input[name=challenge_to]')?.value === nick, anna, { timeout });
            if (!(await b.isVisible('.challenge-form button[type=submit]'))) throw new Error('the challenge form is not open');
            if (await b.evaluate(() => window.location.hash)) throw new Error('the link\'s hash stays after it was followed');
            await run.shot(b, '05-bert-from-profile');
            await challenge(b, { to: '' });
            await challengeNoticeText(a);
            await a.click('#challenges li[data-kind="challenge"] button[data-answer="decline"]');
            await messageShown(b, `${anna} declined your challenge: I am not accepting challenges at the moment.`);
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
