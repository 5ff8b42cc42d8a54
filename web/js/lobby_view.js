// The lobby: the list of rooms with their member and table counts, a field to enter any room by
// number (Gravon's "/raum N": an unknown positive number opens an ad-hoc room, a negative one a
// secret room), and the room one is in: members, tables, the form to open a table, room chat
// and whispers.

import { el, fill, keepingFocus } from './dom.js';
import { PRESETS, describe } from './time_control.js';

export class LobbyView {
    // actions: {enterRoom(n), leaveRoom(n), listRooms(), openTable(fields), joinTable(id),
    //           watchTable(id), roomChat(room, text), whisper(to, text)}
    constructor(roomsRoot, roomRoot, actions) {
        this.roomsRoot = roomsRoot;
        this.roomRoot = roomRoot;
        this.actions = actions;
        this.roomNumber = el('input', { type: 'number', step: 1, placeholder: 'Room number', 'aria-label': 'Room number', name: 'room' });
        this.chatInput = el('input', { type: 'text', maxlength: 500, name: 'chat', 'aria-label': 'Room chat',
                                       placeholder: 'Say something — or /w nick text to whisper' });
        this.whisperTo = null;
        this.preset = el('select', { name: 'time_control', 'aria-label': 'Time control' },
                         PRESETS.map((preset, index) => el('option', { value: String(index), selected: index === 2 }, preset.label)));
        this.colour = el('select', { name: 'color', 'aria-label': 'Colour' },
                         el('option', { value: 'random' }, 'random colour'), el('option', { value: 'white' }, 'White'),
                         el('option', { value: 'black' }, 'Black'));
        this.invite = el('input', { type: 'text', name: 'invite', placeholder: 'invite nick (optional)', 'aria-label': 'Invite', maxlength: 20 });
    }

    renderRooms(rooms, currentRoom) {
        keepingFocus(() => this.redrawRooms(rooms, currentRoom));
    }

    redrawRooms(rooms, currentRoom) {
        const rows = rooms.map((room) => el('li', { class: room.room === currentRoom ? 'current' : '' },
            el('button', { type: 'button', class: 'room-button', dataset: { room: room.room },
                           onclick: () => this.actions.enterRoom(room.room) },
               el('span', { class: 'room-number' }, room.room), ' ', el('span', { class: 'room-name' }, room.name)),
            el('span', { class: 'room-counts' }, `${room.members} in · ${room.tables} tables`)));
        const form = el('form', { class: 'room-jump', onsubmit: (event) => {
            event.preventDefault();
            const number = Number(this.roomNumber.value);
            if (Number.isInteger(number) && number !== 0) this.actions.enterRoom(number);
        } }, this.roomNumber, el('button', { type: 'submit' }, 'Enter'));
        fill(this.roomsRoot,
             el('div', { class: 'panel-header' }, el('h2', {}, 'Rooms'),
                el('button', { type: 'button', onclick: () => this.actions.listRooms() }, 'Refresh')),
             el('ul', { class: 'room-list' }, rows),
             form,
             el('p', { class: 'hint' }, 'A new positive number opens an ad-hoc room; a negative number a secret room.'));
    }

    // room: {room, name, secret, members, tables: Map, chat: []}; nick: my nick.
    renderRoom(room, nick) {
        keepingFocus(() => this.redrawRoom(room, nick));
    }

