// One table on screen: the players and their clocks, the board, the move list in English or
// German SAN, the buttons a player or spectator may use in the table's current state, the
// table's log and its chat. Every action is a request to the server; what changes on screen
// changes because the server's events say so.

import { el, fill, keepingFocus } from './dom.js';
import { BoardView } from './board_view.js';
import { kingSquare, sideToMove } from './fen.js';
import { describe } from './time_control.js';
import { remaining, format } from './clock_display.js';
import { t } from './messages.js';
import { nickNode } from './nick_view.js';
import { isGuestAt } from './room_model.js';
import { seatOf } from './table_model.js';
import { noticeText, resultText, sideName, statusName } from './table_texts.js';

const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function other(side) {
    return side === 'white' ? 'black' : 'white';
}

export class TableView {
    // request(type, fields) sends a request, shows its error and returns the reply's promise
    // (rejected on an error); onClose() hides the table.
    constructor(root, request, onClose) {
        this.root = root;
        this.request = request;
        this.onClose = onClose;
        this.state = null;
        this.context = null;
        this.flipped = false;
        this.claimWithMove = false;
        this.clockNodes = {};
        this.boardNode = el('div', { class: 'board' });
        this.board = new BoardView(this.boardNode, (uci) => this.play(uci));
        this.chatInput = el('input', { type: 'text', maxlength: 500, placeholder: t('table.chat'), 'aria-label': t('table.chat') });
        // Moves may also be typed, in any notation the server reads: e2e4, Nf3, Sf3, 0-0, e8=Q.
        this.moveInput = el('input', { type: 'text', name: 'move', maxlength: 12, placeholder: t('table.move.placeholder'),
                                       'aria-label': t('table.move.label'), autocomplete: 'off' });
        this.moveForm = el('form', { class: 'move-form', onsubmit: (event) => this.typeMove(event) }, this.moveInput,
                           el('button', { type: 'submit' }, t('table.move.submit')));
        this.chatForm = el('form', { class: 'chat-form', onsubmit: (event) => this.sendChat(event) }, this.chatInput,
                           el('button', { type: 'submit' }, t('chat.send')));
    }

    mySeat() {
        return this.state ? seatOf(this.state, this.context.nick) : null;
    }

    orientation() {
        const base = this.mySeat() === 'black' ? 'black' : 'white';
        return this.flipped ? other(base) : base;
    }

    play(uci) {
        const table = this.state.table;
        if (this.claimWithMove) {
            this.claimWithMove = false;
            this.request('claim_draw', { table, move: uci }).catch(() => {});
        } else {
            this.request('move', { table, move: uci }).catch(() => {});
        }
    }

    typeMove(event) {
        event.preventDefault();
        const move = this.moveInput.value.trim();
        if (!move || !this.state) return;
        this.request('move', { table: this.state.table, move }).then(() => { this.moveInput.value = ''; }, () => {});
    }

    sendChat(event) {
        event.preventDefault();
        const text = this.chatInput.value.trim();
        if (!text || !this.state) return;
        this.request('table_chat', { table: this.state.table, text }).then(() => { this.chatInput.value = ''; }, () => {});
    }

    // state: the table model; context: {nick, lang: "en"|"de"}.
    render(state, context) {
        keepingFocus(() => this.redraw(state, context));
    }

    redraw(state, context) {
        this.state = state;
        this.context = context;
        if (!state) {
            fill(this.root);
            return;
        }
        const orientation = this.orientation();
        const top = other(orientation);
        const fen = state.fen || state.start_fen || START_FEN;
        const seat = this.mySeat();
        const myTurn = state.status === 'playing' && seat && state.to_move === seat;
        const checkSide = state.check ? sideToMove(fen) : null;
        this.board.render({
            fen, orientation, legalMoves: myTurn ? state.legal_moves : [], lastMove: state.lastMove,
            checkSquare: checkSide ? kingSquare(fen, checkSide) : null, moverColour: seat,
        });
        this.clockNodes = {};
        fill(this.root,
             el('div', { class: 'table-header' },
                el('h2', {}, t('table.title', { table: state.table })),
                el('span', { class: 'table-meta' }, t('table.meta', { time: describe(state.time_control), room: state.room ?? '?',
                                                                     count: state.spectators || 0 })),
                el('button', { type: 'button', onclick: () => { this.flipped = !this.flipped; this.render(this.state, this.context); } }, t('table.flip')),
                el('button', { type: 'button', onclick: () => this.onClose(state.table) }, t('table.close'))),
             this.playerLine(top),
             this.boardNode,
             this.playerLine(orientation),
             el('div', { class: 'status-line', role: 'status' }, this.statusText()),
             this.actions(),
             el('div', { class: 'table-columns' }, this.moveList(), this.log()),
             this.chat());
        this.tick(performance.now());
    }

    playerLine(side) {
        const state = this.state;
        const nick = state[side];
        const clock = el('span', { class: 'clock', dataset: { side } });
        this.clockNodes[side] = clock;
        const away = (state.disconnected || []).includes(side);
        const moving = state.status === 'playing' && state.to_move === side;
        return el('div', { class: `player-line ${moving ? 'to-move' : ''}`, dataset: { side } },
                  el('span', { class: `side-dot ${side}` }),
                  el('span', { class: 'player-nick' }, nick ? nickNode(nick, isGuestAt(state, side))
                      : state.invite && !state[other(side)] ? '' : t('table.free_seat')),
                  away ? el('span', { class: 'away' }, t('table.away')) : null,
                  state.draw_offer === side ? el('span', { class: 'badge' }, t('table.offers_draw')) : null,
                  clock);
    }

