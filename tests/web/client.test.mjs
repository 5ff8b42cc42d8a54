// Unit tests of the browser client's pure modules (no browser needed): run with
//   node --test tests/web/
// Table-like: each case is an input and the expected result.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { applyTableEvent, emptyTable, movesFrom, resultNames, seatOf, tableIdOf } from '../../web/js/table_model.js';
import { customTimeControl, describe } from '../../web/js/time_control.js';
import { format, remaining } from '../../web/js/clock_display.js';
import { kingSquare, placement, sideToMove } from '../../web/js/fen.js';
import { noticeText } from '../../web/js/table_texts.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('time controls are described as players write them', () => {
    const cases = [
        [{ kind: 'untimed' }, 'untimed'],
        [{ kind: 'sudden_death', base_ms: 60_000 }, '1+0'],
        [{ kind: 'fischer', base_ms: 180_000, increment_ms: 2000 }, '3+2'],
        [{ kind: 'bronstein', base_ms: 300_000, delay_ms: 3000 }, '5 Bronstein 3s'],
        [{ kind: 'delay', base_ms: 180_000, delay_ms: 5000 }, '3 delay 5s'],
        [{ kind: 'stages', stages: [{ moves: 40, time_ms: 5_400_000 }, { time_ms: 1_800_000 }], increment_ms: 30_000 },
         '90/40, 30 +30s'],
        [{ kind: 'stages', stages: [{ moves: 40, time_ms: 6_000_000 }, { time_ms: 900_000 }], delay_ms: 5000,
           delay_kind: 'bronstein' }, '100/40, 15 Bronstein 5s'],
        ['5+3', '5+3'],
    ];
    for (const [tc, text] of cases) assert.equal(describe(tc), text);
});

test('clocks are formatted with tenths only in the last ten seconds', () => {
    const cases = [[3_600_000, '1:00:00'], [299_000, '4:59'], [10_000, '0:10'], [9_749, '0:09.7'], [0, '0:00.0'], [-5, '0:00.0']];
    for (const [ms, text] of cases) assert.equal(format(ms), text);
});

test('only the running clock counts down, and never below zero', () => {
    const reading = { white_ms: 5000, black_ms: 7000, running: 'white', untimed: false };
    assert.deepEqual(remaining(reading, 100, 1100), { white: 4000, black: 7000 });
    assert.deepEqual(remaining(reading, 100, 9100), { white: 0, black: 7000 });
    assert.deepEqual(remaining({ ...reading, running: null }, 100, 9100), { white: 5000, black: 7000 });
    assert.deepEqual(remaining(reading, 100, 9100, false), { white: 5000, black: 7000 });
});

test('FEN placement, side to move and king squares', () => {
    const board = placement(START);
    assert.equal(board.size, 32);
    assert.equal(board.get('e1'), 'K');
    assert.equal(board.get('d8'), 'q');
    assert.equal(board.get('e4'), undefined);
    const fen = '4k3/8/8/8/8/8/4P3/4K3 b - - 0 1';
    assert.equal(sideToMove(fen), 'black');
    assert.equal(kingSquare(fen, 'black'), 'e8');
    assert.equal(placement(fen).get('e2'), 'P');
});

function stateFrame(extra = {}) {
    return {
        type: 'table_state', table: 7, seq: 3, room: 34, status: 'playing', white: 'Anna', black: 'Björn',
        opener_color: 'white', time_control: { kind: 'fischer', base_ms: 180000, increment_ms: 2000 }, invite: null,
        spectators: 0, game_id: 1, start_fen: START, fen: START, moves: [],
        clocks: { white_ms: 180000, black_ms: 180000, running: 'white', untimed: false }, to_move: 'white',
        legal_moves: ['e2e4', 'g1f3'], draw_offer: null, rematch_offer: null, disconnected: [], result: null, ...extra,
    };
}

test('table events: state, move, a repeat, a gap, draw offer, game over', () => {
    let { state } = applyTableEvent(emptyTable(7), stateFrame(), 10);
    assert.equal(state.seq, 3);
    assert.equal(state.white, 'Anna');
    assert.equal(state.clocksReceivedAt, 10);

    const move = { type: 'move', table: 7, seq: 4, ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: 'x b - - 0 1',
                   clocks: { white_ms: 181000, black_ms: 180000, running: 'black' }, to_move: 'black',
                   legal_moves: ['e7e5'], check: false, draw_offered: true };
    ({ state } = applyTableEvent(state, move, 20));
    assert.equal(state.seq, 4);
    assert.equal(state.moves.length, 1);
    assert.equal(state.to_move, 'black');
    assert.equal(state.draw_offer, 'white', 'a move with offer_draw makes an offer by the mover');
    assert.equal(state.lastMove, 'e2e4');

    const repeat = applyTableEvent(state, move, 30);
    assert.equal(repeat.state, state, 'an event at or below the known seq changes nothing');
    const gap = applyTableEvent(state, { ...move, seq: 9 }, 30);
    assert.equal(gap.resync, true);

    ({ state } = applyTableEvent(state, { type: 'draw_declined', table: 7, seq: 5, by: 'black' }, 40));
    assert.equal(state.draw_offer, null);
    ({ state } = applyTableEvent(state, { type: 'table_chat', table: 7, seq: 6, from: 'Björn', text: 'gg' }, 40, 1_800_000_000_000));
    assert.deepEqual(state.chat, [{ from: 'Björn', text: 'gg', channel: 'table', at: 1_800_000_000_000 }]);
    ({ state } = applyTableEvent(state, { type: 'game_over', table: 7, seq: 7, result: '0-1', winner: 'black',
                                          termination: 'resignation', message: 'White resigned',
                                          clocks: { white_ms: 1, black_ms: 2, running: 'black' } }, 50));
    assert.equal(state.status, 'finished');
    assert.equal(state.result.result, '0-1');
    assert.equal(state.clocks.running, null);
    assert.deepEqual(state.legal_moves, []);
    assert.equal(noticeText(state.notices.at(-1)), 'Game over 0-1: White resigned.');
});

