// The self-check of the Bot API test's own parts, without the Rochade server:
//   - the NDJSON line reader: lines cut anywhere (also inside a UTF-8 character), keep-alive
//     lines, CRLF, a last line without its newline, a bad line;
//   - sideToMove and pgnMoves;
//   - the UCI engine wrapper on Debian's stockfish: uciok, options, bestmove from the start,
//     after moves, from a FEN (a mate in one is found), none in a mated position;
//   - the lichess-bot client against a stand-in for lichess (fake_lichess.mjs): lichess-bot's
//     calls in its order, a declined challenge, an accepted one played to its end with
//     keep-alives, both streams cut mid-game and reopened (gameFull again, then states), the
//     PGN fetched, and a 429 honoured by waiting for its Retry-After.
//
//   node tests/bots/self-check-test.mjs
// Exits non-zero when a check fails. Needs /usr/games/stockfish and web/node_modules (chessops).

import { NdjsonLines, parseNdjson } from './ndjson_lines.mjs';
import { UciEngine } from './uci_engine.mjs';
import { HttpError, LichessBotClient, movesOf, pgnMoves, sideToMove } from './lichess_bot_client.mjs';
import { FakeLichess } from './fake_lichess.mjs';
import { missingKeys } from './lichess_shapes.mjs';

let passed = 0;
let failed = 0;

async function check(name, body) {
    const t0 = Date.now();
    try {
        await body();
        passed++;
        console.log(`ok   ${name} (${((Date.now() - t0) / 1000).toFixed(2)} s)`);
    } catch (error) {
        failed++;
        console.log(`FAIL ${name}: ${error.message}`);
    }
}

function equal(actual, expected, what) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) throw new Error(`${what}: ${a}, expected ${e}`);
}

function assert(condition, what) {
    if (!condition) throw new Error(what);
}

async function until(condition, timeoutMs, what) {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
        if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
    }
}

// ---- NDJSON --------------------------------------------------------------------------------------

// chunks -> the objects and keep-alives seen, in order ("." for a keep-alive, "!" for a bad line).
function read(chunks) {
    const seen = [];
    const reader = new NdjsonLines({
        onLine: (o) => seen.push(o),
        onKeepAlive: () => seen.push('.'),
        onBadLine: () => seen.push('!'),
    });
    for (const chunk of chunks) reader.push(chunk);
    reader.end();
    return seen;
}

const euro = Buffer.from('{"t":"€"}\n'); // € is three bytes: cut between them below
const NDJSON_TABLE = [
    ['one line', ['{"a":1}\n'], [{ a: 1 }]],
    ['two lines in one chunk', ['{"a":1}\n{"b":2}\n'], [{ a: 1 }, { b: 2 }]],
    ['a line cut in three', ['{"ty', 'pe":"game', 'Full"}\n'], [{ type: 'gameFull' }]],
    ['keep-alive lines', ['\n', '{"a":1}\n\n', '\n'], ['.', { a: 1 }, '.', '.']],
    ['CRLF and a blank CRLF', ['{"a":1}\r\n\r\n'], [{ a: 1 }, '.']],
    ['the last line without its newline', ['{"a":1}\n{"b"', ':2}'], [{ a: 1 }, { b: 2 }]],
    ['a UTF-8 character cut across chunks', [euro.subarray(0, 7), euro.subarray(7)], [{ t: '€' }]],
    ['a bad line, then the stream goes on', ['{"a":\n{"b":2}\n'], ['!', { b: 2 }]],
    ['nothing at all', [], []],
];

async function ndjsonChecks() {
    for (const [name, chunks, expected] of NDJSON_TABLE) await check(`ndjson: ${name}`, () => equal(read(chunks), expected, name));
    await check('ndjson: parseNdjson of a /api/bot/online body', () =>
        equal(parseNdjson('{"username":"A"}\n{"username":"B"}\n').map((u) => u.username), ['A', 'B'], 'users'),
    );
}

// ---- small functions -----------------------------------------------------------------------------

