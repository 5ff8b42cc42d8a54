// The tournament's room on its page (docs/tournaments.md, "The room"): the room's chat with a line
// to write in, who is in the room, and its tables, which are the event's running games, each to
// watch with a click. The room is the one the client is in (main.js enters it when the page
// opens, and the Rooms tab shows the same room); the panel says when the page is on its way in,
// offers the way back to a player who went to another room, and says when a finished event's
// room has closed. A visitor reads the chat and watches the games, but writes nothing. The parts
// are drawn as the lobby's room draws them (room_parts.js).
//
// The panel's node is made once and kept: the tournament's page (tournament_view.js) puts it in
// every time it is drawn, so a line being typed survives every update of the event.

import { el, fill } from './dom.js';
import { language, t } from './messages.js';
import { chatLineItems, memberListNode, memberPagerNode, sendChatLine, tableListNode } from './room_parts.js';
import { whisperPrefix } from './room_chat.js';

export class TournamentRoomView {
    // actions: {enter(room), roomChat(room, text) -> promise, whisper(to, text) -> promise,
    //           watchTable(id), memberPage(room, offset)}
    constructor(actions) {
        this.actions = actions;
        this.title = el('h4', {});
        this.where = el('span', { class: 'hint tournament-room-where' });
        this.status = el('p', { class: 'hint tournament-room-status' });
        this.enter = el('button', { type: 'button', dataset: { action: 'enter-tournament-room' },
                                    onclick: () => this.actions.enter(this.number) });
        this.lines = el('ul', { class: 'chat-lines' });
        // Whether the player reads the newest lines (the list then follows new ones) or scrolled
        // back to older ones (it stays where he is).
        this.atEnd = true;
        this.lines.addEventListener('scroll', () => {
            if (this.lines.clientHeight > 0) this.atEnd = this.lines.scrollTop + this.lines.clientHeight >= this.lines.scrollHeight - 8;
        });
        this.input = el('input', { type: 'text', maxlength: 500, name: 'tournament-chat', autocomplete: 'off' });
        this.send = el('button', { type: 'submit' });
        this.form = el('form', { class: 'chat-form', onsubmit: (event) => {
            event.preventDefault();
            sendChatLine(this.input, this.number, this.actions);
        } }, this.input, this.send);
        this.visitorHint = el('p', { class: 'hint tournament-room-visitor' });
        this.members = el('div', { class: 'tournament-room-members' });
        this.gamesTitle = el('h5', {});
        this.games = el('div', { class: 'table-list-wrap' });
        this.chat = el('div', { class: 'chat tournament-room-chat' }, this.lines, this.form, this.visitorHint);
        this.columns = el('div', { class: 'room-columns tournament-room-columns' }, this.members,
                          el('div', { class: 'tournament-room-games' }, this.gamesTitle, this.games));
        this.node = el('section', { class: 'tournament-room', hidden: true },
                       el('div', { class: 'tournament-room-header' }, this.title, this.where),
                       this.status, this.chat, this.columns);
        this.number = null;
    }

    // panel: tournament_room.js's panelOf ({status, room}); room: the room model one is in
    // (room_model.js) or null; viewer: {nick, visitor}. The same panel, room, viewer and language
    // draw the same panel, so such a call leaves it as it is (a rebuilt Watch button under a
    // press would lose the click).
    render(panel, room, viewer) {
        const drawn = { status: panel.status, number: panel.room, room: panel.status === 'in' ? room : null,
                        nick: viewer.nick, visitor: Boolean(viewer.visitor), lang: language() };
        if (!this.drawn || Object.keys(drawn).some((key) => drawn[key] !== this.drawn[key])) {
            const before = this.drawn;
            this.drawn = drawn;
            this.redraw(drawn, before);
        }
        // The tournament's page puts the panel in anew with every update, which scrolls the lines
        // to their top: back to the newest ones, if that is where the player was.
        this.followNewest();
    }

    redraw(drawn, before) {
        const { status, number, room, nick, visitor } = drawn;
        this.number = number;
        this.node.hidden = status === 'none';
        this.node.dataset.status = status;
        if (number !== null) this.node.dataset.room = String(number);
        else delete this.node.dataset.room;
        this.title.textContent = t('tournament.room.title');
        this.where.textContent = number !== null ? t('tournament.room.where', { room: number }) : '';
        this.enter.textContent = t('tournament.room.enter');
        this.send.textContent = t('chat.send');
        this.input.placeholder = t('room.chat.placeholder');
        this.input.setAttribute('aria-label', t('tournament.room.title'));
        this.visitorHint.textContent = t('tournament.room.visitor');
        const inside = status === 'in';
        const said = { entering: 'tournament.room.entering', away: 'tournament.room.away', closed: 'tournament.room.closed' }[status];
        fill(this.status, said ? t(said) : null, status === 'away' ? [' ', this.enter] : null);
        this.status.hidden = inside;
        this.chat.hidden = !inside;
        this.columns.hidden = !inside;
        this.form.hidden = visitor;
        this.visitorHint.hidden = !visitor;
        if (!inside) return;
        // Each part is made anew only when what it shows changed (the room model's parts keep
        // their identity while unchanged): a chat line leaves a focused nick or Watch button be.
        const was = before && before.room;
        const anew = (...parts) => !was || before.lang !== drawn.lang || parts.some((part) => was[part] !== room[part]);
        if (anew('chat')) fill(this.lines, chatLineItems(room.chat));
        if (anew('members', 'guests', 'page', 'memberCount') || before.nick !== nick || before.visitor !== visitor) {
            fill(this.members, el('h5', {}, t('tournament.room.members', { count: room.memberCount })),
                 memberListNode(room, nick, { visitor, whisper: (member) => { this.input.value = whisperPrefix(member); this.input.focus(); } }),
                 memberPagerNode(room, this.actions.memberPage));
        }
        if (anew('tables') || before.nick !== nick || before.visitor !== visitor) {
            this.gamesTitle.textContent = t('tournament.room.games', { count: room.tables.size });
            fill(this.games, room.tables.size ? tableListNode(room.tables, nick, { visitor, watch: this.actions.watchTable })
                : el('p', { class: 'hint' }, t('tournament.room.no_games')));
        }
    }

    followNewest() {
        if (!this.atEnd || this.chat.hidden) return;
        queueMicrotask(() => { this.lines.scrollTop = this.lines.scrollHeight; });
    }
}
