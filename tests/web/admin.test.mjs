// The admin area's pure parts (js/admin/): the search query strings, times and spans, the table
// events in words, the moderation forms' bodies; the watch link and the
// sanction sentences of the player client; and the catalogue keys the admin modules name.
// Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { errorText, setLanguage, t } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { dateTime } from '../../web/js/time_format.js';
import { parseWatchLink, watchLink } from '../../web/js/watch_link.js';
import { auditQuery, chatQuery, encodeQuery, gamesQuery, isDate, RATED, STATES, TERMINATIONS } from '../../web/js/admin/admin_query.js';
import { durationText, untilText } from '../../web/js/admin/admin_format.js';
import { decisionText, eventText, gameEndText } from '../../web/js/admin/admin_events.js';
import { clockText } from '../../web/js/game_replay.js';
import { ACTIONS, DECISIONS, actionBody, actionsFor } from '../../web/js/admin/admin_actions.js';
import { inLanguage } from './in_language.mjs';

const here = dirname(fileURLToPath(import.meta.url));

// A nick or chat line that tries to be markup, a PGN tag, a JSON string's end and a second line.
const HOSTILE = '<script>alert(1)</script> "quoted" back\\slash\nnext line "] [Result "1-0';

// ---- queries --------------------------------------------------------------------------------

test('a games search sends every filter set, URL-encoded, and leaves out the empty ones', () => {
    assert.deepEqual(gamesQuery({}), { query: '' });
    assert.deepEqual(gamesQuery({ player: 'Jürgen', room: '34', from: '2024-05-01', to: '2024-05-31', result: '1/2-1/2',
                                  termination: 'flag_fall', state: 'finished', rated: 'no', limit: '20' }, '1714586587250_4711'),
                     { query: 'player=J%C3%BCrgen&room=34&from=2024-05-01&to=2024-05-31&result=1%2F2-1%2F2&termination=flag_fall'
                              + '&state=finished&rated=no&limit=20&after=1714586587250_4711' });
    assert.equal(gamesQuery({ player: 'a&b=c #d', room: '-5' }).query, 'player=a%26b%3Dc%20%23d&room=-5');
    assert.equal(gamesQuery({ result: '*' }).query, 'result=*');
    assert.equal(gamesQuery({ player: '  anna  ' }).query, 'player=anna');
});

test('a games search with a wrong field names the field and says why', () => {
    const cases = [
        [{ from: '2024-02-30' }, 'from', 'admin.search.bad_date'],
        [{ to: '24-05-01' }, 'to', 'admin.search.bad_date'],
        [{ from: '2024-05-02', to: '2024-05-01' }, 'to', 'admin.search.dates_reversed'],
        [{ room: 'x34' }, 'room', 'admin.search.bad_number'],
        [{ limit: '0' }, 'limit', 'admin.search.bad_limit'],
        [{ limit: '101' }, 'limit', 'admin.search.bad_limit'],
        [{ result: '2-0' }, 'result', 'admin.search.bad_choice'],
        [{ termination: 'boredom' }, 'termination', 'admin.search.bad_choice'],
        [{ state: 'paused' }, 'state', 'admin.search.bad_choice'],
    ];
    for (const [values, field, key] of cases) assert.deepEqual(gamesQuery(values).error, { field, key }, JSON.stringify(values));
    assert.equal(gamesQuery({ limit: '100' }).query, 'limit=100');
});

test('dates are real calendar days', () => {
    for (const day of ['2024-02-29', '2023-12-31', '2000-01-01']) assert.ok(isDate(day), day);
    for (const day of ['2023-02-29', '2024-13-01', '2024-00-10', '2024-1-1', '20240101', '']) assert.ok(!isDate(day), day);
});

test('the audit and chat searches page by their cursors; chat text keeps its spaces and is encoded', () => {
    assert.equal(auditQuery({ actor: 'Mod', target: 'Bob', action: 'mute', limit: '200' }, 77).query,
                 'actor=Mod&target=Bob&action=mute&limit=200&before=77');
    assert.equal(auditQuery({ limit: '201' }).error.key, 'admin.search.bad_limit');
    assert.equal(chatQuery({ text: ' <script> & "x" ', nick: 'Bob', room: '34', table: '12', from: '2024-05-01' }, 'c1').query,
                 'text=%20%3Cscript%3E%20%26%20%22x%22%20&nick=Bob&room=34&table=12&from=2024-05-01&after=c1');
    assert.equal(chatQuery({ table: '1.5' }).error.field, 'table');
    assert.equal(encodeQuery([['a', ''], ['b', null], ['c', 0]]), 'c=0');
});

