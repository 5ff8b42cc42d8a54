// lichess's Bot API as lichess-bot calls it: its lib/lichess.py (the `li` object) in Node, with
// the same endpoints, bodies, timeouts, retries and rate-limit timers, over node:http. Every
// request, stream change and rate-limit wait goes into `log` in order, so that a test can
// assert what was called when (`calls()`, `callNames()`, `waitFor()`).
//
// What lichess-bot does and this does too:
//   - `Authorization: Bearer <token>` on every request (also the token test, which needs none);
//   - a 2 s timeout per request, 15 s without a byte on a stream; network errors and 5xx
//     retried every 0.1 s for up to 60 s (backoff.constant);
//   - a 429 stops the endpoint (by its path template) for Retry-After seconds (lichess-bot:
//     the challenge endpoint honours Retry-After; the others wait 1 s for a move, 60 s else);
//     a call in that time waits it out, or (past maxRateLimitWaitMs) throws RateLimitedError
//     without a request, as lichess-bot's get_path_template does;
//   - bodies: the token test's is the bare token (no Content-Type); decline's is the form
//     `reason=<key>`; chat's is the form room=..&text=..; a challenge's is JSON (requests'
//     json=payload); moves carry ?offeringDraw=false; /api/bot/online asks nb=512.

import http from 'node:http';
import zlib from 'node:zlib';

import { NdjsonLines, parseNdjson } from './ndjson_lines.mjs';
import { missingKeys } from './lichess_shapes.mjs';

// lib/lichess.py's ENDPOINTS (with draw, which lichess-bot does not call).
export const ENDPOINTS = {
    profile: '/api/account',
    playing: '/api/account/playing',
    stream: '/api/bot/game/stream/{}',
    stream_event: '/api/stream/event',
    move: '/api/bot/game/{}/move/{}',
    chat: '/api/bot/game/{}/chat',
    abort: '/api/bot/game/{}/abort',
    accept: '/api/challenge/{}/accept',
    decline: '/api/challenge/{}/decline',
    upgrade: '/api/bot/account/upgrade',
    resign: '/api/bot/game/{}/resign',
    draw: '/api/bot/game/{}/draw/{}',
    export: '/game/export/{}',
    online_bots: '/api/bot/online',
    challenge: '/api/challenge/{}',
    cancel: '/api/challenge/{}/cancel',
    status: '/api/users/status',
    public_data: '/api/user/{}',
    token_test: '/api/token/test',
};

const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

export class HttpError extends Error {
    constructor(method, path, status, text, headers) {
        super(`${method} ${path}: HTTP ${status} ${text.slice(0, 200)}`);
        this.status = status;
        this.text = text;
        this.headers = headers;
        try {
            this.json = JSON.parse(text);
        } catch {
            this.json = null;
        }
    }
}

