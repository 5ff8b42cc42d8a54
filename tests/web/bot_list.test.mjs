// The bots online (web/js/bot_list.js): reading GET /api/bot/online's NDJSON, the ratings a bot's
// line shows, when a list draws the same, and the request. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { BOTS_PATH, botListKey, botRatings, fetchOnlineBots, parseBotList } from '../../web/js/bot_list.js';
import { inLanguage } from './in_language.mjs';

const line = (user) => JSON.stringify(user);
const alpha = { id: 'alphabot', username: 'AlphaBot', title: 'BOT', online: true, createdAt: 1, url: '/@/AlphaBot',
                perfs: { blitz: { games: 12, rating: 1612, rd: 80, prog: 0 }, bullet: { games: 3, rating: 1500, rd: 250, prog: 0, prov: true },
                         rapid: { games: 0, rating: 1500, rd: 350, prog: 0, prov: true } } };
const beta = { id: 'beta', username: 'Beta', title: 'BOT', online: true, createdAt: 2, url: '/@/Beta', perfs: {} };

test('each line is a bot; empty lines, broken lines and users without a name are skipped; a bot listed twice counts once', () => {
    const text = [line(alpha), '', '{not json', line({ id: 'x' }), line(beta), line(alpha), ''].join('\n');
    const bots = parseBotList(text);
    assert.deepEqual(bots.map((bot) => bot.username), ['AlphaBot', 'Beta']);
    assert.deepEqual(bots[1], { id: 'beta', username: 'Beta', title: 'BOT', perfs: {} });
    assert.deepEqual(parseBotList(''), []);
    assert.deepEqual(parseBotList(undefined), []);
    assert.deepEqual(parseBotList('\n\n'), []);
    // A name that would be markup stays text: the view puts it in as text (dom.js).
    assert.equal(parseBotList(line({ username: '<img src=x>' }))[0].username, '<img src=x>');
});

test('a bot shows the ratings of the categories it has played, in the client\'s order, provisional with "?"', () => {
    assert.deepEqual(botRatings(alpha.perfs).map((r) => [r.category, r.name, r.text]),
                     [['bullet', 'Bullet', '1500?'], ['blitz', 'Blitz', '1612']]);
    assert.deepEqual(botRatings({}), []);
    assert.deepEqual(botRatings(undefined), []);
    assert.equal(inLanguage('de', () => botRatings({ rapid: { games: 1, rating: 1400 } })[0].name), 'Schnellschach');
});

test('the same bots with the same ratings give the same key; a new bot or rating another', () => {
    const bots = parseBotList([line(alpha), line(beta)].join('\n'));
    assert.equal(botListKey(bots), botListKey(parseBotList([line(alpha), line(beta)].join('\n'))));
    assert.notEqual(botListKey(bots), botListKey(bots.slice(0, 1)));
    const better = { ...alpha, perfs: { ...alpha.perfs, blitz: { games: 13, rating: 1620 } } };
    assert.notEqual(botListKey(bots), botListKey(parseBotList([line(better), line(beta)].join('\n'))));
});

test('the list is asked for at /api/bot/online; a refusal and a failure reject as the account API does', async () => {
    const calls = [];
    const answering = (status, text) => async (path, options) => {
        calls.push({ path, ...options });
        return { ok: status === 200, status, text: async () => text };
    };
    assert.deepEqual((await fetchOnlineBots(answering(200, `${line(beta)}\n`))).map((bot) => bot.username), ['Beta']);
    assert.equal(calls[0].path, BOTS_PATH);
    assert.equal(calls[0].method, 'GET');
    assert.equal(calls[0].credentials, 'same-origin');
    await assert.rejects(fetchOnlineBots(answering(429, '{"error":"too many requests from your address; wait 3 s"}')),
                         { code: 'http_429', status: 429, message: 'too many requests from your address; wait 3 s' });
    await assert.rejects(fetchOnlineBots(answering(502, '<html>')), { code: 'http_502', status: 502, message: '' });
    await assert.rejects(fetchOnlineBots(async () => { throw new TypeError('Failed to fetch'); }),
                         { code: 'unreachable', status: 0, message: 'Failed to fetch' });
});
