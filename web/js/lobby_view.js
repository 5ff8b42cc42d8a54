// The lobby: the list of rooms with their member and table counts, a field to enter any room by
// number (Gravon's "/raum N": an unknown positive number opens an ad-hoc room, a negative one a
// secret room), and the room one is in: members, tables, the form to open a table, room chat
// and whispers. A table is rated or casual (docs/ratings.md); its seats show the players'
// ratings, and an account's nick links to its profile. A table may be Chess960 or start from a
// position (the form's game_setup_form.js); the list says so. Below the room list stand the
// bots online, to challenge (bot_list_view.js).

import { takebacksChecked } from './takeback_form.js';
import { el, fill, keepingFocus } from './dom.js';
import { language, t } from './messages.js';
import { isTimed } from './rating_format.js';
import { chatLineItems, memberListNode, memberPagerNode, sendChatLine, tableListNode } from './room_parts.js';
import { whisperPrefix } from './room_chat.js';
import { ratedPossible } from './game_setup.js';
import { GameSetupForm } from './game_setup_form.js';
import { ComputerForm } from './computer_form.js';
import { PRESETS, customTimeControl, presetLabel } from './time_control.js';

export class LobbyView {
    // actions: {enterRoom(n), leaveRoom(n), listRooms(), openTable(fields), playComputer(fields), joinTable(id),
    //           watchTable(id), roomChat(room, text), whisper(to, text), memberPage(room, offset)}
    // botPanel: the "Bots online" panel (bot_list_view.js), kept below the room list.
    constructor(roomsRoot, roomRoot, actions, { botPanel = null } = {}) {
        this.roomsRoot = roomsRoot;
        this.roomRoot = roomRoot;
        this.actions = actions;
        this.botPanel = botPanel;
        this.roomNumber = el('input', { type: 'number', step: 1, name: 'room' });
        this.chatInput = el('input', { type: 'text', maxlength: 500, name: 'chat' });
        this.guest = false; // whether the viewer is a guest (who cannot play rated)
        this.preset = el('select', { name: 'time_control', onchange: () => this.showCustom() },
                         PRESETS.map((preset, index) => el('option', { value: String(index), selected: index === 2 })),
                         el('option', { value: 'custom' }));
        // A time control of one's own: minutes and increment, shown when "custom" is chosen.
        this.customMinutes = el('input', { type: 'number', name: 'minutes', min: '0.25', max: '180', step: '0.25', value: '3' });
        this.customIncrement = el('input', { type: 'number', name: 'increment', min: '0', max: '180', step: '1', value: '2' });
        this.custom = el('span', { class: 'custom-time', hidden: true }, this.customMinutes, el('span', { class: 'plus' }, '+'),
                         this.customIncrement);
        this.colour = el('select', { name: 'color' }, ['random', 'white', 'black'].map((colour) => el('option', { value: colour })));
        this.invite = el('input', { type: 'text', name: 'invite', maxlength: 20 });
        // Rated: only for an account, only with a clock; when it cannot be, it says why.
        this.rated = el('input', { type: 'checkbox', name: 'rated' });
        this.ratedText = el('span', {});
        this.ratedLabel = el('label', { class: 'rated-choice' }, this.rated, ' ', this.ratedText);
        this.ratedWhy = el('span', { class: 'hint rated-why', id: 'rated-why' });
        // Takebacks: ticked for a casual table, unticked when "Rated" is ticked, until the player
        // sets the box himself (takebacksChecked in takeback_form.js).
        this.takebacks = el('input', { type: 'checkbox', name: 'takebacks', checked: true,
                                       onchange: () => { this.takebacksTouched = true; } });
        this.takebacksTouched = false;
        this.takebacksText = el('span', {});
        this.takebacksLabel = el('label', { class: 'takebacks-choice' }, this.takebacks, ' ', this.takebacksText);
        this.rated.addEventListener('change', () => this.updateTakebacks());
        // The variant, Chess960's number and the FEN with its preview; a game from a position is casual.
        this.setup = new GameSetupForm({ onChange: () => this.updateRated() });
        this.relabel();
    }

