// The session state machine (js/session.js) and the account endpoints' client (js/account_api.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { initialSession, nextSession, showsLobby, showsLogin, wantsSocket } from '../../web/js/session.js';
import { AccountApi } from '../../web/js/account_api.js';

const anna = { nick: 'Anna', guest: false, role: 'player' };
const gast = { nick: 'Gast_1', guest: true, role: 'player' };

// Runs the events from the initial state; returns every state on the way.
function run(...events) {
    const states = [initialSession()];
    for (const event of events) states.push(nextSession(states.at(-1), event));
    return states;
}

test('a first visit: no session, the login view; a login opens the socket; hello_ok is online', () => {
    const states = run({ type: 'session_missing' }, { type: 'submit' }, { type: 'signed_in', identity: anna },
                       { type: 'hello_ok', hello: { type: 'hello_ok', nick: 'Anna', guest: false, role: 'player', tables: [] } });
    assert.deepEqual(states.map((s) => s.phase), ['checking', 'signed_out', 'signing_in', 'connecting', 'online']);
    assert.deepEqual(states.map(showsLogin), [false, true, true, false, false]);
    assert.deepEqual(states.map(wantsSocket), [false, false, false, true, true]);
    assert.deepEqual(states.at(-1).identity, anna);
});

test('a reload with a live cookie goes straight to the socket', () => {
    const [, found] = run({ type: 'session_found', identity: gast });
    assert.equal(found.phase, 'connecting');
    assert.deepEqual(found.identity, gast);
    assert.equal(showsLobby(found), true);
});

test('a refused login stays on the login view with the error', () => {
    const error = { code: 'bad_credentials', message: 'wrong nick or password', status: 401 };
    const states = run({ type: 'session_missing' }, { type: 'submit' }, { type: 'refused', error });
    assert.equal(states.at(-1).phase, 'signed_out');
    assert.equal(states.at(-1).error, error);
    // The next attempt clears it.
    assert.equal(nextSession(states.at(-1), { type: 'submit' }).error, null);
});

test('answers that arrive out of turn change nothing', () => {
    const signedOut = run({ type: 'session_missing' }).at(-1);
    assert.equal(nextSession(signedOut, { type: 'signed_in', identity: anna }), signedOut, 'no login was under way');
    assert.equal(nextSession(signedOut, { type: 'hello_ok', hello: anna }), signedOut, 'a late hello_ok after logout');
    assert.equal(nextSession(signedOut, { type: 'closed', code: 1006 }), signedOut);
    assert.equal(nextSession(signedOut, { type: 'reconnect' }), signedOut);
});

test('drops reconnect with the cookie; 4000 (another tab said hello) waits for the user', () => {
    const online = run({ type: 'session_found', identity: anna }, { type: 'hello_ok', hello: anna }).at(-1);
    const dropped = nextSession(online, { type: 'closed', code: 1006 });
    assert.equal(dropped.phase, 'reconnecting');
    assert.equal(wantsSocket(dropped), true);
    assert.deepEqual(dropped.identity, anna);
    assert.equal(nextSession(dropped, { type: 'hello_ok', hello: anna }).phase, 'online');
    const displaced = nextSession(online, { type: 'closed', code: 4000 });
    assert.equal(displaced.phase, 'displaced');
    assert.equal(wantsSocket(displaced), false);
    assert.equal(showsLobby(displaced), true);
    assert.equal(nextSession(displaced, { type: 'reconnect' }).phase, 'connecting');
});

test('a hello refused with not_logged_in ends the session; busy and storage_unavailable are tried again', () => {
    const online = run({ type: 'session_found', identity: anna }, { type: 'hello_ok', hello: anna }).at(-1);
    const ended = nextSession(online, { type: 'hello_refused', error: { code: 'not_logged_in', message: 'hello: no session' } });
    assert.equal(ended.phase, 'signed_out');
    assert.equal(ended.identity, null);
    assert.equal(ended.error.code, 'session_ended');
    for (const code of ['busy', 'storage_unavailable']) {
        assert.equal(nextSession(online, { type: 'hello_refused', error: { code } }).phase, 'reconnecting');
    }
    assert.equal(nextSession(online, { type: 'hello_refused', error: { code: 'guests_not_allowed' } }).error.code, 'guests_not_allowed');
});

