// Stepping through a stored game (js/game_replay.js), shared by the admin's game log and the
// public game page; the page's address (js/archive_link.js) and what the page says about a game
// (js/archive/archive_texts.js). Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { setLanguage } from '../../web/js/messages.js';
import { archivePath, gameIdFromPath, pgnPath } from '../../web/js/archive_link.js';
import { clockText, gameResult, moveNumber, replayStep, replayView, sanIn, scoreRows, stepForKey } from '../../web/js/game_replay.js';
import { gamePage, loadProblem } from '../../web/js/archive/archive_texts.js';
import { inLanguage } from './in_language.mjs';

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

test('the game page lives at /games/{id}; its PGN at /games/{id}.pgn; other paths name no game', () => {
    assert.equal(archivePath(4711), '/games/4711');
    assert.equal(pgnPath(4711), '/games/4711.pgn');
    const cases = [['/games/4711', 4711], ['/games/4711/', 4711], ['/games/1', 1], ['/games/0', null], ['/games/4711.pgn', null],
                   ['/games/', null], ['/games/12a', null], ['/games/1/2', null], ['/archive.html', null], ['', null],
                   ['/games/123456789012345678', null], ['/games/9007199254740991', 9007199254740991]];
    for (const [path, id] of cases) assert.equal(gameIdFromPath(path), id, path);
});

const MATE = {
    id: 7, room: 34, white: 'Anna', black: 'Bob', time_control: { kind: 'fischer', base_ms: 180_000, increment_ms: 2000 },
    started_at: Date.UTC(2026, 10, 24, 13, 5, 9), result: '0-1', termination: 'checkmate', message: 'checkmate',
    end_detail: { message: 'checkmate' }, moves: [],
};

test('the game page names the players, the result and its reason, and the facts, in either language', () => {
    const page = gamePage(MATE, 'en', 'UTC');
    assert.equal(page.title, 'Game 7');
    assert.deepEqual(page.players.map((p) => [p.side, p.nick, p.sideName]), [['white', 'Anna', 'White'], ['black', 'Bob', 'Black']]);
    assert.deepEqual(page.result, { title: 'Black wins', reason: 'White is checkmated.', proof: '', line: '' });
    assert.deepEqual(page.facts, [['Room', '34'], ['Time control', '3+2'], ['Played on', '24/11/2026, 13:05:09'],
                                  ['Result', 'Anna (White) – Bob (Black): 0-1']]);
    const german = inLanguage('de', () => gamePage({ ...MATE, rated: false }, 'de', 'UTC'));
    assert.equal(german.title, 'Partie 7');
    assert.equal(german.result.title, 'Schwarz gewinnt');
    assert.deepEqual(german.facts.map(([label]) => label), ['Raum', 'Bedenkzeit', 'Gespielt am', 'Ergebnis', 'Wertung']);
    assert.equal(german.facts[2][1], '24.11.2026, 13:05:09');
    assert.equal(german.facts[4][1], 'ungewertet');
});

test('a flag fall on the game page shows its proof; a running game says it runs', () => {
    const flag = { ...MATE, result: '0-1', termination: 'flag_fall', message: "White's flag fell",
                   end_detail: { winnability: 'can_mate', proof: { side: 'black', first_ply: 2, line: [{ uci: 'd8h4', san: 'Qh4#', san_de: 'Dh4#' }] } } };
    assert.deepEqual(gamePage(flag, 'en').result, { title: 'Black wins', reason: 'White ran out of time.',
                                                     proof: 'Black could still have checkmated, e.g. 1...Qh4#', line: '' });
    assert.equal(inLanguage('de', () => gamePage(flag, 'de').result.proof), 'Schwarz hätte noch mattsetzen können, z. B. 1...Dh4#');
    const running = gamePage({ ...MATE, result: null, termination: null, white: null }, 'en');
    assert.equal(running.result, null);
    assert.equal(running.facts[3][1], 'The game is still being played.');
    assert.equal(running.players[0].nick, 'White');
});

test('a game the page cannot show is named by its number; other failures are left to the error sentence', () => {
    assert.equal(loadProblem({ code: 'no_such_game', status: 404 }, 12), 'The archive has no game 12.');
    assert.equal(inLanguage('de', () => loadProblem({ code: 'http_404', status: 404 }, 12)), 'Im Archiv gibt es keine Partie 12.');
    assert.equal(loadProblem(null, null), en_bad_address());
    assert.equal(loadProblem({ code: 'unreachable', status: 0 }, 12), null);
});

function en_bad_address() {
    return 'This address names no game: a game’s page is /games/ and its number.';
}
