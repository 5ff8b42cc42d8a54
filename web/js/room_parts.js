// A room's parts as the lobby's room (lobby_view.js) and a tournament's room on its page
// (tournament_room_view.js) both draw them, from the room model (room_model.js): the chat's
// lines, the member list (a page at a time in a large room) and the table list with its Join and
// Watch buttons. Every nick and chat line goes into the page as text (dom.js), never as HTML.

import { el } from './dom.js';
import { t } from './messages.js';
import { nickNode, ratingNode } from './nick_view.js';
import { isGuestMember, isLargeRoom, memberPageOffsets, shownMembers } from './room_model.js';
import { chatRequest, inputAfter } from './room_chat.js';
import { statusName } from './table_texts.js';
import { variantText } from './game_setup.js';
import { seatNickNode } from './computer_seat.js';
import { describe } from './time_control.js';

// How many of a room's last chat lines the page keeps on screen.
const CHAT_LINES_SHOWN = 200;

// The chat's last lines as list items: "nick: text", a whisper as "from → to: text"; lines said
// before one came in are dimmed.
export function chatLineItems(chat) {
    return chat.slice(-CHAT_LINES_SHOWN).map((line) => el('li', { class: chatLineClass(line) },
        line.whisper ? t('chat.whisper', { from: line.from, to: line.to }) : el('b', {}, line.from),
        line.whisper ? '' : t('chat.separator'), line.text));
}

// Sends what `input` holds (room_chat.js) through actions {roomChat(room, text), whisper(to, text)},
// each a promise; once it went, the input keeps only a whisper's start.
export function sendChatLine(input, roomNumber, actions) {
    const request = chatRequest(input.value);
    if (!request) return;
    const sent = request.whisper ? actions.whisper(request.whisper.to, request.whisper.text)
        : actions.roomChat(roomNumber, request.text);
    sent.then(() => { input.value = inputAfter(request); }, () => {});
}

// The members shown (all, or a large room's page), guests marked, "(you)" after my nick. A player
// (not a visitor) clicks a nick to whisper to it (options.whisper(nick)); options.challenge(nick),
// when given, adds a challenge button beside each other member.
export function memberListNode(room, nick, { visitor = false, whisper = null, challenge = null } = {}) {
    return el('ul', { class: 'member-list', 'aria-label': t('room.members.label') }, shownMembers(room).map((member) => {
        const shown = nickNode(member, isGuestMember(room, member), member === nick ? t('room.you') : null);
        const challengeButton = visitor || member === nick || !challenge ? null : el('button', {
            type: 'button', class: 'link member-challenge', title: t('member.challenge', { nick: member }),
            'aria-label': t('member.challenge', { nick: member }), onclick: () => challenge(member) }, '⚔');
        return el('li', {}, visitor || !whisper ? shown : el('button', {
            type: 'button', class: 'link', title: t('room.whisper_to'), onclick: () => whisper(member) }, shown),
                  challengeButton ? ' ' : null, challengeButton);
    }));
}

// A large room's list is paged: which members are shown, and buttons to the pages around
// (memberPage(room, offset)); null for a room listed in full.
export function memberPagerNode(room, memberPage) {
    if (!isLargeRoom(room)) return null;
    const { previous, next } = memberPageOffsets(room);
    const shown = shownMembers(room);
    const from = room.page ? room.page.offset + 1 : 0;
    return el('div', { class: 'member-pager' },
              el('button', { type: 'button', class: 'member-page-previous', disabled: previous === null,
                             onclick: () => memberPage(room.room, previous) }, t('room.members.previous')),
              el('span', {}, t('room.members.range', { from, to: from + Math.max(shown.length - 1, 0), count: room.memberCount })),
              el('button', { type: 'button', class: 'member-page-next', disabled: next === null,
                             onclick: () => memberPage(room.room, next) }, t('room.members.next')));
}

// The room's tables by number: the seats with ratings, the time control, rated or casual and the
// variant, the status and how many watch; Join where a seat is free for me (not for a visitor),
// Watch (Open at my own table). options: {visitor, join(id), watch(id)}.
export function tableListNode(tables, nick, options) {
    return el('table', { class: 'table-list' },
              el('thead', {}, el('tr', {}, el('th', {}, t('tables.number')), el('th', {}, t('side.white')),
                                 el('th', {}, t('side.black')), el('th', {}, t('tables.time')),
                                 el('th', {}, t('tables.status')), el('th', {}, ''))),
              el('tbody', {}, [...tables.values()].sort((a, b) => a.table - b.table).map((table) => tableRowNode(table, nick, options))));
}

function tableRowNode(table, nick, { visitor = false, join = null, watch }) {
    const seated = [table.white, table.black].some((n) => n && nick && n.toLowerCase() === nick.toLowerCase());
    const free = !table.white || !table.black;
    const invited = !table.invite || (nick && table.invite.toLowerCase() === nick.toLowerCase());
    const buttons = [];
    if (table.status === 'waiting' && free && !seated && invited && !visitor && join) {
        buttons.push(el('button', { type: 'button', dataset: { action: 'join', table: table.table },
                                    onclick: () => join(table.table) }, t('tables.join')));
    }
    buttons.push(el('button', { type: 'button', dataset: { action: 'watch', table: table.table },
                                onclick: () => watch(table.table) }, t(seated ? 'tables.open' : 'tables.watch')));
    const seat = (side) => (table[side] ? [seatNickNode(table, side), ratingNode(table[`${side}_rating`])]
        : table.invite ? t('tables.invited', { nick: table.invite }) : t('tables.free'));
    return el('tr', { dataset: { table: table.table, rated: String(Boolean(table.rated)) } },
              el('td', {}, table.table), el('td', {}, seat('white')),
              el('td', {}, seat('black')),
              el('td', {}, describe(table.time_control), ' ',
                 el('span', { class: `table-mode ${table.rated ? 'rated' : 'casual'}` }, t(table.rated ? 'tables.rated' : 'tables.casual')),
                 variantText(table) ? [' ', el('span', { class: 'table-variant', dataset: { variant: table.variant } }, variantText(table))] : null),
              el('td', {}, statusName(table.status), table.spectators ? t('tables.watching', { count: table.spectators }) : ''),
              el('td', {}, buttons));
}

function chatLineClass(line) {
    if (line.whisper) return 'whisper';
    return line.earlier ? 'earlier' : '';
}
