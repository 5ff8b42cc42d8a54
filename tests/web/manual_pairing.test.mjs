// The director's manual pairing (web/js/manual_pairing.js): when the page offers it, whom he may
// pair, the director_pairing request built from his boards, and the refusal as he reads it.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { manualRound, pairablePlayers, pairingRequest, unpairedPlayers } from '../../web/js/manual_pairing.js';
import { errorText } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { inLanguage } from './in_language.mjs';

const ROUND_1 = { round: 1, boards: [
    { board: 1, white: 'Bert', black: 'Clara', table: 17, result: 'white_wins' },
    { board: 2, white: 'Dora', black: 'Emil', result: 'draw' },
    { board: 3, white: 'Fritz', bye: 'pairing_allocated' }] };

function swiss(fields = {}) {
    return {
        id: 3, system: 'swiss', state: 'running', rounds: 3, rounds_paired: 1, pairings: [ROUND_1],
        players: [{ entry: 1, nick: 'Bert', withdrawn: false }, { entry: 2, nick: 'Clara', withdrawn: false },
                  { entry: 3, nick: 'Dora', withdrawn: true }, { entry: 4, nick: 'Emil', withdrawn: false, bye_round: 2 },
                  { entry: 5, nick: 'Fritz', withdrawn: false, bye_round: 3 }],
        ...fields,
    };
}

const pendingRound = (result) => ({ round: 2, boards: [{ board: 1, white: 'Clara', black: 'Bert', result },
                                                        { board: 2, white: 'Emil', bye: 'zero_point' }] });

test('the section shows for a Swiss that runs or is paused, its last round over and a round left', () => {
    const cases = [
        [swiss(), 2],
        [swiss({ state: 'paused' }), 2],
        [swiss({ rounds_paired: 0, pairings: [] }), 1],
        [swiss({ rounds_paired: 2, pairings: [ROUND_1, pendingRound('black_wins')] }), 3],
        [swiss({ rounds_paired: 2, pairings: [pendingRound('draw'), ROUND_1] }), 3],
        [swiss({ rounds_paired: 2, pairings: [ROUND_1, pendingRound('pending')] }), null],
        [swiss({ rounds_paired: 2, pairings: [ROUND_1, pendingRound(undefined)] }), null],
        [swiss({ rounds_paired: 3 }), null],
        [swiss({ state: 'registering', rounds_paired: 0, pairings: [] }), null],
        [swiss({ state: 'finished' }), null],
        [swiss({ system: 'round_robin' }), null],
        [swiss({ system: 'arena' }), null],
        [null, null],
    ];
    for (const [tournament, round] of cases) assert.equal(manualRound(tournament), round, JSON.stringify(tournament && tournament.pairings));
});

test('he may name the players not withdrawn and without a half-point bye in that round', () => {
    assert.deepEqual(pairablePlayers(swiss(), 2), ['Bert', 'Clara', 'Fritz']);
    assert.deepEqual(pairablePlayers(swiss(), 3), ['Bert', 'Clara', 'Emil']);
    assert.deepEqual(pairablePlayers(swiss({ players: undefined }), 2), []);
});

test('the request lists the boards in order, the bye only when chosen, and drops empty boards', () => {
    assert.deepEqual(pairingRequest([{ white: 'Bert', black: 'Clara' }, { white: '', black: '' }, { white: 'Fritz', black: 'Emil' }]),
                     { fields: { games: [['Bert', 'Clara'], ['Fritz', 'Emil']] } });
    assert.deepEqual(pairingRequest([{ white: 'Clara', black: 'Bert' }], 'Fritz'),
                     { fields: { games: [['Clara', 'Bert']], bye: 'Fritz' } });
});

test('a request that cannot be sent says why, before it is sent', () => {
    const cases = [
        [[], '', { problem: 'empty' }],
        [[{ white: '', black: '' }], 'Fritz', { problem: 'empty' }],
        [[{ white: 'Bert', black: '' }], '', { problem: 'incomplete' }],
        [[{ white: '', black: 'Bert' }], '', { problem: 'incomplete' }],
        [[{ white: 'Bert', black: 'Bert' }], '', { problem: 'twice', nick: 'Bert' }],
        [[{ white: 'Bert', black: 'Clara' }, { white: 'Fritz', black: 'clara' }], '', { problem: 'twice', nick: 'clara' }],
        [[{ white: 'Bert', black: 'Clara' }], 'Bert', { problem: 'twice', nick: 'Bert' }],
    ];
    for (const [boards, bye, expected] of cases) assert.deepEqual(pairingRequest(boards, bye), expected, JSON.stringify(boards));
});

test('the players left out are named: they get a zero-point bye', () => {
    const players = ['Bert', 'Clara', 'Emil', 'Fritz'];
    assert.deepEqual(unpairedPlayers(players, [{ white: 'bert', black: 'Clara' }, { white: '', black: '' }], ''), ['Emil', 'Fritz']);
    assert.deepEqual(unpairedPlayers(players, [{ white: 'Bert', black: 'Clara' }], 'Fritz'), ['Emil']);
    assert.deepEqual(unpairedPlayers(players, [], ''), players);
});

test("the server's refusal of a pairing shows its reason; a refusal to someone else names the director", () => {
    const message = "director_pairing: 'Anna' and 'Emil' must never meet (the tournament's forbidden pairs)";
    const reason = "'Anna' and 'Emil' must never meet (the tournament's forbidden pairs)";
    assert.equal(errorText({ code: 'bad_request', message }).sentence, `The pairing was not accepted: ${reason}`);
    assert.equal(inLanguage('de', () => errorText({ code: 'bad_request', message }).sentence),
                 `Die Auslosung wurde nicht angenommen: ${reason}`);
    assert.equal(errorText({ code: 'bad_request', message: 'director_result: no such board' }).sentence, en['error.bad_request']);
    assert.equal(errorText({ code: 'forbidden', message: 'director_pairing: not your tournament' }).sentence,
                 en['error.forbidden.tournament']);
});

test('the texts are in both languages, and differ', () => {
    const keys = Object.keys(en).filter((key) => key.startsWith('tournament.manual.')).concat('error.bad_request.director_pairing');
    assert.ok(keys.length >= 12);
    for (const key of keys) {
        assert.equal(typeof de[key], 'string', `de lacks ${key}`);
        assert.notEqual(de[key], en[key], key);
    }
});