async function functionChecks() {
    const SIDES = [
        ['startpos', 0, 'white'], ['startpos', 1, 'black'], ['startpos', 2, 'white'],
        ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 0, 'black'],
        ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', 1, 'white'],
        [undefined, 3, 'black'],
    ];
    await check('sideToMove: start position, a FEN with Black to move, no FEN', () => {
        for (const [fen, plies, side] of SIDES) equal(sideToMove(fen, plies), side, `${fen} after ${plies}`);
    });
    await check('movesOf: the moves string of a gameState', () => {
        equal(movesOf({ moves: 'e2e4 e7e5' }), ['e2e4', 'e7e5'], 'two moves');
        equal(movesOf({ moves: '' }), [], 'none');
    });
    const PGN = '[Event "x"]\n[Result "0-1"]\n\n1. e4 { [%clk 0:05:00] } 1... e5 2. Nf3 $1 (2. f4 exf4) Nc6 3. Bb5 a6 0-1\n';
    await check("missingKeys: the keys lichess-bot reads without a default (nested, and finalColor for a random colour)", () => {
        const challenge = { id: 'x', rated: false, variant: { key: 'standard' }, perf: { name: 'Blitz' }, speed: 'blitz', color: 'white', timeControl: {} };
        equal(missingKeys('challenge', challenge), [], 'a full challenge');
        equal(missingKeys('challenge', { ...challenge, color: 'random' }), ['finalColor'], 'a random colour');
        equal(missingKeys('challenge', { ...challenge, perf: {} }), ['perf.name'], 'no perf name');
        equal(missingKeys('gameState', { type: 'gameState', moves: '', status: 'started', wtime: 1, btime: 1, winc: 0 }), ['binc'], 'no binc');
        equal(missingKeys('gameStart', { gameId: '1' }), ['id'], 'gameStart without id');
    });
    await check('pgnMoves: tags, clock comments, NAGs, variations, numbers and result are not moves', () =>
        equal(pgnMoves(PGN), ['e4', 'e5', 'Nf3', 'Nc6', 'Bb5', 'a6'], 'moves'),
    );
}

// ---- the UCI engine ------------------------------------------------------------------------------