    // The texts of the inputs that live across redraws, in the page's current language (so that
    // switching the language reaches them too).
    relabel() {
        const label = (node, key, placeholder = key) => {
            node.setAttribute('aria-label', t(key));
            if (placeholder) node.placeholder = t(placeholder);
        };
        label(this.roomNumber, 'rooms.number');
        label(this.chatInput, 'room.chat', 'room.chat.placeholder');
        label(this.preset, 'open.time_control', null);
        label(this.colour, 'open.colour', null);
        label(this.invite, 'open.invite', 'open.invite.placeholder');
        [...this.preset.options].forEach((option, index) => {
            option.textContent = index < PRESETS.length ? presetLabel(PRESETS[index]) : t('open.custom');
        });
        label(this.customMinutes, 'open.custom.minutes', null);
        label(this.customIncrement, 'open.custom.increment', null);
        this.customMinutes.title = t('open.custom.minutes');
        this.customIncrement.title = t('open.custom.increment');
        for (const option of this.colour.options) option.textContent = t(`open.colour.${option.value}`);
        this.setup.relabel();
        if (this.computerForm) this.computerForm.relabel();
        this.updateRated();
    }

    // The rated box: disabled, unticked and explained for a guest, for an untimed control and for
    // a game from a position.
    updateRated() {
        const preset = this.preset.value === 'custom' ? null : PRESETS[Number(this.preset.value)];
        const why = this.guest ? 'open.rated.guest' : preset && !isTimed(preset.value) ? 'open.rated.untimed'
            : !ratedPossible(this.setup.variant) ? 'open.rated.position' : null;
        this.rated.disabled = Boolean(why);
        if (why) this.rated.checked = false;
        this.ratedText.textContent = t('open.rated');
        this.ratedLabel.title = t(why || 'open.rated.title');
        this.ratedWhy.textContent = why ? t(why) : '';
        this.ratedWhy.hidden = !why;
        if (why) this.rated.setAttribute('aria-describedby', 'rated-why');
        else this.rated.removeAttribute('aria-describedby');
        this.updateTakebacks();
    }

    updateTakebacks() {
        this.takebacks.checked = takebacksChecked(this.rated.checked && !this.rated.disabled, this.takebacksTouched,
                                                  this.takebacks.checked);
        this.takebacksText.textContent = t('open.takebacks');
        this.takebacksLabel.title = t('open.takebacks.title');
    }

    renderRooms(rooms, currentRoom) {
        keepingFocus(() => this.redrawRooms(rooms, currentRoom));
    }

    // The panel is built once and its rows are kept across redraws (updated in place, moved only
    // when the order changes): the list is redrawn whenever a count changes, and a click whose
    // press and release straddled a rebuilt button would be lost.
    redrawRooms(rooms, currentRoom) {
        this.relabel();
        if (!this.roomPanel) this.roomPanel = this.buildRoomPanel();
        const panel = this.roomPanel;
        panel.title.textContent = t('rooms.title');
        panel.refresh.textContent = t('rooms.refresh');
        panel.enter.textContent = t('rooms.enter');
        panel.hint.textContent = t('rooms.hint');
        const listed = new Set(rooms.map((room) => room.room));
        for (const [number, row] of panel.rows) {
            if (!listed.has(number)) {
                row.item.remove();
                panel.rows.delete(number);
            }
        }
        let previous = null;
        for (const room of rooms) {
            const row = panel.rows.get(room.room) || this.roomRow(room.room);
            panel.rows.set(room.room, row);
            row.item.className = room.room === currentRoom ? 'current' : '';
            row.name.textContent = room.name;
            row.counts.textContent = t('rooms.counts', { members: room.members, tables: room.tables });
            const wanted = previous ? previous.nextSibling : panel.list.firstChild;
            if (wanted !== row.item) panel.list.insertBefore(row.item, wanted);
            previous = row.item;
        }
        if (!this.roomsRoot.contains(panel.list)) fill(this.roomsRoot, panel.header, panel.list, panel.form, panel.hint, this.botPanel);
    }

