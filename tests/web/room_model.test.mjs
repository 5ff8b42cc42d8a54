// The room as the client keeps it (js/room_model.js): members, which of them are guests, tables.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    addChatLine, applyMemberPage, applyRoomEvent, isGuestAt, isGuestMember, isLargeRoom, memberPageOffsets, roomFromReply,
    shownMembers,
} from '../../web/js/room_model.js';

const reply = {
    type: 'room', id: 4, room: 34, name: 'Halle der Koenige', secret: false, member_count: 3, members: ['Anna', 'Gast_7', 'Jürgen'],
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

test('room_presence replaces the list and who of it are guests', () => {
    let room = roomFromReply(reply, null);
    room = applyRoomEvent(room, { type: 'room_presence', room: 34, member_count: 4,
                                  members: ['Anna', 'Bernd', 'Jürgen', 'Zoë'], guests: ['Zoë'] });
    assert.deepEqual(room.members, ['Anna', 'Bernd', 'Jürgen', 'Zoë']);
    assert.equal(room.memberCount, 4);
    assert.equal(isGuestMember(room, 'Zoë'), true);
    assert.equal(isGuestMember(room, 'Gast_7'), false, 'gone, and no longer a guest');
    assert.equal(isLargeRoom(room), false);
    assert.deepEqual(memberPageOffsets(room), { previous: null, next: null });
});

test('a large room: the count, and the list a page at a time', () => {
    let room = roomFromReply({ ...reply, member_count: 3000, members: null, guests: null }, null);
    assert.equal(isLargeRoom(room), true);
    assert.equal(room.memberCount, 3000);
    assert.deepEqual(shownMembers(room), [], 'nothing until the first page arrives');
    assert.deepEqual(memberPageOffsets(room), { previous: null, next: 50 });
    room = applyMemberPage(room, { type: 'room_members', room: 34, offset: 50, member_count: 3000,
                                   members: ['Gast_100', 'Hans'], guests: ['Gast_100'] });
    assert.deepEqual(shownMembers(room), ['Gast_100', 'Hans']);
    assert.equal(isGuestMember(room, 'Gast_100'), true);
    assert.deepEqual(memberPageOffsets(room), { previous: 0, next: 100 });
    // More entries: the count changes, the page shown stays.
    room = applyRoomEvent(room, { type: 'room_presence', room: 34, member_count: 3001, members: null, guests: null });
    assert.equal(room.memberCount, 3001);
    assert.deepEqual(shownMembers(room), ['Gast_100', 'Hans']);
    // Near the end there is no next page; a page of another room changes nothing.
    room = applyMemberPage(room, { type: 'room_members', room: 34, offset: 2990, member_count: 3001, members: ['Zoë'], guests: [] });
    assert.deepEqual(memberPageOffsets(room), { previous: 2940, next: null });
    assert.equal(applyMemberPage(room, { type: 'room_members', room: 35, offset: 0, member_count: 1, members: ['x'] }), room);
    // Small again: the list is back and the page is gone.
    room = applyRoomEvent(room, { type: 'room_presence', room: 34, member_count: 2, members: ['Anna', 'Zoë'], guests: [] });
    assert.equal(isLargeRoom(room), false);
    assert.equal(room.page, null);
    assert.deepEqual(shownMembers(room), ['Anna', 'Zoë']);
});

test('events change a copy; events of another room change nothing', () => {
    const room = roomFromReply(reply, null);
    const presence = { type: 'room_presence', room: 34, member_count: 1, members: ['Zoë'], guests: ['Zoë'] };
    const next = applyRoomEvent(room, presence);
    assert.equal(isGuestMember(room, 'Zoë'), false, 'the earlier room is unchanged');
    assert.equal(applyRoomEvent(room, { ...presence, room: 35 }), room);
    assert.equal(applyRoomEvent(room, { type: 'whisper', from: 'x', to: 'y', text: 'z' }), room);
    assert.equal(applyRoomEvent(null, { type: 'room_chat', room: 34, from: 'x', text: 'y' }), null);
    assert.ok(next !== room);
});

test('room_tables: tables open, change and close; chat survives re-entering the same room only', () => {
    let room = roomFromReply(reply, null);
    room = applyRoomEvent(room, { type: 'room_tables', room: 34, closed: [],
                                  tables: [{ table: 8, status: 'waiting', white: 'Anna', white_guest: false }] });
    room = applyRoomEvent(room, { type: 'room_tables', room: 34, tables: [{ ...reply.tables[0], black: 'Bernd', status: 'playing' },
                                                                           { table: 9, status: 'waiting', white: 'Zoë' }], closed: [8] });
    assert.deepEqual([...room.tables.keys()], [7, 9]);
    room = applyRoomEvent(room, { type: 'room_tables', room: 34, tables: [], closed: [9, 12] });
    assert.deepEqual([...room.tables.keys()], [7]);
    assert.equal(room.tables.get(7).black, 'Bernd');
    room = applyRoomEvent(room, { type: 'room_chat', room: 34, from: 'Anna', text: 'Hallo' });
    room = addChatLine(room, { whisper: true, from: 'Anna', to: 'Bernd', text: 'psst' });
    assert.equal(roomFromReply(reply, room).chat.length, 2);
    assert.equal(roomFromReply({ ...reply, room: 35 }, room).chat.length, 0);
});

test('entering a room shows what was said there lately, marked as earlier', () => {
    const said = [{ from: 'Anna', text: 'Guten Abend', at_ms: 1 }, { from: 'Bernd', text: '<b>Hallo</b>', at_ms: 2 }];
    const room = roomFromReply({ ...reply, chat: said }, null);
    assert.deepEqual(room.chat, [{ from: 'Anna', text: 'Guten Abend', earlier: true },
                                 { from: 'Bernd', text: '<b>Hallo</b>', earlier: true }]);
    const next = applyRoomEvent(room, { type: 'room_chat', room: 34, from: 'Zoë', text: 'Da bin ich' });
    assert.deepEqual(next.chat.at(-1), { from: 'Zoë', text: 'Da bin ich' });
    // Re-entering keeps the client's own lines rather than the server's again.
    assert.equal(roomFromReply({ ...reply, chat: said }, next).chat.length, 3);
    // A server before this reply had no chat: nothing said.
    assert.deepEqual(roomFromReply(reply, null).chat, []);
});
