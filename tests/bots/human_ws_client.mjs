// A human at Rochade's own WebSocket protocol (docs/protocol.md), on Node's `net` alone (Node 20
// has no WebSocket client): enough of RFC 6455 for the server's frames (the upgrade, masked
// text frames out, unmasked text frames in, pings answered with pongs, the close handshake),
// as scripts/ws-check.mjs does it. The player says hello with a nick and password, challenges
// a nick (section 6d), accepts or declines challenges, and plays a game with random legal moves
// from the `legal_moves` of `table_state`, `game_started` and `move` (section 8), resigning
// after a number of his own moves if the game has not ended by then.

import net from 'node:net';
import crypto from 'node:crypto';

import { OP_CLOSE, OP_CONTINUATION, OP_PING, OP_PONG, OP_TEXT, clientFrame, readFrame } from '../../scripts/ws_frames.mjs';

// A small seeded generator (mulberry32), so that a failing game can be played again.
export function seededRandom(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// One client frame: FIN, the opcode, the mask bit and a random mask (RFC 6455 5.3).

export class HumanWsClient {
    constructor({ host = '127.0.0.1', port, label = 'human', seed = 1 }) {
        this.host = host;
        this.port = port;
        this.label = label;
        this.random = seededRandom(seed);
        this.seed = seed;
        this.frames = []; // every JSON frame received, in order
        this.arrivals = []; // when each came (ms since the epoch)
        this.sent = [];
        this.listeners = new Set();
        this.nextId = 1;
        this.closedWith = null;
    }

    connect() {
        return new Promise((resolve, reject) => {
            const key = crypto.randomBytes(16).toString('base64');
            const socket = net.connect({ host: this.host, port: this.port });
            this.socket = socket;
            let buffer = Buffer.alloc(0);
            let upgraded = false;
            let fragments = null;
            this.closed = new Promise((done) => (this.resolveClosed = done));
            socket.on('connect', () =>
                socket.write(`GET /ws HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nUpgrade: websocket\r\n` +
                             `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`),
            );
            socket.on('error', (error) => {
                if (!upgraded) reject(error);
                this.resolveClosed(this.closedWith ?? 1006);
            });
            socket.on('close', () => this.resolveClosed(this.closedWith ?? 1006));
            socket.on('data', (chunk) => {
                buffer = Buffer.concat([buffer, chunk]);
                if (!upgraded) {
                    const end = buffer.indexOf('\r\n\r\n');
                    if (end < 0) return;
                    const head = buffer.subarray(0, end).toString();
                    if (!/^HTTP\/1\.1 101/.test(head)) return reject(new Error(`upgrade refused: ${head.split('\r\n')[0]}`));
                    const accept = crypto.createHash('sha1').update(key + '258EAFA5-E914-47DA-95CA-C5AB0DC85B11').digest('base64');
                    if (!head.toLowerCase().includes(`sec-websocket-accept: ${accept.toLowerCase()}`))
                        return reject(new Error('upgrade: wrong Sec-WebSocket-Accept'));
                    upgraded = true;
                    buffer = buffer.subarray(end + 4);
                    resolve(this);
                }
                for (let frame; (frame = readFrame(buffer));) {
                    const { fin, opcode, payload } = frame;
                    buffer = frame.rest;
                    if (opcode === OP_PING) {
                        socket.write(clientFrame(OP_PONG, payload));
                    } else if (opcode === OP_CLOSE) {
                        this.closedWith = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
                        socket.end(clientFrame(OP_CLOSE, payload.subarray(0, 2)));
                        this.resolveClosed(this.closedWith);
                        return;
                    } else if (opcode === OP_TEXT || (opcode === OP_CONTINUATION && fragments)) {
                        fragments = fragments ? Buffer.concat([fragments, payload]) : Buffer.from(payload);
                        if (fin) {
                            const text = fragments.toString('utf8');
                            fragments = null;
                            this.receive(JSON.parse(text));
                        }
                    }
                }
            });
        });
    }

    receive(frame) {
        this.arrivals.push(Date.now());
        this.frames.push(frame);
        for (const listener of [...this.listeners]) listener(frame);
    }

    send(message) {
        this.sent.push(message);
        this.socket.write(clientFrame(OP_TEXT, Buffer.from(JSON.stringify(message))));
    }

    // The first frame (already received, from index `from` on, or still to come) that `predicate`
    // accepts. An error frame for which `failOn` holds rejects instead.
    waitFor(predicate, { timeoutMs = 10_000, from = 0, what = 'a frame', failOn = null } = {}) {
        const seen = this.frames.slice(from).find((f) => predicate(f) || (failOn && failOn(f)));
        if (seen) return failOn && failOn(seen) && !predicate(seen) ? Promise.reject(frameError(seen)) : Promise.resolve(seen);
        return new Promise((resolve, reject) => {
            const listener = (frame) => {
                const failed = failOn && failOn(frame) && !predicate(frame);
                if (!predicate(frame) && !failed) return;
                this.listeners.delete(listener);
                clearTimeout(timer);
                if (failed) reject(frameError(frame));
                else resolve(frame);
            };
            const timer = setTimeout(() => {
                this.listeners.delete(listener);
                reject(new Error(`${this.label}: no ${what} within ${timeoutMs} ms`));
            }, timeoutMs);
            this.listeners.add(listener);
        });
    }

    // A request with an id, answered by exactly one frame with that id (section 3).
    async request(message, { timeoutMs = 10_000 } = {}) {
        const id = this.nextId++;
        const from = this.frames.length;
        this.send({ ...message, id });
        const reply = await this.waitFor((f) => f.id === id, { timeoutMs, from, what: `the reply to ${message.type}` });
        if (reply.type === 'error') throw frameError(reply);
        return reply;
    }

    async hello(nick, password) {
        await this.waitFor((f) => f.type === 'welcome', { what: 'welcome' });
        const reply = await this.request({ type: 'hello', nick, password });
        this.nick = reply.nick;
        return reply;
    }

    // Section 6d: {"type":"challenge","to":..,"time_control":..,"color":..,"rated":..}; resolves
    // with the challenge's id once the challenged player has it.
    async challenge(to, { timeControl = '5+3', color = 'random', rated = false, message = null } = {}) {
        const reply = await this.request({ type: 'challenge', to, time_control: timeControl, color, rated, ...(message ? { message } : {}) });
        return reply.challenge;
    }

    acceptChallenge(challenge) {
        return this.request({ type: 'accept_challenge', challenge });
    }

    declineChallenge(challenge, reason = 'generic') {
        return this.request({ type: 'decline_challenge', challenge, reason });
    }

    // After an accepted challenge: the table's `game_started` (or `table_state` with a game).
    async gameStartedAt(challengeId, { timeoutMs = 15_000 } = {}) {
        const accepted = await this.waitFor((f) => f.type === 'challenge_accepted' && f.challenge === challengeId, {
            timeoutMs,
            what: `challenge_accepted for ${challengeId}`,
            failOn: (f) => ['challenge_declined', 'challenge_expired', 'challenge_canceled'].includes(f.type) && f.challenge === challengeId,
        });
        const started = await this.waitFor((f) => (f.type === 'game_started' || f.type === 'table_state') && f.table === accepted.table && f.game_id != null, {
            timeoutMs,
            what: `game_started at table ${accepted.table}`,
        });
        return { table: accepted.table, room: accepted.room, gameStarted: started };
    }

    // Plays the game at `table` to its end: a random legal move (after `thinkMs`) whenever the
    // last frame of the table says it is our turn; after `resignAfter` own moves, resigns. A
    // move may carry options from `moveOptions(ownMoveNumber)` (e.g. {offer_draw: true}).
    // Resolves with {gameOver, moves (SAN list), ownMoves, color, resigned}.
    playRandomly(table, started, { resignAfter = 60, moveOptions = () => ({}), thinkMs = 80, timeoutMs = 90_000 } = {}) {
        const me = this.nick.toLowerCase();
        const color = started.white?.toLowerCase() === me ? 'white' : started.black?.toLowerCase() === me ? 'black' : null;
        if (!color) return Promise.reject(new Error(`${this.label}: ${this.nick} sits at neither side of table ${table}`));
        const moves = (started.moves || []).map((m) => m.san);
        let ownMoves = 0;
        let resigned = false;
        return new Promise((resolve, reject) => {
            let settled = false;
            const done = (settle, value) => {
                settled = true;
                this.listeners.delete(listener);
                clearTimeout(timer);
                settle(value);
            };
            const play = (frame) => {
                if (frame.to_move !== color || !frame.legal_moves?.length) return;
                if (ownMoves >= resignAfter) {
                    if (!resigned) this.send({ type: 'resign', table });
                    resigned = true;
                    return;
                }
                const move = frame.legal_moves[Math.floor(this.random() * frame.legal_moves.length)];
                ownMoves++;
                const options = moveOptions(ownMoves);
                // A moment to think: the server allows 20 messages a second (protocol section 14).
                setTimeout(() => {
                    if (!settled) this.send({ type: 'move', id: this.nextId++, table, move, ...options });
                }, thinkMs);
            };
            const listener = (frame) => {
                if (settled) return;
                // A move's error carries its id, not the table: every error ends the game's play.
                if (frame.type === 'error') return done(reject, frameError(frame));
                if (frame.table !== table) return;
                if (frame.type === 'move') {
                    moves.push(frame.san);
                    play(frame);
                } else if (frame.type === 'game_over') {
                    done(resolve, { gameOver: frame, moves, ownMoves, color, resigned });
                }
            };
            const timer = setTimeout(
                () => done(reject, new Error(`${this.label}: the game at table ${table} did not end within ${timeoutMs} ms (${moves.length} plies)`)),
                timeoutMs,
            );
            // The frames that came after `started` before this call are played through first.
            play(started);
            const index = this.frames.indexOf(started);
            if (index >= 0) for (const frame of this.frames.slice(index + 1)) listener(frame);
            if (!settled) this.listeners.add(listener);
        });
    }

    close() {
        if (!this.socket || this.socket.destroyed) return Promise.resolve(this.closedWith);
        this.socket.write(clientFrame(OP_CLOSE, Buffer.from([0x03, 0xe8])));
        const timer = setTimeout(() => this.socket.destroy(), 1000);
        return this.closed.then((code) => {
            clearTimeout(timer);
            return code;
        });
    }
}

function frameError(frame) {
    const error = new Error(`error frame: ${frame.code}: ${frame.message}`);
    error.code = frame.code;
    error.frame = frame;
    return error;
}
