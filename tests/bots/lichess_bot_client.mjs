// A client of lichess's Bot API that does what the lichess-bot program (lichess-bot-devs/
// lichess-bot, lib/lichess_bot.py) does, call for call and in the same order, so that a server
// that satisfies it satisfies lichess-bot by changing only its URL:
//
//   start():   POST /api/token/test (body: the token; the answer must give it `bot:play`)
//              GET  /api/account (title "BOT"? else POST /api/bot/account/upgrade when told to)
//              GET  /api/account/playing
//              GET  /api/stream/event, NDJSON, reopened after a second whenever it ends or fails
//   challenge: GET /api/account/playing, then POST /api/challenge/{id}/accept when a game slot is
//              free (one at a time), or .../decline with reason=<key> (lichess-bot's default rules)
//   gameStart: the game (lichess_bot_game.mjs): GET /api/bot/game/stream/{id}, moves from a UCI
//              engine by POST /api/bot/game/{id}/move/{uci}, chat, then GET /game/export/{id}
//   challengeBot(): matchmaking's GET /api/account, GET /api/bot/online, GET /api/user/{name},
//              then POST /api/challenge/{name}
//
// The calls are lichess_api.mjs's (lichess-bot's lib/lichess.py); everything goes into one log.
// The client keeps lichess-bot's bookkeeping of running games: an accepted challenge holds a game
// slot under the challenge's id until a game of that id ends (on lichess a challenge's game has the
// challenge's id), so a server whose game ids differ from its challenge ids leaves the slot taken
// for ever, as lichess-bot would (`pendingChallengeSlots()`).

import { LichessApi, sleep } from './lichess_api.mjs';
import { BotGame } from './lichess_bot_game.mjs';
import { STOCKFISH } from './uci_engine.mjs';

export { HttpError, RateLimitedError } from './lichess_api.mjs';
export { movesOf, pgnMoves, sideToMove } from './lichess_bot_game.mjs';

// config.yml.default's challenge section (the rules lichess-bot accepts a challenge by).
export const DEFAULT_CHALLENGE_CONFIG = {
    concurrency: 1,
    acceptBot: true,
    onlyBot: false,
    maxIncrement: 20,
    minIncrement: 0,
    maxBase: 1800,
    minBase: 0,
    maxDays: 14,
    minDays: 1,
    variants: ['standard'],
    timeControls: ['bullet', 'blitz', 'rapid', 'classical'],
    modes: ['casual', 'rated'],
    maxSimultaneousGamesPerUser: 5,
};

// config.yml.default's greeting section.
export const DEFAULT_GREETING = {
    hello: "Hi! I'm {me}. Good luck! Type !help for a list of commands I can respond to.",
    goodbye: 'Good game!',
    helloSpectators: "Hi! I'm {me}. Type !help for a list of commands I can respond to.",
    goodbyeSpectators: 'Thanks for watching!',
};

export class LichessBotClient {
    // hooks: onGameState(game, state, client) after each state is taken in; beforeMove(game,
    // state, client) before an engine move ('skip' leaves the move to the hook).
    constructor({
        baseUrl,
        token,
        label = 'bot',
        upgrade = false,
        engine = {},
        challengeConfig = {},
        greeting = DEFAULT_GREETING,
        resignAfterMoves = null,
        drawOffers = 'ignore', // lichess-bot leaves offers to the engine; 'decline' or 'accept' answer at once
        eventStreamBackoffMs = 1000, // lichess-bot's sleep before reopening the event stream
        gameStreamBackoffMs = 500,
        hooks = {},
        ...api // requestTimeoutMs, streamIdleTimeoutMs, retryForMs, maxRateLimitWaitMs, quiet
    }) {
        this.li = new LichessApi({ baseUrl, token, label, ...api });
        this.token = token;
        this.label = label;
        this.upgradeWanted = upgrade;
        this.engineConfig = { path: STOCKFISH, skillLevel: 20, movetimeMs: 20, ...engine };
        this.challengeConfig = { ...DEFAULT_CHALLENGE_CONFIG, ...challengeConfig };
        this.greeting = greeting;
        this.resignAfterMoves = resignAfterMoves;
        this.drawOffers = drawOffers;
        this.eventStreamBackoffMs = eventStreamBackoffMs;
        this.gameStreamBackoffMs = gameStreamBackoffMs;
        this.hooks = hooks;

        this.profile = null;
        this.tokenInfo = null;
        this.events = []; // every event stream line, in order
        this.games = new Map(); // game id -> BotGame
        this.activeGames = new Map(); // lichess-bot's active_games: id -> opponent name
        this.acceptedChallenges = [];
        this.challengeQueue = [];
        this.declinedByOpponent = [];
        this.control = Promise.resolve(); // lichess-bot's main loop: one event at a time
        this.stopped = false;
        this.failures = []; // errors in the event loop and the games (a test reports them)
    }

