// The board's bookkeeping (js/board_model.js): run with
//   node --test tests/web/
// chessground itself needs a browser; the smoke test drives it.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { boardState, cellOf, chooserCells, configChanges, destsOf, premoveAction, resolveMove, squareCenter }
    from '../../web/js/board_model.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const PROMOTIONS = ['e7e8q', 'e7e8r', 'e7e8b', 'e7e8n', 'e7d8q', 'e7d8r', 'e7d8b', 'e7d8n', 'e1e2'];

test('the server\'s legal moves become chessground\'s dests, each target once', () => {
    assert.deepEqual([...destsOf(['e2e4', 'e2e3', 'g1f3', 'e1g1'])], [['e2', ['e4', 'e3']], ['g1', ['f3']], ['e1', ['g1']]]);
    assert.deepEqual([...destsOf(PROMOTIONS)], [['e7', ['e8', 'd8']], ['e1', ['e2']]]);
    assert.equal(destsOf([]).size, 0);
    assert.equal(destsOf(undefined).size, 0);
});

test('a move on the board is one legal move, a promotion to choose, or nothing', () => {
    const cases = [
        [['e1', 'e2', {}], { uci: 'e1e2' }],
        [['e7', 'e8', {}], { choose: ['e7e8q', 'e7e8n', 'e7e8r', 'e7e8b'] }],
        [['e7', 'd8', { autoQueen: true }], { uci: 'e7d8q' }],
        [['e7', 'e8', { premove: true }], { uci: 'e7e8q' }],
        [['e7', 'e6', {}], null],
    ];
    for (const [[from, to, options], expected] of cases) assert.deepEqual(resolveMove(PROMOTIONS, from, to, options), expected);
    assert.deepEqual(resolveMove(['b2b1q', 'b2b1r', 'b2b1b', 'b2b1n'], 'b2', 'b1', {}).choose[0], 'b2b1q');
});

test('squares are found on screen from either side', () => {
    assert.deepEqual(cellOf('a8', 'white'), { column: 0, row: 0 });
    assert.deepEqual(cellOf('a8', 'black'), { column: 7, row: 7 });
    assert.deepEqual(cellOf('e2', 'white'), { column: 4, row: 6 });
    assert.deepEqual(cellOf('e2', 'black'), { column: 3, row: 1 });
    const box = { x: 100, y: 50, width: 400, height: 400 };
    assert.deepEqual(squareCenter(box, 'a1', 'white'), { x: 125, y: 425 });
    assert.deepEqual(squareCenter(box, 'a1', 'black'), { x: 475, y: 75 });
    assert.deepEqual(squareCenter({ left: 0, top: 0, width: 80, height: 80 }, 'h8'), { x: 75, y: 5 });
    const element = { getBoundingClientRect: () => ({ left: 0, top: 0, width: 160, height: 160 }) };
    assert.deepEqual(squareCenter(element, 'd4', 'white'), { x: 70, y: 90 });
});

test('the promotion chooser stands on the file, from the square towards the middle', () => {
    const moves = ['e7e8q', 'e7e8n', 'e7e8r', 'e7e8b'];
    assert.deepEqual(chooserCells(moves, 'white').map(({ piece, column, row }) => [piece, column, row]),
                     [['q', 4, 0], ['n', 4, 1], ['r', 4, 2], ['b', 4, 3]]);
    assert.deepEqual(chooserCells(moves, 'black').map(({ column, row }) => [column, row]), [[3, 7], [3, 6], [3, 5], [3, 4]]);
    const black = ['a2a1q', 'a2a1n', 'a2a1r', 'a2a1b'];
    assert.deepEqual(chooserCells(black, 'black').map(({ column, row }) => [column, row]), [[7, 0], [7, 1], [7, 2], [7, 3]]);
    assert.deepEqual(chooserCells(black, 'white').map(({ uci, row }) => [uci, row]), [['a2a1q', 7], ['a2a1n', 6], ['a2a1r', 5], ['a2a1b', 4]]);
});

function view(extra = {}) {
    return { fen: START, orientation: 'white', legalMoves: ['e2e4', 'g1f3'], lastMove: null, check: false, turnColour: 'white',
             moverColour: 'white', autoQueen: false, viewOnly: false, ...extra };
}

test('chessground is told only what changed', () => {
    const first = boardState(view());
    const all = configChanges(null, first);
    assert.equal(all.fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
    assert.equal(all.orientation, 'white');
    assert.equal(all.turnColor, 'white');
    assert.equal(all.check, false);
    assert.ok('lastMove' in all && all.lastMove === undefined);
    assert.deepEqual([...all.movable.dests], [['e2', ['e4']], ['g1', ['f3']]]);
    assert.equal(all.movable.color, 'white');
    assert.deepEqual(all.premovable, { enabled: false });

    assert.equal(configChanges(first, boardState(view())), null, 'the same view again changes nothing');
    assert.equal(configChanges(first, boardState(view({ legalMoves: ['g1f3', 'e2e4'] }))), null, 'the order of the moves does not matter');
    assert.deepEqual(configChanges(first, boardState(view({ orientation: 'black' }))), { orientation: 'black' });

    const afterMove = view({ fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', legalMoves: [], lastMove: 'e2e4',
                             turnColour: 'black' });
    const changes = configChanges(first, boardState(afterMove));
    assert.deepEqual(changes.lastMove, ['e2', 'e4']);
    assert.equal(changes.turnColor, 'black');
    assert.equal(changes.movable.dests.size, 0);
    assert.deepEqual(changes.premovable, { enabled: true }, 'the opponent is to move: premoves are allowed');

    // After a move on the board chessground changed its own position: everything is told again.
    const forgotten = { ...first, fen: undefined, turnColour: undefined, dests: undefined, lastMove: undefined, check: undefined };
    const again = configChanges(forgotten, first);
    assert.deepEqual(Object.keys(again).sort(), ['check', 'fen', 'lastMove', 'movable', 'turnColor']);
});

test('a check is the side to move\'s king; spectators and earlier plies only look', () => {
    assert.equal(boardState(view({ check: true, turnColour: 'black' })).check, 'black');
    const spectator = boardState(view({ moverColour: null }));
    assert.equal(spectator.viewOnly, true);
    assert.equal(spectator.movable, '');
    assert.equal(configChanges(null, spectator).movable.color, undefined);
    assert.equal(configChanges(boardState(view()), boardState(view({ viewOnly: true }))).movable.color, undefined,
                 'looking at an earlier ply: nothing moves');
    assert.equal(spectator.dests, '');
    assert.equal(spectator.premovable, false);
    const earlier = boardState(view({ viewOnly: true }));
    assert.equal(earlier.dests, '');
    assert.equal(earlier.premovable, false);
});

test('a premove is played when the player is to move, dropped when the player cannot move', () => {
    const cases = [
        [view(), 'play'],
        [view({ legalMoves: [] }), 'cancel'],
        [view({ turnColour: 'black', legalMoves: [] }), 'keep'],
        [view({ viewOnly: true }), 'cancel'],
        [view({ moverColour: null }), 'cancel'],
    ];
    for (const [v, action] of cases) assert.equal(premoveAction(boardState(v)), action, JSON.stringify(v));
});
