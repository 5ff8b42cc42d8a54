// A stand-in for lichess's Bot API, for the self-check of lichess_bot_client.mjs without the
// Rochade server: one bot account, an opponent that plays random legal moves (chessops, from the
// web client's packages), the event and game streams with keep-alive lines, and the shapes of
// lichess's API description (doc/specs in lichess-org/api). It answers what the self-check needs
// and nothing more; it is not a model of the Rochade server.

import http from 'node:http';

import { Chess, makeUci, parseUci } from '../../web/node_modules/chessops/dist/esm/index.js';
import { castlingSide, normalizeMove } from '../../web/node_modules/chessops/dist/esm/chess.js';
import { makeSanAndPlay } from '../../web/node_modules/chessops/dist/esm/san.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Every legal move of `pos` in standard UCI (castling as e1g1, promotions to a queen).
function legalUci(pos) {
    const moves = [];
    for (const [from, dests] of pos.allDests()) {
        for (const to of dests) {
            const move = { from, to };
            const side = castlingSide(pos, move);
            if (side) {
                const king = makeUci(move).slice(0, 2);
                moves.push(king + (side === 'h' ? 'g' : 'c') + king[1]);
                continue;
            }
            const piece = pos.board.get(from);
            const lastRank = to >> 3 === 0 || to >> 3 === 7;
            moves.push(makeUci(move) + (piece.role === 'pawn' && lastRank ? 'q' : ''));
        }
    }
    return moves;
}

export class FakeLichess {
    constructor({ token, username = 'Fakebot', title = null, botIsWhite = false, resignAfterPlies = 40, keepAliveMs = 300, seed = 7 }) {
        this.token = token;
        this.user = { id: username.toLowerCase(), username, title, perfs: {} };
        this.botIsWhite = botIsWhite;
        this.resignAfterPlies = resignAfterPlies;
        this.keepAliveMs = keepAliveMs;
        this.random = (() => {
            let a = seed;
            return () => ((a = (a * 1103515245 + 12345) % 2147483648) / 2147483648);
        })();
        this.requests = []; // "METHOD path" in order
        this.bodies = [];
        this.eventStreams = new Set();
        this.gameStreams = new Set();
        this.games = new Map();
        this.challenges = new Map();
        this.rateLimitOnce = new Set(); // paths answered 429 once
    }

