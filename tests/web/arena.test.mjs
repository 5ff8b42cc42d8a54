// An Arena tournament on its page (web/js/arena.js): the standings rows with the sheet's games
// read back (which were played on fire), the waves' games latest first with their berserk sides,
// the end it counts down to, and the create form's arena fields (the whole request is tested
// with createFields in tournaments.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { arenaBoards, arenaEnd, arenaLength, arenaRows, berserkSides, isArena, sheetGames } from '../../web/js/arena.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';

const FISCHER = { kind: 'fischer', base_ms: 180000, increment_ms: 0 };

// An arena as show_tournament sends it once started (docs/protocol.md, 6h).
function blitzArena(fields = {}) {
    return {
        id: 5, name: 'Friday Arena', system: 'arena', minutes: 60, berserk: true, time_control: FISCHER, rated: false,
        director: 'Anna', password: false, state: 'running', created_ms: 1795528800000, started_ms: 1795530000000,
        ends_ms: 1795533600000, rounds_paired: 2, player_count: 4,
        players: [{ entry: 1, nick: 'Bert', rating: 1612, first_round: 1, withdrawn: false }],
        pairings: [
            { round: 1, paired_ms: 1795530000000, boards: [
                { board: 2, white: 'Dora', black: 'Emil', table: 31, result: 'draw' },
                { board: 1, white: 'Bert', black: 'Clara', table: 30, result: 'white_wins', white_berserk: true }] },
            { round: 2, paired_ms: 1795530400000, boards: [
                { board: 1, white: 'Clara', black: 'Bert', table: 32, result: 'pending', black_berserk: true }] },
        ],
        arena_standings: [
            { rank: '1', nick: 'Bert', score: 13, performance: 2012, sheet: '3 2 4 5 0 2', on_fire: false, games: 6, playing: true, withdrawn: false },
            { rank: '2-3', nick: 'Clara', score: 4, performance: 1650, sheet: '2 2', on_fire: true, games: 2, playing: false, withdrawn: false },
            { rank: '2-3', nick: 'Dora', score: 4, performance: 1650, sheet: '1 0 1 2', on_fire: false, games: 4, playing: false, withdrawn: true },
            { rank: '4', nick: 'Emil', score: 0, performance: 1500, sheet: '', on_fire: false, games: 0, playing: false, withdrawn: false },
        ],
        ...fields,
    };
}

test('the sheet\'s games: a game after two wins is played on fire and counts double; a draw on fire ends the streak', () => {
    const cases = [
        // [sheet, [[points, double], ...]]
        ['', []],
        ['2', [[2, false]]],
        ['2 2 4 4', [[2, false], [2, false], [4, true], [4, true]]],
        // A berserk win (3) counts as a win; the fire's draw (2) is no win and ends the streak.
        ['3 2 5 2 2', [[3, false], [2, false], [5, true], [2, true], [2, false]]],
        // A loss on fire had nothing to double, and ends the streak.
        ['2 2 0 2', [[2, false], [2, false], [0, false], [2, false]]],
        ['2 2 4 0 2 2 4', [[2, false], [2, false], [4, true], [0, false], [2, false], [2, false], [4, true]]],
        // A draw (1) between wins: no fire after it.
        ['2 1 2 2 4', [[2, false], [1, false], [2, false], [2, false], [4, true]]],
        ['  2   2  4 ', [[2, false], [2, false], [4, true]]],
    ];
    for (const [sheet, games] of cases) {
        assert.deepEqual(sheetGames(sheet).map((game) => [game.points, game.double]), games, JSON.stringify(sheet));
    }
    assert.deepEqual(sheetGames(undefined), []);
});