// lichess-bot's RateLimitedError: the endpoint is still waiting out an earlier 429.
export class RateLimitedError extends Error {
    constructor(template, waitMs) {
        super(`${template} is rate-limited. Will retry in ${(waitMs / 1000).toFixed(1)} seconds.`);
        this.template = template;
        this.waitMs = waitMs;
    }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function fill(template, args) {
    let i = 0;
    return template.replace(/\{\}/g, () => encodeURIComponent(String(args[i++])));
}

// A response body, gunzipped or inflated when the server compressed it (requests asks for
// gzip and deflate and undoes them).
function decoded(response) {
    const encoding = (response.headers['content-encoding'] || '').toLowerCase();
    if (encoding === 'gzip') return response.pipe(zlib.createGunzip());
    if (encoding === 'deflate') return response.pipe(zlib.createInflate());
    return response;
}

export class LichessApi {
    constructor({
        baseUrl,
        token,
        label = 'bot',
        requestTimeoutMs = 2000, // lichess-bot's requests timeout
        streamIdleTimeoutMs = 15_000, // lichess-bot's stream read timeout
        retryForMs = 60_000, // lichess-bot's backoff max_time
        maxRateLimitWaitMs = 5000,
        quiet = true,
    }) {
        this.baseUrl = baseUrl;
        this.token = token;
        this.label = label;
        this.requestTimeoutMs = requestTimeoutMs;
        this.streamIdleTimeoutMs = streamIdleTimeoutMs;
        this.retryForMs = retryForMs;
        this.maxRateLimitWaitMs = maxRateLimitWaitMs;
        this.quiet = quiet;
        this.t0 = Date.now();
        this.log = [];
        this.listeners = new Set();
        this.userAgent = 'lichess-bot-compatible/rochade-test user:?';
        this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 }); // requests.Session
        this.rateLimitUntil = new Map(); // path template -> ms
        this.streams = new Map(); // 'event' | 'game:<id>' -> the open request
        this.closed = false;
        this.shapeErrors = []; // {kind, where, missing}: answers lichess-bot would stop at
    }

    // Notes the keys lichess-bot reads without a default that `object` (a `kind`, see
    // lichess_shapes.mjs) lacks.
    checkShape(kind, object, where) {
        const missing = missingKeys(kind, object);
        if (!missing.length) return;
        this.shapeErrors.push({ kind, where, missing });
        this.note('shape_error', { kind, where, missing });
    }

    // ---- the log --------------------------------------------------------------------------------

    note(kind, fields = {}) {
        const entry = { at: Date.now() - this.t0, kind, ...fields };
        this.log.push(entry);
        if (!this.quiet) console.log(`  [${this.label} ${entry.at} ms] ${kind} ${JSON.stringify(fields)}`);
        for (const listener of [...this.listeners]) listener(entry);
        return entry;
    }

    // The requests made, in order: "GET /api/account", "POST /api/bot/game/12/move/e2e4", ...
    calls() {
        return this.log.filter((e) => e.kind === 'call').map((e) => `${e.method} ${e.path}`);
    }

    // The requests made, by lichess-bot's endpoint names: "token_test", "profile", ...
    callNames() {
        return this.log.filter((e) => e.kind === 'call').map((e) => e.name);
    }

    // Resolves with the first log entry (past or future) for which `predicate` holds.
    waitFor(predicate, timeoutMs = 10_000, what = 'a log entry') {
        const found = this.log.find(predicate);
        if (found) return Promise.resolve(found);
        return new Promise((resolve, reject) => {
            const listener = (entry) => {
                if (!predicate(entry)) return;
                this.listeners.delete(listener);
                clearTimeout(timer);
                resolve(entry);
            };
            const timer = setTimeout(() => {
                this.listeners.delete(listener);
                reject(new Error(`${this.label}: no ${what} within ${timeoutMs} ms`));
            }, timeoutMs);
            this.listeners.add(listener);
        });
    }

    // ---- requests -------------------------------------------------------------------------------

    headers(extra = {}) {
        return {
            Authorization: `Bearer ${this.token}`,
            'User-Agent': this.userAgent,
            Accept: '*/*',
            'Accept-Encoding': 'gzip, deflate',
            ...extra,
        };
    }

    // One request, no retries: {status, headers, text}.
    rawRequest(method, path, { body = null, headers = {}, timeoutMs = this.requestTimeoutMs } = {}) {
        return new Promise((resolve, reject) => {
            const all = this.headers(headers);
            const payload = body === null ? null : Buffer.from(body);
            if (payload) all['Content-Length'] = payload.length;
            else if (method === 'POST') all['Content-Length'] = 0;
            const request = http.request(new URL(path, this.baseUrl), { method, headers: all, agent: this.agent }, (response) => {
                const chunks = [];
                const source = decoded(response);
                source.on('data', (chunk) => chunks.push(chunk));
                source.on('end', () =>
                    resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
                );
                source.on('error', reject);
            });
            request.setTimeout(timeoutMs, () => request.destroy(new Error(`read timeout after ${timeoutMs} ms`)));
            request.on('error', reject);
            if (payload) request.write(payload);
            request.end();
        });
    }

    // lichess-bot's api_get/api_post: the endpoint's rate-limit timer first, then the request,
    // retried on network errors and 5xx until retryForMs; a 429 starts the endpoint's timer.
    // An answer other than 2xx throws HttpError unless raiseForStatus is false.
    async api(method, name, args = [], { body = null, headers = {}, query = null, raiseForStatus = true, timeoutMs } = {}) {
        const template = ENDPOINTS[name];
        await this.waitOutRateLimit(template);
        let path = fill(template, args);
        if (query) path += '?' + new URLSearchParams(query).toString();
        const deadline = Date.now() + this.retryForMs;
        for (let attempt = 1; ; attempt++) {
            const entry = this.note('call', { method, path, name, template, attempt });
            let response;
            try {
                response = await this.rawRequest(method, path, { body, headers, timeoutMs });
                entry.ms = Date.now() - this.t0 - entry.at; // how long the answer took
            } catch (error) {
                entry.error = error.message;
                if (this.closed || Date.now() > deadline) throw error;
                await sleep(100);
                continue;
            }
            entry.status = response.status;
            if (!this.quiet) console.log(`  [${this.label} ${entry.at + entry.ms} ms] answer ${response.status} to ${method} ${path} after ${entry.ms} ms`);
            if (response.status === 429) this.rateLimited(template, name, response);
            if (response.status >= 500 && Date.now() < deadline && !this.closed) {
                await sleep(100);
                continue;
            }
            if (raiseForStatus && (response.status < 200 || response.status >= 300))
                throw new HttpError(method, path, response.status, response.text, response.headers);
            return response;
        }
    }

    async apiJson(method, name, args, options) {
        const response = await this.api(method, name, args, options);
        try {
            return JSON.parse(response.text);
        } catch {
            throw new Error(`${method} ${fill(ENDPOINTS[name], args ?? [])}: the answer is not JSON: ${response.text.slice(0, 120)}`);
        }
    }

    rateLimited(template, name, response) {
        const header = response.headers['retry-after'];
        const seconds = header !== undefined && !Number.isNaN(Number(header)) ? Number(header) : name === 'move' ? 1 : 60;
        this.rateLimitUntil.set(template, Date.now() + seconds * 1000);
        this.note('rate_limited', { template, retryAfter: header ?? null, seconds });
    }

    async waitOutRateLimit(template) {
        const wait = (this.rateLimitUntil.get(template) || 0) - Date.now();
        if (wait <= 0) return;
        if (wait > this.maxRateLimitWaitMs) {
            this.note('rate_limit_refused', { template, waitMs: wait });
            throw new RateLimitedError(template, wait);
        }
        this.note('rate_limit_wait', { template, waitMs: wait });
        await sleep(wait);
    }

    // An NDJSON stream under `key`: resolves when the server ends it, rejects when it fails or is
    // cut (a non-200 answer rejects with HttpError). onOpen() once its head is in.
    stream(name, args, key, { onOpen = () => {}, onLine, onKeepAlive = () => {} }) {
        const template = ENDPOINTS[name];
        const path = fill(template, args);
        return new Promise((resolve, reject) => {
            const entry = this.note('call', { method: 'GET', path, name, template, stream: key });
            const request = http.request(new URL(path, this.baseUrl), { method: 'GET', headers: this.headers(), agent: false }, (response) => {
                entry.status = response.statusCode;
                if (response.statusCode === 429) this.rateLimited(template, name, response);
                if (response.statusCode !== 200) {
                    const chunks = [];
                    response.on('data', (c) => chunks.push(c));
                    response.on('end', () => reject(new HttpError('GET', path, response.statusCode, Buffer.concat(chunks).toString(), response.headers)));
                    response.on('error', reject);
                    return;
                }
                this.note('stream_open', { stream: key, path });
                onOpen();
                const reader = new NdjsonLines({
                    onLine,
                    onKeepAlive: () => {
                        this.note('keep_alive', { stream: key });
                        onKeepAlive();
                    },
                    onBadLine: (line) => this.note('bad_line', { stream: key, line: line.slice(0, 200) }),
                });
                const source = decoded(response);
                source.on('data', (chunk) => reader.push(chunk));
                source.on('end', () => {
                    reader.end();
                    resolve();
                });
                source.on('error', reject);
                // A socket destroyed mid-answer: the body is incomplete (a clean end resolves above).
                response.on('close', () => {
                    if (!response.complete) reject(new Error('the connection was cut'));
                });
            });
            request.setTimeout(this.streamIdleTimeoutMs, () => request.destroy(new Error(`no byte for ${this.streamIdleTimeoutMs} ms`)));
            request.on('error', reject);
            request.on('close', () => {
                if (this.streams.get(key) === request) this.streams.delete(key);
            });
            this.streams.set(key, request);
            request.end();
        });
    }

    // Destroys the socket of a stream ('event' or 'game:<id>'), as a network failure would.
    cut(key) {
        const request = this.streams.get(key);
        if (!request) throw new Error(`${this.label}: no open stream ${key}`);
        this.note('stream_cut', { stream: key });
        request.socket?.destroy();
        request.destroy(new Error('cut by the test'));
    }

    // Ends every stream; no more retries.
    close() {
        this.closed = true;
        for (const request of this.streams.values()) request.destroy(new Error('closed'));
    }

    // After close(), once the calls in flight are done.
    release() {
        this.agent.destroy();
    }

    // ---- lib/lichess.py's calls -------------------------------------------------------------------

    // The token test: the token's {userId, scopes: "a,b", expires}, or null.
    async testToken() {
        const tested = await this.apiJson('POST', 'token_test', [], { body: this.token });
        return tested[this.token] ?? null;
    }

    async getProfile() {
        const profile = await this.apiJson('GET', 'profile');
        this.checkShape('profile', profile, 'GET /api/account');
        this.userAgent = `lichess-bot-compatible/rochade-test user:${profile.username}`;
        return profile;
    }

    upgradeToBotAccount() {
        return this.api('POST', 'upgrade');
    }

    // get_ongoing_games: the nowPlaying list, or null when the call fails.
    async getOngoingGames() {
        try {
            const answer = await this.apiJson('GET', 'playing');
            this.checkShape('playing', answer, 'GET /api/account/playing');
            for (const game of answer.nowPlaying ?? []) this.checkShape('playingGame', game, 'GET /api/account/playing');
            return answer.nowPlaying;
        } catch (error) {
            this.note('playing_failed', { error: error.message });
            return null;
        }
    }

    eventStream(handlers) {
        return this.stream('stream_event', [], 'event', handlers);
    }

    gameStream(gameId, handlers) {
        return this.stream('stream', [gameId], `game:${gameId}`, handlers);
    }

    acceptChallenge(challengeId) {
        return this.api('POST', 'accept', [challengeId]);
    }

    // Errors suppressed, as lichess-bot's contextlib.suppress(Exception).
    async declineChallenge(challengeId, reason = 'generic') {
        try {
            await this.api('POST', 'decline', [challengeId], { body: `reason=${reason}`, headers: FORM, raiseForStatus: false });
        } catch { /* suppressed */ }
    }

    makeMove(gameId, uci, offeringDraw = false) {
        return this.api('POST', 'move', [gameId, uci], { query: { offeringDraw: String(offeringDraw) } });
    }

    chat(gameId, room, text) {
        return this.api('POST', 'chat', [gameId], { body: new URLSearchParams({ room, text }).toString(), headers: FORM });
    }

    abort(gameId) {
        return this.api('POST', 'abort', [gameId]);
    }

    resign(gameId) {
        return this.api('POST', 'resign', [gameId]);
    }

    // Not lichess-bot's (it offers and accepts draws with its moves' offeringDraw).
    answerDraw(gameId, accept) {
        return this.api('POST', 'draw', [gameId, accept ? 'yes' : 'no']);
    }

    // get_game_pgn: the PGN text, or '' when the call fails.
    async getGamePgn(gameId) {
        try {
            return (await this.api('GET', 'export', [gameId])).text;
        } catch (error) {
            this.note('pgn_failed', { game: String(gameId), error: error.message });
            return '';
        }
    }

    // get_online_bots: GET /api/bot/online?nb=512 as NDJSON; [] when it fails.
    async getOnlineBots() {
        try {
            const bots = parseNdjson((await this.api('GET', 'online_bots', [], { query: { nb: '512' } })).text);
            for (const bot of bots) this.checkShape('onlineBot', bot, 'GET /api/bot/online');
            return bots;
        } catch (error) {
            this.note('online_bots_failed', { error: error.message });
            return [];
        }
    }

    getPublicData(username) {
        return this.apiJson('GET', 'public_data', [username]);
    }

    // is_online: GET /api/users/status?ids=<id>, the first user's `online`.
    async isOnline(userId) {
        const users = await this.apiJson('GET', 'status', [], { query: { ids: userId } });
        return Boolean(users && users[0] && users[0].online);
    }

    // challenge: POST /api/challenge/{username}, the answer (a challenge, or an error object) with
    // its HTTP status, whatever that is (lichess-bot: raise_for_status=False). `params` as
    // matchmaking.py builds them: {rated, variant, "clock.limit", "clock.increment"} or {days};
    // `body` 'json' as lichess-bot sends them, or 'form' as lichess's API description has them.
    async challenge(username, params, body = 'json') {
        const options =
            body === 'json'
                ? { body: JSON.stringify(params), headers: { 'Content-Type': 'application/json' } }
                : { body: new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString(), headers: FORM };
        const response = await this.api('POST', 'challenge', [username], { ...options, raiseForStatus: false });
        let answer;
        try {
            answer = JSON.parse(response.text);
        } catch {
            answer = { error: response.text };
        }
        answer.httpStatus = response.status;
        return answer;
    }

    cancelChallenge(challengeId) {
        return this.api('POST', 'cancel', [challengeId], { raiseForStatus: false });
    }
}