    // ---- the log (the API's) --------------------------------------------------------------------

    get log() {
        return this.li.log;
    }

    get t0() {
        return this.li.t0;
    }

    note(kind, fields) {
        return this.li.note(kind, fields);
    }

    calls() {
        return this.li.calls();
    }

    callNames() {
        return this.li.callNames();
    }

    waitFor(predicate, timeoutMs, what) {
        return this.li.waitFor(predicate, timeoutMs, what);
    }

    waitForGameEnd(gameId, timeoutMs = 60_000) {
        return this.waitFor((e) => e.kind === 'game_done' && e.game === String(gameId), timeoutMs, `the end of game ${gameId}`);
    }

    cutEventStream() {
        this.li.cut('event');
    }

    cutGameStream(gameId) {
        this.li.cut(`game:${gameId}`);
    }

    // ---- start and stop -------------------------------------------------------------------------

    // start_lichess_bot and start: the token test (Lichess.__init__), the profile, the upgrade,
    // the ongoing games, the event stream. Resolves once the event stream is open; rejects with
    // lichess-bot's reason for stopping.
    async start() {
        this.note('start');
        const info = await this.li.testToken();
        if (!info)
            throw new Error("There was an error in retrieving information about the bot's token. " +
                            'Please check that it was copied correctly into your configuration file and try again.');
        this.tokenInfo = info;
        const scopes = typeof info.scopes === 'string' ? info.scopes.split(',') : [];
        if (!scopes.includes('bot:play'))
            throw new Error('Please use an API access token for your bot that has the scope ' +
                            `"Play games with the bot API (bot:play)". The current token has: ${info.scopes}.`);

        this.profile = await this.li.getProfile();
        let isBot = this.profile.title === 'BOT';
        if (this.upgradeWanted && !isBot) {
            try {
                await this.li.upgradeToBotAccount();
                this.note('upgraded');
                isBot = true;
            } catch (error) {
                this.note('upgrade_failed', { error: error.message });
            }
        }
        if (!isBot) throw new Error(`${this.profile.username} is not a bot account. Please upgrade it to a bot account!`);

        // lichess-bot starts the event stream's process first and asks for the ongoing games in
        // its main loop meanwhile; here one after the other.
        for (const game of (await this.li.getOngoingGames()) || []) this.activeGames.set(String(game.gameId), game.opponent?.username ?? '');
        await new Promise((resolve, reject) => {
            this.eventLoop = this.watchControlStream({ resolve, reject });
        });
        return this;
    }

    // watch_control_stream: reopen a second after the stream ends or fails. A failure before the
    // first opening is the start's.
    async watchControlStream(opened) {
        let first = true;
        while (!this.stopped) {
            try {
                await this.li.eventStream({
                    onOpen: () => {
                        if (first) opened.resolve();
                        first = false;
                    },
                    onLine: (event) => this.enqueue(event),
                });
                this.note('stream_end', { stream: 'event' });
            } catch (error) {
                if (first) {
                    this.stopped = true;
                    opened.reject(error);
                    return;
                }
                this.note('stream_error', { stream: 'event', error: error.message });
            }
            if (this.stopped) break;
            await sleep(this.eventStreamBackoffMs);
            if (!this.stopped) this.note('reconnect', { stream: 'event' });
        }
    }

