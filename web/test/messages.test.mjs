// The message catalogue (js/messages.js, js/messages_en.js) and the sentences made from it
// (js/table_texts.js): run with `node --test web/test/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { CATALOGUES, chooseLanguage, errorText, secondsIn, setLanguage, t } from '../js/messages.js';
import en from '../js/messages_en.js';
import { endingText, noticeText, resultText } from '../js/table_texts.js';
import { PRESETS, presetLabel } from '../js/time_control.js';

const js = join(dirname(fileURLToPath(import.meta.url)), '..', 'js');

test('placeholders are filled; a missing parameter or key shows itself', () => {
    assert.equal(t('rooms.counts', { members: 3, tables: 1 }), '3 in · 1 tables');
    assert.equal(t('table.to_move', {}), '{who} to move');
    assert.equal(t('no.such.key'), 'no.such.key');
});

test('the language is the first preferred one with a catalogue, English otherwise', () => {
    const cases = [
        [['de-AT', 'en-GB'], ['en', 'de'], 'de'],
        [['fr-FR', 'en-US'], ['en', 'de'], 'en'],
        [['fr'], ['en'], 'en'],
        [[], ['en'], 'en'],
        [undefined, ['en'], 'en'],
    ];
    for (const [preferred, available, lang] of cases) assert.equal(chooseLanguage(preferred, available), lang);
    assert.equal(setLanguage('xx'), 'en', 'a language without a catalogue falls back to English');
});

test('a catalogue for another language falls back to English for a key it lacks', () => {
    CATALOGUES.de = { 'rooms.title': 'Räume' };
    try {
        setLanguage('de');
        assert.equal(t('rooms.title'), 'Räume');
        assert.equal(t('rooms.refresh'), 'Refresh');
    } finally {
        setLanguage('en');
        delete CATALOGUES.de;
    }
});

// Every error code the server sends (docs/protocol.md section 13) has a sentence of its own.
const SERVER_CODES = [
    'bad_request', 'unknown_type', 'message_too_large', 'rate_limited', 'not_greeted', 'already_greeted',
    'invalid_nick', 'nick_taken', 'bad_resume_token', 'no_such_nick', 'bad_credentials', 'invalid_password',
    'too_many_attempts', 'guests_not_allowed', 'not_logged_in', 'busy', 'no_such_room', 'not_in_room',
    'no_such_table', 'table_full', 'seat_reserved', 'already_seated', 'not_a_player', 'game_not_started',
    'game_in_progress', 'game_over', 'not_your_turn', 'illegal_move', 'ambiguous_move', 'invalid_move',
    'no_draw_offer', 'draw_offer_not_allowed', 'claim_invalid', 'cannot_abort', 'opponent_connected',
    'rematch_unavailable', 'limit_reached', 'shutting_down', 'storage_unavailable', 'internal_error',
];

test('every server error code has a sentence in the English catalogue', () => {
    for (const code of SERVER_CODES) assert.ok(en[`error.${code}`], `error.${code} is missing`);
});

test('errors read as sentences with the code (and the server message) as a detail', () => {
    const cases = [
        // [error as it arrives, sentence, detail]
        [{ error: 'bad_credentials', message: 'login: wrong nick or password' }, 'Wrong nick or password.',
         'bad_credentials: login: wrong nick or password'],
        [{ type: 'error', id: 3, code: 'nick_taken', message: 'guest: the nick is registered' },
         'That nick is taken: someone registered it, or is using it right now.', 'nick_taken: guest: the nick is registered'],
        [{ error: 'too_many_attempts', message: 'too many failed logins; try again in 8 s' },
         'Too many failed attempts. Please wait 8 s and try again.', 'too_many_attempts: too many failed logins; try again in 8 s'],
        [{ error: 'too_many_attempts', message: 'slow down' }, 'Too many failed attempts. Please wait a while and try again.',
         'too_many_attempts: slow down'],
        [{ error: 'invalid_password', message: '' },
         'That password cannot be used: it needs at least 8 characters (and at most 256 bytes).', 'invalid_password'],
        [{ error: 'guests_not_allowed' }, 'This server admits registered players only: please log in or register.', 'guests_not_allowed'],
        [{ code: 'storage_unavailable', message: 'x' },
         'The server could not save that just now; nothing changed. Please try again in a moment.', 'storage_unavailable: x'],
        [{ code: 'session_ended' }, 'Your session has ended (logged out elsewhere, a new password, or unused too long). Please log in again.',
         'session_ended'],
        [{ code: 'brand_new_code', message: 'the server says why' }, 'Something went wrong: the server says why',
         'brand_new_code: the server says why'],
        [{}, 'Something went wrong.', 'unknown'],
    ];
    for (const [error, sentence, detail] of cases) {
        const text = errorText(error);
        assert.equal(text.sentence, sentence);
        assert.equal(text.detail, detail);
    }
});

test('the seconds to wait are read from the server message', () => {
    const cases = [['try again in 8 s', 8], ['try again in 900s', 900], ['wait', undefined], ['', undefined], [undefined, undefined]];
    for (const [message, seconds] of cases) assert.equal(secondsIn(message), seconds);
});

test('results and log lines are sentences from the catalogue', () => {
    const cases = [
        [{ result: '1-0', winner: 'white', termination: 'resignation', message: 'Black resigned' }, '1-0 — Black resigned.'],
        [{ result: '0-1', winner: 'black', termination: 'checkmate' }, '0-1 — Black wins by checkmate.'],
        [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate' },
         '1/2-1/2 — Draw: a flag fell, but the opponent cannot checkmate. (winnability: cannot mate)'],
        [{ result: '1-0', winner: 'white', termination: 'flag_fall', winnability: 'can_mate' },
         "1-0 — Black's flag fell. (winnability: could still mate)"],
        [{ result: '*', winner: null, termination: 'aborted' }, '* — The game was aborted.'],
        [{ result: '1-0', winner: 'white', termination: 'something_new', message: 'the server says so' }, '1-0 — the server says so'],
    ];
    for (const [result, text] of cases) assert.equal(resultText(result), text);
    assert.equal(endingText({ winner: 'white', termination: 'abandoned' }), 'White wins: the opponent left the game.');
    assert.equal(noticeText({ key: 'notice.draw_offered', params: { side: 'black', nick: 'Björn' } }), 'Björn offers a draw.');
    assert.equal(noticeText({ key: 'notice.draw_offered', params: { side: 'black', nick: null } }), 'Black offers a draw.');
});

test('the presets are labelled from the catalogue', () => {
    assert.deepEqual(PRESETS.map(presetLabel), ['1+0 bullet', '3+2 blitz', '5+3 blitz', '15+10 rapid', '90/40+30 classical (FIDE)',
                                                '5 min Bronstein 3 s', '5 min delay 5 s', 'untimed']);
});

// The views' text comes from the catalogue: every key they name exists, and no view sets a
// visible string of its own (text nodes, labels, placeholders and titles all come through t()).
test('every key the modules name is in the English catalogue', () => {
    const named = new Set();
    for (const file of readdirSync(js).filter((name) => name.endsWith('.js') && !name.startsWith('messages'))) {
        const source = readFileSync(join(js, file), 'utf8');
        for (const match of source.matchAll(/\bt\('([a-z_.]+)'/g)) named.add(match[1]);
        for (const match of source.matchAll(/key: '([a-z_.]+)'/g)) named.add(match[1]);
    }
    assert.ok(named.size > 80, `only ${named.size} keys found`);
    for (const key of named) assert.ok(en[key] !== undefined, `${key} is not in messages_en.js`);
});
