// A stored game's board and moves, stepped through: the board (viewOnly chessground), the
// first/previous/next/last buttons and the flip, the half-move shown, and the moves with SAN in
// the reader's notation and both clocks after each move. The admin's game log
// (admin/game_log_view.js) and the public game page (archive/archive_view.js) put it on their
// pages with their own header around it. It owns the ply shown and the board's side; the log is
// what the server sent (docs/admin.md, "GET /api/admin/games/{id}"; /api/games/{id} alike).

import { el } from './dom.js';
import { language, t } from './messages.js';
import { BoardView } from './board_view.js';
import { JUDGEMENT_SIGNS, clockText, moveNumber, replayStep, replayView, sanIn, stepForKey } from './game_replay.js';
import { dateTime } from './time_format.js';

// A move's mark in the list: its sign, with the judgement's word as title; nothing for none.
function markOf(judgement) {
    if (!judgement) return null;
    return el('span', { class: `move-mark ${judgement}`, title: t(`server_analysis.judgement.${judgement}`) },
              JUDGEMENT_SIGNS[judgement]);
}

export class GameReplayView {
    // boardClass, tableClass: the board's and the move table's classes besides `replay-board` and
    // `game-moves` (the pages' CSS and tests find them by it); serverTimes: a column with the
    // server's time of each move (the admin's log); changed(): the ply or the side changed, the
    // owner draws its page again.
    constructor({ boardClass = '', tableClass = '', serverTimes = false, changed }) {
        this.log = null;
        this.ply = 0;
        this.orientation = 'white';
        this.serverTimes = serverTimes;
        this.tableClass = `${tableClass} game-moves`.trim();
        this.changed = changed;
        this.boardHost = el('div', { class: `replay-board ${boardClass}`.trim(), tabindex: '0',
                                     onkeydown: (event) => this.onKey(event) });
        this.board = null;
    }

    // A log to step through; the board starts at the game's end.
    load(log) {
        this.log = log;
        this.ply = log ? (log.moves || []).length : 0;
    }

    moves() {
        return (this.log && this.log.moves) || [];
    }

    step(step) {
        if (!this.log) return;
        this.ply = replayStep(this.ply, this.moves().length, step);
        this.changed();
    }

    goTo(ply) {
        this.ply = ply;
        this.changed();
    }

    // The arrows, Home and End step through the game (the caller passes keys not typed into a
    // field). True when the key was one of them.
    onKey(event) {
        const step = stepForKey(event.key);
        if (!step || !this.log) return false;
        event.preventDefault();
        this.step(step);
        return true;
    }

    // The board with its buttons: a node for the owner's page. draw() puts the position on it
    // once the node is in the page.
    boardColumn(notation) {
        const moves = this.moves();
        const nav = (step, key, symbol) => el('button', { type: 'button', dataset: { nav: step }, title: t(key), 'aria-label': t(key),
                                                          onclick: () => this.step(step) }, symbol);
        const controls = el('div', { class: 'replay-controls' },
                            nav('first', 'table.nav.first', '«'), nav('prev', 'table.nav.prev', '‹'),
                            nav('next', 'table.nav.next', '›'), nav('last', 'table.nav.last', '»'),
                            el('span', { class: 'replay-ply', role: 'status' },
                               t('game.at_ply', { ply: this.ply, total: moves.length,
                                                  move: this.ply > 0 ? sanIn(moves[this.ply - 1], notation) : t('game.start') })),
                            el('button', { type: 'button', dataset: { nav: 'flip' }, onclick: () => {
                                this.orientation = this.orientation === 'white' ? 'black' : 'white';
                                this.changed();
                            } }, t('table.flip')));
        return el('div', { class: 'game-log-board' }, this.boardHost, controls);
    }

    // The moves, one row a half-move: number, SAN, White's and Black's clock after it (and the
    // server's time for the admin); a click on a row shows the position after it.
    // `marks`: a server analysis's judgements by ply (ply -> 'inaccuracy' | 'mistake' | 'blunder'),
    // shown after the move as lichess shows them (?!, ?, ??), with the word as its title.
    moveList(notation, marks = new Map()) {
        const moves = this.moves();
        if (!moves.length) return el('p', { class: 'empty' }, t('game.no_moves'));
        const columns = ['game.col.move', 'game.col.san', 'side.white', 'side.black'];
        if (this.serverTimes) columns.push('game.col.at');
        const rows = moves.map((move) => el('tr', {
            class: move.ply === this.ply ? 'current' : '', dataset: { ply: move.ply },
            onclick: () => this.goTo(move.ply),
        }, el('td', {}, moveNumber(move.ply)),
           el('td', { class: 'san' }, sanIn(move, notation), markOf(marks.get(move.ply))),
           el('td', { class: 'clock-cell', dataset: { side: 'white' } }, clockText(move.white_ms)),
           el('td', { class: 'clock-cell', dataset: { side: 'black' } }, clockText(move.black_ms)),
           this.serverTimes ? el('td', {}, dateTime(move.at, language())) : null));
        return el('table', { class: this.tableClass },
                  el('thead', {}, el('tr', {}, columns.map((key) => el('th', { scope: 'col' }, t(key))))),
                  el('tbody', {}, rows));
    }

    // Puts the shown position on the board (after boardColumn's node is in the page) and scrolls
    // the current move into the list's view.
    draw(root) {
        if (!this.log) return;
        const view = replayView(this.log, this.ply);
        this.boardHost.dataset.fen = view.fen;
        this.boardHost.dataset.ply = String(this.ply);
        const turnColour = view.fen.split(' ')[1] === 'b' ? 'black' : 'white';
        if (!this.board) this.board = new BoardView(this.boardHost, {});
        this.board.render({ fen: view.fen, orientation: this.orientation, legalMoves: [], lastMove: view.lastMove,
                            check: view.check, turnColour, moverColour: null, viewOnly: true });
        const current = root && root.querySelector('.game-moves tr.current');
        if (current && current.scrollIntoView) current.scrollIntoView({ block: 'nearest' });
    }
}
