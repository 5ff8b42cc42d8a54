// One table on screen: the board, both players with their clocks, the move list (stepped through
// by click, arrow keys, Home and End, during and after the game), the buttons a player or a
// spectator may use in the table's state, the result banner (with both players' new ratings
// after a rated game), the table's log and its chat. A rated table says so, and shows the
// players' ratings beside their nicks; a Chess960 table or one from a position names its variant,
// and the board starts from the table's start position.
// Every action is a request to the server; what changes on screen changes because the server's
// events say so.
//
// The layout is one grid whose areas CSS arranges: beside the board on a laptop (board, clocks,
// buttons and moves without scrolling), stacked on a phone (a clock above the board, the other
// below, then the buttons and the moves).

import { courtesyButtons } from './takeback_actions.js';
import { abortOffered, rematchOffered, resultAsScored } from './tournament_table.js';
import { mayBerserk, wentBerserk } from './berserk.js';
import { el, fill, keepingFocus } from './dom.js';
import { BoardView } from './board_view.js';
import { describe } from './time_control.js';
import { remaining, format } from './clock_display.js';
import { firstMoveWait } from './first_move.js';
import { t } from './messages.js';
import { ratingNode } from './nick_view.js';
import { ratingText, signedDiff } from './rating_format.js';
import { seatNickNode } from './computer_seat.js';
import { resultNames, seatOf } from './table_model.js';
import { channelLabelKey, spectatorNoteKey } from './table_chat_channels.js';
import { bannerText, noticeText, sideName, statusName } from './table_texts.js';
import { archivePath } from './archive_link.js';
import { analysisPath } from './analysis/analysis_link.js';
import { fenAt, lowTimeMs, moveAt, stepPly } from './table_play.js';
import { variantText } from './game_setup.js';
import { typedCastling } from './castling_gestures.js';
import { isMuted, playSound, setMuted } from './sounds.js';
import { moveInWords, sideOfPly } from './move_words.js';
import { moveLabel } from './move_label.js';
import { chatTime, unreadCount } from './chat_lines.js';

// The clocks and countdowns are redrawn ten times a second: a text set to what it already says
// would still replace the node's child and make the page lay out and paint again each time.
function setText(node, text) {
    if (node.textContent !== text) node.textContent = text;
}

const AUTO_QUEEN_KEY = 'rochade.autoQueen';

function other(side) {
    return side === 'white' ? 'black' : 'white';
}

// Whether a key press belongs to a text field (then the arrows move the caret, not the game).
function typingIn(target) {
    return target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT' || target.isContentEditable);
}

