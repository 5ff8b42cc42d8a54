// The game page's server analysis, its pure part (web/js/archive/server_analysis.js): White's
// winning chances by the server's formula, the evaluations as text, the chart's points and path,
// and the marked moves with whose they were.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { chartPath, chartPoints, evaluationText, markedMoves, marksByPly, winPercent } from '../../web/js/archive/server_analysis.js';

test('winning chances: even at 0, certain for a mate, held within ±1000 centipawns', () => {
    assert.equal(winPercent({ cp: 0 }), 50);
    assert.equal(winPercent({ mate: 3 }), 100);
    assert.equal(winPercent({ mate: -1 }), 0);
    assert.ok(winPercent({ cp: 100 }) > 58 && winPercent({ cp: 100 }) < 60); // lichess: 59.1
    assert.equal(winPercent({ cp: 5000 }), winPercent({ cp: 1000 }));
    assert.ok(Math.abs(winPercent({ cp: -300 }) + winPercent({ cp: 300 }) - 100) < 1e-9);
});

test('evaluations read as lichess writes them', () => {
    assert.equal(evaluationText({ cp: 35 }), '+0.35');
    assert.equal(evaluationText({ cp: -120 }), '−1.20');
    assert.equal(evaluationText({ cp: 0 }), '0.00');
    assert.equal(evaluationText({ mate: 3 }), '#3');
    assert.equal(evaluationText({ mate: -2 }), '#-2');
});

test('the chart: one point per position across the width, White winning at the top', () => {
    const analysis = { evaluations: [{ cp: 0 }, { mate: 1 }, { mate: -1 }] };
    const points = chartPoints(analysis, 600, 100);
    assert.deepEqual(points, [{ ply: 0, x: 0, y: 50 }, { ply: 1, x: 300, y: 0 }, { ply: 2, x: 600, y: 100 }]);
    assert.equal(chartPath(points), 'M0 50 L300 0 L600 100');
    assert.deepEqual(chartPoints({ evaluations: [{ cp: 0 }] }, 600, 100), [{ ply: 0, x: 0, y: 50 }]);
});

test('the marked moves, by ply from 1, with whose they were', () => {
    const analysis = { judgements: ['inaccuracy', 'good', 'blunder', 'mistake'] };
    assert.deepEqual(markedMoves(analysis), [
        { ply: 1, judgement: 'inaccuracy', white: true },
        { ply: 3, judgement: 'blunder', white: true },
        { ply: 4, judgement: 'mistake', white: false },
    ]);
    // A game from a position with Black to move: the first move is Black's.
    assert.equal(markedMoves(analysis, false)[0].white, false);
    assert.deepEqual(markedMoves({}), []);
});

test('the move list gets the marks of a finished analysis only, by ply', () => {
    const done = { state: 'done', judgements: ['good', 'inaccuracy', 'good', 'mistake', 'blunder'] };
    assert.deepEqual([...marksByPly(done)], [[2, 'inaccuracy'], [4, 'mistake'], [5, 'blunder']]);
    assert.deepEqual([...marksByPly({ state: 'running', positions_done: 3, positions: 6 })], []);
    assert.deepEqual([...marksByPly(null)], []);
});