// ---- times --------------------------------------------------------------------------------

test('times are written in the page language and the given zone; a sanction ends at a time or never', () => {
    const ms = Date.UTC(2026, 10, 24, 14, 5, 9);
    assert.equal(dateTime(ms, 'de', 'UTC'), '24.11.2026, 14:05:09');
    assert.equal(dateTime(ms, 'en', 'UTC'), '24/11/2026, 14:05:09');
    assert.equal(dateTime(ms, 'en', 'Europe/Berlin'), '24/11/2026, 15:05:09');
    assert.equal(dateTime(null, 'en'), '');
    assert.equal(untilText(ms, 'UTC'), 'until 24/11/2026, 14:05:09');
    assert.equal(untilText(null), 'for good');
    assert.equal(inLanguage('de', () => untilText(null)), 'dauerhaft');
});

test('spans name their two largest units; clocks read as on the table', () => {
    const cases = [[0, '0 s'], [45_000, '45 s'], [60_000, '1 min'], [125_000, '2 min 5 s'], [7_500_000, '2 h 5 min'],
                   [90_061_000, '1 d 1 h'], [3_600_000, '1 h']];
    for (const [ms, text] of cases) assert.equal(durationText(ms), text, String(ms));
    assert.equal(clockText(179_000), '2:59');
    assert.equal(clockText(9_700), '0:09.7');
    assert.equal(clockText(null), '–');
});

// ---- events -------------------------------------------------------------------------------

const names = { white: 'anna', black: 'Bob' };

test('every stored table event kind is a sentence that names who', () => {
    const cases = [
        [{ kind: 'game_started', detail: { white: 'anna', black: 'Bob' } }, 'The game started: anna (White) against Bob (Black).'],
        [{ kind: 'draw_offered', detail: { by: 'white' } }, 'anna (White) offered a draw.'],
        [{ kind: 'draw_declined', detail: '{"by":"black"}' }, 'Bob (Black) declined the draw.'],
        [{ kind: 'draw_claim_rejected', detail: { by: 'black', reason: 'the position occurred twice' } },
         'Bob (Black) claimed a draw; the claim was not valid: the position occurred twice'],
        [{ kind: 'player_disconnected', detail: { side: 'black', nick: 'Bob' } }, 'Bob (Black) lost the connection.'],
        [{ kind: 'player_reconnected', detail: { side: 'black', nick: 'Bob' } }, 'Bob (Black) is back.'],
        [{ kind: 'rematch_offered', detail: { by: 'white' } }, 'anna (White) offered a rematch.'],
        [{ kind: 'seat_changed', detail: { left: 'Bob' } }, 'Bob left the seat.'],
        [{ kind: 'adjudicated', detail: { by: 'Mod', decision: '0-1', reason: 'cheating' } },
         'Mod adjudicated the game (0-1 (Black wins)): cheating'],
        [{ kind: 'new_kind', detail: { x: 1 } }, 'Event new_kind: {"x":1}'],
    ];
    for (const [event, text] of cases) assert.equal(eventText(event, names, 'en'), text, event.kind);
    assert.equal(inLanguage('de', () => eventText({ kind: 'draw_offered', detail: { by: 'white' } }, names)), 'anna (Weiß) bot Remis an.');
});

test('a chat line keeps its text exactly: markup, quotes, backslashes, newlines and PGN tags stay plain text', () => {
    assert.equal(eventText({ kind: 'table_chat', detail: { from: 'Bob', text: HOSTILE } }, names),
                 `Bob wrote: ${HOSTILE}`);
    assert.equal(eventText({ kind: 'table_chat', detail: JSON.stringify({ from: 'Bob', text: HOSTILE }) }, names),
                 `Bob wrote: ${HOSTILE}`);
});

test('a flag fall names the winnability answer and shows the proof behind the verdict', () => {
    const can = { kind: 'flag_fall', detail: { result: '0-1', message: "White's flag fell", winnability: 'can_mate',
                                               proof: { side: 'black', first_ply: 82, line: [{ uci: 'g1f2', san: 'Nf2+', san_de: 'Sf2+' },
                                                                                             { uci: 'h1g1', san: 'Kg1', san_de: 'Kg1' }] } } };
    assert.equal(eventText(can, names, 'en'), 'A flag fell. Winnability answer: the opponent could still checkmate. '
                 + 'Verdict 0-1: White ran out of time. Black could still have checkmated, e.g. 41...Nf2+ 42.Kg1');
    assert.match(inLanguage('de', () => eventText(can, names, 'de')), /41\.\.\.Sf2\+ 42\.Kg1$/);
    const cannot = { kind: 'flag_fall', detail: { result: '1/2-1/2', message: "White's flag fell; Black cannot checkmate: draw",
                                                  winnability: 'cannot_mate', proof: { side: 'black', reason: 'bare_king' } } };
    assert.equal(eventText(cannot, names, 'en'), 'A flag fell. Winnability answer: the opponent could no longer checkmate. '
                 + 'Verdict ½-½: White ran out of time, but Black cannot checkmate any more (only a bare king): draw.');
});

