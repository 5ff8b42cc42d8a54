// Challenge settings in the browser (issue 27 §1: "a player can refuse all challenges, or accept
// them only from registered players"): Clara (registered, German, 1280x800) opens her account
// panel and chooses "only registered players"; Gus (a guest, English, a 390x844 phone)
// challenges her and reads that she does not take his challenge; Dora (registered, English)
// still may. Then Clara chooses "nobody": Dora is refused too. After a reload Clara's panel still
// shows her choice (it is stored with the account).
//
//   (node web/build.mjs first) ROCHADE_BIN=build/tools/rochade node tests/browser/challenge-preferences-test.mjs
// Screenshots go to the directory BROWSER_SHOTS (default /tmp/rochade-challenge-preferences).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Run, enterAsGuest, enterRoom, launchBrowser, register, startServer, timeout, waitOnline, webRoot } from './browser_harness.mjs';
import { fitsWidth, messageShown, openChallengeForm } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-challenge-preferences');
const run = new Run(shots);

async function challenge(page, to) {
    await openChallengeForm(page, to);
    await page.click('.challenge-form button[type=submit]');
}


async function choose(page, value, saved) {
    await page.check(`#account-panel input[name=challenge_accept][value="${value}"]`);
    await page.waitForSelector(`#account-panel #challenge-setting-form .form-done:text-is("${saved}")`, { timeout });
}

async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run node web/build.mjs');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-challenge-settings-' });
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const clara = `Clara_${suffix}`;
    const dora = `Dora_${suffix}`;
    try {
        const c = run.watch('clara', await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' })).newPage());
        const g = run.watch('gus', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US',
                                                                     isMobile: true, hasTouch: true })).newPage());
        const d = run.watch('dora', await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage());

        await run.step('Clara (German) opens her account panel: everyone may challenge her', async () => {
            await register(c, server.url, clara, 'Geheimnis-42');
            await enterRoom(c, 34);
            await c.click('#account');
            await c.waitForSelector('#account-panel legend:text-is("Wer dich herausfordern darf")', { timeout });
            await c.waitForSelector('#account-panel input[name=challenge_accept][value="everyone"]:checked', { timeout });
            await run.shot(c, '01-clara-panel');
        });

        await run.step('she takes challenges only from registered players: Gus (guest) is refused, Dora is not', async () => {
            await choose(c, 'registered', 'Gespeichert. Es gilt sofort.');
            await enterAsGuest(g, server.url, `Gus_${suffix}`);
            await waitOnline(g);
            await enterRoom(g, 35);
            await challenge(g, clara);
            await messageShown(g, 'This player does not take your challenge: he takes none, or only from registered players.');
            await fitsWidth(g);
            await run.shot(g, '02-gus-refused');
            await register(d, server.url, dora, 'Geheimnis-42');
            await enterRoom(d, 34);
            await challenge(d, clara);
            await c.waitForSelector('#challenges li[data-kind="challenge"]', { timeout });
            await d.click('#challenges li[data-kind="sent"] button[data-answer="cancel"]');
            await c.waitForSelector('#challenges li[data-kind="challenge"]', { state: 'detached', timeout });
        });

        await run.step('she takes none: Dora is refused too, in English', async () => {
            await choose(c, 'nobody', 'Gespeichert. Es gilt sofort.');
            await challenge(d, clara);
            await messageShown(d, 'This player does not take your challenge');
            if (await c.isVisible('#challenges li[data-kind="challenge"]')) throw new Error('a refused challenge reached Clara');
            await run.shot(d, '03-dora-refused');
        });

        await run.step('after a reload her panel still shows "nobody" (stored with the account)', async () => {
            await c.reload();
            await waitOnline(c);
            await c.click('#account');
            await c.waitForSelector('#account-panel input[name=challenge_accept][value="nobody"]:checked', { timeout });
            await run.shot(c, '04-clara-after-reload');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
