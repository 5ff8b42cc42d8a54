// The end-to-end test of the Bot API (issue 29 §3) against a real `rochade serve`, with a
// client that behaves as lichess-bot (lichess_bot_client.mjs) and a human on the WebSocket
// protocol (human_ws_client.mjs); no browser:
//   a. accounts registered over HTTP, personal API tokens made on the account page's endpoint,
//      two accounts upgraded to bots through lichess-bot's start (token test, account, upgrade);
//   b. a human challenges bot A: untimed is declined (lichess-bot's rules), 5+3 is accepted and
//      played to its end with random moves against stockfish; chat both ways, a draw offer
//      declined; both sides see the end; the PGN at /game/export/{id} has the moves;
//   c. bot A challenges bot B over the API (lichess-bot's JSON body), B accepts, a full game
//      (Skill Level 20 against 0, 20 ms a move, resignation after 150 moves); a challenge
//      declined and one canceled reach the other side's event stream;
//   d. bot B challenges bot A (a form body), and A's event stream and game stream are cut
//      mid-game and reopened: gameFull again, then states, and the game goes on to its end;
//   e. refusals: no token, a forged one, a revoked one (401); a token without bot:play (403
//      naming it); a human's token at the bot endpoints; the upgrade of an account that has
//      played; an illegal move (400 with a text); a move in another's game; the rate limit (429
//      with Retry-After, on a second server with a low limit);
//   f. /api/users/status, /api/user/{name} and /api/bot/online while the bots are connected;
// and at the end an idle game: keep-alive lines on the streams (lichess-bot reads with a 15 s
// timeout), then the bot aborts it.
//
//   ROCHADE_BIN=build/tools/rochade node tests/bots/bot-api-test.mjs
// Needs /usr/games/stockfish; no browser and no npm packages (web/dist is served if present).
// Exits non-zero when a step or check fails; prints each step's time. BOTS_TEST_VERBOSE=1 prints
// every request, answer and stream line of the bots. The clients' own parts are checked without a
// server by self-check-test.mjs.

import { startServer, stopServer } from '../browser/browser_harness.mjs';
import { PASSWORD, Steps, assert, call, createToken, equal, expectStatus, register, seconds, sleep } from './bot_harness.mjs';
import { HttpError, LichessBotClient, RateLimitedError, movesOf, pgnMoves } from './lichess_bot_client.mjs';
import { HumanWsClient } from './human_ws_client.mjs';

const REQUESTS_PER_MINUTE = 600;
const LOW_LIMIT = 30; // the second server's, for the 429
const ALL_SCOPES = ['bot:play', 'challenge:read', 'challenge:write'];

// ---- the run ---------------------------------------------------------------------------------------

function botClient(server, token, label, options = {}) {
    return new LichessBotClient({
        baseUrl: server.url,
        token,
        label,
        requestTimeoutMs: 5000,
        retryForMs: 5000,
        eventStreamBackoffMs: 300,
        gameStreamBackoffMs: 300,
        quiet: !process.env.BOTS_TEST_VERBOSE,
        ...options,
    });
}

// lichess's GameStatusName for Rochade's termination (what the bot's gameState says at the end).
const STATUS_OF_TERMINATION = {
    checkmate: ['mate'],
    resignation: ['resign'],
    stalemate: ['stalemate'],
    aborted: ['aborted'],
    flag_fall: ['outoftime', 'draw'], // lichess: outoftime without a winner when the other cannot mate
    fivefold_repetition: ['draw'],
    seventyfive_moves: ['draw'],
    dead_position: ['draw'],
    threefold_repetition: ['draw'],
    fifty_moves: ['draw'],
    agreement: ['draw'],
    no_first_move: ['noStart', 'aborted'],
    abandoned: ['timeout'],
    forfeit: ['cheat'],
};

