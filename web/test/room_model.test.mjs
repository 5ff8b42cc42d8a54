// The room as the client keeps it (js/room_model.js): members, which of them are guests, tables.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { addChatLine, applyRoomEvent, isGuestAt, isGuestMember, roomFromReply } from '../js/room_model.js';

const reply = {
    type: 'room', id: 4, room: 34, name: 'Halle der Koenige', secret: false, members: ['Anna', 'Gast_7', 'Jürgen'],
    guests: ['Gast_7'],
    tables: [{ table: 7, room: 34, status: 'waiting', white: 'Gast_7', black: null, white_guest: true, black_guest: false }],
};

test('the room reply: members, guests among them, tables', () => {
    const room = roomFromReply(reply, null);
    assert.deepEqual(room.members, ['Anna', 'Gast_7', 'Jürgen']);
    const cases = [['Anna', false], ['Gast_7', true], ['Jürgen', false], ['Nobody', false]];
    for (const [nick, guest] of cases) assert.equal(isGuestMember(room, nick), guest, nick);
    assert.equal(isGuestAt(room.tables.get(7), 'white'), true);
    assert.equal(isGuestAt(room.tables.get(7), 'black'), false);
    assert.equal(isGuestAt(null, 'white'), false);
    // A server without the guests field (protocol 1) marks nobody.
    assert.equal(isGuestMember(roomFromReply({ ...reply, guests: undefined }, null), 'Gast_7'), false);
});

test('member_entered carries guest; member_left forgets it', () => {
    let room = roomFromReply(reply, null);
    room = applyRoomEvent(room, { type: 'member_entered', room: 34, nick: 'Zoë', guest: true });
    room = applyRoomEvent(room, { type: 'member_entered', room: 34, nick: 'Bernd', guest: false });
    assert.deepEqual(room.members, ['Anna', 'Gast_7', 'Jürgen', 'Zoë', 'Bernd']);
    assert.equal(isGuestMember(room, 'Zoë'), true);
    assert.equal(isGuestMember(room, 'Bernd'), false);
    room = applyRoomEvent(room, { type: 'member_left', room: 34, nick: 'Zoë' });
    assert.equal(isGuestMember(room, 'Zoë'), false);
    assert.deepEqual(room.members, ['Anna', 'Gast_7', 'Jürgen', 'Bernd']);
    // The same nick back as an account (a guest nick is free once its guest is gone).
    room = applyRoomEvent(room, { type: 'member_entered', room: 34, nick: 'Gast_7', guest: false });
    assert.equal(isGuestMember(room, 'Gast_7'), false);
    assert.equal(room.members.filter((nick) => nick === 'Gast_7').length, 1);
});

test('events change a copy; events of another room change nothing', () => {
    const room = roomFromReply(reply, null);
    const next = applyRoomEvent(room, { type: 'member_entered', room: 34, nick: 'Zoë', guest: true });
    assert.equal(isGuestMember(room, 'Zoë'), false, 'the earlier room is unchanged');
    assert.equal(applyRoomEvent(room, { type: 'member_entered', room: 35, nick: 'Zoë', guest: true }), room);
    assert.equal(applyRoomEvent(room, { type: 'whisper', from: 'x', to: 'y', text: 'z' }), room);
    assert.equal(applyRoomEvent(null, { type: 'room_chat', room: 34, from: 'x', text: 'y' }), null);
    assert.ok(next !== room);
});

test('tables open, change and close; chat survives re-entering the same room only', () => {
    let room = roomFromReply(reply, null);
    room = applyRoomEvent(room, { type: 'table_opened', room: 34, table: { table: 8, status: 'waiting', white: 'Anna', white_guest: false } });
    room = applyRoomEvent(room, { type: 'table_updated', room: 34, table: { ...reply.tables[0], black: 'Bernd', status: 'playing' } });
    room = applyRoomEvent(room, { type: 'table_closed', room: 34, table: 8 });
    assert.deepEqual([...room.tables.keys()], [7]);
    assert.equal(room.tables.get(7).black, 'Bernd');
    room = applyRoomEvent(room, { type: 'room_chat', room: 34, from: 'Anna', text: 'Hallo' });
    room = addChatLine(room, { whisper: true, from: 'Anna', to: 'Bernd', text: 'psst' });
    assert.equal(roomFromReply(reply, room).chat.length, 2);
    assert.equal(roomFromReply({ ...reply, room: 35 }, room).chat.length, 0);
});