test('the game end is the banner\'s sentence; a running game says so', () => {
    assert.equal(gameEndText({ result: '1-0', termination: 'resignation' }), '1-0 — Black resigned.');
    assert.equal(gameEndText({ result: null }), 'still running');
    assert.equal(decisionText('abort'), 'aborted');
});

// ---- moderation forms ---------------------------------------------------------------------

test('a moderation form becomes the body docs/admin.md names', () => {
    assert.deepEqual(actionBody('mute', { nick: ' Bob ', room: '34', minutes: '30', reason: 'insults' }),
                     { body: { nick: 'Bob', room: 34, minutes: 30, reason: 'insults' } });
    assert.deepEqual(actionBody('mute', { nick: 'Bob', room: '', minutes: '5', reason: 'spam' }),
                     { body: { nick: 'Bob', minutes: 5, reason: 'spam' } });
    assert.deepEqual(actionBody('ban', { nick: 'Bob', minutes: '', reason: 'for good' }), { body: { nick: 'Bob', reason: 'for good' } });
    assert.deepEqual(actionBody('ban_address', { address: '203.0.113.7', minutes: '60', reason: 'x' }),
                     { body: { address: '203.0.113.7', minutes: 60, reason: 'x' } });
    assert.deepEqual(actionBody('adjudicate', { table: '12', decision: '1/2-1/2', reason: 'both left' }),
                     { body: { table: 12, decision: '1/2-1/2', reason: 'both left' } });
    assert.deepEqual(actionBody('notice', { room: '', text: 'Turnier um 20 Uhr', reason: '' }), { body: { text: 'Turnier um 20 Uhr' } });
    assert.deepEqual(actionBody('close_table', { table: '7', reason: 'idle' }), { body: { table: 7, reason: 'idle' } });
    assert.deepEqual(actionBody('kick', { nick: 'Bob', reason: HOSTILE }), { body: { nick: 'Bob', reason: HOSTILE.trim() } });
});

test('a moderation form with a missing or wrong field is not sent, and the field is named', () => {
    const cases = [
        ['kick', { nick: '', reason: 'x' }, 'nick', 'admin.action.missing.nick'],
        ['kick', { nick: 'Bob', reason: '  ' }, 'reason', 'admin.action.missing.reason'],
        ['kick', { nick: 'Bob', reason: 'x'.repeat(501) }, 'reason', 'admin.action.long_reason'],
        ['mute', { nick: 'Bob', minutes: '', reason: 'x' }, 'minutes', 'admin.action.missing.minutes'],
        ['mute', { nick: 'Bob', minutes: '-3', reason: 'x' }, 'minutes', 'admin.action.bad_minutes'],
        ['mute', { nick: 'Bob', room: '0', minutes: '3', reason: 'x' }, 'room', 'admin.action.bad_room'],
        ['ban', { nick: 'Bob', minutes: '1.5', reason: 'x' }, 'minutes', 'admin.action.bad_minutes'],
        ['adjudicate', { table: '12', decision: '2-0', reason: 'x' }, 'decision', 'admin.action.bad_decision'],
        ['close_table', { table: 'twelve', reason: 'x' }, 'table', 'admin.action.bad_table'],
        ['notice', { text: '' }, 'text', 'admin.action.missing.text'],
        ['ban_address', { address: '', reason: 'x' }, 'address', 'admin.action.missing.address'],
    ];
    for (const [action, values, field, key] of cases) {
        assert.deepEqual(actionBody(action, values).error, { field, key }, `${action} ${JSON.stringify(values).slice(0, 60)}`);
    }
    assert.equal(actionBody('x'.repeat(3), {}).error.key, 'admin.action.unknown');
    assert.equal(actionBody('kick', { nick: 'Bob', reason: 'ä'.repeat(500) }).body.reason.length, 500);
});

test('address bans are offered to admins only', () => {
    assert.ok(!actionsFor('moderator').some((action) => action.name.includes('address')));
    assert.deepEqual(actionsFor('admin').map((action) => action.name), ACTIONS.map((action) => action.name));
});