async function main(steps) {
    const config = { bot_api: { requests_per_minute: REQUESTS_PER_MINUTE } };
    const suffix = String(Date.now() % 100000);
    const nicks = { human: `Hanna_${suffix}`, a: `BotA_${suffix}`, b: `BotB_${suffix}` };
    let server = null;
    let limited = null;
    const clients = [];
    let human = null;
    const tokens = {};
    const cookies = {};
    let a;
    let b;

    try {
        await steps.step('the server starts (bot_api.requests_per_minute 600)', async () => {
            server = await startServer(config, { prefix: 'rochade-bots-' });
            started.push(server.child);
        });

        // ---- a. accounts, tokens, upgrades ----
        await steps.step('a: three accounts registered over HTTP (POST /api/register with the Origin); the rochade_session cookie', async () => {
            for (const [who, nick] of Object.entries(nicks)) cookies[who] = await register(server, nick);
        });

        await steps.step('a: personal API tokens made with POST /api/tokens (cookie, Origin): 201, rch_ token shown once', async () => {
            tokens.a = await createToken(server, cookies.a, 'A plays', ALL_SCOPES);
            tokens.b = await createToken(server, cookies.b, 'B plays', ALL_SCOPES);
            tokens.human = await createToken(server, cookies.human, 'the human tries', ALL_SCOPES);
            tokens.aNoBot = await createToken(server, cookies.a, 'A reads challenges only', ['challenge:read']);
            tokens.aRevoked = await createToken(server, cookies.a, 'A, to be revoked', ALL_SCOPES);
        });

        await steps.check('a: GET /api/tokens lists them (id, description, scopes, created_ms, last_used_ms), never the token', async () => {
            const answer = await call(server, 'GET', '/api/tokens', { cookie: cookies.a, origin: true });
            expectStatus(answer, 200, 'GET /api/tokens');
            const listed = answer.json.tokens;
            equal(listed.map((t) => t.id).sort(), [tokens.a.id, tokens.aNoBot.id, tokens.aRevoked.id].sort(), "A's token ids");
            for (const t of listed) {
                for (const field of ['id', 'description', 'scopes', 'created_ms']) assert(field in t, `a listed token has no ${field}: ${JSON.stringify(t)}`);
                assert('last_used_ms' in t, `a listed token has no last_used_ms: ${JSON.stringify(t)}`);
                assert(!('token' in t), 'a listed token shows the token');
            }
            for (const t of [tokens.a, tokens.aNoBot, tokens.aRevoked]) assert(!answer.text.includes(t.token), 'the list holds a token');
            const other = await call(server, 'GET', '/api/tokens', { cookie: cookies.b, origin: true });
            equal(other.json?.tokens?.map((t) => t.id), [tokens.b.id], "B's list (only B's own)");
            const anonymous = await call(server, 'POST', '/api/tokens', { origin: true, json: { description: 'x', scopes: ['bot:play'] } });
            assert(anonymous.status === 401 || anonymous.status === 403, `POST /api/tokens without a session: ${anonymous.status}`);
            const unknownScope = await call(server, 'POST', '/api/tokens', { cookie: cookies.a, origin: true, json: { description: 'x', scopes: ['bot:play', 'email:read'] } });
            expectStatus(unknownScope, 400, 'POST /api/tokens with an unknown scope');
        });

        a = botClient(server, tokens.a.token, 'A', { upgrade: true, engine: { skillLevel: 20, movetimeMs: 20 }, drawOffers: 'decline', resignAfterMoves: 150 });
        b = botClient(server, tokens.b.token, 'B', { upgrade: true, engine: { skillLevel: 0, movetimeMs: 20 }, resignAfterMoves: 150 });
        clients.push(a, b);

        await steps.step("a: A and B become bots through lichess-bot's start: token test, account, upgrade, ongoing games, event stream", async () => {
            await a.start();
            await b.start();
            for (const client of [a, b]) {
                equal(client.callNames(), ['token_test', 'profile', 'upgrade', 'playing', 'stream_event'], `${client.label}'s calls`);
                equal(client.tokenInfo.scopes.split(',').sort(), [...ALL_SCOPES].sort(), `${client.label}'s token test scopes`);
                const statuses = client.log.filter((e) => e.kind === 'call').map((e) => e.status);
                equal(statuses, [200, 200, 200, 200, 200], `${client.label}'s answers`);
            }
            equal(a.profile.username, nicks.a, "A's username in /api/account");
        });

        await steps.check('a: after the upgrade /api/account says title BOT, and a second start upgrades nothing', async () => {
            const profile = await a.li.getProfile();
            equal(profile.title, 'BOT', 'title');
            assert(typeof profile.id === 'string' && profile.id.length > 0, `id: ${profile.id}`);
            const again = botClient(server, tokens.a.token, 'A again', { upgrade: true });
            await again.start();
            equal(again.callNames(), ['token_test', 'profile', 'playing', 'stream_event'], "the second start's calls");
            await again.stop();
            // lichess: "Only one global event stream can be active at a time. When the stream opens, the
            // previous one with the same access token is closed." A server that does so has closed A's;
            // A reopens it after its backoff (300 ms here).
            await sleep(1000);
        });

        // ---- f. presence ----
        await steps.check('f: /api/users/status?ids=A,B shows both online while their event streams are open', async () => {
            const answer = await call(server, 'GET', `/api/users/status?ids=${nicks.a},${nicks.b}`, { token: tokens.a.token });
            expectStatus(answer, 200, 'users/status');
            const byName = Object.fromEntries(answer.json.map((u) => [u.name, u]));
            for (const nick of [nicks.a, nicks.b]) {
                assert(byName[nick], `${nick} missing: ${answer.text}`);
                equal(byName[nick].online, true, `${nick}'s online`);
                equal(byName[nick].id, nick.toLowerCase(), `${nick}'s id`);
                equal(byName[nick].title, 'BOT', `${nick}'s title`);
            }
            assert(await a.li.isOnline(a.profile.id), "lichess-bot's is_online (GET /api/users/status?ids=<own id>) says A is offline");
        });

        await steps.check('f: /api/user/{A} has "title":"BOT"; /api/bot/online lists A and B, not the human', async () => {
            const user = await a.li.getPublicData(nicks.a);
            equal([user.username, user.title], [nicks.a, 'BOT'], '/api/user/A');
            const humanUser = await a.li.getPublicData(nicks.human);
            assert(humanUser.title !== 'BOT', `the human's title: ${humanUser.title}`);
            const online = await a.li.getOnlineBots();
            const names = online.map((u) => u.username);
            assert(names.includes(nicks.a) && names.includes(nicks.b), `online bots: ${names.join(', ')}`);
            assert(!names.includes(nicks.human), 'the human is listed among the bots');
            for (const u of online.filter((u) => u.username === nicks.a || u.username === nicks.b))
                equal([u.title, u.id], ['BOT', u.username.toLowerCase()], `${u.username} in /api/bot/online`);
        });

        // ---- b. a human against bot A ----
        await steps.step('b: the human says hello on the WebSocket with nick and password', async () => {
            human = await new HumanWsClient({ port: server.port, label: 'human', seed: Number(suffix) }).connect();
            const hello = await human.hello(nicks.human, PASSWORD);
            equal([hello.nick, hello.guest], [nicks.human, false], 'hello_ok');
        });

        await steps.check("b: an untimed challenge to A is declined by lichess-bot's rules (reason=timeControl); the human reads time_control", async () => {
            const id = await human.challenge(nicks.a, { timeControl: 'untimed', color: 'white' });
            const declined = await human.waitFor((f) => f.type === 'challenge_declined' && f.challenge === id, { what: 'challenge_declined', timeoutMs: 10_000 });
            equal([declined.by, declined.reason], [nicks.a, 'time_control'], 'challenge_declined');
            const event = a.events.find((e) => e.type === 'challenge' && e.challenge.id === id);
            assert(event, "A's event stream had no challenge event");
            const c = event.challenge;
            equal([c.challenger?.name, c.destUser?.name, c.variant?.key, c.rated, c.timeControl?.type],
                  [nicks.human, nicks.a, 'standard', false, 'unlimited'], 'the challenge event');
            assert(a.log.some((e) => e.kind === 'declining' && e.id === id && e.reason === 'timeControl'), "A's decline");
        });

        let gameB; // the human's game: {table, gameStarted, id}
        const refusals = {};
        let firstMoveChecked = false;
        a.hooks.beforeMove = async (game, state, client) => {
            if (firstMoveChecked || game.id !== gameB?.id) return;
            firstMoveChecked = true;
            try {
                await askRefusals(game);
            } catch (error) {
                refusals.error = error; // reported by the checks below; A plays on
            }
        };
        const askRefusals = async (game) => {
            // An illegal move (the king two squares forward is never legal), by A in its own game.
            const king = game.color === 'white' ? 'e1e3' : 'e8e6';
            refusals.illegal = await call(server, 'POST', `/api/bot/game/${game.id}/move/${king}`, { token: tokens.a.token });
            // B's move in A's game.
            refusals.othersGame = await call(server, 'POST', `/api/bot/game/${game.id}/move/e2e4`, { token: tokens.b.token });
            refusals.othersStream = await call(server, 'GET', `/api/bot/game/stream/${game.id}`, { token: tokens.b.token, headOnly: true });
            // A token of A without bot:play, at the game stream and the move.
            refusals.noScopeStream = await call(server, 'GET', `/api/bot/game/stream/${game.id}`, { token: tokens.aNoBot.token, headOnly: true });
            refusals.noScopeMove = await call(server, 'POST', `/api/bot/game/${game.id}/move/e2e4`, { token: tokens.aNoBot.token });
            // The human's token (bot:play, but not a bot account) at the bot endpoints of his own game.
            refusals.humanStream = await call(server, 'GET', `/api/bot/game/stream/${game.id}`, { token: tokens.human.token, headOnly: true });
            refusals.humanMove = await call(server, 'POST', `/api/bot/game/${game.id}/move/e2e4`, { token: tokens.human.token });
        };

        let played; // the human's result
        await steps.step('b: a 5+3 challenge to A is accepted; the game is played to its end (random moves against stockfish)', async () => {
            const id = await human.challenge(nicks.a, { timeControl: '5+3', color: 'white' });
            const started = await human.gameStartedAt(id);
            // lichess gives a challenge's game the challenge's id, and so does Rochade's Bot API.
            gameB = { ...started, id, rochadeId: String(started.gameStarted.game_id), challenge: id };
            equal([started.gameStarted.white, started.gameStarted.black], [nicks.human, nicks.a], 'the seats');
            // Once A has greeted (its game stream is open then), the human asks its name.
            human
                .waitFor((f) => f.type === 'table_chat' && f.table === gameB.table && f.from === nicks.a, { timeoutMs: 30_000 })
                .then(() => human.send({ type: 'table_chat', table: gameB.table, text: '!name' }))
                .catch(() => {});
            played = await human.playRandomly(gameB.table, started.gameStarted, {
                resignAfter: 60,
                moveOptions: (n) => (n === 3 ? { offer_draw: true } : {}),
                timeoutMs: 60_000,
            });
            await a.waitForGameEnd(gameB.id, 15_000);
        });

        await steps.check("b: the game's id is the challenge's id (as lichess's); gameStart and gameFull say who plays, the clock and the variant", () => {
            const record = a.games.get(gameB.id);
            assert(record, `A played no game ${gameB.id} (games: ${[...a.games.keys()].join(', ')})`);
            const full = record.fulls[0];
            equal([full.type, full.id, full.white?.name, full.black?.name, full.black?.title], ['gameFull', gameB.id, nicks.human, nicks.a, 'BOT'], 'gameFull');
            equal([full.variant?.key, full.speed, full.rated, full.initialFen, full.clock?.initial, full.clock?.increment],
                  ['standard', 'blitz', false, 'startpos', 300000, 3000], "gameFull's setup");
            assert(Number.isInteger(full.createdAt), `createdAt: ${full.createdAt}`);
            const start = record.startEvent;
            equal([String(start.id), String(start.gameId), start.color, start.opponent?.username], [gameB.id, gameB.id, 'black', nicks.human], 'gameStart');
            equal(record.color, 'black', "A's colour");
        });

        await steps.check("b: lichess-bot's bookkeeping: the accepted challenge's id is the game's id (else lichess-bot, one game at a time, never accepts another)", () => {
            equal(a.pendingChallengeSlots(), [], 'accepted challenges whose game came under another id');
        });

        await steps.check('b: both sides see the end: game_over for the human, the final gameState and gameFinish for A', () => {
            const record = a.games.get(gameB.id);
            const over = played.gameOver;
            const expected = STATUS_OF_TERMINATION[over.termination];
            assert(expected, `the human's game_over: ${JSON.stringify(over)}`);
            assert(expected.includes(record.status), `A's final status ${record.status} for termination ${over.termination}`);
            equal(record.winner ?? null, over.winner ?? null, "A's winner");
            equal(movesOf(record.state).length, played.moves.length, "the moves in A's last gameState");
            assert(record.finishEvent, 'no gameFinish on the event stream');
            equal(String(record.finishEvent.gameId ?? record.finishEvent.id), gameB.id, "gameFinish's game");
            console.log(`     the human's game: ${over.termination} ${over.result} after ${played.moves.length} plies`);
        });

        await steps.check('b: the server closed the game stream after the final state (lichess-bot leaves the game when it ends)', () => {
            equal(a.games.get(gameB.id).streamClosedByServer, true, 'closed by the server');
        });

        await steps.check('b: A fetched /game/export/{id}: a PGN with every move', () => {
            const record = a.games.get(gameB.id);
            assert(record.pgn && record.pgn.includes('[White '), `the PGN: ${record.pgn?.slice(0, 120)}`);
            equal(pgnMoves(record.pgn), played.moves, "the PGN's moves");
        });

        await steps.check('b: chat: A greets in the player room, answers !name, and says goodbye; the human sees it', () => {
            const lines = human.frames.filter((f) => f.type === 'table_chat' && f.table === gameB.table && f.from === nicks.a).map((f) => f.text);
            assert(lines.some((t) => t.startsWith("Hi! I'm")), `A's hello: ${JSON.stringify(lines)}`);
            assert(lines.some((t) => t.includes('running') && /stockfish/i.test(t)), `A's answer to !name: ${JSON.stringify(lines)}`);
            assert(lines.includes('Good game!'), `A's goodbye: ${JSON.stringify(lines)}`);
            const record = a.games.get(gameB.id);
            assert(record.chatLines.some((l) => l.username === nicks.human && l.text === '!name' && l.room === 'player'), `A's chatLines: ${JSON.stringify(record.chatLines)}`);
        });

        await steps.check("b: A's lines to the spectator room (hello_spectators, goodbye_spectators) do not reach its opponent", () => {
            const lines = human.frames.filter((f) => f.type === 'table_chat' && f.table === gameB.table && f.from === nicks.a).map((f) => f.text);
            const spectatorLines = lines.filter((t) => t === `Hi! I'm ${nicks.a}. Type !help for a list of commands I can respond to.` || t === 'Thanks for watching!');
            equal(spectatorLines, [], 'spectator-room lines the human saw');
        });

        await steps.check("b: the human's draw offer shows in A's gameState (wdraw) and A declines it (POST .../draw/no)", () => {
            const record = a.games.get(gameB.id);
            if (played.ownMoves < 3) return console.log('     (the game ended before the offer)');
            assert(record.states.some((s) => s.wdraw === true), 'no gameState with wdraw: true');
            assert(a.log.some((e) => e.kind === 'call' && e.name === 'draw' && e.path.endsWith('/draw/no') && e.status === 200), 'no 200 for draw/no');
            assert(human.frames.some((f) => f.type === 'draw_declined' && f.table === gameB.table), 'the human saw no draw_declined');
        });

        await steps.check('e: an illegal move: 400 with an error text; A\'s moves otherwise all taken', () => {
            if (refusals.error) throw new Error(`asking for the refusals failed: ${refusals.error.message}`);
            assert(refusals.illegal, "A's hook before its first move did not run");
            expectStatus(refusals.illegal, 400, 'the illegal move');
            const record = a.games.get(gameB.id);
            equal(record.moveErrors, [], "A's own moves refused");
        });

        await steps.check("e: a move in someone else's game, and its stream: 4xx", () => {
            expectStatus(refusals.othersGame, [400, 403, 404], "B's move in A's game");
            expectStatus(refusals.othersStream, [400, 403, 404], "B's stream of A's game");
        });

        await steps.check('e: a token without bot:play at /api/bot/game/...: 403 naming the missing scope', () => {
            for (const [what, answer] of [['the stream', refusals.noScopeStream], ['a move', refusals.noScopeMove]]) {
                expectStatus(answer, 403, what);
                assert(answer.json.error.includes('bot:play'), `${what}: the error does not name bot:play: ${answer.json.error}`);
            }
        });

        await steps.check("e: a human account's token (with bot:play) at the bot endpoints: 400/403", () => {
            expectStatus(refusals.humanStream, [400, 403], "the human's stream");
            expectStatus(refusals.humanMove, [400, 403], "the human's move");
        });

        // ---- e. refusals ----
        await steps.check('e: no token, a forged token: 401 with an error; the token test answers null for the forged one', async () => {
            expectStatus(await call(server, 'GET', '/api/account'), 401, 'no token');
            expectStatus(await call(server, 'GET', '/api/stream/event', { headOnly: true }), 401, 'the event stream without a token');
            const forged = 'rch_' + 'A'.repeat(43);
            expectStatus(await call(server, 'GET', '/api/account', { token: forged }), 401, 'a forged token');
            expectStatus(await call(server, 'POST', '/api/bot/game/1/move/e2e4', { token: 'lip_notours' }), 401, 'a foreign token');
            const tested = await call(server, 'POST', '/api/token/test', { body: `${forged},${tokens.b.token}` });
            expectStatus(tested, 200, 'the token test of two');
            equal(tested.json[forged], null, 'the forged token');
            equal(tested.json[tokens.b.token]?.userId, nicks.b.toLowerCase(), "B's token's userId");
        });

        await steps.check('e: a revoked token: DELETE /api/tokens/{id} 200, then 401 and null in the token test', async () => {
            expectStatus(await call(server, 'GET', '/api/account', { token: tokens.aRevoked.token }), 200, 'before the revocation');
            expectStatus(await call(server, 'DELETE', `/api/tokens/${tokens.aRevoked.id}`, { cookie: cookies.a, origin: true }), 200, 'DELETE');
            expectStatus(await call(server, 'GET', '/api/account', { token: tokens.aRevoked.token }), 401, 'after the revocation');
            const tested = await call(server, 'POST', '/api/token/test', { body: tokens.aRevoked.token });
            equal(tested.json?.[tokens.aRevoked.token], null, 'the token test');
            const listed = await call(server, 'GET', '/api/tokens', { cookie: cookies.a, origin: true });
            assert(!listed.json.tokens.some((t) => t.id === tokens.aRevoked.id), 'still listed');
            const otherAccount = await call(server, 'DELETE', `/api/tokens/${tokens.a.id}`, { cookie: cookies.b, origin: true });
            assert(otherAccount.status >= 400, `B revoked A's token: ${otherAccount.status}`);
            expectStatus(await call(server, 'GET', '/api/account', { token: tokens.a.token }), 200, "A's token after B's try");
        });

        await steps.check("e: the upgrade of an account that has played a game is refused (400) in lichess-bot's flow", async () => {
            const client = botClient(server, tokens.human.token, 'human as bot', { upgrade: true });
            let error = null;
            await client.start().catch((e) => (error = e));
            assert(error && /is not a bot account/.test(error.message), `start: ${error?.message ?? 'started'}`);
            const upgrade = client.log.find((e) => e.kind === 'call' && e.name === 'upgrade');
            equal(upgrade?.status, 400, 'the upgrade');
            equal(client.callNames(), ['token_test', 'profile', 'upgrade'], 'the calls');
            const again = await call(server, 'POST', '/api/bot/account/upgrade', { token: tokens.human.token });
            expectStatus(again, 400, 'the upgrade by hand');
            await client.stop();
        });

        await steps.check('e: past the rate limit (a second server, 30 a minute): 429 with Retry-After; lichess-bot waits it out', async () => {
            limited = await startServer({ bot_api: { requests_per_minute: LOW_LIMIT } }, { prefix: 'rochade-bots-429-' });
            started.push(limited.child);
            const cookie = await register(limited, `Rate_${suffix}`);
            const token = await createToken(limited, cookie, 'rate', ALL_SCOPES);
            let refused = null;
            for (let i = 0; i < LOW_LIMIT * 3 && !refused; i++) {
                const answer = await call(limited, 'GET', '/api/account', { token: token.token });
                if (answer.status === 429) refused = answer;
                else expectStatus(answer, 200, `request ${i + 1}`);
            }
            assert(refused, `no 429 in ${LOW_LIMIT * 3} requests`);
            expectStatus(refused, 429, 'the refusal');
            const retryAfter = Number(refused.headers['retry-after']);
            assert(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 60, `Retry-After: ${refused.headers['retry-after']}`);
            // The client: the 429 starts the endpoint's timer; the next call waits it out, or (a wait
            // past its limit) is refused without a request, as lichess-bot's RateLimitedError.
            const client = botClient(limited, token.token, 'limited', { maxRateLimitWaitMs: 3000 });
            let first = null;
            await client.li.getProfile().catch((e) => (first = e));
            assert(first instanceof HttpError && first.status === 429, `the client's first call: ${first?.message ?? 'no error'}`);
            const entry = client.log.find((e) => e.kind === 'rate_limited');
            equal(entry?.seconds, Number(entry?.retryAfter), "the client's wait: the Retry-After of its 429");
            const callsBefore = client.calls().length;
            const t0 = Date.now();
            let second = null;
            const profile = await client.li.getProfile().catch((e) => (second = e));
            if (entry.seconds * 1000 > 3000) {
                assert(second instanceof RateLimitedError, `the second call: ${second?.message ?? 'answered'}`);
                equal(client.calls().length, callsBefore, 'requests made while rate-limited');
            } else {
                assert(!second, `the second call: ${second?.message}`);
                assert(Date.now() - t0 >= entry.seconds * 1000 - 50, 'the second call did not wait');
                equal(profile.username, `Rate_${suffix}`, 'the answer after the wait');
            }
            await client.stop();
            await stopServer(limited);
            limited = null;
        });

        // ---- c. bot against bot ----
        let gameC;
        let cancelOutcome = null;
        let cancelChallenge = null;
        const cancelWhileBusy = async () => {
            cancelChallenge = await human.challenge(nicks.a, { timeControl: '5+3', color: 'white' });
            await a.waitFor((e) => e.kind === 'event' && e.type === 'challenge' && e.id === cancelChallenge, 10_000, 'the challenge on the event stream');
            await sleep(200); // A asks for its ongoing games and queues the challenge
            try {
                await human.request({ type: 'cancel_challenge', challenge: cancelChallenge });
            } catch (error) {
                // Accepted meanwhile (A's game ended first): end that game at once.
                const accepted = await human.waitFor((f) => f.type === 'challenge_accepted' && f.challenge === cancelChallenge, { timeoutMs: 3000 }).catch(() => null);
                if (accepted) human.send({ type: 'abort', table: accepted.table });
                throw new Error(`the cancel was refused (${error.message}); A ${accepted ? 'had accepted it' : 'had not accepted it'}`);
            }
            await a.waitFor((e) => e.kind === 'event' && e.type === 'challengeCanceled' && e.id === cancelChallenge, 10_000, 'challengeCanceled');
            return 'canceled';
        };
        await steps.check("c: an untimed challenge from B (form body) is declined by A: B's event stream gets challengeDeclined (timecontrol)", async () => {
            // Neither clock nor days: an unlimited game (speed correspondence), which lichess-bot's
            // default configuration declines.
            const answer = await b.challenge(nicks.a, { clockLimit: null, body: 'form' });
            if (!answer.id) throw new Error(`the challenge: ${JSON.stringify(answer)}`);
            const declined = await b.waitFor((e) => e.kind === 'event' && e.type === 'challengeDeclined' && e.id === answer.id, 10_000, 'challengeDeclined');
            const event = b.events.find((e) => e.type === 'challengeDeclined' && e.challenge.id === declined.id);
            // lichess's declineReasonKey is lower case ("timecontrol"); lichess-bot lowers it itself.
            equal([event.challenge.declineReasonKey?.toLowerCase(), event.challenge.status], ['timecontrol', 'declined'], 'challengeDeclined');
            assert(typeof event.challenge.declineReason === 'string', 'declineReason');
        });

        let jsonChallenge = null; // lichess-bot's challenge (a JSON body) when the server refused it
        await steps.step('c: A challenges B over the API (lichess-bot: profile, online bots, public data, JSON body); B accepts; the game ends', async () => {
            const from = a.calls().length;
            let answer = await a.challengeBot(nicks.b, { clockLimit: 180, clockIncrement: 2, body: 'json' });
            equal(a.callNames().slice(from), ['profile', 'online_bots', 'public_data', 'challenge'], "A's calls");
            if (answer.httpStatus !== 200) {
                // Reported by the check below; the game is still played, with the form body.
                jsonChallenge = answer;
                answer = await a.challenge(nicks.b, { clockLimit: 180, clockIncrement: 2, body: 'form' });
            }
            assert(answer.id && answer.httpStatus === 200, `the challenge: ${JSON.stringify(answer)}`);
            equal([answer.status, answer.challenger?.name, answer.destUser?.name, answer.variant?.key, answer.rated],
                  ['created', nicks.a, nicks.b, 'standard', false], 'the challenge answer');
            equal([answer.timeControl?.type, answer.timeControl?.limit, answer.timeControl?.increment, answer.speed], ['clock', 180, 2, 'blitz'], "the challenge's time control");
            const started = await b.waitFor((e) => e.kind === 'game_full', 10_000, "B's gameFull");
            gameC = started.game;
            // Meanwhile the human challenges A, busy with its game: lichess-bot queues the challenge
            // (one game at a time), and the human cancels it.
            cancelOutcome = await cancelWhileBusy().catch((error) => error);
            await Promise.all([a.waitForGameEnd(gameC, 60_000), b.waitForGameEnd(gameC, 60_000)]);
        });

        await steps.check("c: lichess-bot's challenge body (JSON: {\"rated\":false,\"variant\":\"standard\",\"clock.limit\":180,\"clock.increment\":2}) is taken", () => {
            if (jsonChallenge) throw new Error(`HTTP ${jsonChallenge.httpStatus}: ${JSON.stringify(jsonChallenge).slice(0, 200)} (lichess-bot's requests.post(json=payload))`);
        });

        await steps.check('c: both bots saw the same end; the PGN has every move; B accepted after asking for its ongoing games', () => {
            const ga = a.games.get(gameC);
            const gb = b.games.get(gameC);
            equal([ga.status, ga.winner ?? null], [gb.status, gb.winner ?? null], 'the end as A and B saw it');
            assert(ga.status !== 'started', 'not over');
            equal(movesOf(ga.state), movesOf(gb.state), 'the moves');
            equal(pgnMoves(ga.pgn).length, movesOf(ga.state).length, "the PGN's moves");
            const names = b.callNames();
            const accept = names.lastIndexOf('accept');
            equal(names[accept - 1], 'playing', "B's call before accept");
            equal(ga.color === 'white' ? ga.full.white.name : ga.full.black.name, nicks.a, "A's seat");
            for (const g of [ga, gb]) equal(g.moveErrors, [], 'moves refused');
            console.log(`     bot against bot: ${ga.status}, winner ${ga.winner ?? 'none'}, ${movesOf(ga.state).length} plies`);
        });

        await steps.check('c: lichess sends the challenger its own challenge on its event stream too (direction out)', () => {
            const own = a.events.find((e) => e.type === 'challenge' && e.challenge.challenger?.name === nicks.a);
            assert(own, "A's event stream had no challenge event for its own challenge");
        });

        await steps.check('c: a challenge to A during its game waits (one game at a time); the human cancels it: A gets challengeCanceled', () => {
            if (cancelOutcome instanceof Error) throw cancelOutcome;
            equal(cancelOutcome, 'canceled', 'the outcome');
            assert(!a.log.some((e) => e.kind === 'accepting' && e.id === cancelChallenge), 'A accepted the canceled challenge');
        });

        // ---- d. reconnecting streams ----
        let gameD = null;
        await steps.step("d: B challenges A (form body); A's event stream and game stream are cut mid-game and reopened; the game ends", async () => {
            // A challenge whose game came under another id holds one of lichess-bot's game slots for
            // ever (checked in b); lichess-bot restarted would have forgotten it, and so does A here.
            if (a.pendingChallengeSlots().length) a.forgetPendingChallengeSlots();
            let cut = null;
            a.hooks.onGameState = (game, state, client) => {
                if (cut || game.id === gameB.id || game.id === gameC || movesOf(state).length < 10 || state.status !== 'started') return;
                cut = game.id;
                client.cutEventStream();
                client.cutGameStream(game.id);
            };
            const answer = await b.challenge(nicks.a, { clockLimit: 180, clockIncrement: 2, color: 'white', body: 'form' });
            assert(answer.id, `the challenge: ${JSON.stringify(answer)}`);
            const started = await b.waitFor((e) => e.kind === 'game_full' && e.game !== gameC, 10_000, "B's gameFull");
            gameD = started.game;
            await Promise.all([a.waitForGameEnd(gameD, 60_000), b.waitForGameEnd(gameD, 60_000)]);
            a.hooks.onGameState = null;
            assert(cut === gameD, `the streams were not cut (the game ended before move 10?): ${movesOf(a.games.get(gameD).state).length} plies`);
            const ga = a.games.get(gameD);
            equal(ga.streamOpens, 2, "A's game stream opens");
            equal(ga.fulls.length, 2, "A's gameFull lines");
            const second = movesOf(ga.fulls[1].state).length;
            assert(second >= 10, `the second gameFull has ${second} moves`);
            assert(ga.states.some((s) => movesOf(s).length > second), 'no gameState after the second gameFull');
            equal(ga.status, b.games.get(gameD).status, 'the end as A and B saw it');
            const eventOpens = a.log.filter((e) => e.kind === 'stream_open' && e.stream === 'event').length;
            assert(eventOpens >= 2, `A's event stream opened ${eventOpens} times`);
            equal([...ga.moveErrors, ...b.games.get(gameD).moveErrors], [], 'moves refused');
            console.log(`     the cut game: ${ga.status} after ${movesOf(ga.state).length} plies, cut at ply ${second}`);
        });

        await steps.check('d: the reopened event stream sent gameStart for the running game ("when the stream opens, all current challenges and games are sent")', () => {
            const cutAt = a.log.findIndex((e) => e.kind === 'stream_cut' && e.stream === 'event');
            const afterCut = a.log.slice(cutAt).filter((e) => e.kind === 'event' && e.type === 'gameStart' && String(e.id) === gameD);
            assert(afterCut.length > 0, 'no gameStart for the running game after the reopen');
        });

        // ---- an idle game: keep-alive lines, then the bot aborts ----
        const idle = "an idle game: keep-alive lines on A's game stream and B's event stream before lichess-bot's 15 s read timeout " +
                     '(lichess: every 7 s); A aborts it';
        await steps.check(idle, async () => {
            if (a.pendingChallengeSlots().length) a.forgetPendingChallengeSlots(); // as in d
            const since = Date.now() - b.t0;
            const bIdle = b.waitFor((e) => e.kind === 'keep_alive' && e.stream === 'event' && e.at >= since, 14_000, "a keep-alive line on B's event stream");
            const id = await human.challenge(nicks.a, { timeControl: '5+3', color: 'white' });
            const started = await human.gameStartedAt(id);
            const gameId = id; // the challenge's id, as lichess's
            // Nobody moves: the human (White) waits, and A waits for him.
            const opened = a.log.find((e) => e.kind === 'game_full' && e.game === gameId) ?? { at: Date.now() - a.t0 };
            const kept = await a.waitFor((e) => e.kind === 'keep_alive' && e.stream === `game:${gameId}`, 14_000, "a keep-alive line on A's game stream");
            console.log(`     the first keep-alive on A's idle game stream came ${seconds(kept.at - opened.at)} after its gameFull`);
            await bIdle;
            const answer = await a.li.abort(gameId);
            equal(answer.status, 200, 'POST .../abort');
            const over = await human.waitFor((f) => f.type === 'game_over' && f.table === started.table, { what: 'game_over' });
            equal([over.termination, over.result], ['aborted', '*'], "the human's game_over");
            await a.waitForGameEnd(gameId, 10_000);
            equal(a.games.get(gameId).status, 'aborted', "A's final status");
            for (const client of [a, b]) {
                const silent = client.log.filter((e) => e.kind === 'stream_error' && /no byte/.test(e.error));
                equal(silent.map((e) => e.stream), [], `${client.label}'s streams that fell silent for 15 s`);
            }
        });

        await steps.check('every answer and stream line had the keys lichess-bot reads without a default (else a KeyError stops it)', () => {
            for (const client of [a, b]) equal(client.li.shapeErrors, [], `${client.label}'s answers lacking keys`);
        });

        await steps.check('the bots met no 429 at 600 requests a minute, and their loops no errors', () => {
            for (const client of [a, b]) {
                assert(!client.log.some((e) => e.kind === 'rate_limited'), `${client.label} was rate-limited`);
                equal(client.failures.map((f) => f.message), [], `${client.label}'s failures`);
            }
        });
    } finally {
        for (const client of clients) await client.stop().catch(() => {});
        if (human) await human.close().catch(() => {});
        await stopServer(limited).catch(() => {});
        await stopServer(server).catch(() => {});
    }
}

// A run cut short (a closed pipe, an uncaught error) must not leave servers behind.
const started = [];
process.on('exit', () => {
    for (const child of started) if (child.exitCode === null) child.kill('SIGTERM');
});

const steps = new Steps();
try {
    await main(steps);
} catch (error) {
    // A step's failure was printed by the step; anything else (a server that did not start) here.
    if (!steps.failed) {
        steps.failed++;
        console.log(`FAIL ${error.message.split('\n')[0]}`);
    }
}
console.log(`${steps.passed} passed, ${steps.failed} failed in ${seconds(Date.now() - steps.t0)}`);
if (steps.failed) process.exitCode = 1;