test('the standings rows: the rank with a dash, the sheet read back, the flame, who plays now', () => {
    const rows = arenaRows(blitzArena());
    assert.deepEqual(rows.map((row) => [row.rank, row.nick, row.score, row.games, row.onFire, row.playing, row.withdrawn]), [
        ['1', 'Bert', 13, 6, false, true, false],
        ['2–3', 'Clara', 4, 2, true, false, false],
        ['2–3', 'Dora', 4, 4, false, false, true],
        ['4', 'Emil', 0, 0, false, false, false],
    ]);
    assert.deepEqual(rows[0].sheet.map((game) => game.double), [false, false, true, true, false, false]);
    assert.equal(rows[0].performance, 2012);
    assert.deepEqual(rows[3].sheet, []);
    assert.deepEqual(arenaRows(blitzArena({ arena_standings: undefined })), []);
    assert.deepEqual(arenaRows(null), []);
});

test('the games latest wave first, by board within a wave, at most the limit with the rest counted', () => {
    const { boards, more } = arenaBoards(blitzArena());
    assert.deepEqual(boards.map((board) => [board.wave, board.board, board.white]), [[2, 1, 'Clara'], [1, 1, 'Bert'], [1, 2, 'Dora']]);
    assert.equal(more, 0);
    assert.equal(boards[0].table, 32, 'a board keeps its table, to watch it');
    const cut = arenaBoards(blitzArena(), 2);
    assert.deepEqual(cut.boards.map((board) => board.wave), [2, 1]);
    assert.equal(cut.more, 1);
    assert.deepEqual(arenaBoards(blitzArena({ pairings: undefined })), { boards: [], more: 0 });
});

test('the sides that went berserk, as the board says', () => {
    const [wave1] = blitzArena().pairings;
    assert.deepEqual(berserkSides(wave1.boards[1]), ['white']);
    assert.deepEqual(berserkSides(blitzArena().pairings[1].boards[0]), ['black']);
    assert.deepEqual(berserkSides({ white_berserk: true, black_berserk: true }), ['white', 'black']);
    assert.deepEqual(berserkSides(wave1.boards[0]), []);
    assert.deepEqual(berserkSides(null), []);
});

test('the countdown runs to the end while started, not before nor after', () => {
    assert.equal(arenaEnd(blitzArena()), 1795533600000);
    assert.equal(arenaEnd(blitzArena({ state: 'paused' })), 1795533600000, 'its time runs on while paused');
    assert.equal(arenaEnd(blitzArena({ state: 'finished' })), null);
    assert.equal(arenaEnd(blitzArena({ state: 'registering', ends_ms: undefined })), null);
    assert.equal(arenaEnd({ system: 'swiss', state: 'running', ends_ms: 5 }), null);
    assert.equal(isArena(blitzArena()), true);
    assert.equal(isArena({ system: 'swiss' }), false);
});

test('the form\'s arena fields: 1 to 720 minutes, berserk allowed unless the box is cleared', () => {
    const cases = [
        // [values, fields or the error's key]
        [{ minutes: '45', berserk: true }, { minutes: 45, berserk: true }],
        [{ minutes: 30 }, { minutes: 30, berserk: true }],
        [{ minutes: '1', berserk: false }, { minutes: 1, berserk: false }],
        [{ minutes: '720', berserk: true }, { minutes: 720, berserk: true }],
        [{ minutes: '0' }, 'tournament.create.error.minutes'],
        [{ minutes: '721' }, 'tournament.create.error.minutes'],
        [{ minutes: '2.5' }, 'tournament.create.error.minutes'],
        [{ minutes: ' ' }, 'tournament.create.error.minutes'],
        [{ minutes: 'x' }, 'tournament.create.error.minutes'],
        [{}, 'tournament.create.error.minutes'],
    ];
    for (const [values, expected] of cases) {
        const fields = {};
        const error = arenaLength(values, fields);
        if (typeof expected === 'string') {
            assert.equal(error, expected, JSON.stringify(values));
            assert.deepEqual(fields, {}, 'nothing sent');
        } else {
            assert.equal(error, null, JSON.stringify(values));
            assert.deepEqual(fields, expected);
        }
    }
    assert.ok(en['tournament.create.error.minutes'] && de['tournament.create.error.minutes']);
});