export class TableView {
    // actions: {request(type, fields) -> promise (errors shown), move(table, move, typed) ->
    // promise (a move, also while the connection is down), close(table)}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
        this.state = null;
        this.context = null;
        this.flipped = false;
        this.claimWithMove = false;
        this.confirming = null;   // 'resign' | 'abort' while its confirmation is asked
        this.viewed = null;       // the ply shown while stepping through the moves; null: live
        this.viewedTable = null;
        this.lowWarned = false;   // the low-time sound, once per game and player
        this.autoQueen = localStorage.getItem(AUTO_QUEEN_KEY) === '1';
        this.clockNodes = {};
        this.boardNode = el('div', { class: 'board', tabindex: '0', 'aria-label': t('board.label') });
        this.boardNode.addEventListener('keydown', (event) => this.boardKey(event));
        this.board = new BoardView(this.boardNode, { onMove: (uci) => this.play(uci) });
        this.chatInput = el('input', { type: 'text', maxlength: 500, placeholder: t('table.chat'), 'aria-label': t('table.chat') });
        // Moves may also be typed, in any notation the server reads: e2e4, Nf3, Sf3, 0-0, e8=Q.
        this.moveInput = el('input', { type: 'text', name: 'move', maxlength: 12, placeholder: t('table.move.placeholder'),
                                       'aria-label': t('table.move.label'), autocomplete: 'off', spellcheck: false });
        this.moveForm = el('form', { class: 'move-form', onsubmit: (event) => this.typeMove(event) }, this.moveInput,
                           el('button', { type: 'submit' }, t('table.move.submit')));
        this.chatForm = el('form', { class: 'chat-form', onsubmit: (event) => this.sendChat(event) }, this.chatInput,
                           el('button', { type: 'submit' }, t('chat.send')));
        document.addEventListener('keydown', (event) => this.pageKey(event));
        // The moves in words for a screen reader: one polite live region, made once and kept out
        // of the redraws (a region rebuilt with the view is a new region, and nothing is read).
        this.announcer = el('div', { id: 'move-announcer', class: 'visually-hidden', 'aria-live': 'polite', 'aria-atomic': 'true' });
        document.body.append(this.announcer);
        // The chat's unread mark: lines count as read once the chat is in sight on a visible page.
        this.chatSeen = new Map(); // table id -> how many of its chat lines the player has seen
        this.chatList = null;
        this.unreadBadge = el('span', { class: 'unread', hidden: true });
        this.unreadButton = el('button', { type: 'button', class: 'unread-chat', dataset: { action: 'chat' }, hidden: true,
                                           onclick: () => this.showChat() });
        window.addEventListener('scroll', () => this.updateUnread(), { capture: true, passive: true });
        document.addEventListener('visibilitychange', () => this.updateUnread());
        this.chatInput.addEventListener('focus', () => this.updateUnread());
    }

    // The focus goes to the board: when a table is opened or joined, and when one's game starts,
    // so a keyboard player is where the game is (and may type a move at once, see boardKey).
    focusBoard() {
        // Without scrolling: the layout already shows the board and both clocks (a scroll to the
        // board would push the clock above it out of sight on a phone).
        if (this.state && this.boardNode.isConnected) this.boardNode.focus({ preventScroll: true });
    }

    // Says the news of the table on screen: the last move in words ("Schwarz: Springer f6"), and
    // the result when the game ends. Only news of the same table: opening another one says nothing.
    announce(before, state) {
        if (!before || before.table !== state.table) return;
        const moves = state.moves || [];
        let text = '';
        if (moves.length > (before.moves || []).length) {
            const last = moves[moves.length - 1];
            text = moveInWords(last.san || last.uci, sideOfPly(moves.length, state.start_fen));
        }
        if (state.result && !before.result) {
            const result = bannerText(resultAsScored(state), resultNames(state), this.context.lang);
            text = [text, result.title, result.reason].filter(Boolean).join('. ');
        }
        if (text) this.announcer.textContent = text;
    }

    // A game_over line of the log as the event scores it (resultAsScored): at a tournament's
    // board a missed first move reads as the forfeit it is.
    scoredNotice(notice) {
        if (notice.key !== 'notice.game_over') return notice;
        return { ...notice, params: resultAsScored(this.state, notice.params) };
    }

    mySeat() {
        return this.state ? seatOf(this.state, this.context.nick) : null;
    }

    orientation() {
        const base = this.mySeat() === 'black' ? 'black' : 'white';
        return this.flipped ? other(base) : base;
    }

    redrawSame() {
        this.render(this.state, this.context);
    }

    // A move on the board; the promise's rejection puts the piece back (board_view.js).
    play(uci) {
        const table = this.state.table;
        if (this.claimWithMove) {
            this.claimWithMove = false;
            return this.actions.request('claim_draw', { table, move: uci });
        }
        return this.actions.move(table, uci, false);
    }

    typeMove(event) {
        event.preventDefault();
        const move = this.moveInput.value.trim();
        if (!move || !this.state) return;
        // A castling typed the other way in UCI (e1g1 in Chess960) is sent as the server lists it.
        const live = this.state.status === 'playing' ? this.state.legal_moves : [];
        this.actions.move(this.state.table, typedCastling(move, live, fenAt(this.state, null)), true)
            .then(() => { this.moveInput.value = ''; }, () => {});
    }

    sendChat(event) {
        event.preventDefault();
        const text = this.chatInput.value.trim();
        if (!text || !this.state) return;
        this.actions.request('table_chat', { table: this.state.table, text }).then(() => { this.chatInput.value = ''; }, () => {});
    }

    // Keys on the board: a letter or digit starts a typed move in the move box (the board itself
    // has no keyboard moves), so a keyboard player plays with the board focused too.
    boardKey(event) {
        if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1 || !/[a-hA-Z0-9]/.test(event.key)) return;
        if (!this.moveInput.isConnected) return;
        event.preventDefault();
        this.moveInput.focus();
        this.moveInput.value += event.key;
    }

    // Arrow keys, Home and End step through the moves anywhere on the page but in a text field.
    pageKey(event) {
        if (!this.state || !this.root.isConnected || this.root.hidden || typingIn(event.target)) return;
        if (event.ctrlKey || event.metaKey || event.altKey) return;
        const steps = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'first', ArrowDown: 'last' };
        const step = steps[event.key];
        if (!step) return;
        event.preventDefault();
        this.step(step);
    }

    step(step) {
        this.view(stepPly(this.viewed, (this.state.moves || []).length, step));
    }

    view(ply) {
        this.viewed = ply;
        this.redrawSame();
    }

    // state: the table model; context: {nick, lang: "en"|"de", online}.
    render(state, context) {
        keepingFocus(() => this.redraw(state, context));
    }

    redraw(state, context) {
        const before = this.state;
        this.state = state;
        this.context = context;
        if (!state) {
            fill(this.root);
            return;
        }
        // Labels of the nodes that live across redraws follow a switch of the language.
        this.boardNode.setAttribute('aria-label', t('board.label'));
        this.chatInput.placeholder = t('table.chat');
        this.chatInput.setAttribute('aria-label', t('table.chat'));
        this.moveInput.placeholder = t('table.move.placeholder');
        this.moveInput.setAttribute('aria-label', t('table.move.label'));
        this.moveForm.querySelector('button').textContent = t('table.move.submit');
        this.chatForm.querySelector('button').textContent = t('chat.send');
        // A visitor reads the table's chat but cannot write (the server refuses it too).
        this.chatForm.hidden = Boolean(context && context.visitor);
        if (this.viewedTable !== state.table || (before && before.game_id !== state.game_id)) {
            // Another table, or the rematch's new game: show it live, nothing half-confirmed.
            this.viewed = null;
            this.confirming = null;
            this.claimWithMove = false;
            this.lowWarned = false;
            this.viewedTable = state.table;
        }
        if (this.viewed !== null && this.viewed >= (state.moves || []).length) this.viewed = null;
        if (state.status !== 'playing') this.confirming = null;
        this.announce(before, state);
        const orientation = this.orientation();
        const top = other(orientation);
        const seat = this.mySeat();
        const live = this.viewed === null;
        const shownMove = moveAt(state, this.viewed);
        const fen = fenAt(state, this.viewed);
        const turn = fen.split(' ')[1] === 'b' ? 'black' : 'white';
        const myTurn = state.status === 'playing' && seat && state.to_move === seat;
        this.board.render({
            fen, orientation, turnColour: turn,
            legalMoves: myTurn && live ? state.legal_moves : [],
            lastMove: shownMove ? shownMove.uci : null,
            check: live ? Boolean(state.check) : Boolean(shownMove && /[+#]$/.test(shownMove.san || '')),
            moverColour: state.status === 'playing' && seat ? seat : null,
            autoQueen: this.autoQueen,
            viewOnly: !live || state.status !== 'playing' || !seat,
        });
        this.clockNodes = {};
        this.firstMoveNode = null;
        fill(this.root,
             el('div', { class: 'table-header' },
                el('h2', {}, t('table.title', { table: state.table })),
                el('span', { class: 'table-meta' }, t('table.meta', { time: describe(state.time_control), room: state.room ?? '?',
                                                                     count: state.spectators || 0 }),
                   ' ', el('span', { class: `table-mode ${state.rated ? 'rated' : 'casual'}` }, t(state.rated ? 'table.rated' : 'table.casual')),
                   variantText(state) ? [' ', el('span', { class: 'table-variant', dataset: { variant: state.variant } }, variantText(state))] : null),
                el('button', { type: 'button', dataset: { action: 'flip' }, title: t('table.flip'),
                               onclick: () => { this.flipped = !this.flipped; this.redrawSame(); } }, t('table.flip')),
                // A switch whose label says its state ("Ton: an"), pressed while the sound is on.
                el('button', { type: 'button', dataset: { action: 'sound' }, title: t(isMuted() ? 'sound.off.title' : 'sound.on.title'),
                               'aria-pressed': String(!isMuted()),
                               onclick: () => { setMuted(!isMuted()); this.redrawSame(); } }, t(isMuted() ? 'sound.off' : 'sound.on')),
                this.unreadButton,
                el('button', { type: 'button', dataset: { action: 'close' }, onclick: () => this.actions.close(state.table) }, t('table.close'))),
             el('div', { class: `table-main ${live ? '' : 'viewing'}` },
                el('div', { class: 'player top' }, this.playerLine(top)),
                el('div', { class: 'board-area' }, this.boardNode),
                el('div', { class: 'player bottom' }, this.playerLine(orientation)),
                this.banner(),
                // Not a live region: it is drawn anew with the view; the moves are said by the announcer.
                el('div', { class: 'status-line' }, this.statusText(),
                   // Counted down every second (never announced: the status line is no live region).
                   this.firstMoveNode = el('span', { class: 'first-move-wait', hidden: true })),
                this.actionBar(),
                this.moveArea()),
             el('div', { class: 'table-columns' }, this.log(), this.chat()));
        this.tick(performance.now());
    }

    playerLine(side) {
        const state = this.state;
        const nick = state[side];
        const clock = el('span', { class: 'clock', dataset: { side }, role: 'timer', 'aria-label': t(`clock.${side}`) });
        this.clockNodes[side] = clock;
        const away = (state.disconnected || []).includes(side);
        const moving = state.status === 'playing' && state.to_move === side;
        return el('div', { class: `player-line ${moving ? 'to-move' : ''}`, dataset: { side } },
                  el('span', { class: `side-dot ${side}`, title: sideName(side) }),
                  el('span', { class: 'player-nick' }, nick ? [seatNickNode(state, side), ratingNode(state[`${side}_rating`])]
                      : state.invite && !state[other(side)] ? '' : t('table.free_seat')),
                  away ? el('span', { class: 'away' }, t('table.away')) : null,
                  state.draw_offer === side ? el('span', { class: 'badge' }, t('table.offers_draw')) : null,
                  wentBerserk(state, side) ? el('span', { class: 'badge berserk-mark', dataset: { side }, title: t('table.berserk.title') },
                                                t('table.berserk')) : null,
                  clock);
    }

    // Counts the running clock down from the server's last reading; a low clock turns red, and
    // the player's own low clock sounds once.
    tick(now) {
        const state = this.state;
        if (!state || !this.clockNodes.white) return;
        const clocks = state.clocks;
        const low = lowTimeMs(state.time_control);
        const seat = this.mySeat();
        for (const side of ['white', 'black']) {
            const node = this.clockNodes[side];
            if (!clocks || clocks.untimed) {
                setText(node, clocks && clocks.untimed ? '∞' : '');
                continue;
            }
            const playing = state.status === 'playing';
            const left = remaining(clocks, state.clocksReceivedAt, now, playing)[side];
            setText(node, format(left));
            node.classList.toggle('running', playing && clocks.running === side);
            const isLow = playing && left < low;
            node.classList.toggle('low', isLow);
            if (isLow && side === seat && clocks.running === side && !this.lowWarned) {
                this.lowWarned = true;
                playSound('low_time');
            }
        }
        this.tickFirstMove(now);
        // The wait after a declined takeback counts down on the button itself.
        if (this.takebackButton && state.takebackWaitUntil && seat === state.takebackWaitUntil.side) {
            const courtesy = courtesyButtons(state, seat, now).find((button) => button.action === 'takeback');
            if (courtesy) {
                this.takebackButton.disabled = courtesy.disabled;
                setText(this.takebackButton, courtesy.waitSeconds
                    ? t('action.takeback.wait', { seconds: courtesy.waitSeconds }) : t('action.takeback'));
            }
        }
        // The grace period as the player_disconnected event announced it; after a reload it is
        // unknown and the server's answer to the claim says how long is left.
        if (this.claimWinButton && state.graceEndsAt) {
            const wait = Math.ceil((state.graceEndsAt - now) / 1000);
            this.claimWinButton.disabled = wait > 0;
            setText(this.claimWinButton, wait > 0 ? t('action.claim_win.wait', { seconds: wait }) : t('action.claim_win'));
        }
    }

    // Before both first moves the clocks stand; the line says whose first move is awaited and
    // how long is left before the server aborts the game.
    tickFirstMove(now) {
        const node = this.firstMoveNode;
        if (!node) return;
        const state = this.state;
        const wait = state.status === 'playing' ? firstMoveWait(state.clocks, state.clocksReceivedAt, now) : null;
        if (node.hidden !== !wait) node.hidden = !wait;
        if (!wait) return;
        if (node.dataset.side !== wait.side) node.dataset.side = wait.side;
        const text = wait.seconds === null ? t('table.first_move.unlimited')
            : wait.side === this.mySeat() ? t('table.first_move.yours', { seconds: wait.seconds })
                : t('table.first_move.other', { who: this.state[wait.side] || sideName(wait.side), seconds: wait.seconds });
        setText(node, text);
    }

    // The result in plain words, with both names and the proof behind a flag fall's verdict.
    banner() {
        const state = this.state;
        if (!state.result) return null;
        const text = bannerText(resultAsScored(state), resultNames(state), this.context.lang);
        return el('div', { class: 'result-banner', role: 'status', dataset: { result: state.result.result } },
                  el('div', { class: 'result-title' }, text.title),
                  text.players ? el('div', { class: 'result-players' }, text.players) : null,
                  text.reason ? el('div', { class: 'result-reason' }, text.reason) : null,
                  text.proof ? el('div', { class: 'result-proof', title: text.line || null }, text.proof) : null,
                  this.ratingChanges(),
                  // The finished game's public page, in a tab of its own so the table stays open here.
                  state.game_id ? el('a', { class: 'archive-link', href: archivePath(state.game_id), target: '_blank',
                                            rel: 'noopener' }, t('banner.archive')) : null,
                  // The analysis board (its own page, which alone loads the engine), in a tab of its own too.
                  state.game_id ? el('a', { class: 'analysis-link', href: analysisPath({ game: state.game_id }), target: '_blank',
                                            rel: 'noopener' }, t('analysis.link')) : null);
    }

    // After a rated game: each player's new rating and its change, "Anna: 1662? (+162)".
    ratingChanges() {
        const change = this.state.rating_change;
        if (!change) return null;
        const sides = ['white', 'black'].filter((side) => change[side]);
        return el('div', { class: 'rating-changes', dataset: { game: change.game ?? '' }, 'aria-label': t('rating.changes') },
                  sides.map((side) => {
                      const player = change[side];
                      return el('div', { class: 'rating-change', dataset: { side, diff: player.diff } },
                                t('rating.change.player', { nick: player.nick || this.state[side] || sideName(side),
                                                            rating: ratingText({ rating: player.after, provisional: player.provisional }),
                                                            diff: signedDiff(player.diff) }));
                  }));
    }

    statusText() {
        const state = this.state;
        if (this.viewed !== null) return t('table.nav.viewing', { move: moveLabel(state, this.viewed, this.context.lang) });
        if (state.closed) return t('table.closed');
        if (state.result) return statusName('finished');
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

    // A button that sends `type`; its label is the catalogue's action.<key>.
    button(key, type, fields = {}, extra = {}) {
        return el('button', {
            type: 'button', dataset: { action: type }, ...extra,
            onclick: () => this.actions.request(type, { table: this.state.table, ...fields }).catch(() => {}),
        }, t(`action.${key}`));
    }

    // Resign and abort ask first, in place: the button becomes the question and its answers.
    confirmed(key, type, extra = {}) {
        if (this.confirming !== type) {
            return el('button', { type: 'button', dataset: { action: type }, ...extra,
                                  onclick: () => { this.confirming = type; this.redrawSame(); } }, t(`action.${key}`));
        }
        const answer = (yes) => () => {
            this.confirming = null;
            if (yes) this.actions.request(type, { table: this.state.table }).catch(() => {});
            this.redrawSame();
        };
        return el('span', { class: 'confirm', role: 'group', dataset: { confirm: type } },
                  el('span', { class: 'confirm-question' }, t(`confirm.${type}`)),
                  el('button', { type: 'button', class: 'danger', dataset: { answer: 'yes' }, onclick: answer(true) }, t('confirm.yes')),
                  el('button', { type: 'button', dataset: { answer: 'no' }, onclick: answer(false) }, t('confirm.no')));
    }

    actionBar() {
        const state = this.state;
        this.claimWinButton = null;
        const seat = this.mySeat();
        const buttons = [];
        let moveBox = null;
        const nick = this.context.nick || '';
        if (state.status === 'waiting') {
            const free = !state.white || !state.black;
            const invited = !state.invite || state.invite.toLowerCase() === nick.toLowerCase();
            if (!seat && free && invited) buttons.push(this.button('join', 'join_table'));
            buttons.push(this.button(seat ? 'stand_up' : 'stop_watching', 'leave_table'));
        } else if (state.status === 'playing' && seat) {
            const opponent = other(seat);
            const myTurn = state.to_move === seat;
            // First, as it is only for the moments before one's first move (an arena's, berserk.js).
            if (mayBerserk(state, seat)) {
                buttons.push(this.button('berserk', 'berserk', {}, { class: 'berserk', title: t('action.berserk.title') }));
            }
            if (state.draw_offer === opponent) {
                buttons.push(this.button('accept_draw', 'accept_draw'), this.button('decline_draw', 'decline_draw'));
            } else if (state.draw_offer !== seat) {
                buttons.push(this.button('offer_draw', 'offer_draw', {}, { disabled: !myTurn, title: t('action.offer_draw.title') }));
            }
            // Takeback (or its answer) and "Give 15 s", as takeback_actions.js decides.
            this.takebackButton = null;
            for (const courtesy of courtesyButtons(state, seat, performance.now())) {
                const title = courtesy.action === 'takeback' || courtesy.action === 'give_time' ? t(`action.${courtesy.action}.title`) : undefined;
                const node = this.button(courtesy.action, courtesy.type, courtesy.fields, { disabled: courtesy.disabled, title });
                if (courtesy.action === 'takeback') {
                    this.takebackButton = node;
                    if (courtesy.waitSeconds) node.textContent = t('action.takeback.wait', { seconds: courtesy.waitSeconds });
                }
                buttons.push(node);
            }
            buttons.push(this.button('claim_draw', 'claim_draw', {}, { title: t('action.claim_draw.title') }));
            buttons.push(el('button', {
                type: 'button', dataset: { action: 'claim_with_move' }, class: this.claimWithMove ? 'armed' : '',
                title: t('action.claim_with_move.title'),
                onclick: () => { this.claimWithMove = !this.claimWithMove; this.redrawSame(); },
            }, t(this.claimWithMove ? 'action.claim_with_move.armed' : 'action.claim_with_move')));
            if ((state.disconnected || []).includes(opponent)) {
                this.claimWinButton = this.button('claim_win', 'claim_win', {}, { title: t('action.claim_win.title') });
                buttons.push(this.claimWinButton);
            }
            // Abort and resign stand apart from the draw buttons, and each asks first. No abort at
            // a tournament's board (tournament_table.js).
            const serious = [];
            if (abortOffered(state, seat)) serious.push(this.confirmed('abort', 'abort'));
            serious.push(this.confirmed('resign', 'resign', { class: 'danger' }));
            buttons.push(el('span', { class: 'serious-actions' }, serious));
            // The move box stays while the game runs, so its focus survives the player's own move.
            moveBox = this.moveForm;
        } else if (state.status === 'finished') {
            // A tournament's board has no rematch: the event pairs the next game (tournament_table.js).
            if (rematchOffered(state, seat)) {
                const key = state.rematch_offer && state.rematch_offer !== seat ? 'rematch.accept' : 'rematch.offer';
                buttons.push(this.button(key, 'rematch', {}, { disabled: state.rematch_offer === seat }));
            }
            buttons.push(this.button('leave', 'leave_table'));
        } else if (!seat) {
            buttons.push(this.button('stop_watching', 'leave_table'));
        }
        const autoQueen = state.status === 'playing' && seat
            ? el('label', { class: 'setting' }, el('input', {
                type: 'checkbox', checked: this.autoQueen, name: 'auto_queen',
                onchange: (event) => {
                    this.autoQueen = event.target.checked;
                    localStorage.setItem(AUTO_QUEEN_KEY, this.autoQueen ? '1' : '0');
                    this.redrawSame();
                },
            }), ' ', t('settings.auto_queen'))
            : null;
        return el('div', { class: 'table-actions' }, buttons, moveBox, autoQueen);
    }

    // The moves, one row per move number; a click shows that position, the buttons and the keys
    // step. The current ply is marked and kept in view.
    moveArea() {
        const lang = this.context.lang;
        const moves = this.state.moves || [];
        const current = this.viewed === null ? moves.length : this.viewed;
        const san = (move) => (lang === 'de' ? move.san_de : move.san) || move.uci;
        const cell = (index) => {
            const move = moves[index];
            if (!move) return el('span', { class: 'move empty' });
            const ply = index + 1;
            return el('button', { type: 'button', class: `move ${ply === current ? 'current' : ''}`, dataset: { ply },
                                  onclick: () => this.view(ply === moves.length ? null : ply) }, san(move));
        };
        const rows = [];
        // A game from a position with Black to move starts its list with "1. …".
        const blackFirst = (this.state.start_fen || '').split(' ')[1] === 'b';
        const offset = blackFirst ? 1 : 0;
        for (let i = -offset; i < moves.length; i += 2) {
            rows.push(el('li', {}, el('span', { class: 'move-number' }, `${Math.floor((i + offset) / 2) + 1}.`),
                         i < 0 ? el('span', { class: 'move empty' }, '…') : cell(i), cell(i + 1)));
        }
        const list = el('ol', { class: 'move-list', 'aria-label': t('table.moves') }, rows);
        queueMicrotask(() => {
            const marked = list.querySelector('.move.current');
            if (marked && this.viewed !== null) marked.scrollIntoView({ block: 'nearest' });
            else list.scrollTop = list.scrollHeight;
        });
        const navButton = (step, symbol) => el('button', {
            type: 'button', class: 'nav', dataset: { nav: step }, title: t(`table.nav.${step}`), 'aria-label': t(`table.nav.${step}`),
            disabled: moves.length === 0, onclick: () => this.step(step),
        }, symbol);
        return el('div', { class: 'move-area' }, list,
                  el('div', { class: 'move-nav' }, navButton('first', '⇤'), navButton('prev', '◀'), navButton('next', '▶'), navButton('last', '⇥')));
    }

    log() {
        const list = el('ul', { class: 'table-log', 'aria-label': t('table.log') },
                        (this.state.notices || []).slice(-50).map((notice) => el('li', {}, noticeText(this.scoredNotice(notice)))));
        queueMicrotask(() => { list.scrollTop = list.scrollHeight; });
        return el('div', { class: 'table-log-wrap' }, el('h3', {}, t('table.log')), list);
    }

    chat() {
        const chat = this.state.chat || [];
        // The lines that were there when the table first came on screen were not missed.
        if (!this.chatSeen.has(this.state.table)) this.chatSeen.set(this.state.table, chat.length);
        const seat = this.mySeat();
        const label = (line) => {
            const key = channelLabelKey(line, seat);
            return key ? el('span', { class: `chat-channel ${line.channel}` }, t(key)) : null;
        };
        const lines = el('ul', { class: 'chat-lines' }, chat.slice(-200).map((line) => el('li', { dataset: { channel: line.channel || 'table' } },
            line.at ? el('time', { class: 'chat-time', datetime: new Date(line.at).toISOString() }, chatTime(line.at)) : null,
            label(line), el('b', {}, line.from), t('chat.separator'), line.text)));
        this.chatList = lines;
        queueMicrotask(() => {
            lines.scrollTop = lines.scrollHeight;
            this.updateUnread();
        });
        const noteKey = spectatorNoteKey(this.state, seat);
        const note = noteKey ? el('p', { class: 'chat-note' }, t(noteKey)) : null;
        return el('div', { class: 'chat table-chat' }, el('h3', {}, t('table.chat'), this.unreadBadge), note, lines, this.chatForm);
    }

    // Whether the chat's lines are in sight: on a visible page, inside the window.
    chatInSight() {
        const list = this.chatList;
        if (!list || !list.isConnected || document.hidden || this.root.hidden) return false;
        const box = list.getBoundingClientRect();
        return box.height > 0 && box.bottom > 0 && box.top < window.innerHeight && box.right > 0 && box.left < window.innerWidth;
    }

    // The unread mark on the chat and in the table's header: lines by others since the player last
    // had the chat in sight (or was typing in it).
    updateUnread() {
        const state = this.state;
        if (!state) return;
        const chat = state.chat || [];
        if (this.chatInSight() || document.activeElement === this.chatInput) this.chatSeen.set(state.table, chat.length);
        const count = unreadCount(chat, this.chatSeen.get(state.table) ?? chat.length, this.context.nick);
        const label = t('chat.unread', { count });
        for (const node of [this.unreadBadge, this.unreadButton]) {
            node.hidden = count === 0;
            node.dataset.unread = String(count);
            node.setAttribute('aria-label', label);
            node.title = label;
        }
        this.unreadBadge.textContent = String(count);
        this.unreadButton.textContent = t('chat.show_unread', { count });
    }

    showChat() {
        if (!this.chatList) return;
        this.chatList.scrollIntoView({ block: 'nearest' });
        this.updateUnread();
    }
}
