// The client's side of takebacks and more time (web/js/table_model.js, takeback_actions.js,
// takeback_form.js): how each event changes the table, which buttons a player gets, and the
// table form's box. Pure decisions, no browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { courtesyButtons } from '../../web/js/takeback_actions.js';
import { takebacksChecked } from '../../web/js/takeback_form.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

function playing(extra = {}) {
    return {
        ...emptyTable(7), seq: 10, status: 'playing', white: 'Anna', black: 'Bert', takebacks: true, start_fen: START,
        fen: AFTER_E5, to_move: 'white', clocks: { white_ms: 300000, black_ms: 300000, running: 'white', untimed: false },
        moves: [{ ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: AFTER_E4 }, { ply: 2, uci: 'e7e5', san: 'e5', san_de: 'e5', fen: AFTER_E5 }],
        ...extra,
    };
}

test('a request stands until answered, withdrawn or lapsed by a move; the buttons follow it', () => {
    let state = playing();
    state = applyTableEvent(state, { type: 'takeback_requested', table: 7, seq: 11, by: 'black', plies: 1 }, 0).state;
    assert.deepEqual(state.takeback_request, { by: 'black', plies: 1 });
    assert.equal(state.notices.at(-1).key, 'notice.takeback_requested');
    assert.deepEqual(courtesyButtons(state, 'white', 0).map((b) => b.type), ['accept_takeback', 'decline_takeback', 'give_time']);
    assert.deepEqual(courtesyButtons(state, 'black', 0).map((b) => b.type), ['withdraw_takeback', 'give_time']);
    assert.deepEqual(courtesyButtons(state, null, 0), []);
    const moved = applyTableEvent(state, { type: 'move', table: 7, seq: 12, ply: 3, uci: 'g1f3', san: 'Nf3', fen: AFTER_E5, to_move: 'black' }, 0).state;
    assert.equal(moved.takeback_request, null);
    const withdrawn = applyTableEvent(state, { type: 'takeback_withdrawn', table: 7, seq: 12, by: 'black' }, 0).state;
    assert.equal(withdrawn.takeback_request, null);
});

test('a decline makes the asker wait, shown on his button with the seconds left', () => {
    let state = playing();
    state = applyTableEvent(state, { type: 'takeback_requested', table: 7, seq: 11, by: 'white', plies: 2 }, 0).state;
    assert.equal(state.notices.at(-1).key, 'notice.takeback_requested.two');
    state = applyTableEvent(state, { type: 'takeback_declined', table: 7, seq: 12, by: 'black', next_request_in_ms: 20000 }, 1000).state;
    assert.equal(state.takeback_request, null);
    assert.deepEqual(state.notices.at(-1), { key: 'notice.takeback_declined', params: { side: 'black', nick: 'Bert', seconds: 20 } });
    const waiting = courtesyButtons(state, 'white', 6000).find((b) => b.type === 'takeback');
    assert.equal(waiting.disabled, true);
    assert.equal(waiting.waitSeconds, 15);
    assert.equal(courtesyButtons(state, 'white', 21000).find((b) => b.type === 'takeback').disabled, false);
    // The decliner does not wait.
    assert.equal(courtesyButtons(state, 'black', 6000).find((b) => b.type === 'takeback').disabled, false);
});

test('no takeback button at a table without takebacks, none to press before one\'s first move; no gift untimed', () => {
    assert.deepEqual(courtesyButtons(playing({ takebacks: false }), 'white', 0).map((b) => b.type), ['give_time']);
    const first = playing({ moves: [{ ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: AFTER_E4 }], fen: AFTER_E4, to_move: 'black' });
    assert.equal(courtesyButtons(first, 'black', 0).find((b) => b.type === 'takeback').disabled, true);
    assert.equal(courtesyButtons(first, 'white', 0).find((b) => b.type === 'takeback').disabled, false);
    const untimed = playing({ clocks: { white_ms: 0, black_ms: 0, running: null, untimed: true } });
    assert.deepEqual(courtesyButtons(untimed, 'white', 0).map((b) => b.type), ['takeback']);
    assert.deepEqual(courtesyButtons(playing(), 'white', 0).find((b) => b.type === 'give_time').fields, { seconds: 15 });
});

test('taken_back redraws the whole table; time_given sets the clocks at once', () => {
    let state = playing({ chat: [{ from: 'Anna', text: 'hi', channel: 'table', at: 1 }] });
    const back = {
        type: 'taken_back', table: 7, seq: 11, by: 'black', plies: 1, status: 'playing', white: 'Anna', black: 'Bert',
        takebacks: true, start_fen: START, fen: AFTER_E4, moves: [{ ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: AFTER_E4 }],
        clocks: { white_ms: 299000, black_ms: 300000, running: 'black', untimed: false }, to_move: 'black',
        legal_moves: ['e7e5'], takeback_request: null, draw_offer: null,
    };
    state = applyTableEvent(state, back, 500).state;
    assert.equal(state.seq, 11);
    assert.equal(state.moves.length, 1);
    assert.equal(state.fen, AFTER_E4);
    assert.equal(state.to_move, 'black');
    assert.equal(state.lastMove, 'e2e4');
    assert.equal(state.clocksReceivedAt, 500);
    assert.equal(state.chat.length, 1, 'the chat survives');
    assert.equal(state.notices.at(-1).key, 'notice.taken_back');
    state = applyTableEvent(state, { type: 'time_given', table: 7, seq: 12, by: 'white', to: 'black', seconds: 15,
                                     clocks: { white_ms: 298000, black_ms: 315000, running: 'black', untimed: false } }, 900).state;
    assert.equal(state.clocks.black_ms, 315000);
    assert.equal(state.clocksReceivedAt, 900);
    assert.deepEqual(state.notices.at(-1).params.seconds, 15);
});

test('the form\'s takebacks box follows "Rated" until the player sets it', () => {
    assert.equal(takebacksChecked(false, false, false), true);
    assert.equal(takebacksChecked(true, false, true), false);
    assert.equal(takebacksChecked(true, true, true), true);
    assert.equal(takebacksChecked(false, true, false), false);
});
