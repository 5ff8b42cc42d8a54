// One game of the lichess-bot-compatible client: lichess-bot's play_game (lib/lichess_bot.py)
// with its Conversation (lib/conversation.py). The game stream's first line is gameFull; each
// state where the moves changed and the bot is to move gets an engine move (a UCI process of its
// own for the game, as lichess-bot's engine_wrapper makes one per game), the first move after a
// hello in the player and spectator chats; at the end "Good game!" and "Thanks for watching!",
// then the PGN from /game/export/{id}. A chatLine starting with "!" is a command (!help, !name).
//
// Where lichess-bot leaves a game whose stream drops (it waits for the event stream's next
// gameStart), this loop asks /api/account/playing whether the game still runs (lichess-bot's
// game_is_active) and reopens the stream after a short wait: gameFull again, then states.

import { HttpError, sleep } from './lichess_api.mjs';
import { UciEngine } from './uci_engine.mjs';

// The side to move after `plies` moves from `initialFen` ("startpos", absent, or a FEN).
export function sideToMove(initialFen, plies) {
    const first = !initialFen || initialFen === 'startpos' ? 'white' : initialFen.split(' ')[1] === 'b' ? 'black' : 'white';
    if (plies % 2 === 0) return first;
    return first === 'white' ? 'black' : 'white';
}

// The UCI moves of a gameState (its `moves`, separated by spaces).
export function movesOf(state) {
    return state && state.moves ? state.moves.split(' ').filter(Boolean) : [];
}

// The SAN moves of a PGN's movetext, without tags, comments, variations, numbers, NAGs and result.
export function pgnMoves(pgn) {
    const body = pgn.split(/\r?\n/).filter((line) => !line.startsWith('[')).join(' ');
    let text = body.replace(/\{[^}]*\}/g, ' ').replace(/;[^\n]*/g, ' ');
    while (/\([^()]*\)/.test(text)) text = text.replace(/\([^()]*\)/g, ' ');
    return text
        .split(/\s+/)
        .map((token) => token.replace(/^\d+\.+/, ''))
        .filter((token) => token && !/^\$\d+$/.test(token) && !['1-0', '0-1', '1/2-1/2', '*'].includes(token));
}

export class BotGame {
    constructor(client, startEvent) {
        this.client = client;
        this.li = client.li;
        this.id = String(startEvent.id ?? startEvent.gameId);
        this.startEvent = startEvent; // the gameStart event's game
        this.fulls = []; // every gameFull (one per stream opened)
        this.full = null;
        this.states = []; // every state, the gameFull's included
        this.state = null;
        this.color = null;
        this.chatLines = [];
        this.opponentGone = [];
        this.keepAlives = 0;
        this.streamOpens = 0;
        this.movesSent = []; // {ply, uci, ok, error?}
        this.moveErrors = []; // {ply, uci, status, error}
        this.drawAnswers = []; // plies at which an offer was answered
        this.over = false;
        this.status = null;
        this.winner = null;
        this.finishEvent = null; // the event stream's gameFinish
        this.streamClosedByServer = null;
        this.pgn = null;
        this.done = false;
        this.engine = null;
        this.pending = Promise.resolve(); // lines are handled one at a time, in order
    }

    note(kind, fields = {}) {
        return this.client.note(kind, { game: this.id, ...fields });
    }

    fail(where, error) {
        this.client.failures.push(error);
        this.note('failure', { where, error: error.message });
    }

    // The game to its end (or until the client stops): streams, moves, then the PGN.
    async play() {
        try {
            while (!this.client.stopped) {
                let ended = false;
                this.prior = null; // a new stream starts afresh, as lichess-bot's play_game does
                try {
                    await this.li.gameStream(this.id, {
                        onOpen: () => this.streamOpens++,
                        onKeepAlive: () => this.keepAlives++,
                        onLine: (line) => {
                            this.pending = this.pending.then(() => this.handleLine(line)).catch((error) => this.fail('game line', error));
                        },
                    });
                    ended = true;
                    this.note('stream_end', { stream: `game:${this.id}` });
                } catch (error) {
                    this.note('stream_error', { stream: `game:${this.id}`, error: error.message, status: error.status ?? null });
                    if (error instanceof HttpError && error.status < 500) break; // lichess-bot's is_final
                }
                await this.pending;
                if (this.over) {
                    this.streamClosedByServer = ended;
                    break;
                }
                if (this.client.stopped) break;
                // game_is_active: still running if /api/account/playing lists it (or cannot be asked).
                const ongoing = await this.li.getOngoingGames();
                if (ongoing && !ongoing.some((g) => String(g.gameId) === this.id)) {
                    this.note('game_not_active');
                    break;
                }
                await sleep(this.client.gameStreamBackoffMs);
                this.note('reconnect', { stream: `game:${this.id}` });
            }
        } finally {
            if (this.engine) await this.engine.quit();
        }
        this.pgn = await this.li.getGamePgn(this.id); // try_get_pgn_game_record
        this.done = true;
    }

