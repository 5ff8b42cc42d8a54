// What the Bot API test (bot-api-test.mjs) needs besides its clients: steps and checks that print
// their time (tests/browser's Run, without pages), small assertions, and plain HTTP for the
// account page's calls (register, tokens) and for refusals asked for by hand.

import http from 'node:http';

export const PASSWORD = 'bot-test-password-1';

// ---- steps and checks ----------------------------------------------------------------------------

// As tests/browser's Run, without pages: a step's failure ends the run, a check's is counted and
// the run goes on; each prints its time.
export class Steps {
    constructor() {
        this.passed = 0;
        this.failed = 0;
        this.t0 = Date.now();
    }

    async step(name, body, { fatal = true } = {}) {
        const t0 = Date.now();
        try {
            await body();
            this.passed++;
            console.log(`ok   ${name} (${seconds(Date.now() - t0)})`);
        } catch (error) {
            this.failed++;
            console.log(`FAIL ${name} (${seconds(Date.now() - t0)}): ${error.message.split('\n').slice(0, 4).join(' ')}`);
            if (fatal) throw error;
        }
    }

    check(name, body) {
        return this.step(name, body, { fatal: false });
    }
}

export const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function assert(condition, what) {
    if (!condition) throw new Error(what);
}

export function equal(actual, expected, what) {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) throw new Error(`${what}: ${a}, expected ${e}`);
}

export async function until(condition, timeoutMs, what) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
        const value = await condition();
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
        await sleep(50);
    }
}

// ---- plain HTTP (the account page's calls, and refusals asked for by hand) -----------------------

// One request to `server`: {status, headers, text, json}. With `headOnly` (a stream endpoint
// that might answer 200 and stay open) the connection is dropped once the head is in.
export function call(server, method, path, { token = null, cookie = null, origin = false, json = undefined, body = null, headers = {}, headOnly = false, timeoutMs = 5000 } = {}) {
    return new Promise((resolve, reject) => {
        const all = { ...headers };
        let payload = body;
        if (json !== undefined) {
            payload = JSON.stringify(json);
            all['Content-Type'] = 'application/json';
        }
        if (token !== null) all.Authorization = `Bearer ${token}`;
        if (cookie) all.Cookie = cookie;
        if (origin) all.Origin = server.url.replace(/\/$/, '');
        if (payload !== null) all['Content-Length'] = Buffer.byteLength(payload);
        else if (method !== 'GET') all['Content-Length'] = 0;
        const request = http.request(new URL(path, server.url), { method, headers: all, agent: false }, (response) => {
            if (headOnly && response.statusCode === 200) {
                resolve({ status: 200, headers: response.headers, text: '', json: null });
                request.destroy();
                return;
            }
            const chunks = [];
            response.on('data', (c) => chunks.push(c));
            response.on('end', () => {
                const text = Buffer.concat(chunks).toString();
                let parsed = null;
                try {
                    parsed = JSON.parse(text);
                } catch { /* not JSON */ }
                resolve({ status: response.statusCode, headers: response.headers, text, json: parsed });
            });
        });
        request.setTimeout(timeoutMs, () => request.destroy(new Error(`${method} ${path}: no answer in ${timeoutMs} ms`)));
        request.on('error', reject);
        if (payload !== null) request.write(payload);
        request.end();
    });
}

// POST /api/register (JSON, the server's own Origin): the rochade_session cookie.
export async function register(server, nick) {
    const answer = await call(server, 'POST', '/api/register', { origin: true, json: { nick, password: PASSWORD } });
    assert(answer.status === 200, `register ${nick}: ${answer.status} ${answer.text}`);
    const setCookie = [answer.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('rochade_session='));
    assert(setCookie, `register ${nick}: no rochade_session cookie`);
    return setCookie.split(';')[0];
}

// POST /api/tokens with the cookie: 201 and the token, shown this once.
export async function createToken(server, cookie, description, scopes) {
    const answer = await call(server, 'POST', '/api/tokens', { cookie, origin: true, json: { description, scopes } });
    assert(answer.status === 201, `POST /api/tokens (${description}): ${answer.status} ${answer.text}`);
    const t = answer.json;
    assert(typeof t?.token === 'string' && t.token.startsWith('rch_'), `the token: ${answer.text}`);
    assert(/^[0-9a-f]{64}$/.test(t.id ?? ''), `the token's id: ${t.id}`);
    equal(t.scopes, scopes, `the token's scopes (${description})`);
    equal(t.description, description, 'the description');
    assert(Number.isInteger(t.created_ms), `created_ms: ${t.created_ms}`);
    return t;
}

export function expectStatus(answer, statuses, what) {
    const list = [statuses].flat();
    assert(list.includes(answer.status), `${what}: HTTP ${answer.status} ${answer.text.slice(0, 200)}, expected ${list.join(' or ')}`);
    if (answer.status >= 400) assert(typeof answer.json?.error === 'string' && answer.json.error.length > 0, `${what}: no {"error": ...} body: ${answer.text.slice(0, 200)}`);
}