// ---- the player client --------------------------------------------------------------------

test('a watch link names the table and its room', () => {
    assert.deepEqual(parseWatchLink('#watch=12&room=34'), { table: 12, room: 34 });
    assert.equal(watchLink(12, -5), '/#watch=12&room=-5');
    assert.deepEqual(parseWatchLink(new URL(watchLink(12, -5), 'http://localhost/').hash), { table: 12, room: -5 });
    assert.deepEqual(parseWatchLink('#watch=3'), { table: 3, room: null });
    for (const hash of ['', '#', '#watch=x', '#watch=0', '#watch=1&room=0', '#room=34', '#watch=1.5']) {
        assert.equal(parseWatchLink(hash), null, hash);
    }
});

test('a muted, banned or kicked player reads the reason and the end', () => {
    const until = Date.UTC(2026, 10, 24, 14, 5, 9);
    const at = dateTime(until, 'en');
    assert.equal(errorText({ code: 'muted', message: 'room_chat: muted', reason: 'insults', until }).sentence,
                 `A moderator has muted you until ${at}: insults`);
    assert.equal(errorText({ code: 'muted', message: 'room_chat: muted', reason: 'spam', until: null }).sentence,
                 'A moderator has muted you until further notice: spam');
    assert.equal(errorText({ error: 'banned', message: 'login: banned', reason: HOSTILE, until: null, ban: 'account' }).sentence,
                 `Your account is banned for good: ${HOSTILE}`);
    assert.equal(inLanguage('de', () => errorText({ error: 'banned', message: '', reason: 'Betrug', until }).sentence),
                 `Dieses Konto oder diese Adresse ist bis ${dateTime(until, 'de')} gesperrt: Betrug`);
    assert.equal(errorText({ code: 'kicked', message: '', reason: 'calm down' }).sentence, 'A moderator closed your connection: calm down');
    // Without a reason the general sentence stands.
    assert.equal(errorText({ code: 'muted', message: '' }).sentence, en['error.muted']);
});

// ---- the catalogue ------------------------------------------------------------------------

test('every key the admin modules name is in both catalogues, also the ones built from a name', () => {
    const dir = join(here, '..', '..', 'web', 'js', 'admin');
    const named = new Set();
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
        const source = readFileSync(join(dir, file), 'utf8');
        for (const match of source.matchAll(/'(admin\.[a-z_.0-9]+|table\.[a-z_.]+|side\.[a-z]+|role\.[a-z]+|result\.line)'/g)) {
            named.add(match[1]);
        }
    }
    for (const action of ACTIONS) {
        named.add(`admin.action.${action.name}`);
        named.add(`admin.action.${action.name}.about`);
        for (const field of action.fields) named.add(`admin.form.${field}`);
    }
    for (const name of TERMINATIONS) named.add(`admin.termination.${name}`);
    for (const name of STATES) named.add(`admin.games.state.${name}`);
    for (const name of RATED) named.add(`admin.games.rated.${name}`);
    for (const name of DECISIONS) named.add(`admin.decision.${name}`);
    for (const name of ['games', 'game', 'live', 'moderation', 'sanctions', 'audit', 'chat']) named.add(`admin.tab.${name}`);
    for (const name of ['mute', 'ban', 'address_ban']) named.add(`admin.sanction.${name}`);
    for (const name of ['waiting', 'playing', 'finished']) named.add(`admin.live.state.${name}`);
    for (const name of ['can_mate', 'cannot_mate', 'undetermined']) named.add(`admin.winnability.${name}`);
    for (const name of ['d', 'h', 'min', 's']) named.add(`admin.duration.${name}`);
    for (const name of ['player', 'moderator', 'admin']) named.add(`role.${name}`);
    assert.ok(named.size > 150, `only ${named.size} keys found`);
    for (const key of named) {
        assert.ok(en[key] !== undefined, `${key} is not in messages_en.js`);
        assert.ok(de[key] !== undefined, `${key} is not in messages_de.js`);
    }
    assert.equal(t('admin.action.closed', { count: 1 }), '1 connection closed');
});

test('a flag fall\'s end shows the proof from the end\'s detail', () => {
    const log = { result: '0-1', termination: 'flag_fall', message: "White's flag fell",
                  end_detail: { message: "White's flag fell", winnability: 'can_mate',
                                proof: { side: 'black', first_ply: 2, line: [{ uci: 'd8h4', san: 'Qh4#', san_de: 'Dh4#' }] } } };
    assert.equal(gameEndText(log, 'en'), '0-1 — White ran out of time. Black could still have checkmated, e.g. 1...Qh4#');
});
