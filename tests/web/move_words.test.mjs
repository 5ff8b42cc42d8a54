// A move in words for the screen reader's live region (js/move_words.js), in German and English:
// pawn moves and captures, pieces with and without disambiguation, castling, promotion, check and
// mate. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { moveInWords, sanParts } from '../../web/js/move_words.js';
import { inLanguage } from './in_language.mjs';

// [SAN, side, German, English]
const MOVES = [
    ['e4', 'white', 'Weiß: Bauer e4', 'White: pawn e4'],
    ['Nf6', 'black', 'Schwarz: Springer f6', 'Black: knight f6'],
    ['exd5', 'white', 'Weiß: Bauer schlägt d5', 'White: pawn takes d5'],
    ['Bxf7+', 'white', 'Weiß: Läufer schlägt f7, Schach', 'White: bishop takes f7, check'],
    ['Qh4#', 'black', 'Schwarz: Dame h4, Schachmatt', 'Black: queen h4, checkmate'],
    ['O-O', 'white', 'Weiß: kurze Rochade', 'White: short castling'],
    ['O-O-O+', 'black', 'Schwarz: lange Rochade, Schach', 'Black: long castling, check'],
    ['0-0', 'black', 'Schwarz: kurze Rochade', 'Black: short castling'],
    ['e8=Q', 'white', 'Weiß: Bauer e8, Umwandlung in Dame', 'White: pawn e8, promotes to queen'],
    ['gxh1=N#', 'black', 'Schwarz: Bauer schlägt h1, Umwandlung in Springer, Schachmatt',
     'Black: pawn takes h1, promotes to knight, checkmate'],
    ['Nbd7', 'black', 'Schwarz: Springer von b nach d7', 'Black: knight from b to d7'],
    ['R1xe1', 'white', 'Weiß: Turm von 1 schlägt e1', 'White: rook from 1 takes e1'],
    ['Kxg2', 'black', 'Schwarz: König schlägt g2', 'Black: king takes g2'],
    ['Qh4xe1!?', 'black', 'Schwarz: Dame von h4 schlägt e1', 'Black: queen from h4 takes e1'],
];

test('each kind of move is said in German and in English', () => {
    for (const [san, side, german, english] of MOVES) {
        assert.equal(inLanguage('de', () => moveInWords(san, side)), german, san);
        assert.equal(inLanguage('en', () => moveInWords(san, side)), english, san);
    }
});

test('what is not SAN is said as it is, after the side', () => {
    assert.equal(sanParts('e9'), null);
    assert.equal(sanParts('Zf3'), null);
    assert.equal(inLanguage('de', () => moveInWords('e2e4', 'white')), 'Weiß: e2e4');
});

test('the parts of SAN', () => {
    assert.deepEqual(sanParts('Nbd7+'), { piece: 'n', from: 'b', capture: false, square: 'd7', promotion: null, ending: 'check' });
    assert.deepEqual(sanParts('O-O-O'), { castle: 'long', ending: '' });
    assert.deepEqual(sanParts('dxc8=R'), { piece: 'p', from: '', capture: true, square: 'c8', promotion: 'r', ending: '' });
});