    async stop() {
        if (this.stopped && this.released) return;
        this.stopped = true;
        this.li.close();
        await this.control.catch(() => {});
        await Promise.allSettled([...this.games.values()].map((game) => game.loop));
        this.li.release();
        this.released = true;
        this.note('stopped');
    }

    // ---- the event stream: lichess_bot_main ---------------------------------------------------------

    enqueue(event) {
        this.events.push(event);
        this.note('event', { type: event.type, id: event.challenge?.id ?? event.game?.gameId ?? event.game?.id ?? null });
        this.control = this.control
            .then(() => this.handleEvent(event))
            .catch((error) => {
                this.failures.push(error);
                this.note('failure', { where: `event ${event.type}`, error: error.message });
            });
    }

    async handleEvent(event) {
        if (this.stopped) return;
        const shape = { challenge: ['challenge', 'challenge'], challengeDeclined: ['challengeDeclined', 'challenge'],
                        challengeCanceled: ['challengeCanceled', 'challenge'], gameStart: ['gameStart', 'game'] }[event.type];
        if (shape) this.li.checkShape(shape[0], event[shape[1]], `the event stream's ${event.type}`);
        if (event.type === 'challenge') await this.handleChallenge(event.challenge);
        else if (event.type === 'challengeDeclined') this.declinedByOpponent.push(event.challenge);
        else if (event.type === 'challengeCanceled') {
            this.activeGames.delete(String(event.challenge.id));
            this.challengeQueue = this.challengeQueue.filter((c) => c.id !== event.challenge.id);
        } else if (event.type === 'gameStart') this.startGame(event.game);
        else if (event.type === 'gameFinish') {
            const game = this.games.get(String(event.game.gameId ?? event.game.id));
            if (game) game.finishEvent = event.game;
        }
        await this.acceptChallenges();
    }

    // model.Challenge.is_supported with config.yml.default: the decline reason, or '' to accept.
    declineReason(challenge) {
        const c = this.challengeConfig;
        const challenger = challenge.challenger || {};
        const isBot = challenger.title === 'BOT' || challenger.aiLevel != null;
        const tc = challenge.timeControl || {};
        const timeControlOk = () => {
            if (!c.timeControls.includes(challenge.speed)) return false;
            if (tc.limit != null && tc.increment != null)
                return c.minIncrement <= tc.increment && tc.increment <= c.maxIncrement && c.minBase <= tc.limit && tc.limit <= c.maxBase;
            if (tc.daysPerTurn != null) return c.minDays <= tc.daysPerTurn && tc.daysPerTurn <= c.maxDays;
            return c.maxDays === Infinity; // unlimited
        };
        const engagements = [...this.activeGames.values(), ...this.challengeQueue.map((q) => q.challenger?.name)].filter(
            (name) => name === challenger.name,
        ).length;
        if (!(c.acceptBot || !isBot)) return 'noBot';
        if (!(!c.onlyBot || isBot)) return 'onlyBot';
        if (!timeControlOk()) return 'timeControl';
        if (!c.variants.includes(challenge.variant?.key)) return 'variant';
        if (!c.modes.includes(challenge.rated ? 'rated' : 'casual')) return challenge.rated ? 'casual' : 'rated';
        if (!(engagements < c.maxSimultaneousGamesPerUser)) return 'later';
        return '';
    }