test('a table_state after a reconnect keeps the chat and adds the missed chat', () => {
    let { state } = applyTableEvent(emptyTable(7), stateFrame(), 0);
    ({ state } = applyTableEvent(state, { type: 'table_chat', table: 7, seq: 4, from: 'Anna', text: 'hi' }, 0));
    const missed = [{ type: 'table_chat', table: 7, seq: 5, from: 'Björn', text: 'still there?' },
                    { type: 'player_disconnected', table: 7, seq: 6, side: 'white', nick: 'Anna', grace_ms: 60000 }];
    ({ state } = applyTableEvent(state, stateFrame({ seq: 6, disconnected: ['white'], missed }), 0));
    assert.deepEqual(state.chat.map((line) => line.text), ['hi', 'still there?']);
    assert.deepEqual(state.disconnected, ['white']);
    assert.match(noticeText(state.notices.at(-1)), /Anna \(White\) lost the connection/);
});

test('a player who goes away after the game keeps the seat for the grace period', () => {
    let { state } = applyTableEvent(emptyTable(7), stateFrame({ status: 'finished', to_move: null }), 0);
    const gone = { type: 'player_disconnected', table: 7, seq: 4, side: 'black', nick: 'Björn', grace_ms: 60000 };
    ({ state } = applyTableEvent(state, gone, 0));
    assert.deepEqual(state.disconnected, ['black']);
    assert.match(noticeText(state.notices.at(-1)), /Björn \(Black\) lost the connection; the seat is kept for 60 s/);
});

test('seat_changed carries the summary; seats and legal targets', () => {
    let { state } = applyTableEvent(emptyTable(9), stateFrame({ table: 9, status: 'waiting', black: null }), 0);
    const summary = { table: 9, room: 34, status: 'waiting', white: 'Anna', black: 'Zoë', spectators: 2 };
    ({ state } = applyTableEvent(state, { type: 'seat_changed', table: summary, seq: 4 }, 0));
    assert.equal(tableIdOf({ type: 'seat_changed', table: summary, seq: 4 }), 9);
    assert.equal(state.black, 'Zoë');
    assert.equal(state.spectators, 2);
    // The server's spelling: "table" is the id, the summary travels under "summary".
    const stoodUp = { ...summary, black: null, spectators: 3 };
    const frame = { type: 'seat_changed', table: 9, seq: 5, summary: stoodUp };
    assert.equal(tableIdOf(frame), 9);
    ({ state } = applyTableEvent(state, frame, 0));
    assert.equal(state.black, null);
    assert.equal(state.spectators, 3);
    ({ state } = applyTableEvent(state, { ...frame, seq: 6, summary: summary }, 0));
    assert.equal(seatOf(state, 'zoë'), 'black');
    assert.equal(seatOf(state, 'anna'), 'white');
    assert.equal(seatOf(state, 'Carl'), null);
    state = { ...state, legal_moves: ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'e7d8q', 'a2a3'] };
    assert.deepEqual(Object.keys(movesFrom(state, 'e7')).sort(), ['d8', 'e8']);
    assert.equal(movesFrom(state, 'e7').e8.length, 4);
});

test('after a game the result names who played, also once one of them stood up (a bot leaves at once)', () => {
    const result = { result: '1-0', winner: 'white', termination: 'resignation', loser: 'black' };
    let { state } = applyTableEvent(emptyTable(7), stateFrame({ status: 'finished', result, seq: 8 }), 0);
    assert.deepEqual(resultNames(state), { white: 'Anna', black: 'Björn' });
    const left = { table: 7, room: 34, status: 'finished', white: 'Anna', black: null };
    ({ state } = applyTableEvent(state, { type: 'seat_changed', table: 7, seq: 9, summary: left }, 0));
    assert.equal(state.black, null);
    assert.deepEqual(resultNames(state), { white: 'Anna', black: 'Björn' });
    // Another who sits down meanwhile is not named in the old game's result.
    ({ state } = applyTableEvent(state, { type: 'seat_changed', table: 7, seq: 10, summary: { ...left, black: 'Carl' } }, 0));
    assert.deepEqual(resultNames(state), { white: 'Anna', black: 'Björn' });
    // The next game names its own players.
    ({ state } = applyTableEvent(state, { ...stateFrame({ black: 'Carl', seq: 11 }), type: 'game_started' }, 0));
    assert.deepEqual(resultNames(state), { white: 'Anna', black: 'Carl' });
    // Before a game ends, the seats are the names.
    assert.deepEqual(resultNames(emptyTable(3)), { white: null, black: null });
});

