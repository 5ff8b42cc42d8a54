// The pure decisions behind issue 26's points 1, 2, 5 and 11: which invitations and rematch
// offers stand (invitations.js), what a table closing does to the table model (table_model.js),
// the move label of the move list (move_label.js), the tab title (page_title.js) and the chat's
// times and unread count (chat_lines.js). Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { invitationsAfter, inviterOf, invitesMe, rematchOffers, withoutTables } from '../../web/js/invitations.js';
import { moveLabel, moveNumberOf } from '../../web/js/move_label.js';
import { myTurnSomewhere, pageTitle } from '../../web/js/page_title.js';
import { chatTime, unreadCount } from '../../web/js/chat_lines.js';
import { applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { inLanguage } from './in_language.mjs';

const summary = (fields) => ({ table: 12, room: 34, status: 'waiting', white: 'Anna', black: null, invite: 'Bert',
                               time_control: { kind: 'fischer', base_ms: 300000, increment_ms: 3000 }, rated: false, ...fields });

// ---- invitations ----------------------------------------------------------------------------------

test('an invitation comes as table_opened outside the room, or as a summary inside it', () => {
    const none = new Map();
    const opened = invitationsAfter(none, { type: 'table_opened', room: 34, table: summary() }, 'bert');
    assert.deepEqual([...opened.keys()], [12], 'the nick matches whatever its case');
    assert.equal(inviterOf(opened.get(12)), 'Anna');
    const inRoom = invitationsAfter(none, { type: 'room_tables', room: 34, tables: [summary({ table: 13 })], closed: [] }, 'Bert');
    assert.deepEqual([...inRoom.keys()], [13]);
    const reply = invitationsAfter(none, { type: 'room', room: 34, tables: [summary({ table: 14 }), summary({ table: 15, invite: 'Carl' })] }, 'Bert');
    assert.deepEqual([...reply.keys()], [14], 'an invitation to someone else is none of mine');
    assert.equal(invitationsAfter(none, { type: 'table_opened', table: summary({ invite: null }) }, 'Bert').size, 0);
});

test('an invitation goes when the table is taken, closes, or is answered', () => {
    let invitations = invitationsAfter(new Map(), { type: 'table_opened', table: summary() }, 'Bert');
    const taken = invitationsAfter(invitations, { type: 'room_tables', tables: [summary({ status: 'playing', black: 'Bert' })], closed: [] }, 'Bert');
    assert.equal(taken.size, 0, 'taken: the game started with me');
    assert.equal(invitationsAfter(invitations, { type: 'room_tables', tables: [], closed: [12] }, 'Bert').size, 0, 'closed in the room');
    assert.equal(invitationsAfter(invitations, { type: 'table_closed', room: 34, table: 12 }, 'Bert').size, 0, 'closed outside the room');
    assert.equal(withoutTables(invitations, [12]).size, 0, 'answered');
    assert.equal(invitationsAfter(invitations, { type: 'move', table: 12 }, 'Bert'), invitations, 'other frames change nothing');
    assert.equal(invitesMe(summary({ black: 'Bert' }), 'Bert'), false, 'a seat of mine is no invitation');
});

test('a rematch offer asks for a notice only where its table is not on screen', () => {
    const finished = { ...emptyTable(7), status: 'finished', white: 'Anna', black: 'Bert', rematch_offer: 'white',
                       time_control: { kind: 'sudden_death', base_ms: 60000 }, rated: true };
    const tables = new Map([[7, finished]]);
    assert.deepEqual(rematchOffers(tables, 'bert'), [{ table: 7, by: 'Anna', time_control: finished.time_control, rated: true }]);
    assert.deepEqual(rematchOffers(tables, 'Bert', (id) => id === 7), [], 'on screen its own buttons answer');
    assert.deepEqual(rematchOffers(tables, 'Anna'), [], 'my own offer is no question to me');
    assert.deepEqual(rematchOffers(tables, 'Carl'), [], 'a spectator is not asked');
    assert.deepEqual(rematchOffers(new Map([[7, { ...finished, closed: true }]]), 'Bert'), []);
});

// ---- tables that go ----------------------------------------------------------------------------------

test('table_closed marks the table closed without a seq; a player standing up is named in the log', () => {
    const state = { ...emptyTable(5), seq: 9, status: 'finished', white: 'Anna', black: 'Bert' };
    const closed = applyTableEvent(state, { type: 'table_closed', room: 34, table: 5 }, 0).state;
    assert.equal(closed.closed, true);
    assert.equal(closed.seq, 9);
    const left = applyTableEvent(state, { type: 'seat_changed', table: 5, seq: 10, summary: { table: 5, room: 34, status: 'finished', white: 'Anna', black: null } }, 0).state;
    assert.deepEqual(left.notices.at(-1), { key: 'notice.seat_left', params: { nick: 'Bert' } });
});

// ---- the move label ------------------------------------------------------------------------------------

const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'Qe2', 'Be7', 'Qf3', 'd6', 'Qxf7+'].map((san, index) => ({
    ply: index + 1, san, san_de: san.replace(/^N/, 'S').replace(/^Q/, 'D').replace(/^B/, 'L'), uci: '',
}));
const game = { moves, start_fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1' };

test('the move label says the move number and side, in the reader\'s notation', () => {
    const cases = [
        [1, 'de', '1. e4'], [2, 'de', '1... e5'], [3, 'de', '2. Sf3'], [6, 'en', '3... Nf6'], [9, 'de', '5. Df3'],
        [9, 'en', '5. Qf3'], [11, 'de', '6. Dxf7+'],
    ];
    for (const [ply, notation, label] of cases) assert.equal(moveLabel(game, ply, notation), label, `ply ${ply}`);
});

test('ply 0 is the start position, in the page\'s language', () => {
    assert.equal(moveLabel(game, 0, 'en'), 'start position');
    inLanguage('de', () => assert.equal(moveLabel(game, 0, 'de'), 'Ausgangsstellung'));
});

test('a game from a position with Black to move numbers from that position', () => {
    assert.deepEqual(moveNumberOf(1, '8/8/8/8/8/8/8/K6k b - - 0 40'), { number: 40, side: 'black' });
    assert.deepEqual(moveNumberOf(2, '8/8/8/8/8/8/8/K6k b - - 0 40'), { number: 41, side: 'white' });
    assert.equal(moveLabel({ moves: [{ san: 'Kg2', san_de: 'Kg2' }], start_fen: '8/8/8/8/8/8/8/K6k b - - 0 40' }, 1, 'de'), '40... Kg2');
});

// ---- the tab title -------------------------------------------------------------------------------------

test('the tab title says "Your turn" on my move at a running game, and the page\'s title otherwise', () => {
    const playing = { ...emptyTable(3), status: 'playing', white: 'Anna', black: 'Bert', to_move: 'white' };
    assert.equal(pageTitle('Rochade', new Map([[3, playing]]), 'anna'), 'Your turn · Rochade');
    inLanguage('de', () => assert.equal(pageTitle('Rochade', new Map([[3, playing]]), 'Anna'), 'Du bist am Zug · Rochade'));
    assert.equal(pageTitle('Rochade', new Map([[3, playing]]), 'Bert'), 'Rochade', 'the opponent\'s move');
    assert.equal(pageTitle('Rochade', new Map([[3, { ...playing, status: 'finished' }]]), 'Anna'), 'Rochade');
    assert.equal(myTurnSomewhere(new Map([[3, playing]]), 'Carl'), false, 'a spectator has no turn');
});

// ---- the chat ----------------------------------------------------------------------------------------------

test('chat lines show HH:MM and count the unread lines of others', () => {
    assert.equal(chatTime(Date.UTC(2026, 10, 27, 23, 5, 41), 'UTC'), '23:05');
    assert.equal(chatTime(Date.UTC(2026, 10, 27, 23, 5, 41), 'Europe/Berlin'), '00:05');
    assert.equal(chatTime(undefined), '');
    const chat = [{ from: 'Anna', text: 'hi' }, { from: 'Bert', text: 'hallo' }, { from: 'anna', text: 'gl' }, { from: 'Carl', text: '!' }];
    assert.equal(unreadCount(chat, 1, 'Anna'), 2, 'my own lines are read as I write them');
    assert.equal(unreadCount(chat, 4, 'Anna'), 0);
    assert.equal(unreadCount(chat, 0, 'Bert'), 3);
});

test('a chat line keeps the time it arrived', () => {
    const state = { ...emptyTable(5), seq: 3 };
    const { state: next } = applyTableEvent(state, { type: 'table_chat', table: 5, seq: 4, from: 'Anna', text: 'gg' }, 0, 1_800_000_000_000);
    assert.deepEqual(next.chat.at(-1), { from: 'Anna', text: 'gg', channel: 'table', at: 1_800_000_000_000 });
});

test('a chat line the server timed keeps the server\'s time, also when replayed after a reconnect', () => {
    const state = { ...emptyTable(5), seq: 3 };
    const said = 1_790_000_000_000;
    const { state: next } = applyTableEvent(state, { type: 'table_chat', table: 5, seq: 4, from: 'Anna', text: 'gg', at: said }, 0,
                                            1_800_000_000_000);
    assert.equal(next.chat.at(-1).at, said);
    const { state: replayed } = applyTableEvent(state, {
        type: 'table_state', table: 5, seq: 4, summary: { table: 5 },
        missed: [{ type: 'table_chat', table: 5, seq: 4, from: 'Anna', text: 'gg', at: said }],
    }, 0, 1_800_000_000_000);
    assert.equal(replayed.chat.at(-1).at, said);
});
