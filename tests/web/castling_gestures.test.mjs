// Castling by dragging the king onto the rook or two squares towards it (js/castling_gestures.js
// and its use in js/board_model.js): run with
//   node --test tests/web/

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { castlingGestures, castlingPieces, castlingsOf, typedCastling } from '../../web/js/castling_gestures.js';
import { destsOf, resolveMove } from '../../web/js/board_model.js';

// Standard chess (and a standard game from a FEN): the server lists e1g1 and e1c1.
const STANDARD = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1';
const STANDARD_MOVES = ['e1g1', 'e1c1', 'e1f1', 'e1d1', 'a1b1', 'h1g1', 'a2a3'];
// Chess960 start 0-like back ranks with the middle cleared: the server lists king takes rook.
const KING_E_960 = 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w HAha - 0 1';
const KING_E_960_MOVES = ['e1h1', 'e1a1', 'e1f1', 'e1d1'];

test('a castling is recognised from the pieces: king onto its own rook, or the king two files', () => {
    assert.deepEqual(castlingsOf(STANDARD_MOVES, STANDARD).map(({ uci, rook, kingTo, rookTo, gestures }) => [uci, rook, kingTo, rookTo, gestures]),
                     [['e1g1', 'h1', 'g1', 'f1', ['h1', 'g1']], ['e1c1', 'a1', 'c1', 'd1', ['a1', 'c1']]]);
    assert.deepEqual(castlingsOf(KING_E_960_MOVES, KING_E_960).map(({ uci, gestures }) => [uci, gestures]),
                     [['e1h1', ['h1', 'g1']], ['e1a1', ['a1', 'c1']]]);
    assert.deepEqual(castlingsOf(['e1e2', 'a1a2', 'e1f2'], STANDARD), [], 'king steps and rook moves are no castling');
    assert.deepEqual(castlingsOf(STANDARD_MOVES, null), [], 'without the position nothing is guessed');
});

test('each gesture names the move the server listed', () => {
    const cases = [
        // [fen, legal moves, from, to, the move sent]
        [STANDARD, STANDARD_MOVES, 'e1', 'g1', 'e1g1'],
        [STANDARD, STANDARD_MOVES, 'e1', 'h1', 'e1g1'],
        [STANDARD, STANDARD_MOVES, 'e1', 'c1', 'e1c1'],
        [STANDARD, STANDARD_MOVES, 'e1', 'a1', 'e1c1'],
        [KING_E_960, KING_E_960_MOVES, 'e1', 'h1', 'e1h1'],
        [KING_E_960, KING_E_960_MOVES, 'e1', 'g1', 'e1h1'],
        [KING_E_960, KING_E_960_MOVES, 'e1', 'a1', 'e1a1'],
        [KING_E_960, KING_E_960_MOVES, 'e1', 'c1', 'e1a1'],
        // Chess960 start 518's neighbours: king b1 and rook a1 (two squares left is off the board).
        ['rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1', ['b1a1', 'b1h1', 'b1c1'], 'b1', 'a1', 'b1a1'],
        ['rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1', ['b1a1', 'b1h1', 'b1c1'], 'b1', 'd1', 'b1h1'],
        ['rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1', ['b1a1', 'b1h1', 'b1c1'], 'b1', 'c1', 'b1c1'],
        // King d1, rook a1: two squares towards it is b1, though the king ends on c1.
        ['r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w HAha - 0 1', ['d1a1', 'd1c1'], 'd1', 'b1', 'd1a1'],
        // Black castles on the eighth rank.
        ['r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b HAha - 0 1', ['e8h8', 'e8a8'], 'e8', 'g8', 'e8h8'],
        ['r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1', ['e8g8', 'e8c8'], 'e8', 'a8', 'e8c8'],
        // King f1, rook h1: f1g1 is the king's step to g1, never a castling; h1 is the castling.
        ['rk3k1r/pppppppp/8/8/8/8/PPPPPPPP/5K1R w H - 0 1', ['f1h1', 'f1g1', 'f1e1'], 'f1', 'g1', 'f1g1'],
        ['rk3k1r/pppppppp/8/8/8/8/PPPPPPPP/5K1R w H - 0 1', ['f1h1', 'f1g1', 'f1e1'], 'f1', 'h1', 'f1h1'],
        // King f1, rook g1: no "two squares" past the rook.
        ['8/8/8/8/8/8/8/k4KR1 w G - 0 1', ['f1g1', 'f1e1'], 'f1', 'h1', null],
    ];
    for (const [fen, moves, from, to, expected] of cases) {
        const choice = resolveMove(moves, from, to, { fen });
        assert.equal(choice ? choice.uci : null, expected, `${fen}: ${from}-${to}`);
    }
    assert.equal(resolveMove(KING_E_960_MOVES, 'e1', 'g1'), null, 'without the FEN only the listed moves count');
});