    async handleLine(line) {
        const shape = { gameFull: 'gameFull', gameState: 'gameState', chatLine: 'chatLine' }[line.type];
        if (shape) this.li.checkShape(shape, line, `game ${this.id}'s stream`);
        if (line.type === 'gameFull') {
            this.li.checkShape('gameState', line.state ?? {}, `game ${this.id}'s gameFull.state`);
            this.fulls.push(line);
            this.full = line;
            this.note('game_full', { moves: movesOf(line.state).length, status: line.state?.status });
            if (!this.engine) await this.startEngine();
            return this.handleState(line.state);
        }
        if (line.type === 'gameState') return this.handleState(line);
        if (line.type === 'chatLine') return this.handleChat(line);
        if (line.type === 'opponentGone') {
            this.opponentGone.push(line);
            return this.note('opponent_gone', { gone: line.gone, claimWinInSeconds: line.claimWinInSeconds ?? null });
        }
        this.note('unknown_line', { type: line.type ?? null });
    }

    async startEngine() {
        const config = this.client.engineConfig;
        this.engine = new UciEngine({ path: config.path, name: `${this.client.label}'s engine` });
        await this.engine.start({ 'Skill Level': config.skillLevel });
        await this.engine.newGame();
    }

    myColor() {
        const profile = this.client.profile;
        const white = this.full.white || {};
        const name = (white.name || '').toLowerCase();
        const id = (white.id || '').toLowerCase();
        return name === profile.username.toLowerCase() || (profile.id && id === profile.id.toLowerCase()) ? 'white' : 'black';
    }

    // play_game's loop body for a gameState (and the gameFull's state).
    async handleState(state) {
        const client = this.client;
        this.state = state;
        this.states.push(state);
        this.color = this.myColor();
        const moves = movesOf(state);
        const key = state.moves || '';
        const prior = this.prior;
        this.prior = key;
        this.note('game_state', { moves: moves.length, status: state.status, winner: state.winner ?? null });
        if (client.hooks.onGameState) await client.hooks.onGameState(this, state, client);
        if (state.status !== 'started') {
            if (this.over) return;
            this.over = true;
            this.status = state.status;
            this.winner = state.winner ?? null;
            this.note('game_over', { status: state.status, winner: this.winner });
            await this.sendMessage('player', client.greeting.goodbye);
            await this.sendMessage('spectator', client.greeting.goodbyeSpectators);
            return;
        }
        const opponent = this.color === 'white' ? 'b' : 'w';
        if (client.drawOffers !== 'ignore' && state[`${opponent}draw`] && !this.drawAnswers.includes(moves.length)) {
            this.drawAnswers.push(moves.length);
            await this.li.answerDraw(this.id, client.drawOffers === 'accept').catch((error) => this.note('draw_failed', { error: error.message }));
        }
        // is_engine_move: the moves changed and the bot is to move (and, across a reconnect, this
        // ply was not played already).
        const changed = prior === null || prior !== key;
        if (!changed || sideToMove(this.full.initialFen, moves.length) !== this.color) return;
        if (this.movesSent.some((m) => m.ply === moves.length && m.ok)) return;
        if (moves.length < 2) {
            await this.sendMessage('player', client.greeting.hello);
            await this.sendMessage('spectator', client.greeting.helloSpectators);
        }
        if (client.hooks.beforeMove && (await client.hooks.beforeMove(this, state, client)) === 'skip') return;
        if (client.resignAfterMoves && moves.length >= client.resignAfterMoves * 2) {
            await this.li.resign(this.id).catch((error) => this.note('resign_failed', { error: error.message }));
            return;
        }
        const move = await this.engine.bestMove({ initialFen: this.full.initialFen, moves, movetimeMs: client.engineConfig.movetimeMs });
        if (move) await this.move(move, moves.length);
    }

    async move(uci, ply) {
        const sent = { ply, uci, ok: false };
        this.movesSent.push(sent);
        try {
            await this.li.makeMove(this.id, uci, false);
            sent.ok = true;
        } catch (error) {
            sent.error = error.message;
            this.moveErrors.push({ ply, uci, status: error.status ?? null, error: error.json?.error ?? error.message });
            this.note('move_failed', { uci, status: error.status ?? null });
        }
    }

    // Conversation.react: a line starting with "!" is a command, answered in the same room.
    async handleChat(line) {
        this.chatLines.push(line);
        this.note('chat_line', { room: line.room, username: line.username, text: line.text });
        if (!line.text || line.text[0] !== '!') return;
        const command = line.text.slice(1).toLowerCase();
        if (command === 'help' || command === 'commands')
            return this.chat(line.room, 'Supported commands: !wait (wait a minute for my first move), !name, !eval (or any text starting with !eval), !queue');
        if (command === 'name') {
            const me = this.color === 'white' ? this.full.white : this.full.black;
            const name = me?.name ?? this.client.profile.username;
            return this.chat(line.room, `${name} running ${this.engine?.id ?? 'an engine'} (lichess-bot compatible test client)`);
        }
    }

    // Conversation.send_message: {me} and {opponent} filled in; nothing for an empty text.
    sendMessage(room, template) {
        if (!template) return;
        const opponent = this.color === 'white' ? this.full.black : this.full.white;
        return this.chat(room, template.replace('{me}', this.client.profile.username).replace('{opponent}', opponent?.name ?? ''));
    }

    chat(room, text) {
        return this.li.chat(this.id, room, text).catch((error) => this.note('chat_failed', { error: error.message }));
    }
}
