// The Game log tab: one stored game as GET /api/admin/games/{id} gives it. The header (players,
// room, table, time control, start and end, result and how it came), a board that replays the
// game move by move (buttons, a click on a move, the arrow keys, Home and End), the moves with
// SAN in the page's notation, both clocks after each move and the server's time, every table
// event in order in plain words, and the PGN download. The view owns the ply shown and the
// board's side; the log itself is what the server sent.

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { BoardView } from '../board_view.js';
import { describe } from '../time_control.js';
import { clockText, timeText } from './admin_format.js';
import { eventText, gameEndText } from './admin_events.js';
import { pgnUrl } from './admin_api.js';
import { replayStep, replayView, sanIn, stepForKey } from './admin_replay.js';
import { outcomeLine } from './admin_widgets.js';

export class GameLogView {
    constructor(root) {
        this.root = root;
        this.log = null;
        this.outcome = null;
        this.ply = 0;
        this.orientation = 'white';
        this.notation = 'en';
        this.boardHost = el('div', { class: 'admin-board', tabindex: '0',
                                     onkeydown: (event) => this.onKey(event) });
        this.board = null;
    }

    // A log arrived (or the request failed: {error}). The board starts at the game's end.
    show(log, outcome = null) {
        this.log = log;
        this.outcome = outcome;
        this.ply = log ? (log.moves || []).length : 0;
        this.render();
    }

    step(step) {
        if (!this.log) return;
        this.ply = replayStep(this.ply, (this.log.moves || []).length, step);
        this.render();
    }

    goTo(ply) {
        this.ply = ply;
        this.render();
    }

    // The arrows, Home and End step through the game (the caller passes keys not typed into a field).
    onKey(event) {
        const step = stepForKey(event.key);
        if (!step || !this.log) return false;
        event.preventDefault();
        this.step(step);
        return true;
    }

    render(notation = this.notation) {
        this.notation = notation;
        const log = this.log;
        if (!log) {
            fill(this.root, outcomeLine(this.outcome) || el('p', { class: 'empty' }, t('admin.game.none')));
            return;
        }
        const moves = log.moves || [];
        const view = replayView(log, this.ply);
        this.boardHost.dataset.fen = view.fen;
        this.boardHost.dataset.ply = String(this.ply);
        const turnColour = (view.fen.split(' ')[1] === 'b') ? 'black' : 'white';
        const nav = (step, key, symbol) => el('button', { type: 'button', dataset: { nav: step }, title: t(key), 'aria-label': t(key),
                                                          onclick: () => this.step(step) }, symbol);
        const header = el('div', { class: 'game-log-header' },
                          el('h2', {}, t('admin.game.title', { id: log.id })),
                          el('p', { class: 'game-players' }, t('admin.games.players', { white: log.white || '?', black: log.black || '?' })),
                          el('dl', { class: 'game-facts' },
                             fact('admin.game.room', String(log.room ?? '')),
                             fact('admin.game.table', String(log.table ?? '')),
                             fact('admin.game.time_control', describe(log.time_control)),
                             fact('admin.game.started', timeText(log.started_at)),
                             fact('admin.game.ended', log.ended_at ? timeText(log.ended_at) : t('admin.game.running')),
                             fact('admin.game.result', gameEndText(log, notation))),
                          log.replay_problem ? el('p', { class: 'form-error', role: 'alert' },
                                                  t('admin.game.replay_problem', { problem: log.replay_problem })) : null,
                          el('a', { class: 'pgn-download', href: pgnUrl(log.id), download: `rochade-game-${log.id}.pgn` },
                             t('admin.game.pgn')));
        const controls = el('div', { class: 'replay-controls' },
                            nav('first', 'table.nav.first', '«'), nav('prev', 'table.nav.prev', '‹'),
                            nav('next', 'table.nav.next', '›'), nav('last', 'table.nav.last', '»'),
                            el('span', { class: 'replay-ply', role: 'status' },
                               t('admin.game.at_ply', { ply: this.ply, total: moves.length,
                                                        move: this.ply > 0 ? sanIn(moves[this.ply - 1], notation) : t('admin.game.start') })),
                            el('button', { type: 'button', dataset: { nav: 'flip' }, onclick: () => {
                                this.orientation = this.orientation === 'white' ? 'black' : 'white';
                                this.render();
                            } }, t('table.flip')));
        const moveRows = moves.map((move) => el('tr', {
            class: move.ply === this.ply ? 'current' : '', dataset: { ply: move.ply },
            onclick: () => this.goTo(move.ply),
        }, el('td', {}, moveNumber(move.ply)), el('td', { class: 'san' }, sanIn(move, notation)),
           el('td', { class: 'clock-cell' }, clockText(move.white_ms)), el('td', { class: 'clock-cell' }, clockText(move.black_ms)),
           el('td', {}, timeText(move.at))));
        const moveTable = el('table', { class: 'admin-table game-moves' },
                             el('thead', {}, el('tr', {}, ['admin.game.col.move', 'admin.game.col.san', 'side.white', 'side.black',
                                                            'admin.game.col.at'].map((key) => el('th', { scope: 'col' }, t(key))))),
                             el('tbody', {}, moveRows));
        const names = { white: log.white, black: log.black };
        const events = (log.events || []).map((event) => el('li', { dataset: { seq: event.seq, kind: event.kind } },
                                                            el('time', {}, timeText(event.at)), ' ',
                                                            el('span', { class: 'event-text' }, eventText(event, names, notation))));
        fill(this.root, header,
             el('div', { class: 'game-log-body' },
                el('div', { class: 'game-log-board' }, this.boardHost, controls),
                el('div', { class: 'game-log-lists' },
                   el('h3', {}, t('admin.game.moves')),
                   moves.length ? moveTable : el('p', { class: 'empty' }, t('admin.game.no_moves')),
                   el('h3', {}, t('admin.game.events')),
                   events.length ? el('ol', { class: 'game-events' }, events) : el('p', { class: 'empty' }, t('admin.game.no_events')))));
        if (!this.board) this.board = new BoardView(this.boardHost, {});
        this.board.render({ fen: view.fen, orientation: this.orientation, legalMoves: [], lastMove: view.lastMove,
                            check: view.check, turnColour, moverColour: null, viewOnly: true });
        const current = this.root.querySelector('.game-moves tr.current');
        if (current && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
    }
}

function fact(labelKey, value) {
    return [el('dt', {}, t(labelKey)), el('dd', {}, value)];
}

// "1." for White's first move, "1…" for Black's.
function moveNumber(ply) {
    return ply % 2 === 1 ? `${Math.ceil(ply / 2)}.` : `${Math.ceil(ply / 2)}…`;
}