test('a gesture that is itself a listed move, or that would name two moves, means nothing more', () => {
    // Listed e1g1 is sent as it is, not turned into e1h1.
    assert.equal(castlingGestures(['e1h1', 'e1g1'], KING_E_960).has('e1g1'), false);
    assert.equal(resolveMove(['e1h1', 'e1g1'], 'e1', 'g1', { fen: KING_E_960 }).uci, 'e1g1');
    // King c1 between rooks a1 and e1: two squares towards e1 is e1 itself, towards a1 is a1 itself.
    const fen = 'k7/8/8/8/8/8/8/R1K1R3 w EA - 0 1';
    assert.deepEqual([...castlingGestures(['c1e1', 'c1a1'], fen)], []);
});

test('the king\'s targets on the board include both gestures', () => {
    assert.deepEqual(destsOf(STANDARD_MOVES, STANDARD).get('e1').sort(), ['c1', 'd1', 'f1', 'g1', 'h1', 'a1'].sort());
    assert.deepEqual(destsOf(KING_E_960_MOVES, KING_E_960.split(' ')[0]).get('e1').sort(), ['a1', 'c1', 'd1', 'f1', 'g1', 'h1'],
                     'the placement field alone is enough');
    assert.deepEqual(destsOf(STANDARD_MOVES).get('e1').sort(), ['c1', 'd1', 'f1', 'g1'], 'without the FEN: the listed targets');
});

test('after a castling the board shows king and rook on their squares, whatever the drag', () => {
    const pieces = (fen, moves, uci, dropped) => Object.fromEntries(castlingPieces(moves, fen, uci, dropped));
    assert.deepEqual(pieces(KING_E_960, KING_E_960_MOVES, 'e1h1', 'g1'), { e1: null, h1: null, g1: 'K', f1: 'R' });
    assert.deepEqual(pieces(STANDARD, STANDARD_MOVES, 'e1c1', 'a1'), { e1: null, a1: null, c1: 'K', d1: 'R' });
    assert.deepEqual(pieces('r2k3r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R w HAha - 0 1', ['d1a1'], 'd1a1', 'b1'),
                     { d1: 'R', a1: null, b1: null, c1: 'K' }, 'the king leaves d1 and the rook arrives there');
    assert.deepEqual(pieces('r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b HAha - 0 1', ['e8a8'], 'e8a8', 'a8'),
                     { e8: null, a8: null, c8: 'k', d8: 'r' });
    assert.equal(castlingPieces(STANDARD_MOVES, STANDARD, 'e1f1', 'f1'), null, 'a king step is no castling');
});

test('a castling typed in UCI the other way is sent as listed; every other text as typed', () => {
    const cases = [
        ['e1g1', KING_E_960_MOVES, KING_E_960, 'e1h1'],
        [' e1c1 ', KING_E_960_MOVES, KING_E_960, 'e1a1'],
        ['e1h1', STANDARD_MOVES, STANDARD, 'e1g1'],
        ['e1g1', STANDARD_MOVES, STANDARD, 'e1g1'],
        ['O-O', KING_E_960_MOVES, KING_E_960, 'O-O'],
        ['e1f1', KING_E_960_MOVES, KING_E_960, 'e1f1'],
        ['e7e8q', ['e7e8q'], '4k3/4P3/8/8/8/8/8/4K3 w - - 0 1', 'e7e8q'],
        ['e1g1', [], KING_E_960, 'e1g1'],
    ];
    for (const [text, moves, fen, expected] of cases) assert.equal(typedCastling(text, moves, fen), expected, `${text} in ${fen}`);
});