    redrawRoom(room, nick) {
        if (!room) {
            fill(this.roomRoot, el('p', { class: 'hint' }, 'Enter a room to see who is there and to sit down at a table.'));
            return;
        }
        const members = el('ul', { class: 'member-list', 'aria-label': 'Members' }, room.members.map((member) =>
            el('li', {}, el('button', { type: 'button', class: 'link', title: 'Whisper to this player',
                                        onclick: () => { this.chatInput.value = `/w ${member} `; this.chatInput.focus(); } },
                            member, member === nick ? ' (you)' : ''))));
        const tables = [...room.tables.values()].sort((a, b) => a.table - b.table).map((table) => this.tableRow(table, nick));
        const chatLines = el('ul', { class: 'chat-lines' }, room.chat.slice(-200).map((line) => el('li', {
            class: line.whisper ? 'whisper' : '' }, line.whisper ? `${line.from} → ${line.to}: ` : el('b', {}, line.from), line.whisper ? '' : ': ', line.text)));
        queueMicrotask(() => { chatLines.scrollTop = chatLines.scrollHeight; });
        fill(this.roomRoot,
             el('div', { class: 'panel-header' },
                el('h2', {}, `${room.room} ${room.name || ''}`, room.secret ? el('span', { class: 'badge' }, 'secret') : null),
                el('button', { type: 'button', onclick: () => this.actions.leaveRoom(room.room) }, 'Leave room')),
             el('div', { class: 'room-columns' },
                el('div', {}, el('h3', {}, `Members (${room.members.length})`), members),
                el('div', {}, el('h3', {}, `Tables (${room.tables.size})`),
                   el('div', { class: 'table-list-wrap' }, el('table', { class: 'table-list' },
                      el('thead', {}, el('tr', {}, el('th', {}, '#'), el('th', {}, 'White'), el('th', {}, 'Black'),
                                         el('th', {}, 'Time'), el('th', {}, 'Status'), el('th', {}, ''))),
                      el('tbody', {}, tables))),
                   this.openTableForm(room.room))),
             el('div', { class: 'chat room-chat' }, el('h3', {}, 'Room chat'), chatLines,
                el('form', { class: 'chat-form', onsubmit: (event) => this.sendChat(event, room.room) }, this.chatInput,
                   el('button', { type: 'submit' }, 'Send'))));
    }

    tableRow(table, nick) {
        const seated = [table.white, table.black].some((n) => n && nick && n.toLowerCase() === nick.toLowerCase());
        const free = !table.white || !table.black;
        const invited = !table.invite || (nick && table.invite.toLowerCase() === nick.toLowerCase());
        const buttons = [];
        if (table.status === 'waiting' && free && !seated && invited) {
            buttons.push(el('button', { type: 'button', dataset: { action: 'join', table: table.table },
                                        onclick: () => this.actions.joinTable(table.table) }, 'Join'));
        }
        buttons.push(el('button', { type: 'button', dataset: { action: 'watch', table: table.table },
                                    onclick: () => this.actions.watchTable(table.table) }, seated ? 'Open' : 'Watch'));
        const seat = (n) => n || (table.invite ? `(${table.invite})` : '—');
        return el('tr', { dataset: { table: table.table } }, el('td', {}, table.table), el('td', {}, seat(table.white)),
                  el('td', {}, seat(table.black)), el('td', {}, describe(table.time_control)),
                  el('td', {}, table.status, table.spectators ? ` · ${table.spectators} watching` : ''), el('td', {}, buttons));
    }

    openTableForm(roomNumber) {
        return el('form', { class: 'open-table', onsubmit: (event) => {
            event.preventDefault();
            const fields = { room: roomNumber, time_control: PRESETS[Number(this.preset.value)].value, color: this.colour.value };
            const invite = this.invite.value.trim();
            if (invite) fields.invite = invite;
            this.actions.openTable(fields);
        } }, el('h3', {}, 'Open a table'), this.preset, this.colour, this.invite, el('button', { type: 'submit' }, 'Open table'));
    }

    sendChat(event, roomNumber) {
        event.preventDefault();
        const text = this.chatInput.value.trim();
        if (!text) return;
        const whisper = /^\/w(?:hisper)?\s+(\S+)\s+(.+)$/u.exec(text);
        const sent = whisper ? this.actions.whisper(whisper[1], whisper[2]) : this.actions.roomChat(roomNumber, text);
        sent.then(() => { this.chatInput.value = whisper ? `/w ${whisper[1]} ` : ''; }, () => {});
    }
}