async function engineChecks() {
    const engine = new UciEngine({ name: 'self-check engine' });
    await check('engine: uci, Skill Level, isready', async () => {
        await engine.start({ 'Skill Level': 5 });
        assert(/Stockfish/i.test(engine.id ?? ''), `id name is "${engine.id}"`);
        equal(engine.sent.slice(0, 3), ['uci', 'setoption name Skill Level value 5', 'isready'], 'the commands');
    });
    await check('engine: a move from the start (position startpos, go movetime)', async () => {
        await engine.newGame();
        const move = await engine.bestMove({ moves: [], movetimeMs: 30 });
        assert(/^[a-h][1-8][a-h][1-8]$/.test(move ?? ''), `bestmove ${move}`);
        equal(engine.sent.slice(-2), ['position startpos', 'go movetime 30'], 'the commands');
    });
    await check('engine: a move after moves (Black answers 1.e4)', async () => {
        const move = await engine.bestMove({ moves: ['e2e4'], movetimeMs: 30 });
        assert(/^[a-h]7[a-h][56]$|^[bg]8[a-h]6$/.test(move ?? ''), `Black's bestmove ${move}`);
        equal(engine.sent.at(-2), 'position startpos moves e2e4', 'position');
    });
    await check('engine: the mate in one from a FEN (position fen ... moves ...)', async () => {
        await engine.setOption('Skill Level', 20);
        const mate = await engine.bestMove({ initialFen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', moves: [], movetimeMs: 100 });
        equal(mate, 'a1a8', 'the mate');
        const after = await engine.bestMove({ initialFen: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', moves: ['g1f1', 'g8f8'], movetimeMs: 50 });
        assert(/^[a-h][1-8][a-h][1-8]$/.test(after ?? ''), `a move after two moves from the FEN: ${after}`);
        assert(engine.sent.includes('position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves g1f1 g8f8'), 'position fen ... moves ...');
    });
    await check('engine: no move in a mated position (bestmove (none))', async () => {
        const none = await engine.bestMove({ initialFen: 'R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1', movetimeMs: 30 });
        equal(none, null, 'bestmove');
    });
    await check('engine: quit', async () => {
        await engine.quit();
        assert(engine.exited, 'the process is still running');
    });
}

// ---- the client against a stand-in for lichess ---------------------------------------------------

async function clientChecks() {
    const token = 'lip_selfcheck';
    const fake = new FakeLichess({ token, botIsWhite: false, resignAfterPlies: 40 });
    const baseUrl = await fake.listen();
    const client = new LichessBotClient({
        baseUrl, token, label: 'fakebot', upgrade: true, engine: { skillLevel: 1, movetimeMs: 10 },
        requestTimeoutMs: 5000, retryForMs: 3000, eventStreamBackoffMs: 200,
    });
    let cut = false;
    client.hooks.onGameState = (game, state, c) => {
        if (!cut && movesOf(state).length >= 10) {
            cut = true;
            c.cutEventStream();
            c.cutGameStream(game.id);
        }
    };
    try {
        await check('client: the start makes lichess-bot calls in its order (token test first, upgrade)', async () => {
            await client.start();
            equal(client.callNames(), ['token_test', 'profile', 'upgrade', 'playing', 'stream_event'], 'the calls');
            equal(fake.bodies[0].body, token, 'the token test body');
            equal(fake.bodies[0].contentType, null, 'the token test Content-Type');
        });
        await check('client: a token without bot:play stops the start', async () => {
            const other = new LichessBotClient({ baseUrl, token: 'lip_unknown', retryForMs: 500 });
            let error = null;
            await other.start().catch((e) => (error = e));
            assert(error && /retrieving information about the bot's token/.test(error.message), `error: ${error?.message}`);
            equal(other.callNames(), ['token_test'], 'the calls');
            await other.stop();
        });
        await check('client: an untimed challenge is declined with reason=timeControl (form body)', async () => {
            fake.challenge('unl1', { unlimited: true });
            await until(() => fake.bodies.some((b) => b.path === '/api/challenge/unl1/decline'), 3000, 'the decline');
            const decline = fake.bodies.find((b) => b.path === '/api/challenge/unl1/decline');
            equal([decline.body, decline.contentType], ['reason=timeControl', 'application/x-www-form-urlencoded'], 'the decline');
        });
        let game;
        await check('client: a 5+3 challenge is accepted after asking for the ongoing games; the game is played', async () => {
            fake.challenge('gm000001');
            const done = await client.waitForGameEnd('gm000001', 60_000);
            game = client.games.get('gm000001');
            const names = client.callNames();
            const accept = names.indexOf('accept');
            equal(names.slice(accept - 1, accept + 1), ['playing', 'accept'], 'the calls around the acceptance');
            equal(names[names.indexOf('stream')], 'stream', 'the game stream');
            assert(['mate', 'resign', 'stalemate'].includes(done.status), `the end: ${done.status}`);
            equal(game.color, 'black', 'the bot plays');
        });
        await check('client: chat hello before the first move, goodbye at the end (rooms player and spectator)', () => {
            const chats = fake.bodies.filter((b) => b.path.endsWith('/chat')).map((b) => new URLSearchParams(b.body).get('room'));
            equal(chats, ['player', 'spectator', 'player', 'spectator'], 'the chat rooms');
            assert(game.chatLines.length >= 2, `the bot's own chat lines come back: ${game.chatLines.length}`);
        });
        await check('client: moves posted with offeringDraw=false', () => {
            const move = fake.bodies.find((b) => b.path.includes('/move/'));
            equal(move.query, '?offeringDraw=false', 'the query');
            assert(game.movesSent.every((m) => m.ok), `moves refused: ${JSON.stringify(game.moveErrors)}`);
        });
        await check('client: both streams cut mid-game are reopened: gameFull again, then states', () => {
            assert(cut, 'the hook did not cut');
            equal(game.streamOpens, 2, 'game stream opens');
            equal(game.fulls.length, 2, 'gameFull lines');
            assert(movesOf(game.fulls[1].state).length >= 10, `the second gameFull has ${movesOf(game.fulls[1].state).length} moves`);
            const secondFull = client.log.findIndex((e) => e.kind === 'game_full' && e.moves >= 10);
            assert(client.log.slice(secondFull).some((e) => e.kind === 'game_state' && e.moves > client.log[secondFull].moves), 'no state after the second gameFull');
            equal(client.callNames().filter((n) => n === 'stream_event').length, 2, 'event stream opens');
            assert(client.log.some((e) => e.kind === 'game_already_played'), "the reopened event stream's gameStart was not seen as the running game");
            assert(client.log.some((e) => e.kind === 'keep_alive'), 'no keep-alive line was read');
        });
        await check('client: the server closed the game stream at the end; gameFinish came; the PGN has the moves', () => {
            equal(game.streamClosedByServer, true, 'stream closed by the server');
            assert(game.finishEvent?.status?.name === game.status, `gameFinish: ${JSON.stringify(game.finishEvent?.status)}`);
            equal(pgnMoves(game.pgn).length, movesOf(game.state).length, 'PGN moves');
            equal(client.pendingChallengeSlots(), [], "lichess-bot's slots left taken");
        });
        await check('client: a 429 waits out its Retry-After before the next call of the endpoint', async () => {
            fake.rateLimitOnce.add('/api/user/Someone');
            let error = null;
            await client.li.getPublicData('Someone').catch((e) => (error = e));
            assert(error instanceof HttpError && error.status === 429, `first call: ${error?.message}`);
            const t0 = Date.now();
            const user = await client.li.getPublicData('Someone');
            assert(Date.now() - t0 >= 900, `the second call came after ${Date.now() - t0} ms`);
            equal(user.title, 'BOT', 'the second answer');
            assert(client.log.some((e) => e.kind === 'rate_limit_wait' && e.template === '/api/user/{}'), 'no wait in the log');
        });
        await check('client: no failures in the event and game loops', () => equal(client.failures.map((f) => f.message), [], 'failures'));
        await check("client: the stand-in's answers have every key lichess-bot reads without a default", () => equal(client.li.shapeErrors, [], 'shape errors'));
    } finally {
        await client.stop();
        await fake.close();
    }
}

const t0 = Date.now();
await ndjsonChecks();
await functionChecks();
await engineChecks();
await clientChecks();
console.log(`${passed} passed, ${failed} failed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
if (failed) process.exitCode = 1;
