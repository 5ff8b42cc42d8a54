// Challenges with a game setup in the browser (issue 27 §1 and §5): the challenge form offers the
// table form's variant, Chess960 number and FEN box with its preview.
//   - Cleo (English, 1280x800) challenges Dirk to Chess960 #607; her form previews the start.
//     Dirk (German, a 390x844 phone) reads "Chess960 Nr. 607" in the notice, accepts, and both
//     boards show the 960 start.
//   - Dirk challenges Cleo from a position: the rated box says a game from a position is casual;
//     Cleo reads "from a position" in her notice and declines with the reason "variant", which
//     Dirk reads in German.
//
//   (node web/build.mjs first) ROCHADE_BIN=build/tools/rochade node tests/browser/challenge-setup-test.mjs
// Screenshots go to the directory BROWSER_SHOTS (default /tmp/rochade-challenge-setup).

import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expectPieces } from './board_pieces.mjs';
import { Run, enterAsGuest, enterRoom, launchBrowser, register, startServer, timeout, waitOnline, webRoot } from './browser_harness.mjs';
import { challengeNoticeText, openChallengeForm, showLobby } from './page_checks.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-challenge-setup');
const run = new Run(shots);

const START_607 = 'rqnkrnbb/pppppppp/8/8/8/8/PPPPPPPP/RQNKRNBB';
const FEN = 'r3k2r/pppq1ppp/2n2n2/4p3/4P3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 0 1';




async function main() {
    if (!existsSync(join(webRoot(), 'index.html'))) throw new Error('web/dist is missing: run node web/build.mjs');
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-challenge-setup-' });
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const cleo = `Cleo_${suffix}`;
    const dirk = `Dirk_${suffix}`;
    try {
        const c = run.watch('cleo', await (await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' })).newPage());
        const d = run.watch('dirk', await (await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE',
                                                                      isMobile: true, hasTouch: true })).newPage());

        await run.step('Cleo (English, registered) and Dirk (German, phone, registered) in room 34', async () => {
            await register(c, server.url, cleo, 'Geheimnis-42');
            await enterRoom(c, 34);
            await register(d, server.url, dirk, 'Geheimnis-42');
            await waitOnline(d);
            await enterRoom(d, 34);
        });

        await run.step('Cleo challenges Dirk to Chess960 #607: her form previews the start', async () => {
            await openChallengeForm(c, dirk);
            await c.selectOption('.challenge-form select[name=variant]', 'chess960');
            await c.fill('.challenge-form input[name=chess960]', '607');
            await c.waitForSelector('.challenge-form .setup-preview-text:text-is("White to move.")', { timeout });
            await expectPieces(c, '.challenge-form .setup-preview-board', START_607);
            await c.selectOption('.challenge-form select[name=challenge_color]', 'white');
            await run.shot(c, '01-cleo-form');
            await c.click('.challenge-form button[type=submit]');
            await c.waitForSelector('#challenges li[data-kind="sent"]', { timeout });
        });

        await run.step('Dirk reads "Chess960 Nr. 607" in the notice on his phone, accepts: both boards show the start', async () => {
            const text = await challengeNoticeText(d);
            const expected = `${cleo} fordert dich heraus: 5+3, ungewertet, Chess960 Nr. 607, du spielst Schwarz.`;
            if (!text.includes(expected)) throw new Error(`Dirk's notice says "${text}", not "${expected}"`);
            const wide = await d.evaluate(() => document.documentElement.scrollWidth);
            if (wide > 390) throw new Error(`the page is ${wide} px wide on a 390 px phone`);
            await run.shot(d, '02-dirk-notice');
            await d.click('#challenges li[data-kind="challenge"] button[data-answer="accept"]');
            await d.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await c.waitForSelector('#table .cg-wrap.orientation-white', { timeout });
            await c.waitForSelector('#table .table-meta .table-variant:text-is("Chess960 #607")', { timeout });
            await d.waitForSelector('#table .table-meta .table-variant:text-is("Chess960 Nr. 607")', { timeout });
            await expectPieces(c, '#table [data-board]', START_607);
            await expectPieces(d, '#table [data-board]', START_607);
            await run.shot(c, '03-cleo-game');
            await run.shot(d, '03-dirk-game');
        });

        await run.step('Dirk challenges Cleo from a position: rated is off and explained; she declines "variant"', async () => {
            await showLobby(d);
            await openChallengeForm(d, cleo);
            await d.selectOption('.challenge-form select[name=variant]', 'from_position');
            await d.fill('.challenge-form textarea[name=fen]', FEN);
            await d.waitForSelector('.challenge-form .setup-preview-text:text-is("Weiß am Zug.")', { timeout });
            if (!(await d.locator('.challenge-form input[name=challenge_rated]').isDisabled())) throw new Error('rated is possible from a position');
            await d.waitForSelector('.challenge-form .rated-why:text-is("Eine Partie aus einer Stellung wird nie gewertet.")', { timeout });
            await run.shot(d, '04-dirk-form');
            await d.click('.challenge-form button[type=submit]');
            await d.waitForSelector('#challenges li[data-kind="sent"]', { timeout });
            await showLobby(c);
            const text = await challengeNoticeText(c);
            if (!text.includes(`${dirk} challenges you: 5+3, casual, from a position,`)) throw new Error(`Cleo's notice says "${text}"`);
            await c.selectOption('#challenges li[data-kind="challenge"] select[name=reason]', 'variant');
            await c.click('#challenges li[data-kind="challenge"] button[data-answer="decline"]');
            await d.waitForFunction((expected) => [...document.querySelectorAll('#messages li')].some((li) => li.textContent.includes(expected)),
                                    `${cleo} hat deine Herausforderung abgelehnt`, { timeout });
            await run.shot(d, '05-dirk-declined');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
