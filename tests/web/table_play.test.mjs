// The table view's pure decisions (js/table_play.js): stepping through the moves, the position
// at a ply, the low-time threshold, and the fate of a move made while offline.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { START_FEN, fenAt, lowTimeMs, moveAt, pendingMoveFate, stepPly } from '../../web/js/table_play.js';

const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const game = {
    start_fen: START_FEN, fen: AFTER_E5,
    moves: [{ uci: 'e2e4', san: 'e4', fen: AFTER_E4 }, { uci: 'e7e5', san: 'e5', fen: AFTER_E5 }],
};

test('stepping: back from the live position, to the start, forward onto the last move follows the game again', () => {
    assert.equal(stepPly(null, 2, 'prev'), 1);
    assert.equal(stepPly(1, 2, 'prev'), 0);
    assert.equal(stepPly(0, 2, 'prev'), 0, 'the start is as far back as it goes');
    assert.equal(stepPly(0, 2, 'next'), 1);
    assert.equal(stepPly(1, 2, 'next'), null, 'the last move is the live position');
    assert.equal(stepPly(null, 2, 'next'), null);
    assert.equal(stepPly(null, 2, 'first'), 0);
    assert.equal(stepPly(1, 2, 'last'), null);
    assert.equal(stepPly(null, 0, 'first'), null, 'a game without moves has nothing to step through');
    assert.equal(stepPly(7, 2, 'prev'), 1, 'a ply beyond the moves (a resync shortened them) is clamped');
});

test('the board shows the position after the viewed ply, the start for 0, the live one for null', () => {
    assert.equal(fenAt(game, null), AFTER_E5);
    assert.equal(fenAt(game, 0), START_FEN);
    assert.equal(fenAt(game, 1), AFTER_E4);
    assert.equal(fenAt({ moves: [] }, null), START_FEN);
    assert.equal(moveAt(game, 1).uci, 'e2e4');
    assert.equal(moveAt(game, null).uci, 'e7e5');
    assert.equal(moveAt(game, 0), null);
});

test('a clock is low below a tenth of the base, between 5 and 20 seconds', () => {
    assert.equal(lowTimeMs({ kind: 'sudden_death', base_ms: 60_000 }), 6_000);
    assert.equal(lowTimeMs({ kind: 'fischer', base_ms: 30_000 }), 5_000);
    assert.equal(lowTimeMs({ kind: 'fischer', base_ms: 15 * 60_000 }), 20_000);
    assert.equal(lowTimeMs({ kind: 'stages', stages: [{ moves: 40, time_ms: 90 * 60_000 }] }), 20_000);
    assert.equal(lowTimeMs({ kind: 'untimed' }), 20_000);
});

test('a move made offline is sent only if the position is the one the player saw', () => {
    const playing = { status: 'playing', moves: game.moves, legal_moves: ['g1f3', 'd2d4'] };
    assert.equal(pendingMoveFate({ move: 'g1f3', plies: 2 }, playing), 'send');
    assert.equal(pendingMoveFate({ move: 'g1f3', plies: 1 }, playing), 'refuse', 'a move was played meanwhile');
    assert.equal(pendingMoveFate({ move: 'a2a5', plies: 2 }, playing), 'refuse', 'no longer legal');
    assert.equal(pendingMoveFate({ move: 'Sf3', typed: true, plies: 2 }, playing), 'send', 'a typed move is judged by the server');
    assert.equal(pendingMoveFate({ move: 'g1f3', plies: 2 }, { ...playing, status: 'finished' }), 'refuse', 'the game ended');
    assert.equal(pendingMoveFate({ move: 'g1f3', plies: 2 }, undefined), 'refuse');
});
