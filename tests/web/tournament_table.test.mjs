// A tournament's table (js/tournament_table.js): told apart by its room, and offered none of a
// casual game's extras (abort, rematch, takeback, "Give 15 s"); the server's refusals of them
// read as what they are, in both languages. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { abortOffered, isTournamentRoom, isTournamentTable, rematchOffered, resultAsScored, TOURNAMENT_ROOM_BASE } from '../../web/js/tournament_table.js';
import { bannerText, noticeText } from '../../web/js/table_texts.js';
import { applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { courtesyButtons } from '../../web/js/takeback_actions.js';
import { errorText } from '../../web/js/messages.js';
import { inLanguage } from './in_language.mjs';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';
const E4 = { ply: 1, uci: 'e2e4', san: 'e4', san_de: 'e4', fen: AFTER_E4 };
const E5 = { ply: 2, uci: 'e7e5', san: 'e5', san_de: 'e5', fen: AFTER_E5 };
const CLOCKS = { white_ms: 300000, black_ms: 300000, running: null, untimed: false };

const SWISS_ROOM = 1_000_000_007; // the room of tournament 7
const LOBBY_ROOM = 34;

// A table as the client keeps it, from the server's table_state (which carries the room).
function table(room, extra = {}) {
    const frame = {
        type: 'table_state', table: 12, seq: 3, room, status: 'playing', white: 'Anna', black: 'Bert', rated: false,
        takebacks: true, time_control: { kind: 'fischer', base_ms: 300000, increment_ms: 3000 }, start_fen: START, fen: START,
        moves: [], clocks: CLOCKS, to_move: 'white', legal_moves: ['e2e4'], draw_offer: null, rematch_offer: null,
        disconnected: [], result: null, resync: false, missed: [], ...extra,
    };
    return applyTableEvent(emptyTable(12), frame, 0, 0).state;
}

const finished = (room, extra = {}) => table(room, {
    status: 'finished', moves: [E4, E5], fen: AFTER_E5, to_move: null, legal_moves: [],
    result: { result: '1-0', winner: 'white', termination: 'resignation', message: 'Bert resigns' }, ...extra,
});

test('a table is a tournament\'s when it stands in a room of the tournaments\' range', () => {
    assert.equal(TOURNAMENT_ROOM_BASE, 1_000_000_000);
    const rooms = [
        // room, a tournament's table
        [1_000_000_000, true], [SWISS_ROOM, true], [999_999_999, false], [LOBBY_ROOM, false], [-5, false], // a secret room
        [null, false], // not known yet
        ['1000000007', false], // not a number as the server sends it
    ];
    for (const [room, is] of rooms) {
        assert.equal(isTournamentRoom(room), is, String(room));
        assert.equal(isTournamentTable({ ...emptyTable(12), room }), is, String(room));
    }
    assert.equal(isTournamentTable(null), false);
    assert.equal(table(SWISS_ROOM).room, SWISS_ROOM, 'table_state gives the table its room');
    const started = applyTableEvent(table(SWISS_ROOM, { status: 'finished' }), {
        type: 'game_started', table: 12, seq: 4, room: SWISS_ROOM, status: 'playing', white: 'Anna', black: 'Bert', moves: [],
        fen: START, start_fen: START, clocks: CLOCKS,
    }, 0, 0).state;
    assert.equal(isTournamentTable(started), true, 'game_started keeps it');
});

test('abort is offered before both sides have moved, to a seated player, never at a tournament\'s board', () => {
    const cases = [
        // state, seat, offered
        [table(LOBBY_ROOM), 'white', true],
        [table(LOBBY_ROOM, { moves: [E4], fen: AFTER_E4, to_move: 'black' }), 'black', true],
        [table(LOBBY_ROOM, { moves: [E4, E5], fen: AFTER_E5 }), 'white', false], // both have moved
        [table(LOBBY_ROOM), null, false], // a spectator
        [table(LOBBY_ROOM, { status: 'waiting' }), 'white', false],
        [table(null), 'white', true], // the room not known: the server decides
        [table(SWISS_ROOM), 'white', false],
        [table(SWISS_ROOM, { moves: [E4], fen: AFTER_E4, to_move: 'black' }), 'black', false],
    ];
    for (const [state, seat, offered] of cases) {
        assert.equal(abortOffered(state, seat), offered, `room ${state.room}, ${state.moves.length} plies, ${seat}`);
    }
});

test('a rematch is offered to a seated player after the game, not at a tournament\'s board', () => {
    const cases = [
        [finished(LOBBY_ROOM), 'white', true],
        [finished(LOBBY_ROOM, { rematch_offer: 'black' }), 'white', true], // to accept
        [finished(LOBBY_ROOM), null, false],
        [table(LOBBY_ROOM), 'white', false], // still playing
        [finished(SWISS_ROOM), 'white', false],
        [finished(SWISS_ROOM), 'black', false],
    ];
    for (const [state, seat, offered] of cases) assert.equal(rematchOffered(state, seat), offered, `room ${state.room}, ${seat}`);
});

test('no takeback and no "Give 15 s" at a tournament\'s board; both at a casual table', () => {
    const moved = { moves: [E4, E5], fen: AFTER_E5, clocks: { ...CLOCKS, running: 'white' } };
    assert.deepEqual(courtesyButtons(table(LOBBY_ROOM, moved), 'white', 0).map((b) => b.type), ['takeback', 'give_time']);
    // The server's summaries of a tournament's table say takebacks: false; none even if one said true.
    for (const takebacks of [false, true]) {
        for (const seat of ['white', 'black']) {
            assert.deepEqual(courtesyButtons(table(SWISS_ROOM, { ...moved, takebacks }), seat, 0), [], `${seat}, takebacks ${takebacks}`);
        }
    }
});

// The server's refusals (server/table/table_game.cpp, table_courtesies.cpp, server/game/refereed_game.cpp).
const REFUSALS = [
    // code, message, English, German
    ['cannot_abort', 'abort: a tournament game cannot be aborted: resign, or lose by forfeit by not making the first move in time',
     'A tournament game cannot be aborted; you can resign instead.',
     'Eine Turnierpartie kann nicht abgebrochen werden; du kannst stattdessen aufgeben.'],
    ['cannot_abort', 'abort: the game can no longer be aborted: both sides have moved',
     'The game can no longer be aborted: both sides have moved. You can resign or offer a draw.',
     'Die Partie lässt sich nicht mehr abbrechen: Beide Seiten haben gezogen. Du kannst aufgeben oder Remis anbieten.'],
    // A reason the client does not know: the sentence claims none.
    ['cannot_abort', 'abort: something new', 'The game can no longer be aborted.', 'Die Partie kann nicht mehr abgebrochen werden.'],
    ['cannot_abort', '', 'The game can no longer be aborted.', 'Die Partie kann nicht mehr abgebrochen werden.'],
    ['rematch_unavailable', 'rematch: a tournament game has no rematch; the tournament pairs the next round',
     'A tournament game has no rematch: the tournament pairs the next round.',
     'Nach einer Turnierpartie gibt es keine Revanche: Die nächste Runde paart das Turnier.'],
    ['give_time_not_allowed', "give_time: time is not the players' to give in a tournament game",
     "Time cannot be given in a tournament game: its clocks are the tournament's.",
     'In einer Turnierpartie kann keine Zeit gegeben werden: Die Bedenkzeit bestimmt das Turnier.'],
    ['give_time_not_allowed', 'give_time: the game has no clock', 'Time cannot be given in this game.',
     'In dieser Partie kann keine Zeit gegeben werden.'],
];

test('a refused abort, rematch or gift of time says why, and never that both sides moved when they did not', () => {
    for (const [code, message, english, german] of REFUSALS) {
        assert.equal(errorText({ code, message }).sentence, english, message);
        assert.equal(inLanguage('de', () => errorText({ code, message }).sentence), german, message);
        if (!/both sides have moved/.test(message)) {
            assert.doesNotMatch(errorText({ code, message }).sentence, /both sides/, message);
            assert.doesNotMatch(inLanguage('de', () => errorText({ code, message }).sentence), /Beide Seiten/, message);
        }
    }
});

test('a missed first move at a tournament\'s board reads as the forfeit the event scores, at a casual table as an abort', () => {
    // White never moved (White to move in the final position): Black wins the board by forfeit.
    const over = { type: 'game_over', table: 12, seq: 4, result: '*', winner: null, termination: 'no_first_move',
                   message: 'White did not make the first move within 30 s: the game is aborted', clocks: CLOCKS };
    const names = { white: 'Anna', black: 'Bert' };
    const atBoard = applyTableEvent(table(SWISS_ROOM), over, 0, 0).state;
    const scored = resultAsScored(atBoard);
    assert.deepEqual([scored.result, scored.winner, scored.forfeit, scored.late], ['0-1', 'black', true, 'white']);
    assert.equal(atBoard.result.result, '*', 'the table keeps its own result');
    inLanguage('en', () => {
        const banner = bannerText(scored, names, 'en');
        assert.equal(banner.title, 'Black wins by forfeit');
        assert.equal(banner.players, 'Anna (White) – Bert (Black): 0-1');
        assert.equal(banner.reason, 'White did not make the first move in time and loses this tournament game by forfeit.');
        const notice = atBoard.notices.find((n) => n.key === 'notice.game_over');
        const line = noticeText({ ...notice, params: resultAsScored(atBoard, notice.params) });
        assert.match(line, /0-1/);
        assert.match(line, /loses this tournament game by forfeit/);
        assert.doesNotMatch(line, /aborted|does not count/);
    });
    inLanguage('de', () => {
        const banner = bannerText(scored, names, 'de');
        assert.equal(banner.title, 'Schwarz gewinnt kampflos');
        assert.equal(banner.reason, 'Weiß hat den ersten Zug nicht rechtzeitig gemacht und verliert diese Turnierpartie kampflos.');
    });
    // Black missed his first move after 1.e4: White wins by forfeit.
    const afterE4 = applyTableEvent(table(SWISS_ROOM, { moves: [E4], fen: AFTER_E4, to_move: 'black' }), over, 0, 0).state;
    assert.deepEqual([resultAsScored(afterE4).result, resultAsScored(afterE4).winner], ['1-0', 'white']);
    inLanguage('en', () => assert.equal(bannerText(resultAsScored(afterE4), names, 'en').title, 'White wins by forfeit'));

    // A casual table's game is aborted and does not count, as before.
    const casual = applyTableEvent(table(LOBBY_ROOM), over, 0, 0).state;
    assert.equal(resultAsScored(casual), casual.result);
    inLanguage('en', () => {
        const banner = bannerText(resultAsScored(casual), names, 'en');
        assert.equal(banner.title, 'Game aborted');
        assert.match(banner.reason, /it does not count/);
    });
    // Every other ending at a board is the table's own.
    const resigned = finished(SWISS_ROOM);
    assert.equal(resultAsScored(resigned), resigned.result);
});
