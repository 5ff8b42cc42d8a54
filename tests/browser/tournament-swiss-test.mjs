// The browser test of issue 28 §7: a small Swiss from registration to the final standings,
// against a real server in headless Chromium (15 s between rounds):
//   - a tournament director (an account made with `rochade admin create-user --role director`)
//     creates in the Tournaments tab a casual Swiss of 3 rounds at 5+3;
//   - five players join through their pages: Anna (an account she registers, English, wide),
//     Bert (guest, German, 1280x800), Clara (guest, English, wide), Dora (guest, German, wide) and
//     Emil (guest, English, 1280x800); each page already there shows every newcomer live;
//   - the director starts it. In each round: the server pairs two boards and gives the fifth
//     player the pairing-allocated bye; every page shows the same pairings; each paired player
//     finds his board on screen (a 1280 px page switches to the game by itself), with his colour,
//     and is told of the game in his language; nobody meets an opponent twice, and the bye goes to
//     another player each round. The games are played on the board (1.e4 e5) and finished by a
//     resignation (White's or Black's) or a draw offered and accepted (a board offers no abort, no
//     takeback and no "Give 15 s" while it is played, no rematch after); every page's pairings show
//     the results, the director's standings the points, every page counts down to the next round;
//   - after round 3 every page shows the event finished, with the final standings (the points
//     computed from the results played here, best first) and the crosstable (opponent's number,
//     colour, score, byes); the director's round buttons show each round's results; the PGN holds
//     the six games; every page lists the event under Finished.
//
// Notices of one's game last 6 s: every page records the notices it shows from its first load
// (recordNotices), so a check that runs later still sees one that has passed.
//
//   ROCHADE_BIN=build/tools/rochade node tests/browser/tournament-swiss-test.mjs
// Needs Debian's chromium, `npm ci` and the built client (node web/build.mjs) in web/.

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
    LAPTOP, Run, boardOrientation, clickMove, enterAsGuest, launchBrowser, logIn, register, short, startServer, timeout, waitForMove,
    waitOnline,
} from './browser_harness.mjs';

const shots = process.env.BROWSER_SHOTS || join(tmpdir(), 'rochade-tournament-swiss');
const run = new Run(shots);

const ROUNDS = 3;
// The pause between rounds (the server's default is 10 s): the checks of a round's results run in
// it, and three browser tests at a time on two cores once left only 2 s of 10.
const PAUSE_MS = 15_000;
// How long a round may take to come: its games and the pause before it, on a loaded machine.
const ROUND_WAIT = 120_000;
// Each round's results by board (boards in order): how its games end. Every round has a decisive
// game and a draw or two decisive ones, White's and Black's wins both.
const OUTCOMES = [['white_wins', 'draw'], ['draw', 'black_wins'], ['black_wins', 'white_wins']];
const BANNER = { white_wins: '1-0', black_wins: '0-1', draw: '1/2-1/2' };
const SIGN = { white_wins: '1-0', black_wins: '0-1', draw: '½-½' };
const SCORE = { white_wins: [1, 0], black_wins: [0, 1], draw: [0.5, 0.5] };

// The page's words this test reads, in its two languages.
const WORDS = {
    en: {
        registered: 'You are registered.', players: (n) => `Players (${n})`, running: 'running', finished: 'finished',
        table: (id) => `Table ${id}`, system: 'Swiss, 3 rounds', playerCount: (n) => `${n} players`, finishedList: 'Finished',
        notice: (name, round, opponent, colour) => `${name}, round ${round}: your game against ${opponent} starts; you play ${colour === 'white' ? 'White' : 'Black'}.`,
        noticeOf: (round) => `, round ${round}: your game against `,
        countdown: (round) => `^Round ${round} starts in 0:\\d\\d$`,
        white: 'w', black: 'b', bye: 'bye', byeRow: 'bye (1 point)',
    },
    de: {
        registered: 'Du bist angemeldet.', players: (n) => `Teilnehmer (${n})`, running: 'läuft', finished: 'beendet',
        table: (id) => `Tisch ${id}`, system: 'Schweizer System, 3 Runden', playerCount: (n) => `${n} Teilnehmer`, finishedList: 'Beendet',
        notice: (name, round, opponent, colour) => `${name}, ${round}. Runde: deine Partie gegen ${opponent} beginnt; du spielst ${colour === 'white' ? 'Weiß' : 'Schwarz'}.`,
        noticeOf: (round) => `, ${round}. Runde: deine Partie gegen `,
        countdown: (round) => `^Runde ${round} beginnt in 0:\\d\\d$`,
        white: 'w', black: 's', bye: 'spielfrei', byeRow: 'spielfrei (1 Punkt)',
    },
};

