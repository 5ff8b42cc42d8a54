// The analysis board's pure parts (web/js/analysis/): the engine's info lines, the evaluation
// bar's share, the positions and legal moves by chessops, and the page's address.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { analysisPath, analysisTarget } from '../../web/js/analysis/analysis_link.js';
import { legalUcis, positionAfter, sanInNotation, sanLine, uciOfDrag } from '../../web/js/analysis/analysis_position.js';
import { linesAfter, parseInfo, scoreText, whiteScore, whiteShare } from '../../web/js/analysis/engine_lines.js';

test('info lines with a line of play are read; others are not', () => {
    assert.deepEqual(parseInfo('info depth 12 seldepth 18 multipv 2 score cp -35 nodes 100 nps 5 pv e7e5 g1f3 b8c6'),
                     { depth: 12, multipv: 2, score: { cp: -35 }, pv: ['e7e5', 'g1f3', 'b8c6'] });
    assert.deepEqual(parseInfo('info depth 5 score mate 3 pv d1d8'), { depth: 5, multipv: 1, score: { mate: 3 }, pv: ['d1d8'] });
    for (const line of ['info string NNUE evaluation enabled', 'info depth 3 currmove e2e4 currmovenumber 1', 'bestmove e2e4',
                        'info depth 10 score cp 20 lowerbound pv e2e4', 'info depth 4 score cp 10', 'readyok', '']) {
        assert.equal(parseInfo(line), null, line);
    }
});

test('each rank keeps its newest line, best first', () => {
    let lines = [];
    lines = linesAfter(lines, parseInfo('info depth 8 multipv 2 score cp 10 pv d2d4'));
    lines = linesAfter(lines, parseInfo('info depth 8 multipv 1 score cp 30 pv e2e4'));
    lines = linesAfter(lines, parseInfo('info depth 9 multipv 1 score cp 25 pv e2e4 e7e5'));
    assert.deepEqual(lines.map((line) => [line.multipv, line.depth]), [[1, 9], [2, 8]]);
    assert.equal(linesAfter(lines, null), lines);
});

test('scores are turned to White\'s view, written and put on the bar', () => {
    assert.deepEqual(whiteScore({ cp: 40 }, 'black'), { cp: -40 });
    assert.deepEqual(whiteScore({ mate: 2 }, 'black'), { mate: -2 });
    assert.deepEqual(whiteScore({ cp: 40 }, 'white'), { cp: 40 });
    assert.equal(scoreText({ cp: 125 }), '+1.25');
    assert.equal(scoreText({ cp: -40 }), '−0.40');
    assert.equal(scoreText({ cp: 0 }), '0.00');
    assert.equal(scoreText({ mate: 3 }), '#3');
    assert.equal(scoreText({ mate: -2 }), '#−2');
    assert.equal(whiteShare(null), 0.5);
    assert.equal(whiteShare({ cp: 0 }), 0.5);
    assert.ok(whiteShare({ cp: 300 }) > 0.75 && whiteShare({ cp: 300 }) < 0.85);
    assert.ok(Math.abs(whiteShare({ cp: -300 }) + whiteShare({ cp: 300 }) - 1) < 1e-9);
    assert.equal(whiteShare({ mate: 1 }), 1);
    assert.equal(whiteShare({ mate: -1 }), 0);
});

test('positions, legal moves and lines by chessops', () => {
    const { pos } = positionAfter(undefined, ['e2e4', 'e7e5', 'g1f3', 'b8c6', 'f1c4', 'g8f6']);
    const moves = legalUcis(pos);
    assert.ok(moves.includes('e1g1'), 'castling as the server writes it');
    assert.ok(!moves.includes('e1h1'));
    assert.equal(uciOfDrag(pos, 'e1', 'g1'), 'e1h1'); // chessops' own form, king takes rook
    assert.equal(uciOfDrag(pos, 'e1', 'e3'), null);
    assert.deepEqual(sanLine(pos, ['e1g1', 'f6e4', 'f1e1', 'zz']), ['O-O', 'Nxe4', 'Re1']);
    assert.deepEqual(positionAfter(undefined, ['e2e5']), { error: 'move 1 (e2e5) is not legal' });
    assert.ok(positionAfter('not a fen').error);
    const promotion = positionAfter('4k3/P7/8/8/8/8/8/4K3 w - - 0 1').pos;
    assert.deepEqual(legalUcis(promotion).filter((move) => move.startsWith('a7')), ['a7a8q', 'a7a8r', 'a7a8b', 'a7a8n']);
    const chess960 = positionAfter('bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1').pos;
    assert.equal(legalUcis(chess960, { chess960: true }).length, 20);
});

test('the page\'s address names a game or a position', () => {
    assert.equal(analysisPath({ game: 12 }), '/analysis?game=12');
    assert.equal(analysisPath({ fen: '8/8 w' }), '/analysis?fen=8%2F8%20w');
    assert.deepEqual(analysisTarget('?game=12'), { game: 12 });
    assert.deepEqual(analysisTarget('?game=-1'), {});
    assert.deepEqual(analysisTarget('?game=1x'), {});
    assert.deepEqual(analysisTarget('?fen=8%2F8'), { fen: '8/8' });
    assert.deepEqual(analysisTarget(''), {});
});

test('the lines are written in the reader\'s notation', () => {
    assert.equal(sanInNotation('Nxe4', 'de'), 'Sxe4');
    assert.equal(sanInNotation('e8=Q+', 'de'), 'e8=D+');
    assert.equal(sanInNotation('Rd8#', 'de'), 'Td8#');
    assert.equal(sanInNotation('Bxb5', 'de'), 'Lxb5');
    assert.equal(sanInNotation('O-O', 'de'), 'O-O');
    assert.equal(sanInNotation('Kf1', 'de'), 'Kf1');
    assert.equal(sanInNotation('Nxe4', 'en'), 'Nxe4');
});