    // handle_challenge: one's own challenge is ignored; the ongoing games are asked for; then the
    // challenge is queued or declined.
    async handleChallenge(challenge) {
        if (challenge.challenger?.name === this.profile.username) return;
        await this.li.getOngoingGames();
        const reason = this.declineReason(challenge);
        if (!reason) {
            this.challengeQueue.push(challenge);
            return;
        }
        this.note('declining', { id: challenge.id, reason });
        await this.li.declineChallenge(challenge.id, reason);
    }

    // accept_challenges: while a game slot is free. The accepted challenge takes a slot under its
    // own id (freed when a game of that id ends, or the challenge is canceled).
    async acceptChallenges() {
        while (!this.stopped && this.activeGames.size < this.challengeConfig.concurrency && this.challengeQueue.length) {
            const challenge = this.challengeQueue.shift();
            this.note('accepting', { id: challenge.id });
            try {
                await this.li.acceptChallenge(challenge.id);
                this.activeGames.set(String(challenge.id), challenge.challenger?.name ?? '');
                this.acceptedChallenges.push(String(challenge.id));
            } catch (error) {
                this.note('accept_failed', { id: challenge.id, error: error.message, status: error.status ?? null });
            }
        }
    }

    // The accepted challenges that no game of the same id freed: slots lichess-bot never frees.
    pendingChallengeSlots() {
        return this.acceptedChallenges.filter((id) => this.activeGames.has(id) && !this.games.has(id));
    }

    // What lichess-bot's restart does to them: active_games is built anew from the ongoing games.
    forgetPendingChallengeSlots() {
        const slots = this.pendingChallengeSlots();
        for (const id of slots) this.activeGames.delete(id);
        this.note('slots_forgotten', { ids: slots });
        this.control = this.control.then(() => this.acceptChallenges());
    }

    // start_game: the game's own loop; a gameStart for a game being played is ignored.
    startGame(info) {
        const id = String(info.id ?? info.gameId); // lichess-bot reads event["game"]["id"]
        if (this.games.get(id)?.done === false) {
            this.note('game_already_played', { game: id });
            return;
        }
        this.activeGames.set(id, info.opponent?.username ?? '');
        const game = new BotGame(this, info);
        this.games.set(id, game);
        game.loop = game
            .play()
            .catch((error) => game.fail('game', error))
            .then(() => {
                game.done = true;
                this.activeGames.delete(id); // local_game_done
                this.note('game_done', { game: id, status: game.status, winner: game.winner, moves: game.state?.moves?.split(' ').filter(Boolean).length ?? 0 });
                this.control = this.control.then(() => this.acceptChallenges());
            });
    }

    // ---- challenging ------------------------------------------------------------------------------

    // Matchmaking.challenge for one opponent: the profile again, the online bots, the opponent's
    // public data (one that blocks us is not challenged), then the challenge (JSON, as lichess-bot).
    async challengeBot(username, options = {}) {
        this.profile = await this.li.getProfile();
        const bots = await this.li.getOnlineBots();
        this.note('online_bots', { usernames: bots.map((b) => b.username) });
        const publicData = await this.li.getPublicData(username);
        if (publicData.blocking) throw new Error(`${username} blocks ${this.profile.username}`);
        return this.challenge(username, options);
    }

    // Matchmaking.create_challenge's parameters: rated, variant, and clock.limit/clock.increment
    // (or days); with clockLimit null, neither (an unlimited game, which lichess-bot never asks
    // for). `color` is not lichess-bot's; `body` 'json' is, 'form' is the API description's.
    async challenge(username, { rated = false, clockLimit = 180, clockIncrement = 2, days = null, variant = 'standard', color = null, body = 'json' } = {}) {
        const params = { rated, variant };
        if (days) params.days = days;
        else if (clockLimit != null) {
            params['clock.limit'] = clockLimit;
            params['clock.increment'] = clockIncrement ?? 0;
        }
        if (color) params.color = color;
        const answer = await this.li.challenge(username, params, body);
        this.note('challenged', { to: username, id: answer.id ?? null, status: answer.httpStatus });
        return answer;
    }
}
