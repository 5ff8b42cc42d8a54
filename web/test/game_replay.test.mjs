// Stepping through a stored game (js/game_replay.js), as the admin's game log does.
// Run with `node --test web/test/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { clockText, gameResult, moveNumber, replayStep, replayView, sanIn, scoreRows, stepForKey } from '../js/game_replay.js';

const LOG = {
    start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    moves: [
        { ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1' },
        { ply: 2, uci: 'f7f6', san: 'f6', san_de: 'f6', fen: 'rnbqkbnr/ppppp1pp/5p2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2' },
        { ply: 3, uci: 'd1h5', san: 'Qh5+', san_de: 'Dh5+', fen: 'rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2' },
    ],
};

test('the replay steps from the start to the last move and stays inside the game', () => {
    const cases = [[3, 'first', 0], [0, 'prev', 0], [0, 'next', 1], [2, 'next', 3], [3, 'next', 3], [3, 'prev', 2],
                   [1, 'last', 3], [9, 'prev', 2], [-1, 'next', 1], [2, 'other', 2]];
    for (const [ply, step, wanted] of cases) assert.equal(replayStep(ply, 3, step), wanted, `${ply} ${step}`);
    assert.deepEqual(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'a'].map(stepForKey), ['prev', 'next', 'first', 'last', null]);
});

test('the board shows the stored FEN of each ply, the last move and a check', () => {
    assert.deepEqual(replayView(LOG, 0), { fen: LOG.start_fen, lastMove: null, check: false });
    assert.deepEqual(replayView(LOG, 1), { fen: LOG.moves[0].fen, lastMove: 'e2e4', check: false });
    assert.deepEqual(replayView(LOG, 3), { fen: LOG.moves[2].fen, lastMove: 'd1h5', check: true });
    assert.equal(replayView({ moves: [] }, 0).fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    assert.equal(sanIn(LOG.moves[2], 'de'), 'Dh5+');
    assert.equal(sanIn(LOG.moves[2], 'en'), 'Qh5+');
    assert.equal(sanIn({ uci: 'e2e4' }, 'en'), 'e2e4');
});

test('the moves are numbered rows of a score sheet', () => {
    assert.deepEqual(scoreRows(LOG.moves).map((row) => [row.number, row.white && row.white.san, row.black && row.black.san]),
                     [[1, 'e4', 'f6'], [2, 'Qh5+', null]]);
    assert.deepEqual(scoreRows([{ ply: 2, san: 'e5' }]).map((row) => [row.number, row.white, row.black.san]), [[1, null, 'e5']]);
});

test('a move that did not replay keeps the board at the last position that did', () => {
    const broken = { ...LOG, moves: [...LOG.moves.slice(0, 2), { ply: 3, uci: 'd1h5', san: 'Qh5+', fen: null }] };
    assert.equal(replayView(broken, 3).fen, LOG.moves[1].fen);
    assert.equal(replayView(broken, 3).lastMove, 'd1h5');
});

test('moves are numbered as a score sheet numbers them, clocks read as the table shows them', () => {
    assert.deepEqual([1, 2, 3, 4, 81, 82].map(moveNumber), ['1.', '1…', '2.', '2…', '41.', '41…']);
    assert.deepEqual([299_000, 9_700, 0, null, undefined].map(clockText), ['4:59', '0:09.7', '0:00.0', '–', '–']);
});

test('a stored end becomes the result the banner words; a running game has none', () => {
    assert.equal(gameResult({ result: null }), null);
    assert.equal(gameResult(null), null);
    assert.deepEqual(gameResult({ result: '0-1', termination: 'checkmate', message: 'checkmate', end_clocks: { white_ms: 1, black_ms: 2 } }),
                     { result: '0-1', winner: 'black', termination: 'checkmate', message: 'checkmate', winnability: undefined,
                       proof: undefined, clocks: { white_ms: 1, black_ms: 2 } });
    const proof = { side: 'black', first_ply: 2, line: [{ uci: 'd8h4', san: 'Qh4#', san_de: 'Dh4#' }] };
    const flag = gameResult({ result: '1/2-1/2', termination: 'flag_fall', message: null,
                              end_detail: { message: "White's flag fell", winnability: 'cannot_mate', proof } });
    assert.deepEqual([flag.winner, flag.message, flag.winnability, flag.proof], [null, "White's flag fell", 'cannot_mate', proof]);
    assert.equal(gameResult({ result: '1-0', termination: 'resignation' }).winner, 'white');
});