    buildRoomPanel() {
        const title = el('h2', {});
        const refresh = el('button', { type: 'button', onclick: () => this.actions.listRooms() });
        const enter = el('button', { type: 'submit' });
        const form = el('form', { class: 'room-jump', onsubmit: (event) => {
            event.preventDefault();
            const number = Number(this.roomNumber.value);
            if (Number.isInteger(number) && number !== 0) this.actions.enterRoom(number);
        } }, this.roomNumber, enter);
        return { title, refresh, enter, form, header: el('div', { class: 'panel-header' }, title, refresh),
                 list: el('ul', { class: 'room-list' }), hint: el('p', { class: 'hint' }), rows: new Map() };
    }

    // One row of the room list: the room's button (number and name) and its counts.
    roomRow(number) {
        const name = el('span', { class: 'room-name' });
        const counts = el('span', { class: 'room-counts' });
        const button = el('button', { type: 'button', class: 'room-button', dataset: { room: number },
                                      onclick: () => this.actions.enterRoom(number) },
                          el('span', { class: 'room-number' }, number), ' ', name);
        return { item: el('li', {}, button, counts), name, counts };
    }

    // room: the room model (room_model.js); nick: my nick; guest: whether I am a guest; visitor:
    // whether nobody is logged in (the room is shown read only: no chat, no tables to open or
    // join, a hint how to take part instead). The room model is immutable (room_model.js): the
    // same model, viewer and language draw the same room, so such a call keeps the page as it is
    // (a rebuilt Join button under a player's press would lose the click).
    renderRoom(room, nick, guest = false, visitor = false) {
        const drawn = { room, nick, guest: Boolean(guest), visitor: Boolean(visitor), lang: language() };
        if (this.drawnRoom && Object.keys(drawn).every((key) => drawn[key] === this.drawnRoom[key])) return;
        this.drawnRoom = drawn;
        this.guest = Boolean(guest);
        this.visitor = Boolean(visitor);
        keepingFocus(() => this.redrawRoom(room, nick));
    }

    redrawRoom(room, nick) {
        this.relabel();
        if (!room) {
            fill(this.roomRoot, el('p', { class: 'hint' }, t('room.none')));
            return;
        }
        const visitor = this.visitor;
        // Beside another member: a challenge to him (challenge_view.js fills in the nick).
        const members = memberListNode(room, nick, {
            visitor, challenge: this.actions.challenge,
            whisper: (member) => { this.chatInput.value = whisperPrefix(member); this.chatInput.focus(); } });
        const chatLines = el('ul', { class: 'chat-lines' }, chatLineItems(room.chat));
        queueMicrotask(() => { chatLines.scrollTop = chatLines.scrollHeight; });
        // The room's parts stay in the page across redraws and are filled anew one by one; the
        // table list only when the tables changed, and the form to open a table never leaves the
        // page: a press that straddles a redraw (another member's arrival) is not lost.
        const parts = this.roomParts();
        fill(parts.header,
             el('h2', {}, `${room.room} ${room.name || ''}`, room.secret ? el('span', { class: 'badge' }, t('room.secret')) : null),
             el('button', { type: 'button', onclick: () => this.actions.leaveRoom(room.room) }, t('room.leave')));
        fill(parts.members, el('h3', {}, t('room.members', { count: room.memberCount })), members,
             memberPagerNode(room, this.actions.memberPage));
        parts.tablesTitle.textContent = t('room.tables', { count: room.tables.size });
        const tablesDrawn = { tables: room.tables, nick, visitor, lang: language() };
        if (!this.drawnTables || Object.keys(tablesDrawn).some((key) => tablesDrawn[key] !== this.drawnTables[key])) {
            this.drawnTables = tablesDrawn;
            fill(parts.tables, tableListNode(room.tables, nick, { visitor, join: this.actions.joinTable, watch: this.actions.watchTable }));
        }
        const form = visitor ? el('p', { class: 'hint room-visitor' }, t('room.visitor')) : this.openTableForm(room.room);
        if (parts.form.firstChild !== form) fill(parts.form, form);
        fill(parts.chat, el('h3', {}, t('room.chat')), chatLines,
             visitor ? null : el('form', { class: 'chat-form', onsubmit: (event) => this.sendChat(event, room.room) }, this.chatInput,
                                 el('button', { type: 'submit' }, t('chat.send'))));
    }

