// Berserk at an arena's table (web/js/berserk.js, table_model.js): what table_state says, how the
// berserk event changes the table (the side marked, its clocks, a line in the log), and when the
// seated player gets the button. Pure decisions, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { afterBerserk, mayBerserk, wentBerserk } from '../../web/js/berserk.js';
import { TABLE_EVENTS, applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { noticeText } from '../../web/js/table_texts.js';
import { errorText } from '../../web/js/messages.js';
import { inLanguage } from './in_language.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const E4 = { ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: AFTER_E4 };
const E5 = { ply: 2, uci: 'e7e5', san: 'e5', san_de: 'e5', fen: AFTER_E5 };
const CLOCKS = { white_ms: 180000, black_ms: 180000, running: null, untimed: false, first_move: { side: 'white', ms_left: 30000 } };

// An arena game just begun, as table_state sends it.
function arenaTableState(extra = {}) {
    return {
        type: 'table_state', table: 7, seq: 3, room: 1, status: 'playing', white: 'Anna', black: 'Bert', rated: true,
        start_fen: START, fen: START, moves: [], clocks: CLOCKS, to_move: 'white', legal_moves: ['e2e4'],
        berserk_allowed: true, berserk: [], ...extra,
    };
}

const fromState = (extra) => applyTableEvent(emptyTable(7), arenaTableState(extra), 0).state;

test('table_state says whether berserk is allowed and who went berserk; a table without them allows none', () => {
    const state = fromState({ berserk: ['black'] });
    assert.equal(state.berserk_allowed, true);
    assert.deepEqual(state.berserk, ['black']);
    assert.equal(wentBerserk(state, 'black'), true);
    assert.equal(wentBerserk(state, 'white'), false);
    const { berserk_allowed: allowed, berserk, ...casual } = arenaTableState();
    const plain = applyTableEvent(emptyTable(7), casual, 0).state;
    assert.equal(plain.berserk_allowed, false);
    assert.deepEqual(plain.berserk, []);
    // A new game (game_started carries the table state) starts without the last game's berserks.
    const next = applyTableEvent(state, { ...arenaTableState(), type: 'game_started', seq: 4, berserk: [] }, 0).state;
    assert.deepEqual(next.berserk, []);
});

test('the berserk event marks the side, applies its clocks and leaves a line in the log', () => {
    assert.ok(TABLE_EVENTS.has('berserk'), 'main.js routes it to the table');
    const before = fromState();
    const clocks = { ...CLOCKS, white_ms: 90000 };
    const { state, resync } = applyTableEvent(before, { type: 'berserk', table: 7, seq: 4, by: 'white', clocks }, 5000);
    assert.equal(resync, false);
    assert.equal(state.seq, 4);
    assert.deepEqual(state.berserk, ['white']);
    assert.deepEqual(state.clocks, clocks);
    assert.equal(state.clocksReceivedAt, 5000, 'the clocks count down from the event');
    assert.deepEqual(state.notices.at(-1), { key: 'notice.berserk', params: { side: 'white', nick: 'Anna' } });
    assert.equal(noticeText(state.notices.at(-1)), 'Anna goes berserk: half the time, an extra point for a win.');
    assert.equal(inLanguage('de', () => noticeText(state.notices.at(-1))), 'Anna geht Berserk: halbe Bedenkzeit, ein Extrapunkt bei Sieg.');
    // Both may; each side once in the list; a repeat of a seen event changes nothing.
    const both = applyTableEvent(state, { type: 'berserk', table: 7, seq: 5, by: 'black', clocks }, 6000).state;
    assert.deepEqual(both.berserk, ['white', 'black']);
    assert.equal(applyTableEvent(both, { type: 'berserk', table: 7, seq: 5, by: 'black', clocks }, 7000).state, both);
    assert.deepEqual(afterBerserk(both, { by: 'white' }, 0).berserk, ['white', 'black']);
    // A gap before it: the table is watched again.
    assert.equal(applyTableEvent(before, { type: 'berserk', table: 7, seq: 9, by: 'white', clocks }, 0).resync, true);
});

test('an event without clocks keeps the clocks; the model before it is not changed', () => {
    const before = fromState();
    const after = afterBerserk(before, { type: 'berserk', by: 'black' }, 99);
    assert.equal(after.clocks, before.clocks);
    assert.equal(after.clocksReceivedAt, before.clocksReceivedAt);
    assert.deepEqual(before.berserk, [], 'pure');
});

test('the Berserk button: the seated player, in a game that allows it, once, before his own first move', () => {
    const cases = [
        // [what, state, seat, shown]
        ['white before any move', fromState(), 'white', true],
        ['black before any move', fromState(), 'black', true],
        ['a spectator', fromState(), null, false],
        ['not allowed', fromState({ berserk_allowed: false }), 'white', false],
        ['a table_state without it', fromState({ berserk_allowed: undefined }), 'white', false],
        ['went berserk already', fromState({ berserk: ['white'] }), 'white', false],
        ['the opponent went berserk', fromState({ berserk: ['white'] }), 'black', true],
        ['white moved', fromState({ moves: [E4], fen: AFTER_E4, to_move: 'black' }), 'white', false],
        ['black before his first move', fromState({ moves: [E4], fen: AFTER_E4, to_move: 'black' }), 'black', true],
        ['black moved', fromState({ moves: [E4, E5], fen: AFTER_E5 }), 'black', false],
        ['the game is over', fromState({ status: 'finished', result: { result: 'draw', termination: 'agreement' } }), 'white', false],
        ['the game waits for players', fromState({ status: 'waiting' }), 'white', false],
    ];
    for (const [what, state, seat, shown] of cases) assert.equal(mayBerserk(state, seat), shown, what);
    // From a position with Black to move, Black's first move is the game's first.
    const blackFirst = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const position = fromState({ start_fen: blackFirst, fen: AFTER_E5, moves: [E5], to_move: 'white' });
    assert.equal(mayBerserk(position, 'black'), false);
    assert.equal(mayBerserk(position, 'white'), true);
    // After the event the button goes.
    const went = applyTableEvent(fromState(), { type: 'berserk', table: 7, seq: 4, by: 'white', clocks: CLOCKS }, 0).state;
    assert.equal(mayBerserk(went, 'white'), false);
    assert.equal(mayBerserk(went, 'black'), true);
    assert.equal(mayBerserk(null, 'white'), false);
});

test('a refused berserk reads as a sentence in both languages', () => {
    const error = { code: 'berserk_not_allowed', message: 'berserk: only in an arena game whose tournament allows it' };
    assert.match(errorText(error).sentence, /^Berserk is possible only in an arena game/);
    assert.match(inLanguage('de', () => errorText(error).sentence), /^Berserk geht nur in einer Arena-Partie/);
});