    // Counts the running clock down from the server's last reading.
    tick(now) {
        const state = this.state;
        if (!state || !this.clockNodes.white) return;
        const clocks = state.clocks;
        for (const side of ['white', 'black']) {
            const node = this.clockNodes[side];
            if (!clocks || clocks.untimed) {
                node.textContent = clocks && clocks.untimed ? '∞' : '';
                continue;
            }
            const left = remaining(clocks, state.clocksReceivedAt, now, state.status === 'playing')[side];
            node.textContent = format(left);
            node.classList.toggle('running', state.status === 'playing' && clocks.running === side);
            node.classList.toggle('low', left < 10_000);
        }
        // The grace period as the player_disconnected event announced it; after a reload it is
        // unknown and the server's answer to the claim says how long is left.
        if (this.claimWinButton && state.graceEndsAt) {
            const wait = Math.ceil((state.graceEndsAt - now) / 1000);
            this.claimWinButton.disabled = wait > 0;
            this.claimWinButton.textContent = wait > 0 ? t('action.claim_win.wait', { seconds: wait }) : t('action.claim_win');
        }
    }

    statusText() {
        const state = this.state;
        if (state.result) return resultText(state.result);
        if (state.status === 'waiting') {
            return state.invite ? t('table.waiting_for', { nick: state.invite }) : t('table.waiting');
        }
        if (state.status === 'playing') {
            const seat = this.mySeat();
            const who = state.to_move === seat ? t('table.your_move')
                : t('table.to_move', { who: state[state.to_move] || sideName(state.to_move) });
            return who + (state.check ? t('table.check') : '') + (this.claimWithMove ? t('table.claim_armed') : '');
        }
        return statusName(state.status);
    }

    // A button that sends `type`; its label is the catalogue's action.<key>, its title (when the
    // catalogue has one) action.<key>.title.
    button(key, type, fields = {}, extra = {}) {
        return el('button', {
            type: 'button', dataset: { action: type }, ...extra,
            onclick: () => this.request(type, { table: this.state.table, ...fields }).catch(() => {}),
        }, t(`action.${key}`));
    }

    actions() {
        const state = this.state;
        this.claimWinButton = null;
        const seat = this.mySeat();
        const buttons = [];
        const nick = this.context.nick || '';
        if (state.status === 'waiting') {
            const free = !state.white || !state.black;
            const invited = !state.invite || state.invite.toLowerCase() === nick.toLowerCase();
            if (!seat && free && invited) buttons.push(this.button('join', 'join_table'));
            buttons.push(this.button(seat ? 'stand_up' : 'stop_watching', 'leave_table'));
        } else if (state.status === 'playing' && seat) {
            const opponent = other(seat);
            const myTurn = state.to_move === seat;
            if (state.draw_offer === opponent) {
                buttons.push(this.button('accept_draw', 'accept_draw'), this.button('decline_draw', 'decline_draw'));
            } else if (state.draw_offer !== seat) {
                buttons.push(this.button('offer_draw', 'offer_draw', {}, { disabled: !myTurn, title: t('action.offer_draw.title') }));
            }
            buttons.push(this.button('claim_draw', 'claim_draw', {}, { title: t('action.claim_draw.title') }));
            buttons.push(el('button', {
                type: 'button', dataset: { action: 'claim_with_move' }, class: this.claimWithMove ? 'armed' : '',
                title: t('action.claim_with_move.title'),
                onclick: () => { this.claimWithMove = !this.claimWithMove; this.render(this.state, this.context); },
            }, t(this.claimWithMove ? 'action.claim_with_move.armed' : 'action.claim_with_move')));
            if (state.moves.length < 2) buttons.push(this.button('abort', 'abort'));
            buttons.push(this.button('resign', 'resign', {}, { class: 'danger' }));
            if (myTurn) buttons.push(this.moveForm);
            if ((state.disconnected || []).includes(opponent)) {
                this.claimWinButton = this.button('claim_win', 'claim_win', {}, { title: t('action.claim_win.title') });
                buttons.push(this.claimWinButton);
            }
        } else if (state.status === 'finished') {
            if (seat) {
                const key = state.rematch_offer && state.rematch_offer !== seat ? 'rematch.accept' : 'rematch.offer';
                buttons.push(this.button(key, 'rematch', {}, { disabled: state.rematch_offer === seat }));
            }
            buttons.push(this.button('leave', 'leave_table'));
        } else if (!seat) {
            buttons.push(this.button('stop_watching', 'leave_table'));
        }
        return el('div', { class: 'table-actions' }, buttons);
    }

    moveList() {
        const lang = this.context.lang;
        const rows = [];
        const moves = this.state.moves || [];
        for (let i = 0; i < moves.length; i += 2) {
            const white = moves[i];
            const black = moves[i + 1];
            const san = (move) => (move ? (lang === 'de' ? move.san_de : move.san) || move.uci : '');
            rows.push(el('li', {}, el('span', { class: 'move-number' }, `${Math.floor(i / 2) + 1}.`),
                         el('span', { class: 'move' }, san(white)), el('span', { class: 'move' }, san(black))));
        }
        const list = el('ol', { class: 'move-list', 'aria-label': t('table.moves') }, rows);
        queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
        return list;
    }

    log() {
        const list = el('ul', { class: 'table-log', 'aria-label': t('table.log') },
                        (this.state.notices || []).slice(-50).map((notice) => el('li', {}, noticeText(notice))));
        queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
        return list;
    }

    chat() {
        const lines = el('ul', { class: 'chat-lines' },
                         (this.state.chat || []).slice(-200).map((line) => el('li', {}, el('b', {}, line.from), t('chat.separator'), line.text)));
        queueMicrotask(() => { lines.scrollTop = lines.scrollHeight; });
        return el('div', { class: 'chat table-chat' }, el('h3', {}, t('table.chat')), lines, this.chatForm);
    }
}