    // The room's parts, made once and put into the page when it does not hold them.
    roomParts() {
        if (!this.parts) {
            const parts = {
                header: el('div', { class: 'panel-header' }), members: el('div', {}), tablesTitle: el('h3', {}),
                tables: el('div', { class: 'table-list-wrap' }), form: el('div', { class: 'open-table-slot' }),
                chat: el('div', { class: 'chat room-chat' }),
            };
            parts.columns = el('div', { class: 'room-columns' }, parts.members,
                               el('div', {}, parts.tablesTitle, parts.tables, parts.form));
            this.parts = parts;
        }
        if (!this.roomRoot.contains(this.parts.columns)) {
            this.drawnTables = null;
            fill(this.roomRoot, this.parts.header, this.parts.columns, this.parts.chat);
        }
        return this.parts;
    }

    showCustom() {
        this.custom.hidden = this.preset.value !== 'custom';
        this.updateRated();
    }

    // The form is made once and kept across the room's redraws (only its room and its words are
    // set anew): a press on "Open" that straddles a redraw (another member's arrival) still opens.
    openTableForm(roomNumber) {
        this.openRoom = roomNumber;
        if (!this.openForm) {
            this.openTitle = el('h3', {});
            this.openSubmit = el('button', { type: 'submit' });
            this.openForm = el('form', { class: 'open-table', onsubmit: (event) => this.submitOpenTable(event) },
                               this.openTitle, this.preset, this.custom, this.colour, this.invite, this.setup.node,
                               this.ratedLabel, this.takebacksLabel, this.openSubmit, this.ratedWhy);
            this.roomForms = el('div', { class: 'room-forms' }, this.openForm, this.computerFormNode());
        }
        this.openTitle.textContent = t('open.title');
        this.openSubmit.textContent = t('open.submit');
        return this.roomForms;
    }

    // "Play the computer" beside the table form, in the room shown (computer_form.js).
    computerFormNode() {
        this.computerForm = new ComputerForm((fields) => this.actions.playComputer({ room: this.openRoom, ...fields }));
        return this.computerForm.node;
    }

    submitOpenTable(event) {
        event.preventDefault();
        let timeControl;
        if (this.preset.value === 'custom') {
            timeControl = customTimeControl(this.customMinutes.value, this.customIncrement.value);
            this.customMinutes.setCustomValidity(timeControl ? '' : t('open.custom.invalid'));
            if (!timeControl) {
                this.customMinutes.reportValidity();
                return;
            }
        } else {
            timeControl = PRESETS[Number(this.preset.value)].value;
        }
        const setup = this.setup.fields();
        if (!setup) return;
        const fields = { room: this.openRoom, time_control: timeControl, color: this.colour.value, ...setup };
        const invite = this.invite.value.trim();
        if (invite) fields.invite = invite;
        if (this.rated.checked && !this.rated.disabled) fields.rated = true;
        fields.takebacks = this.takebacks.checked;
        this.actions.openTable(fields);
    }

    sendChat(event, roomNumber) {
        event.preventDefault();
        sendChatLine(this.chatInput, roomNumber, this.actions);
    }
}

