// A tournament's room as its page knows it (js/tournament_room.js): its number from the view,
// when the page enters it, and what the panel shows, in both languages. Run with
// `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    TOURNAMENT_ROOM_BASE, enteredOrNot, entering, headingForRoom, isTournamentRoom, noTournamentRoom, panelOf, roomOfTournament,
    roomToEnter, saysClosed, wanting, wishSpent,
} from '../../web/js/tournament_room.js';
import { roomFromReply } from '../../web/js/room_model.js';
import { t } from '../../web/js/messages.js';
import { inLanguage } from './in_language.mjs';

const swiss = { id: 7, name: 'Winter Swiss', state: 'running', room: 1_000_000_007 };
const roomReply = (room) => ({ type: 'room', room, name: 'Turnier: Winter Swiss', member_count: 1, members: ['Bert'], guests: [], tables: [] });

test('the room numbers of the tournaments: 1,000,000,000 + the id, as the view sends it', () => {
    assert.equal(TOURNAMENT_ROOM_BASE, 1_000_000_000);
    const cases = [
        [swiss, 1_000_000_007],
        [{ id: 3 }, null], // a server from before the rooms sends none
        [{ id: 3, room: 34 }, null], // not of the tournaments' range
        [{ id: 3, room: '1000000003' }, null],
        [null, null],
    ];
    for (const [tournament, room] of cases) assert.equal(roomOfTournament(tournament), room, JSON.stringify(tournament));
    for (const [number, is] of [[1_000_000_000, true], [1_000_000_007, true], [999_999_999, false], [34, false], [-5, false], [null, false]]) {
        assert.equal(isTournamentRoom(number), is, String(number));
    }
});

test('the page enters the room of the tournament it was opened on, once, when online and not closed', () => {
    const wanted = wanting(noTournamentRoom(), 7);
    const cases = [
        // state, tournament on screen, online, room to enter
        [wanted, swiss, true, 1_000_000_007],
        [wanted, swiss, false, null], // not yet greeted or visiting
        [noTournamentRoom(), swiss, true, null], // the page was not opened on it (the tab shown again)
        [wanting(noTournamentRoom(), 8), swiss, true, null], // another one was opened
        [wanted, { id: 7 }, true, null], // its number not yet known: the full view will say
        [wanted, null, true, null], // back at the lists
        [enteredOrNot(wanted, 1_000_000_007, true), swiss, true, null], // known to be closed
        [wishSpent(wanted), swiss, true, null], // entered already
    ];
    for (const [state, tournament, online, room] of cases) assert.equal(roomToEnter(state, tournament, online), room);
    assert.deepEqual(noTournamentRoom(7), { wanted: 7, entering: null, closed: new Set() }, 'a page that opens on it wants it');
});

test('entering: on the way, entered, refused as closed, or failed otherwise', () => {
    let state = entering(wishSpent(wanting(noTournamentRoom(), 7)), 1_000_000_007);
    assert.deepEqual(state, { wanted: null, entering: 1_000_000_007, closed: new Set() });
    assert.equal(headingForRoom(state), true, 'a visitor looks into no other room meanwhile');
    assert.equal(headingForRoom(wanting(noTournamentRoom(), 7)), true);
    assert.equal(headingForRoom(noTournamentRoom()), false);
    assert.deepEqual(enteredOrNot(state, 1_000_000_007, false), { wanted: null, entering: null, closed: new Set() });
    state = enteredOrNot(state, 1_000_000_007, true);
    assert.deepEqual(state, { wanted: null, entering: null, closed: new Set([1_000_000_007]) });
    assert.equal(headingForRoom(state), false);
    // An answer for another room leaves the one on its way.
    assert.equal(enteredOrNot(entering(noTournamentRoom(), 5), 6, false).entering, 5);
    const refusals = [
        [{ code: 'no_such_room', message: 'enter_room: room 1000000007 is the room of tournament 7, which is not open' }, true],
        [{ code: 'not_greeted', message: 'enter_room: a visitor may look into the listed rooms only' }, true],
        [{ code: 'limit_reached', message: '' }, false],
        [{ code: 'disconnected', message: '' }, false],
        [null, false],
    ];
    for (const [error, closed] of refusals) assert.equal(saysClosed(error), closed, JSON.stringify(error));
});

test('what the panel shows', () => {
    const number = 1_000_000_007;
    const inside = roomFromReply(roomReply(number), null);
    const elsewhere = roomFromReply({ ...roomReply(34), name: 'Halle' }, null);
    const closed = enteredOrNot(noTournamentRoom(), number, true);
    const cases = [
        // state, tournament, room one is in, online, status
        [noTournamentRoom(), swiss, inside, true, 'in'],
        [noTournamentRoom(), swiss, elsewhere, true, 'away'],
        [noTournamentRoom(), swiss, null, true, 'away'],
        [entering(noTournamentRoom(), number), swiss, elsewhere, true, 'entering'],
        [wanting(noTournamentRoom(), 7), swiss, null, true, 'entering'],
        [closed, swiss, elsewhere, true, 'closed'],
        [closed, swiss, inside, true, 'in'], // the room one is in counts first
        [noTournamentRoom(), swiss, inside, false, 'none'], // no connection
        [noTournamentRoom(), { id: 7 }, inside, true, 'none'], // no room to it
        [noTournamentRoom(), null, inside, true, 'none'], // no tournament on screen
    ];
    for (const [state, tournament, room, online, status] of cases) {
        const panel = panelOf(state, tournament, room, online);
        assert.equal(panel.status, status, `${status}: ${JSON.stringify({ room: room && room.room, online })}`);
        if (tournament && tournament.room) assert.equal(panel.room, number);
    }
});

test('the panel\'s words, in English and German', () => {
    const cases = [
        ['tournament.room.title', {}, 'Tournament chat', 'Turnierchat'],
        ['tournament.room.closed', {}, 'The tournament room is closed.', 'Der Turniersaal ist geschlossen.'],
        ['tournament.room.where', { room: 1_000_000_007 }, 'room 1000000007, also under Rooms', 'Raum 1000000007, auch unter Räume'],
        ['tournament.room.members', { count: 3 }, 'In the room (3)', 'Im Saal (3)'],
        ['tournament.room.games', { count: 1 }, 'Game in the room (1)', 'Partie im Saal (1)'],
        ['tournament.room.games', { count: 0 }, 'Games in the room (0)', 'Partien im Saal (0)'],
    ];
    for (const [key, params, english, german] of cases) {
        assert.equal(t(key, params), english);
        assert.equal(inLanguage('de', () => t(key, params)), german);
    }
});
