// The account panel's personal API tokens (web/js/api_tokens.js): what the form refuses before
// asking the server, what a creation sends, how a list is read; the account API's token
// requests (web/js/account_api.js); and the sentences of the server's refusals. Run with
// `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { MAX_DESCRIPTION_BYTES, TOKEN_SCOPES, scopeKey, tokenFields, tokensOf } from '../../web/js/api_tokens.js';
import { AccountApi } from '../../web/js/account_api.js';
import { errorText } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { inLanguage } from './in_language.mjs';

test('the four scopes, in the server\'s order, each explained in both catalogues', () => {
    assert.deepEqual(TOKEN_SCOPES, ['bot:play', 'board:play', 'challenge:read', 'challenge:write']);
    assert.deepEqual(TOKEN_SCOPES.map(scopeKey), ['bot_play', 'board_play', 'challenge_read', 'challenge_write']);
    for (const scope of TOKEN_SCOPES) {
        assert.ok(en[`tokens.scope.${scopeKey(scope)}`], scope);
        assert.ok(de[`tokens.scope.${scopeKey(scope)}`], scope);
    }
});

test('the form: a description of 1 to 100 bytes and at least one scope, or which field is wrong', () => {
    const long = 'ä'.repeat(51); // 102 bytes in 51 characters
    const cases = [
        // [description, scopes, answer]
        ['My bot', ['bot:play'], { fields: { description: 'My bot', scopes: ['bot:play'] } }],
        ['  spaced  ', ['challenge:write', 'bot:play', 'bot:play'],
         { fields: { description: 'spaced', scopes: ['bot:play', 'challenge:write'] } }],
        ['x'.repeat(MAX_DESCRIPTION_BYTES), TOKEN_SCOPES, { fields: { description: 'x'.repeat(100), scopes: TOKEN_SCOPES } }],
        ['x'.repeat(MAX_DESCRIPTION_BYTES + 1), ['bot:play'], { error: 'tokens.form.description_long', input: 'description' }],
        [long, ['bot:play'], { error: 'tokens.form.description_long', input: 'description' }],
        ['ä'.repeat(50), ['bot:play'], { fields: { description: 'ä'.repeat(50), scopes: ['bot:play'] } }],
        ['', ['bot:play'], { error: 'tokens.form.no_description', input: 'description' }],
        ['   ', ['bot:play'], { error: 'tokens.form.no_description', input: 'description' }],
        [undefined, ['bot:play'], { error: 'tokens.form.no_description', input: 'description' }],
        ['My bot', [], { error: 'tokens.form.no_scope', input: 'scopes' }],
        ['My bot', ['admin:everything'], { error: 'tokens.form.no_scope', input: 'scopes' }],
        ['My bot', undefined, { error: 'tokens.form.no_scope', input: 'scopes' }],
    ];
    for (const [description, scopes, answer] of cases) {
        assert.deepEqual(tokenFields({ description, scopes }), answer, `${description} ${scopes}`);
    }
    for (const key of ['tokens.form.description_long', 'tokens.form.no_description', 'tokens.form.no_scope']) {
        assert.ok(en[key] && de[key], key);
    }
});

test('a token list is read newest first; entries that are no tokens are left out', () => {
    const answer = {
        tokens: [
            { id: 'a'.repeat(64), description: 'old', scopes: ['bot:play'], created_ms: 1000, last_used_ms: 5000 },
            { id: 'b'.repeat(64), description: 'new', scopes: ['challenge:read', 7], created_ms: 2000, last_used_ms: null },
            { description: 'no id' },
            null,
        ],
    };
    assert.deepEqual(tokensOf(answer), [
        { id: 'b'.repeat(64), description: 'new', scopes: ['challenge:read'], created_ms: 2000, last_used_ms: null },
        { id: 'a'.repeat(64), description: 'old', scopes: ['bot:play'], created_ms: 1000, last_used_ms: 5000 },
    ]);
    assert.deepEqual(tokensOf({}), []);
    assert.deepEqual(tokensOf(null), []);
});

function fakeFetch(answers) {
    const calls = [];
    const fetch = async (path, options) => {
        calls.push({ path, ...options, body: options.body === undefined ? undefined : JSON.parse(options.body) });
        const [status, body] = answers[`${options.method} ${path}`];
        return { ok: status >= 200 && status < 300, status, json: async () => body };
    };
    return { fetch, calls };
}

test('the account API lists, creates (JSON) and revokes tokens, and passes on the server\'s refusal', async () => {
    const id = 'c'.repeat(64);
    const { fetch, calls } = fakeFetch({
        'GET /api/tokens': [200, { tokens: [] }],
        'POST /api/tokens': [201, { token: 'rch_secret', id, description: 'Bot', scopes: ['bot:play'] }],
        [`DELETE /api/tokens/${id}`]: [200, { revoked: true }],
        'DELETE /api/tokens/nope': [404, { error: 'bad_request', message: 'tokens: no such token of yours' }],
    });
    const api = new AccountApi(fetch);
    assert.deepEqual(await api.tokens(), { tokens: [] });
    assert.equal((await api.createToken('Bot', ['bot:play'])).token, 'rch_secret');
    assert.deepEqual(await api.revokeToken(id), { revoked: true });
    await assert.rejects(api.revokeToken('nope'), { code: 'bad_request', status: 404, message: 'tokens: no such token of yours' });
    assert.deepEqual(calls.map((call) => [call.method, call.path, call.body]), [
        ['GET', '/api/tokens', undefined],
        ['POST', '/api/tokens', { description: 'Bot', scopes: ['bot:play'] }],
        ['DELETE', `/api/tokens/${id}`, undefined],
        ['DELETE', '/api/tokens/nope', undefined],
    ]);
    assert.equal(calls[1].headers['Content-Type'], 'application/json');
    assert.ok(calls.every((call) => call.credentials === 'same-origin'));
});

test('the server\'s refusals of tokens read as sentences that say what it said', () => {
    const cases = [
        // [error body, English sentence, German sentence]
        [{ error: 'bad_request', message: "tokens: 'description' must be 1 to 100 bytes of UTF-8" },
         "The server did not take that: 'description' must be 1 to 100 bytes of UTF-8",
         "Der Server hat das nicht angenommen: 'description' must be 1 to 100 bytes of UTF-8"],
        [{ error: 'bad_request', message: 'tokens: no such token of yours' },
         'The server did not take that: no such token of yours', 'Der Server hat das nicht angenommen: no such token of yours'],
        [{ error: 'limit_reached', message: 'tokens: at most 20 tokens per account; revoke one first' },
         'An account may have at most 20 tokens: revoke one first.', 'Ein Konto darf höchstens 20 Token haben: Widerrufe zuerst eines.'],
        [{ error: 'forbidden', message: 'tokens: a guest has no account to make tokens for; register first' },
         'Only registered players can have tokens: register first.', 'Nur registrierte Spieler können Token haben: Registriere dich zuerst.'],
    ];
    for (const [error, english, german] of cases) {
        assert.equal(errorText(error).sentence, english);
        assert.equal(inLanguage('de', () => errorText(error).sentence), german);
        assert.equal(errorText(error).detail, `${error.error}: ${error.message}`);
    }
    // Other refusals keep their sentences.
    assert.equal(errorText({ error: 'forbidden', message: 'ban: moderators only' }).sentence, 'Only moderators may do that.');
});
