// What a visitor's page decides: which room it shows first, the guest nick it offers, and when
// the page is a visitor's at all (session.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { visitorRoom, suggestedGuestNick } from '../../web/js/visitor.js';
import { initialSession, nextSession, showsLobby, visits, wantsSocket } from '../../web/js/session.js';

const rooms = [
    { room: 34, name: 'Halle', members: 0, tables: 0 },
    { room: 35, name: 'Wohnzimmer', members: 3, tables: 1 },
    { room: 36, name: 'Hinterzimmer', members: 5, tables: 1 },
    { room: 37, name: 'Gästezimmer', members: 9, tables: 0 },
];

test('the room a visitor sees first: the remembered one while listed, else the one with the most games', () => {
    assert.equal(visitorRoom(rooms, 34), 34);
    assert.equal(visitorRoom(rooms, 99), 36, 'a room no longer listed is not looked into');
    assert.equal(visitorRoom(rooms, null), 36, 'most tables, then most members');
    assert.equal(visitorRoom(rooms.map((room) => ({ ...room, tables: 0 })), null), 37);
    assert.equal(visitorRoom(rooms.map((room) => ({ ...room, tables: 0, members: 0 })), undefined), 34, 'a tie: the lowest number');
    assert.equal(visitorRoom([], 34), null);
});

test('the suggested guest nick keeps the nick rules, in the page language', () => {
    assert.equal(suggestedGuestNick('Gast', () => 0.4711), 'Gast_4711');
    assert.equal(suggestedGuestNick('Guest', () => 0.0815), 'Guest_0815');
    assert.equal(suggestedGuestNick('Gast', () => 0), 'Gast_0000');
    // docs/protocol.md, section 4: 2 to 20 Latin letters, digits, _ and -.
    for (let i = 0; i < 50; i++) assert.match(suggestedGuestNick('Gast'), /^[\p{Script=Latin}0-9_-]{2,20}$/u);
});

test('the page is a visitor\'s while nobody is logged in, not while the session is checked', () => {
    const checking = initialSession();
    assert.equal(visits(checking), false);
    const visitor = nextSession(checking, { type: 'session_missing' });
    assert.equal(visits(visitor), true);
    assert.equal(wantsSocket(visitor), false, 'the visitor\'s socket says no hello: not the logged-in one');
    const signingIn = nextSession(visitor, { type: 'submit' });
    assert.equal(visits(signingIn), true, 'the rooms stay on screen while the guest entry is under way');
    const connecting = nextSession(signingIn, { type: 'signed_in', identity: { nick: 'Gast_4711', guest: true } });
    assert.equal(visits(connecting), false);
    assert.equal(showsLobby(connecting), true);
    assert.equal(visits(nextSession(connecting, { type: 'logout' })), true, 'after a logout the visitor\'s page again');
});
