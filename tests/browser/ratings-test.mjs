// The browser test of ratings (issue 13, docs/ratings.md) against a real server in headless
// Chromium:
//   - Anna and Bob register; Anna opens a RATED 3+2 table in room 34 (the table list says rated),
//     Bob joins; they play 1.f3 e5 2.g4 Qh4#; both banners show both new ratings with their
//     changes (Bob +, Anna −);
//   - a visitor who is not logged in opens /@/Anna: the blitz rating with "?" and 1 game (lost),
//     the history chart (an SVG path), the game linking to its page (listed once), the PGN link, the
//     games list and its filters (won: none; lost: the game); the page reads in German too; an
//     unknown nick is "no such player";
//   - /leaderboard loads, a tab per category (the four speeds and Chess960); the new players are
//     provisional, so the lists are empty and say why;
//   - the archive page of the game shows the category, rated, and both rating changes;
//   - a guest sees the Rated box disabled, with the reason; an account sees it disabled for an
//     untimed control.
// Screenshots of the run are kept in BROWSER_SHOTS (default /tmp/rochade-ratings).
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/ratings-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (scripts/build-web.sh) in web/.

import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    Run, enterAsGuest, enterRoom34, launchBrowser, register, short, startServer, timeout, typeMove, waitOnline, laptopPage
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-ratings');
const run = new Run(shots);

// The preset menu's entries (js/time_control.js PRESETS): 3+2 blitz and untimed.
const BLITZ_3_2 = '1';
const UNTIMED = '7';

async function textOf(page, selector) {
    return (await page.textContent(selector, short)).trim();
}

