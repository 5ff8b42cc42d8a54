// The wait for the first moves (js/first_move.js) and how a no_first_move ending reads
// (table_model.js adds who did not move; table_texts.js says it). Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { firstMoveWait, lateSide } from '../../web/js/first_move.js';
import { gameResult } from '../../web/js/game_replay.js';
import { applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { bannerText } from '../../web/js/table_texts.js';
import { inLanguage } from './in_language.mjs';

const standing = { white_ms: 180000, black_ms: 180000, running: null, untimed: false };

test('the first-move wait counts down whole seconds from the reading, and is absent once the clocks run', () => {
    const reading = { ...standing, first_move: { side: 'black', ms_left: 25000 } };
    // [receivedAt, now, seconds]
    for (const [receivedAt, now, seconds] of [[1000, 1000, 25], [1000, 1001, 25], [1000, 2000, 24], [1000, 2001, 24],
                                              [1000, 25999, 1], [1000, 26000, 0], [1000, 90000, 0], [1000, 500, 25]]) {
        assert.deepEqual(firstMoveWait(reading, receivedAt, now), { side: 'black', seconds }, `${now - receivedAt} ms later`);
    }
    assert.equal(firstMoveWait({ ...standing, running: 'white' }, 0, 0), null);
    assert.equal(firstMoveWait(null, 0, 0), null);
    assert.equal(firstMoveWait({ ...standing, first_move: { side: 'green', ms_left: 1 } }, 0, 0), null);
    assert.deepEqual(firstMoveWait({ ...standing, first_move: { side: 'white', ms_left: null } }, 0, 5000),
                     { side: 'white', seconds: null });
});

test('who did not make the first move is the side to move in the final position', () => {
    assert.equal(lateSide('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'), 'white');
    assert.equal(lateSide('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'), 'black');
    assert.equal(lateSide(null), null);
    assert.equal(lateSide('garbage'), null);
});

test('a no_first_move game_over names the late side in both languages, also in table_state after a reload', () => {
    const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const playing = { ...emptyTable(5), status: 'playing', seq: 3, fen: afterE4, white: 'anna', black: 'Jürgen' };
    const over = { type: 'game_over', table: 5, seq: 4, result: '*', winner: null, termination: 'no_first_move',
                   message: 'Black did not make the first move within 25 s: the game is aborted',
                   clocks: { white_ms: 180000, black_ms: 180000, running: null, untimed: false } };
    const { state } = applyTableEvent(playing, over, 0);
    assert.equal(state.result.late, 'black');
    const names = { white: 'anna', black: 'Jürgen' };
    inLanguage('de', () => {
        const banner = bannerText(state.result, names, 'de');
        assert.equal(banner.title, 'Partie abgebrochen');
        assert.equal(banner.reason,
                     'Schwarz hat den ersten Zug nicht rechtzeitig gemacht, deshalb wurde die Partie abgebrochen; sie wird nicht gewertet.');
    });
    inLanguage('en', () => {
        const banner = bannerText(state.result, names, 'en');
        assert.equal(banner.title, 'Game aborted');
        assert.equal(banner.reason, 'Black did not make the first move in time, so the game was aborted; it does not count.');
        // Without the final position (the archive's replay), the sentence names nobody.
        assert.equal(bannerText({ ...over, late: undefined }, names, 'en').reason,
                     'A first move was not made in time, so the game was aborted; it does not count.');
    });

    const reloaded = applyTableEvent(emptyTable(5), { type: 'table_state', table: 5, seq: 4, status: 'finished',
                                                       fen: afterE4, result: { result: '*', winner: null,
                                                                               termination: 'no_first_move' } }, 0);
    assert.equal(reloaded.state.result.late, 'black');
});

test('the archive names who did not make the first move, from the stored game\'s last position', () => {
    const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const afterE4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
    const log = { result: '*', termination: 'no_first_move', start_fen: start, end_detail: { message: '...' }, moves: [] };
    assert.equal(gameResult(log).late, 'white');
    assert.equal(gameResult({ ...log, moves: [{ ply: 1, uci: 'e2e4', fen: afterE4 }] }).late, 'black');
    assert.equal(gameResult({ ...log, termination: 'aborted' }).late, undefined);
    inLanguage('de', () => {
        assert.equal(bannerText(gameResult(log), {}, 'de').reason,
                     'Weiß hat den ersten Zug nicht rechtzeitig gemacht, deshalb wurde die Partie abgebrochen; sie wird nicht gewertet.');
    });
});