test('logout forgets the identity; a new password keeps it', () => {
    const online = run({ type: 'session_found', identity: anna }, { type: 'hello_ok', hello: anna }).at(-1);
    const out = nextSession(online, { type: 'logout' });
    assert.deepEqual(out, { phase: 'signed_out', identity: null, error: null });
    const changed = nextSession(online, { type: 'password_changed', identity: anna });
    assert.equal(changed.phase, 'online');
    assert.deepEqual(changed.identity, anna);
});

test('the identity is what the server says: the nick as its owner spells it, guest, role', () => {
    const hello = { type: 'hello_ok', nick: 'Jürgen', guest: false, role: 'moderator', resumed: false, tables: [7] };
    const online = run({ type: 'session_found', identity: { nick: 'jürgen', guest: false, role: 'moderator' } },
                       { type: 'hello_ok', hello }).at(-1);
    assert.deepEqual(online.identity, { nick: 'Jürgen', guest: false, role: 'moderator' });
});

// A fetch that answers from a table: path -> [status, body]; it records what was asked.
function fakeFetch(answers) {
    const calls = [];
    const fetch = async (path, options) => {
        calls.push({ path, ...options, body: options.body === undefined ? undefined : JSON.parse(options.body) });
        if (!(path in answers)) throw new TypeError('Failed to fetch');
        const [status, body] = answers[path];
        return { ok: status >= 200 && status < 300, status, json: async () => body };
    };
    return { fetch, calls };
}

test('the account API posts JSON to the same origin and returns the identity', async () => {
    const { fetch, calls } = fakeFetch({ '/api/login': [200, anna], '/api/guest': [200, gast], '/api/logout': [200, {}],
                                         '/api/register': [200, anna], '/api/password': [200, anna] });
    const api = new AccountApi(fetch);
    assert.deepEqual(await api.login('Anna', 'geheim123'), anna);
    assert.deepEqual(await api.guest('Gast_1'), gast);
    await api.register('Anna', 'geheim123');
    await api.changePassword('geheim123', 'neu-geheim');
    await api.logout();
    assert.deepEqual(calls.map((c) => [c.method, c.path, c.body]), [
        ['POST', '/api/login', { nick: 'Anna', password: 'geheim123' }],
        ['POST', '/api/guest', { nick: 'Gast_1' }],
        ['POST', '/api/register', { nick: 'Anna', password: 'geheim123' }],
        ['POST', '/api/password', { password: 'geheim123', new_password: 'neu-geheim' }],
        ['POST', '/api/logout', {}],
    ]);
    for (const call of calls) {
        assert.equal(call.headers['Content-Type'], 'application/json');
        assert.equal(call.credentials, 'same-origin');
    }
});

test('the account API turns error bodies and failures into {code, message, status}', async () => {
    const { fetch } = fakeFetch({
        '/api/session': [401, { error: 'not_logged_in', message: 'session: no session cookie' }],
        '/api/login': [429, { error: 'too_many_attempts', message: 'too many failed logins; try again in 4 s' }],
        '/api/guest': [502, null],
    });
    const api = new AccountApi(fetch);
    assert.equal(await api.session(), null, 'not logged in is an answer, not an error');
    await assert.rejects(api.login('Anna', 'x'), { code: 'too_many_attempts', status: 429, message: 'too many failed logins; try again in 4 s' });
    await assert.rejects(api.guest('Gast'), { code: 'http_502', status: 502 });
    await assert.rejects(api.logout(), { code: 'unreachable', status: 0 });
    const live = new AccountApi(fakeFetch({ '/api/session': [200, gast] }).fetch);
    assert.deepEqual(await live.session(), gast);
});

test('a visitor without a session is answered 200 {logged_in: false}, and session() says null', async () => {
    const visitor = new AccountApi(fakeFetch({ '/api/session': [200, { logged_in: false }] }).fetch);
    assert.equal(await visitor.session(), null);
    const player = { ...gast, logged_in: true };
    assert.deepEqual(await new AccountApi(fakeFetch({ '/api/session': [200, player] }).fetch).session(), player);
});