async function main() {
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 } }, { prefix: 'rochade-ratings-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const anna = `Anna_${suffix}`;
    const bob = `Bob_${suffix}`;
    const guest = `Gast_${suffix}`;
    let gamePath = null;
    try {
        const a = await laptopPage(browser, run, 'anna');
        const b = await laptopPage(browser, run, 'bob');
        const v = await laptopPage(browser, run, 'visitor');
        const g = await laptopPage(browser, run, 'guest');

        await run.step('Anna registers and opens a rated 3+2 table in room 34; the list says rated', async () => {
            await register(a, url, anna, `Springer-${suffix}`);
            if ((await a.getAttribute('#to-leaderboard', 'href')) !== '/leaderboard') throw new Error('the header does not link the leaderboards');
            await enterRoom34(a);
            await a.selectOption('select[name=time_control]', UNTIMED);
            await a.waitForSelector('.open-table input[name=rated]:disabled', short);
            await a.waitForSelector('#rated-why:has-text("A rated game needs a clock")', short);
            await a.selectOption('select[name=time_control]', BLITZ_3_2);
            await a.waitForSelector('.open-table input[name=rated]:not(:disabled)', short);
            await a.check('.open-table input[name=rated]');
            await a.selectOption('select[name=color]', 'white');
            await a.click('.open-table button[type=submit]');
            await a.waitForSelector('#table .table-mode.rated', { timeout });
        });
        await run.step('Bob registers and joins; both see a rated table', async () => {
            await register(b, url, bob, `Laeufer-${suffix}`);
            await enterRoom34(b);
            // The room's list, seen by someone in the lobby, marks the table rated.
            await b.waitForSelector('#room tr[data-rated="true"] .table-mode.rated:text-is("rated")', { timeout });
            await b.click('#room tr[data-rated="true"] button[data-action="join"]');
            await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
            await b.waitForSelector('#table .table-mode.rated:text-is("rated")', short);
            await run.shot(b, '01-rated-table');
        });
        await run.step('they play 1.f3 e5 2.g4 Qh4#; both banners show both new ratings, Bob +, Anna −', async () => {
            await typeMove(a, 'f3', 1);
            await typeMove(b, 'e5', 2);
            await typeMove(a, 'g4', 3);
            await typeMove(b, 'Qh4#', 4);
            for (const page of [a, b]) {
                await page.waitForSelector('#table .result-banner[data-result="0-1"]', { timeout });
                const white = await page.waitForSelector('#table .rating-changes .rating-change[data-side="white"]', { timeout });
                const black = await page.waitForSelector('#table .rating-changes .rating-change[data-side="black"]', short);
                const whiteText = (await white.textContent()).trim();
                const blackText = (await black.textContent()).trim();
                if (!new RegExp(`^${anna}: \\d{3,4}\\?? \\(−\\d+\\)$`).test(whiteText)) throw new Error(`Anna's change reads ${whiteText}`);
                if (!new RegExp(`^${bob}: \\d{3,4}\\?? \\(\\+\\d+\\)$`).test(blackText)) throw new Error(`Bob's change reads ${blackText}`);
            }
            const link = await a.waitForSelector('#table .result-banner a.archive-link', { timeout });
            gamePath = await link.getAttribute('href');
            if (!/^\/games\/\d+$/.test(gamePath)) throw new Error(`the archive link is ${gamePath}`);
            const profileLink = await a.getAttribute(`#table .player-line[data-side="black"] a.profile-link`, 'href');
            if (profileLink !== `/@/${encodeURIComponent(bob)}`) throw new Error(`Bob's nick links to ${profileLink}`);
            await run.shot(a, '02-rating-change');
        });
        await run.step('a visitor opens Anna\'s profile: blitz rating with "?", 1 game lost, the history chart', async () => {
            await v.goto(new URL(`/@/${encodeURIComponent(anna)}`, url).href);
            await v.waitForSelector(`.profile-nick .nick:text-is("${anna}")`, { timeout });
            const row = '.profile-ratings tr[data-category="blitz"]';
            await v.waitForSelector(`${row}[data-provisional="true"]`, short);
            const rating = await textOf(v, `${row} .rating`);
            const match = /^(\d{3,4})\?$/.exec(rating);
            if (!match || Number(match[1]) >= 1500) throw new Error(`Anna's blitz rating reads ${rating}`);
            for (const [cell, value] of [['games', '1'], ['wins', '0'], ['draws', '0'], ['losses', '1']]) {
                const text = await textOf(v, `${row} .${cell}`);
                if (text !== value) throw new Error(`blitz ${cell} reads ${text}`);
            }
            if ((await textOf(v, '.profile-ratings tr[data-category="bullet"] .games')) !== '0') throw new Error('a bullet game counted');
            const path = await v.getAttribute('.rating-history[data-category="blitz"] svg.rating-chart path.rating-line', 'd', short);
            if (!/^M[\d.]+ [\d.]+/.test(path || '')) throw new Error(`the chart's path is ${path}`);
            if (await v.$('.rating-history[data-category="bullet"]')) throw new Error('a chart for a category never played');
            await run.shot(v, '03-profile');
        });
        await run.step('the profile lists the game (lost, with the change) and links the PGN of all games', async () => {
            const recent = await v.waitForSelector('.all-games tr[data-outcome="lost"]', { timeout });
            if ((await recent.$eval('a.game-link', (node) => node.getAttribute('href'))) !== gamePath) throw new Error('the game links elsewhere');
            const change = (await recent.$eval('.rating-change', (node) => node.textContent)).trim();
            if (!/^\d{3,4} \(−\d+\)$/.test(change)) throw new Error(`the game's change reads ${change}`);
            const opponent = await recent.$eval('a.profile-link', (node) => node.getAttribute('href'));
            if (opponent !== `/@/${encodeURIComponent(bob)}`) throw new Error(`the opponent links to ${opponent}`);
            const pgn = await v.getAttribute('a.pgn-download', 'href');
            if (pgn !== `/api/players/${encodeURIComponent(anna)}/games.pgn`) throw new Error(`the PGN link is ${pgn}`);
        });
        await run.step('the games list filters: won shows none, lost shows the game', async () => {
            await v.waitForSelector(`.all-games tr[data-game] a.game-link[href="${gamePath}"]`, { timeout });
            await v.selectOption('.games-filter select[name=result]', 'won');
            await v.click('.games-filter button[type=submit]');
            await v.waitForSelector('.player-games .games-none', { timeout });
            await v.selectOption('.games-filter select[name=result]', 'lost');
            await v.selectOption('.games-filter select[name=category]', 'blitz');
            await v.selectOption('.games-filter select[name=rated]', 'true');
            await v.fill('.games-filter input[name=opponent]', bob);
            await v.click('.games-filter button[type=submit]');
            await v.waitForSelector(`.all-games tr[data-outcome="lost"] a.game-link[href="${gamePath}"]`, { timeout });
            await v.selectOption('.games-filter select[name=colour]', 'black');
            await v.click('.games-filter button[type=submit]');
            await v.waitForSelector('.player-games .games-none', { timeout });
        });
        await run.step('the profile reads in German', async () => {
            await v.selectOption('#language', 'de');
            await v.waitForSelector('h3:text-is("Wertungszahlen")', short);
            await v.waitForSelector('#to-lobby:text-is("Zur Lobby")', short);
            await v.waitForSelector('#to-leaderboard:text-is("Bestenlisten")', short);
            await v.waitForSelector('.games-filter select[name=result] option[value="lost"]:text-is("verloren")', { state: 'attached', ...short });
            await run.shot(v, '04-profile-de');
            await v.selectOption('#language', 'en');
            await v.waitForSelector('h3:text-is("Ratings")', short);
        });
        await run.step('an unknown nick is no such player', async () => {
            await v.goto(new URL(`/@/Niemand_${suffix}`, url).href);
            await v.waitForSelector('.profile-problem[data-code="no_such_nick"]', { timeout });
            const text = await textOf(v, '.profile-problem');
            if (text !== `There is no player Niemand_${suffix}. (Guests have no profile.)`) throw new Error(`the page says ${text}`);
        });
        await run.step('the leaderboards load; the provisional new players are on no list, which says why', async () => {
            await v.goto(new URL(`/@/${encodeURIComponent(anna)}`, url).href);
            await v.waitForSelector('#to-leaderboard', { timeout });
            await v.click('#to-leaderboard');
            await v.waitForURL(/\/leaderboard/, { timeout });
            await v.waitForSelector('.leaderboard-tabs button[data-category="blitz"][aria-selected="true"]', { timeout });
            const empty = 'Nobody is on this list yet: a player appears here once their rating is no longer provisional (rating deviation, RD, at most 110).';
            await v.waitForSelector(`.leaderboard-empty[data-category="blitz"]:text-is("${empty}")`, { timeout });
            if (await v.$(`.leaderboard-list tr[data-nick="${anna}"]`)) throw new Error('a provisional player is on the list');
            const tabs = await v.$$eval('.leaderboard-tabs button', (nodes) => nodes.map((node) => node.textContent));
            if (tabs.join(',') !== 'Bullet,Blitz,Rapid,Classical,Chess960') throw new Error(`the tabs are ${tabs}`);
            await v.click('.leaderboard-tabs button[data-category="bullet"]');
            await v.waitForSelector('.leaderboard-empty[data-category="bullet"]', short);
            await run.shot(v, '05-leaderboard');
        });
        await run.step('the archive page shows the category, rated, and both rating changes', async () => {
            await v.goto(new URL(gamePath, url).href);
            await v.waitForSelector(`.archive-player[data-side="white"] .nick:text-is("${anna}")`, { timeout });
            const white = await textOf(v, '.archive-player[data-side="white"] .rating-change');
            const black = await textOf(v, '.archive-player[data-side="black"] .rating-change');
            if (!/^1500 → \d{3,4} \(−\d+\)$/.test(white)) throw new Error(`Anna's change reads ${white}`);
            if (!/^1500 → \d{3,4} \(\+\d+\)$/.test(black)) throw new Error(`Bob's change reads ${black}`);
            await v.waitForSelector('.game-facts dd:text-is("Blitz")', short);
            await v.waitForSelector('.game-facts dd:text-is("rated")', short);
            await run.shot(v, '06-archive');
        });
        await run.step('a guest sees the Rated box disabled, and why', async () => {
            await enterAsGuest(g, url, guest);
            await waitOnline(g);
            await enterRoom34(g);
            await g.waitForSelector('.open-table input[name=rated]:disabled', short);
            const why = await textOf(g, '#rated-why');
            if (why !== 'Only players with an account play rated games: register to get a rating.') throw new Error(`the reason reads ${why}`);
            await run.shot(g, '07-guest');
        });
    } finally {
        await run.finish(browser, server);
    }
}

run.start(main);