    listen() {
        this.server = http.createServer((request, response) => this.handle(request, response));
        return new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${this.server.address().port}/`)));
    }

    async close() {
        for (const r of [...this.eventStreams, ...this.gameStreams]) r.end();
        this.server.closeAllConnections();
        await new Promise((resolve) => this.server.close(resolve));
    }

    sendEvent(event) {
        for (const stream of this.eventStreams) stream.write(JSON.stringify(event) + '\n');
    }

    // A challenge to the bot from "Opponent" (lichess's ChallengeJson).
    challenge(id, { limit = 300, increment = 3, unlimited = false } = {}) {
        const challenge = {
            id,
            url: `https://lichess.org/${id}`,
            status: 'created',
            challenger: { id: 'opponent', name: 'Opponent', rating: 1500, provisional: true, online: true },
            destUser: { id: this.user.id, name: this.user.username, rating: 1500, title: 'BOT', online: true },
            variant: { key: 'standard', name: 'Standard', short: 'Std' },
            rated: false,
            speed: unlimited ? 'correspondence' : 'blitz',
            timeControl: unlimited ? { type: 'unlimited' } : { type: 'clock', limit, increment, show: `${limit / 60}+${increment}` },
            color: this.botIsWhite ? 'black' : 'white',
            finalColor: this.botIsWhite ? 'black' : 'white',
            perf: { icon: '', name: unlimited ? 'Correspondence' : 'Blitz' },
        };
        this.challenges.set(id, challenge);
        this.sendEvent({ type: 'challenge', challenge, compat: { bot: true, board: true } });
    }

    gameInfo(game) {
        const myTurn = (game.pos.turn === 'white') === this.botIsWhite;
        return {
            fullId: game.id + 'abcd', gameId: game.id, id: game.id, color: this.botIsWhite ? 'white' : 'black',
            fen: 'startpos', lastMove: game.moves.at(-1) ?? '', source: 'friend',
            status: { id: game.status === 'started' ? 20 : 31, name: game.status },
            variant: { key: 'standard', name: 'Standard' }, speed: 'blitz', perf: 'blitz', rated: false,
            hasMoved: game.moves.length > 0, opponent: { id: 'opponent', username: 'Opponent', rating: 1500 },
            isMyTurn: myTurn, secondsLeft: 300, compat: { bot: true, board: true },
            ...(game.winner ? { winner: game.winner } : {}),
        };
    }

    state(game) {
        return {
            type: 'gameState', moves: game.moves.join(' '), wtime: 300000, btime: 300000, winc: 3000, binc: 3000,
            status: game.status, ...(game.winner ? { winner: game.winner } : {}),
        };
    }

    gameFull(game) {
        const bot = { id: this.user.id, name: this.user.username, title: 'BOT', rating: 1500 };
        const opponent = { id: 'opponent', name: 'Opponent', title: null, rating: 1500 };
        return {
            type: 'gameFull', id: game.id, variant: { key: 'standard', name: 'Standard', short: 'Std' },
            clock: { initial: 300000, increment: 3000 }, speed: 'blitz', perf: { name: 'Blitz' }, rated: false,
            createdAt: Date.now(), white: this.botIsWhite ? bot : opponent, black: this.botIsWhite ? opponent : bot,
            initialFen: 'startpos', state: this.state(game),
        };
    }

    sendState(game) {
        const line = JSON.stringify(this.state(game)) + '\n';
        for (const stream of game.streams) stream.write(line);
        if (game.status !== 'started') {
            for (const stream of game.streams) stream.end(); // lichess closes the stream at the end
            this.sendEvent({ type: 'gameFinish', game: this.gameInfo(game) });
        }
    }

    play(game, uci) {
        const move = normalizeMove(game.pos, parseUci(uci));
        game.sans.push(makeSanAndPlay(game.pos, move));
        game.moves.push(uci);
        if (game.pos.isCheckmate()) {
            game.status = 'mate';
            game.winner = game.pos.turn === 'white' ? 'black' : 'white';
        } else if (game.pos.isEnd()) game.status = 'stalemate';
    }

    async opponentMoves(game) {
        await sleep(5);
        if (game.status !== 'started') return;
        if (game.moves.length >= this.resignAfterPlies) {
            game.status = 'resign';
            game.winner = this.botIsWhite ? 'white' : 'black';
        } else {
            const legal = legalUci(game.pos);
            this.play(game, legal[Math.floor(this.random() * legal.length)]);
        }
        this.sendState(game);
    }

    json(response, status, body, headers = {}) {
        response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
        response.end(JSON.stringify(body));
    }

    ndjson(response, streams) {
        response.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
        streams.add(response);
        const keepAlive = setInterval(() => response.write('\n'), this.keepAliveMs);
        response.on('close', () => {
            clearInterval(keepAlive);
            streams.delete(response);
        });
    }

    async handle(request, response) {
        const chunks = [];
        for await (const chunk of request) chunks.push(chunk);
        const body = Buffer.concat(chunks).toString();
        const url = new URL(request.url, 'http://x');
        const path = url.pathname;
        this.requests.push(`${request.method} ${path}`);
        this.bodies.push({ path, body, contentType: request.headers['content-type'] ?? null, query: url.search });
        if (this.rateLimitOnce.has(path)) {
            this.rateLimitOnce.delete(path);
            return this.json(response, 429, { error: 'Too many requests' }, { 'Retry-After': '1' });
        }
        if (path === '/api/token/test')
            return this.json(response, 200, { [body]: body === this.token ? { userId: this.user.id, scopes: 'bot:play,challenge:read,challenge:write', expires: null } : null });
        if (request.headers.authorization !== `Bearer ${this.token}`) return this.json(response, 401, { error: 'No such token' });
        let m;
        if (path === '/api/account') {
            const profile = { ...this.user };
            if (!profile.title) delete profile.title;
            return this.json(response, 200, profile);
        }
        if (path === '/api/bot/account/upgrade') {
            this.user.title = 'BOT';
            return this.json(response, 200, { ok: true });
        }
        if (path === '/api/account/playing') {
            const nowPlaying = [...this.games.values()].filter((g) => g.status === 'started').map((g) => this.gameInfo(g));
            return this.json(response, 200, { nowPlaying, nbMyTurn: nowPlaying.filter((g) => g.isMyTurn).length });
        }
        if (path === '/api/stream/event') {
            this.ndjson(response, this.eventStreams);
            // "When the stream opens, all current challenges and games are sent."
            for (const game of this.games.values())
                if (game.status === 'started') response.write(JSON.stringify({ type: 'gameStart', game: this.gameInfo(game) }) + '\n');
            return;
        }
        if ((m = path.match(/^\/api\/challenge\/([^/]+)\/(accept|decline)$/))) {
            const challenge = this.challenges.get(m[1]);
            if (!challenge) return this.json(response, 404, { error: 'Not found' });
            this.challenges.delete(m[1]);
            this.json(response, 200, { ok: true });
            if (m[2] === 'accept') {
                const game = { id: m[1], pos: Chess.default(), moves: [], sans: [], status: 'started', winner: null, streams: new Set() };
                this.games.set(game.id, game);
                this.sendEvent({ type: 'gameStart', game: this.gameInfo(game) });
                if (!this.botIsWhite) this.opponentMoves(game);
            }
            return;
        }
        if ((m = path.match(/^\/api\/bot\/game\/stream\/([^/]+)$/))) {
            const game = this.games.get(m[1]);
            if (!game) return this.json(response, 404, { error: 'No such game' });
            this.ndjson(response, game.streams);
            response.write(JSON.stringify(this.gameFull(game)) + '\n');
            if (game.status !== 'started') response.end();
            return;
        }
        if ((m = path.match(/^\/api\/bot\/game\/([^/]+)\/move\/([^/]+)$/))) {
            const game = this.games.get(m[1]);
            if (!game) return this.json(response, 404, { error: 'No such game' });
            const botTurn = (game.pos.turn === 'white') === this.botIsWhite;
            const move = parseUci(m[2]);
            if (!botTurn || game.status !== 'started') return this.json(response, 400, { error: 'Not your turn, or game already over' });
            if (!move || !game.pos.isLegal(normalizeMove(game.pos, move)))
                return this.json(response, 400, { error: `Piece on ${m[2].slice(0, 2)} cannot move to ${m[2].slice(2, 4)}` });
            this.play(game, m[2]);
            this.json(response, 200, { ok: true });
            this.sendState(game);
            if (game.status === 'started') this.opponentMoves(game);
            return;
        }
        if ((m = path.match(/^\/api\/bot\/game\/([^/]+)\/chat$/))) {
            const game = this.games.get(m[1]);
            const form = new URLSearchParams(body);
            this.json(response, 200, { ok: true });
            const line = { type: 'chatLine', room: form.get('room'), username: this.user.username, text: form.get('text') };
            if (game) for (const s of game.streams) s.write(JSON.stringify(line) + '\n');
            return;
        }
        if ((m = path.match(/^\/game\/export\/([^/]+)$/))) {
            const game = this.games.get(m[1]);
            if (!game) return this.json(response, 404, { error: 'Not found' });
            const result = game.winner === 'white' ? '1-0' : game.winner === 'black' ? '0-1' : game.status === 'started' ? '*' : '1/2-1/2';
            const movetext = game.sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san) + ' { [%clk 0:05:00] }').join(' ');
            response.writeHead(200, { 'Content-Type': 'application/x-chess-pgn' });
            return response.end(`[Event "Casual blitz game"]\n[Site "https://lichess.org/${game.id}"]\n[Result "${result}"]\n\n${movetext} ${result}\n\n\n`);
        }
        if ((m = path.match(/^\/api\/user\/([^/]+)$/))) return this.json(response, 200, { id: m[1].toLowerCase(), username: m[1], title: 'BOT' });
        return this.json(response, 404, { error: 'Not found' });
    }
}