test('table summaries mark guests: white_guest and black_guest follow table_state and seat_changed', () => {
    let { state } = applyTableEvent(emptyTable(9), stateFrame({ table: 9, white_guest: false, black_guest: true }), 0);
    assert.equal(state.white_guest, false);
    assert.equal(state.black_guest, true);
    const summary = { table: 9, room: 34, status: 'finished', white: 'Anna', black: 'Gustav', white_guest: false, black_guest: false };
    ({ state } = applyTableEvent(state, { type: 'seat_changed', table: 9, seq: 4, summary }, 0));
    assert.equal(state.black, 'Gustav');
    assert.equal(state.black_guest, false, 'an account took the seat the guest left');
    assert.equal(emptyTable(3).white_guest, false);
});

test('resync: the state alone is the truth, the log says the gap is not shown, and missed is not applied', () => {
    let { state } = applyTableEvent(emptyTable(7), stateFrame(), 0);
    ({ state } = applyTableEvent(state, { type: 'table_chat', table: 7, seq: 4, from: 'Anna', text: 'hi' }, 0));
    const later = stateFrame({ seq: 90, status: 'finished', to_move: null, legal_moves: [], rematch_offer: 'white',
                               result: { result: '1-0', winner: 'white', termination: 'resignation', message: 'Black resigned' },
                               resync: true, missed: [] });
    ({ state } = applyTableEvent(state, later, 0));
    assert.equal(state.seq, 90);
    assert.equal(state.status, 'finished');
    assert.equal(state.rematch_offer, 'white');
    assert.deepEqual(state.chat.map((line) => line.text), ['hi'], 'the chat seen before stays');
    assert.equal(state.notices.at(-1).key, 'notice.resync');
    assert.match(noticeText(state.notices.at(-1)), /as it is now/);
    // The next event follows on from the resynced seq.
    const next = applyTableEvent(state, { type: 'rematch_offered', table: 7, seq: 91, by: 'white' }, 0);
    assert.equal(next.resync, false);
    assert.equal(next.state.seq, 91);
    // Without resync no such line.
    ({ state } = applyTableEvent(emptyTable(7), stateFrame({ resync: false, missed: [] }), 0));
    assert.deepEqual(state.notices, []);
});

test('the check, the FEN of every move and the proof survive a reload; the spectator count is no numbered event', () => {
    const fen = 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3';
    let { state } = applyTableEvent(emptyTable(4), {
        type: 'table_state', table: 4, seq: 9, status: 'playing', fen, check: true, to_move: 'white',
        moves: [{ ply: 1, uci: 'f2f3', san: 'f3', san_de: 'f3', fen: 'x' }],
    }, 0);
    assert.equal(state.check, true, 'table_state says whether the side to move is in check');
    ({ state } = applyTableEvent(state, { type: 'spectators', table: 4, count: 3 }, 0));
    assert.equal(state.spectators, 3);
    assert.equal(state.seq, 9, 'the count takes no seq');
    ({ state } = applyTableEvent(state, { type: 'move', table: 4, seq: 10, ply: 2, uci: 'e7e5', san: 'e5', san_de: 'e5',
                                          fen: 'after', check: false, to_move: 'white' }, 0));
    assert.equal(state.moves[1].fen, 'after', 'a move event keeps its FEN for stepping back to it');
    assert.equal(state.check, false);
    const proof = { side: 'black', first_ply: 3, line: [{ uci: 'a2a3', san: 'a3', san_de: 'a3' }] };
    ({ state } = applyTableEvent(state, { type: 'game_over', table: 4, seq: 11, result: '1-0', winner: 'white',
                                          termination: 'flag_fall', winnability: 'can_mate', proof }, 0));
    assert.deepEqual(state.result.proof, proof);
});

test('a custom time control: a quarter of a minute at least, whole seconds of increment', () => {
    assert.deepEqual(customTimeControl('0.25', '0'), { kind: 'sudden_death', base_ms: 15_000 });
    assert.deepEqual(customTimeControl('3', '2'), { kind: 'fischer', base_ms: 180_000, increment_ms: 2_000 });
    assert.equal(customTimeControl('0.1', '0'), null);
    assert.equal(customTimeControl('abc', '0'), null);
    assert.equal(customTimeControl('3', '-1'), null);
    assert.equal(customTimeControl('181', '0'), null);
});