// `rochade admin create-user NICK --role director`, the password on standard input.
function createDirector(db, nick, password) {
    const made = spawnSync(process.env.ROCHADE_BIN, ['admin', 'create-user', nick, '--role', 'director', '--db', db],
                           { input: `${password}\n`, encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`rochade admin create-user failed (${made.status}): ${made.stderr}`);
}

// For context.addInitScript: every notice the page shows (#messages) is kept in
// window.noticesSeen, so that one that came and went (6 s) is still found afterwards.
function recordNotices() {
    window.noticesSeen = [];
    const observer = new MutationObserver((records) => {
        for (const record of records) {
            for (const node of record.addedNodes) if (node.nodeType === 1) window.noticesSeen.push(node.textContent);
        }
    });
    document.addEventListener('DOMContentLoaded', () => observer.observe(document.getElementById('messages'), { childList: true }));
}

// The first notice the page has shown containing `part`, waited for.
async function noticeShown(page, part, wait = timeout) {
    const found = await page.waitForFunction((text) => window.noticesSeen.find((seen) => seen.includes(text)) || null, part,
                                             { timeout: wait, polling: 100 });
    return found.jsonValue();
}

// Points as the page writes them: 1½, ½, 0.
function pointsText(points) {
    const whole = Math.floor(points);
    if (points === whole) return String(whole);
    return whole ? `${whole}½` : '½';
}

async function openTournamentsTab(page) {
    await page.click('#lobby-tabs button[data-tab="tournaments"]');
    await page.waitForSelector('#tournaments:not([hidden]) .panel-header h2', { timeout });
}

// A 1280 px page showing a game has the lobby (and the Tournaments tab) behind its Lobby button.
async function showLobby(page) {
    if (await page.isVisible('#view-switch button[data-view="lobby"]')) await page.click('#view-switch button[data-view="lobby"]');
    await page.waitForSelector('#tournaments .tournament-page', { timeout });
}

// The boards of `round` as the page shows them: [{board, white, black, table, result, sign, byeText}].
function pairingsOn(page, round) {
    return page.$$eval(`#tournaments .tournament-pairings[data-round="${round}"] .pairing-table tbody tr`, (rows) => rows.map((row) => {
        const nicks = [...row.querySelectorAll('.nick')].map((node) => node.dataset.nick);
        const bye = row.classList.contains('bye');
        const watch = row.querySelector('button[data-action="watch-board"]');
        return { board: Number(row.dataset.board), bye, white: nicks[0] ?? null, black: bye ? null : nicks[1] ?? null,
                 table: watch ? Number(watch.dataset.table) : null, result: row.dataset.result ?? null,
                 sign: row.querySelector('td.result').textContent, byeText: bye ? row.cells[3].textContent : null };
    }));
}

// Waits until the page shows `round` with `games` games started (each with its table to watch).
async function roundShows(page, round, games, wait = timeout) {
    await page.waitForFunction(([r, count]) => {
        const section = document.querySelector(`#tournaments .tournament-pairings[data-round="${r}"]`);
        return section && section.querySelectorAll('.pairing-table button[data-action="watch-board"]').length === count;
    }, [round, games], { timeout: wait, polling: 100 });
}

// A pairing as text, without the tables (which only a running game has), to compare pages.
function pairingKey(boards) {
    return boards.map((b) => (b.bye ? `${b.board}:${b.white}:${b.byeText === null ? '' : 'bye'}` : `${b.board}:${b.white}-${b.black}`)).join(' ');
}

async function resign(page) {
    await page.click('#table button[data-action="resign"]');
    await page.click('#table [data-confirm="resign"] button[data-answer="yes"]');
}

// A tournament's board offers none of a casual game's extras (js/tournament_table.js): while it
// is played (from before the first move, when a casual table offers Abort) no abort, takeback or
// "Give 15 s"; after it no rematch. Checked once the phase's own button (Resign, Leave) is drawn,
// so that what is missing is missing from the drawn buttons.
async function noCasualExtras(page, phase) {
    const playing = phase === 'playing';
    await page.waitForSelector(`#table .table-actions button[data-action="${playing ? 'resign' : 'leave_table'}"]`, { timeout });
    const shown = await page.$$eval('#table .table-actions button[data-action]', (buttons) => buttons.map((b) => b.dataset.action));
    const offered = (playing ? ['abort', 'takeback', 'give_time'] : ['rematch']).filter((action) => shown.includes(action));
    if (offered.length) throw new Error(`a tournament's board offers ${offered.join(', ')} (${phase}): ${shown.join(' ')}`);
}

// 1.e4 e5 on the boards, then the outcome by the players' own buttons.
async function playGame(white, black, outcome) {
    for (const page of [white, black]) await noCasualExtras(page, 'playing');
    await clickMove(white, 'e2', 'e4');
    await waitForMove(black, 1, 'e4');
    await clickMove(black, 'e7', 'e5');
    await waitForMove(white, 2, 'e5');
    if (outcome === 'white_wins') await resign(black);
    else if (outcome === 'black_wins') await resign(white);
    else {
        await white.click('#table button[data-action="offer_draw"]:not([disabled])', { timeout });
        await black.click('#table button[data-action="accept_draw"]', { timeout });
    }
    for (const page of [white, black]) {
        await page.waitForSelector(`#table .result-banner[data-result="${BANNER[outcome]}"]`, { timeout });
        await noCasualExtras(page, 'finished');
    }
}

async function main() {
    const started = Date.now();
    // The first move's limit is a minute, not 25 s: a board's first move waits for the checks of
    // the round's start on six pages, which a loaded machine makes slow.
    const server = await startServer({ identity: { allow_guests: true, password_hash_threads: 1 }, tournament_round_pause_ms: PAUSE_MS,
                                       first_move_limit_ms: 60_000 }, { prefix: 'rochade-tournament-swiss-' });
    const { url } = server;
    const browser = await launchBrowser();
    const suffix = String(Date.now() % 100000);
    const director = `Leiter_${suffix}`;
    const directorPassword = `Turm-${suffix}-leiter`;
    const name = `Swiss ${suffix}`;
    const WIDE = { width: 1680, height: 1000 };
    const NARROW = { width: 1280, height: 800 };
    const players = [
        { key: 'anna', nick: `Anna_${suffix}`, lang: 'en', viewport: WIDE, password: `Anna-${suffix}-pw` },
        { key: 'bert', nick: `Bert_${suffix}`, lang: 'de', viewport: NARROW },
        { key: 'clara', nick: `Clara_${suffix}`, lang: 'en', viewport: WIDE },
        { key: 'dora', nick: `Dora_${suffix}`, lang: 'de', viewport: WIDE },
        { key: 'emil', nick: `Emil_${suffix}`, lang: 'en', viewport: NARROW },
    ];
    const byNick = new Map(players.map((player) => [player.nick, player]));
    let id = null;
    try {
        const newPage = async (key, options) => {
            const context = await browser.newContext(options);
            await context.addInitScript(recordNotices);
            return run.watch(key, await context.newPage());
        };
        const d = await newPage('director', LAPTOP);
        for (const player of players) {
            player.page = await newPage(player.key, { viewport: player.viewport, locale: player.lang === 'de' ? 'de-DE' : 'en-US' });
        }
        const everyone = [{ key: 'director', lang: 'en', page: d }, ...players];

        await run.step('the director logs in and creates a Swiss of 3 rounds at 5+3 in the Tournaments tab', async () => {
            createDirector(server.db, director, directorPassword);
            await logIn(d, url, director, directorPassword);
            await waitOnline(d);
            await openTournamentsTab(d);
            await d.click('#tournaments button[data-action="new-tournament"]');
            await d.fill('input[name="tournament-name"]', name);
            await d.selectOption('select[name="tournament-system"]', 'swiss');
            await d.fill('input[name="tournament-rounds"]', String(ROUNDS));
            // The lobby's presets (time_control.js PRESETS): the third is 5+3.
            await d.selectOption('select[name="tournament-time-control"]', '2');
            await d.click('.tournament-create button[type=submit]');
            await d.waitForSelector('#tournaments .tournament-page[data-state="registering"]', { timeout });
            id = Number(await d.getAttribute('#tournaments .tournament-page', 'data-tournament'));
            await d.waitForSelector(`.tournament-title h3:has-text("${name}")`, short);
            await d.waitForSelector('.tournament-settings dd:text-is("Swiss, 3 rounds")', short);
            await d.waitForSelector('.tournament-settings dd:text-is("5+3")', short);
            await d.waitForSelector('.tournament-settings dd:text-is("casual")', short);
            await run.shot(d, '01-director-created');
        });

        for (const [index, player] of players.entries()) {
            const words = WORDS[player.lang];
            await run.step(`${player.key} (${player.lang}) joins from the list; every page already there shows it live`, async () => {
                const p = player.page;
                if (player.password) await register(p, url, player.nick, player.password);
                else {
                    await enterAsGuest(p, url, player.nick);
                    await waitOnline(p);
                }
                await openTournamentsTab(p);
                await p.waitForSelector(`.list-upcoming .tournament-meta:has-text("${words.system}")`, { timeout });
                await p.click(`#tournaments .tournament-open[data-tournament="${id}"]`);
                await p.waitForSelector(`#tournaments .tournament-page[data-tournament="${id}"] .tournament-players`, { timeout });
                await p.click('button[data-action="join-tournament"]');
                await p.waitForSelector(`.tournament-registered:text-is("${words.registered}")`, { timeout });
                for (const other of [{ lang: 'en', page: d }, ...players.slice(0, index + 1)]) {
                    await other.page.waitForSelector(`#tournaments .player-table tr[data-nick="${player.nick}"][data-withdrawn="false"]`, { timeout });
                    await other.page.waitForSelector(`.tournament-players h4:text-is("${WORDS[other.lang].players(index + 1)}")`, { timeout });
                }
            });
        }
        await run.shot(players[1].page, '02-bert-registered');

        // The entry numbers, as the crosstable names opponents by them: the order of joining.
        const entry = new Map();
        await run.step('the players are listed in the order they joined, numbered 1 to 5', async () => {
            for (const [index, player] of players.entries()) {
                const number = await d.textContent(`#tournaments .player-table tr[data-nick="${player.nick}"] td:first-child`);
                if (number !== String(index + 1)) throw new Error(`${player.nick} is number ${number}`);
                entry.set(player.nick, index + 1);
            }
        });

        await run.step('the director starts it: every page shows it running', async () => {
            await d.click('button[data-action="start-tournament"]');
            for (const { page, lang } of everyone) {
                await page.waitForSelector(`#tournaments .tournament-page[data-tournament="${id}"][data-state="running"]`,
                                           { timeout, state: 'attached' });
                const state = await page.textContent('#tournaments .tournament-state');
                if (state !== WORDS[lang].running) throw new Error(`the state reads "${state}" (${lang})`);
            }
            if (await d.isVisible('button[data-action="start-tournament"]')) throw new Error('Start is still offered');
        });

        const points = new Map(players.map((player) => [player.nick, 0]));
        const met = new Set();
        const hadBye = new Set();
        const played = []; // [{round, board, white, black, outcome}] and {round, bye}
        for (let round = 1; round <= ROUNDS; round++) {
            let games = [];
            let bye = null;
            await run.step(`round ${round} is paired by the server: two boards and a bye, no rematch, no second bye`, async () => {
                await roundShows(d, round, 2, ROUND_WAIT);
                const boards = await pairingsOn(d, round);
                games = boards.filter((b) => !b.bye);
                const byes = boards.filter((b) => b.bye);
                if (games.length !== 2 || byes.length !== 1) throw new Error(`round ${round}: ${JSON.stringify(boards)}`);
                bye = byes[0].white;
                if (byes[0].byeText !== WORDS.en.byeRow || byes[0].sign !== '1') throw new Error(`the bye reads ${JSON.stringify(byes[0])}`);
                const seated = [...games.flatMap((g) => [g.white, g.black]), bye];
                if (new Set(seated).size !== 5 || !seated.every((nick) => byNick.has(nick))) throw new Error(`round ${round} seats ${seated}`);
                for (const game of games) {
                    const pair = [game.white, game.black].sort().join(' - ');
                    if (met.has(pair)) throw new Error(`round ${round} pairs ${pair} again`);
                    met.add(pair);
                    if (!Number.isInteger(game.table) || game.result !== 'pending') throw new Error(`board ${game.board}: ${JSON.stringify(game)}`);
                }
                if (hadBye.has(bye)) throw new Error(`${bye} has the bye again in round ${round}`);
                hadBye.add(bye);
                console.log(`     round ${round}: ${games.map((g) => `${g.white}-${g.black} (table ${g.table})`).join(', ')}; bye ${bye}`);
            });

            await run.step(`round ${round}: every page shows the same pairings`, async () => {
                const expected = pairingKey(await pairingsOn(d, round));
                for (const player of players) {
                    await roundShows(player.page, round, 2);
                    const shown = pairingKey(await pairingsOn(player.page, round));
                    if (shown !== expected) throw new Error(`${player.key} shows ${shown}, the director ${expected}`);
                }
                const byeWords = WORDS[byNick.get(bye).lang];
                await byNick.get(bye).page.waitForSelector(`#tournaments .tournament-pairings[data-round="${round}"] tr.bye.me td:text-is("${byeWords.byeRow}")`,
                                                           { timeout, state: 'attached' });
            });

            await run.step(`round ${round}: each paired player finds his board on screen with his colour, and is told so in his language`, async () => {
                for (const game of games) {
                    for (const colour of ['white', 'black']) {
                        const player = byNick.get(game[colour]);
                        const words = WORDS[player.lang];
                        const p = player.page;
                        await p.waitForFunction((title) => document.querySelector('#table h2')?.textContent === title, words.table(game.table),
                                                { timeout });
                        await p.waitForSelector('#table [data-board]', { timeout });
                        const side = await boardOrientation(p);
                        if (side !== colour) throw new Error(`${player.key} sees the board from ${side}'s side, plays ${colour}`);
                        const opponent = game[colour === 'white' ? 'black' : 'white'];
                        const told = await noticeShown(p, words.noticeOf(round));
                        if (told !== words.notice(name, round, opponent, colour)) throw new Error(`${player.key} was told "${told}"`);
                    }
                }
                const byePage = byNick.get(bye).page;
                const toldBye = await byePage.evaluate((part) => window.noticesSeen.filter((seen) => seen.includes(part)),
                                                       WORDS[byNick.get(bye).lang].noticeOf(round));
                if (toldBye.length) throw new Error(`${bye}, who has the bye, was told of a game: ${toldBye}`);
                await run.shot(byNick.get(games[0].white).page, `0${round + 2}-round-${round}-board-1-white`);
            });

            // The countdown to the next round comes with the round's last result: watched for from
            // now on, on every page.
            const countdowns = round < ROUNDS ? everyone.map(({ page, lang }) => {
                const seen = page.waitForFunction((pattern) => {
                    const text = document.querySelector('#tournaments .tournament-countdown')?.textContent || '';
                    return new RegExp(pattern).test(text) ? text : null;
                }, WORDS[lang].countdown(round + 1), { timeout: ROUND_WAIT, polling: 100 }).then((handle) => handle.jsonValue());
                seen.catch(() => {}); // awaited in its step; a failure is reported there
                return seen;
            }) : [];

            await run.step(`round ${round}: the games are played on the boards and finished by a resignation or an agreed draw`, async () => {
                await Promise.all(games.map((game, index) => playGame(byNick.get(game.white).page, byNick.get(game.black).page,
                                                                       OUTCOMES[round - 1][index])));
                for (const [index, game] of games.entries()) {
                    const outcome = OUTCOMES[round - 1][index];
                    points.set(game.white, points.get(game.white) + SCORE[outcome][0]);
                    points.set(game.black, points.get(game.black) + SCORE[outcome][1]);
                    played.push({ round, board: game.board, white: game.white, black: game.black, outcome });
                }
                points.set(bye, points.get(bye) + 1);
                played.push({ round, bye });
            });

            // The checks of the round's results run in the pause before the next round (15 s): the
            // pages show the latest round's pairings. Screenshots wait until they are done.
            if (round < ROUNDS) {
                await run.step(`round ${round}: every page counts down to round ${round + 1}, in its language`, async () => {
                    const texts = await Promise.all(countdowns);
                    console.log(`     ${texts.join(' | ')}`);
                    for (const { page } of [everyone[0], players[1]]) {
                        await showLobby(page);
                        if (!(await page.isVisible('#tournaments .tournament-countdown'))) throw new Error('the countdown is not on screen');
                    }
                });
            }
            await run.step(`round ${round}: every page's pairings show the results`, async () => {
                await Promise.all(everyone.map(async ({ page }) => {
                    await showLobby(page);
                    for (const [index, game] of games.entries()) {
                        const outcome = OUTCOMES[round - 1][index];
                        await page.waitForSelector(`#tournaments .tournament-pairings[data-round="${round}"] tr[data-board="${game.board}"][data-result="${outcome}"] td.result:text-is("${SIGN[outcome]}")`,
                                                   { timeout });
                    }
                }));
            });

            await run.step(`round ${round}: the director's standings give each player his points`, async () => {
                for (const [nick, total] of points) {
                    await d.waitForSelector(`#tournaments .standings-table tr[data-nick="${nick}"] td.points:text-is("${pointsText(total)}")`, { timeout });
                }
            });

            // How much of the pause the checks above left (they must end before the next round is paired).
            if (round < ROUNDS) {
                console.log(`     after the checks: ${await d.$eval('#tournaments .tournament-countdown', (node) => node.textContent).catch(() => 'no countdown')}`);
                await run.shot(players[1].page, `0${round + 5}-bert-round-${round}-results-countdown`);
            }
        }

        // The final standings from the results played here: best first, ties in any order.
        const final = [...points].sort((a, b) => b[1] - a[1]);
        console.log(`     final: ${final.map(([nick, total]) => `${nick} ${total}`).join(', ')}`);
        // Each player's crosstable row: per round the opponent's number, his colour and his score, or the bye.
        const crossCell = (nick, round, words) => {
            const game = played.find((g) => g.round === round && (g.white === nick || g.black === nick || g.bye === nick));
            if (game.bye) return `${words.bye} 1`;
            const white = game.white === nick;
            const score = SCORE[game.outcome][white ? 0 : 1];
            return `${entry.get(white ? game.black : game.white)}${white ? words.white : words.black} ${pointsText(score)}`;
        };

        await run.step('after round 3 every page shows the event finished, with no countdown', async () => {
            for (const { page, lang } of everyone) {
                await page.waitForSelector(`#tournaments .tournament-page[data-tournament="${id}"][data-state="finished"]`, { timeout });
                const state = await page.textContent('#tournaments .tournament-state');
                if (state !== WORDS[lang].finished) throw new Error(`the state reads "${state}" (${lang})`);
                if (await page.isVisible('#tournaments .tournament-countdown')) throw new Error('a finished event counts down');
            }
        });

        for (const { page, key, lang } of everyone) {
            await run.step(`${key}'s page: the final standings and the crosstable match the results played`, async () => {
                await showLobby(page);
                const rows = await page.$$eval('#tournaments .standings-table tbody tr',
                                               (trs) => trs.map((tr) => [tr.dataset.nick, tr.querySelector('td.points').textContent]));
                const expected = new Map(final.map(([nick, total]) => [nick, pointsText(total)]));
                if (rows.length !== 5) throw new Error(`${rows.length} rows in the standings`);
                for (const [nick, shown] of rows) {
                    if (expected.get(nick) !== shown) throw new Error(`${nick} has ${shown} points, played ${expected.get(nick)}`);
                }
                const order = rows.map(([nick]) => points.get(nick));
                if (order.some((total, index) => index && total > order[index - 1])) throw new Error(`the standings are not by points: ${rows}`);
                for (const player of players) {
                    for (let round = 1; round <= ROUNDS; round++) {
                        const cell = (await page.textContent(`#tournaments .cross-table tr[data-nick="${player.nick}"] td.cross-cell[data-round="${round}"]`))
                            .replace(/\u00a0/g, ' ');
                        const wanted = crossCell(player.nick, round, WORDS[lang]);
                        if (cell !== wanted) throw new Error(`${player.nick}'s crosstable, round ${round}: "${cell}", not "${wanted}"`);
                    }
                    const total = await page.textContent(`#tournaments .cross-table tr[data-nick="${player.nick}"] td.points`);
                    if (total !== pointsText(points.get(player.nick))) throw new Error(`${player.nick}'s crosstable total is ${total}`);
                }
                await page.locator('#tournaments .tournament-standings').scrollIntoViewIfNeeded();
                await run.shot(page, `10-${key}-final-standings`);
            });
        }

        await run.step('the director\'s round buttons show each round\'s pairings with their results', async () => {
            for (let round = 1; round <= ROUNDS; round++) {
                await d.click(`#tournaments .round-chooser button[data-round="${round}"]`);
                await d.waitForSelector(`#tournaments .tournament-pairings[data-round="${round}"]`, short);
                const boards = await pairingsOn(d, round);
                for (const game of played.filter((g) => g.round === round)) {
                    const shown = game.bye ? boards.find((b) => b.bye) : boards.find((b) => b.board === game.board);
                    if (game.bye ? shown?.white !== game.bye || shown.sign !== '1'
                        : shown?.white !== game.white || shown.black !== game.black || shown.result !== game.outcome || shown.sign !== SIGN[game.outcome]) {
                        throw new Error(`round ${round} shows ${JSON.stringify(shown)} for ${JSON.stringify(game)}`);
                    }
                }
            }
        });

        await run.check('the PGN download holds the six games', async () => {
            const href = await d.getAttribute('#tournaments a[data-download="pgn"]', 'href');
            const [status, pgn] = await d.evaluate(async (path) => { const r = await fetch(path); return [r.status, await r.text()]; }, href);
            const rounds = [...pgn.matchAll(/\[Round "(\d+\.\d+)"\]/g)].map((match) => match[1]).sort();
            const wanted = played.filter((g) => !g.bye).map((g) => `${g.round}.${g.board}`).sort();
            if (status !== 200 || rounds.join(' ') !== wanted.join(' ')) throw new Error(`the PGN (${status}) has rounds ${rounds}, not ${wanted}`);
        });

        for (const { page, key, lang } of everyone) {
            await run.step(`${key}'s page lists it under Finished`, async () => {
                await showLobby(page);
                await page.click('#tournaments .tournament-back');
                const words = WORDS[lang];
                await page.waitForSelector(`#tournaments .list-finished .tournament-open[data-tournament="${id}"]`, { timeout });
                const heading = await page.textContent('#tournaments .list-finished h3');
                if (heading !== words.finishedList) throw new Error(`the list is headed "${heading}"`);
                const meta = await page.textContent(`#tournaments .list-finished li[data-tournament="${id}"] .tournament-meta`);
                if (!meta.includes(words.system) || !meta.includes(words.playerCount(5))) throw new Error(`the entry reads "${meta}"`);
                if (await page.$(`#tournaments .list-running .tournament-open[data-tournament="${id}"]`)) throw new Error('it is listed as running too');
            });
        }
        await run.shot(players[3].page, '11-dora-finished-list');
    } finally {
        console.log(`run time ${Math.round((Date.now() - started) / 1000)} s`);
        await run.finish(browser, server);
    }
}

run.start(main);
