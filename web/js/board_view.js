// The board: lichess's chessground (GPL-3.0-or-later) drawing the table's position, with moves by
// drag and drop or by two clicks, the server's legal moves as dots, the last move and a check
// highlighted, premoves while the opponent thinks, and a promotion chooser on the promotion
// square's file. It knows no chess rules: what is legal is what the server listed
// (board_model.js does the bookkeeping, so node can test it).
//
// chessground draws the moved piece at once; the board then keeps what it shows until the
// server's next position arrives (or onMove's promise is rejected, which puts the piece back), so
// redraws in between do not make the piece jump back and forth.

import { Chessground } from 'chessground';
import { el } from './dom.js';
import { t } from './messages.js';
import { ROLES, boardState, chooserCells, configChanges, premoveAction, resolveMove } from './board_model.js';
import { castlingPieces } from './castling_gestures.js';

export class BoardView {
    // callbacks: {onMove(uci), onPremoveChange?({from, to} | null)}. onMove may return a promise;
    // if it is rejected (the server refused the move) the board shows the position again.
    // (A bare function is taken as onMove.)
    constructor(container, callbacks) {
        const { onMove, onPremoveChange } = typeof callbacks === 'function' ? { onMove: callbacks } : callbacks || {};
        this.container = container;
        this.onMove = onMove || (() => {});
        this.onPremoveChange = onPremoveChange || (() => {});
        this.view = null;
        this.applied = null;  // what chessground was last told (boardState fields)
        this.pending = null;  // the boardState a move on the board left behind, until a new one comes
        this.chooser = null;  // {node, from, to, moves} while the promotion chooser is open
        this.cg = null;
        this.host = el('div', { class: 'board-cg', dataset: { board: '' } });
        container.classList.add('board');
        container.setAttribute('role', 'group');
        container.setAttribute('aria-label', t('board.label'));
        container.replaceChildren(this.host);
        // chessground measures the board once and measures again only on a resize or a scroll,
        // but the table's redraws may move the board on the page without either (a line above it
        // grows): measure afresh at the start of every touch of the board.
        const remeasure = () => this.cg?.state.dom.bounds.clear();
        this.host.addEventListener('mousedown', remeasure, { capture: true });
        this.host.addEventListener('touchstart', remeasure, { capture: true, passive: true });
        this.onKey = (event) => {
            if (event.key === 'Escape' && this.chooser) {
                event.preventDefault();
                this.cancelPromotion();
            }
        };
    }

    // view: {fen, orientation: 'white'|'black', legalMoves: [uci] (the side to move's, empty when
    // it is not this player's move), lastMove: uci|null, check (the side to move is in check),
    // turnColour, moverColour ('white'|'black', null for a spectator), autoQueen, viewOnly (an
    // earlier ply is shown, or the game is over)}. Cheap when nothing changed.
    render(view) {
        view = normalised(view);
        this.view = view;
        const wanted = boardState(view);
        if (!this.cg) {
            this.cg = Chessground(this.host, this.baseConfig());
        }
        if (this.pending) {
            // Keep showing the move just made while the server has not answered: only a new
            // position (or a change of side or seat) ends the wait.
            if (samePosition(this.pending, wanted)) {
                if (wanted.orientation !== this.applied.orientation) this.turn(wanted.orientation);
                return;
            }
            this.pending = null;
            this.closeChooser();
        }
        const config = configChanges(this.applied, wanted);
        const positionChanged = !this.applied || this.applied.fen !== wanted.fen || this.applied.dests !== wanted.dests
            || this.applied.turnColour !== wanted.turnColour || this.applied.viewOnly !== wanted.viewOnly;
        this.applied = wanted;
        if (config) this.cg.set(config);
        if (positionChanged && this.cg.state.premovable.current) {
            const action = premoveAction(wanted);
            if (action === 'play') this.cg.playPremove();
            else if (action === 'cancel') this.cg.cancelPremove();
        }
    }

    // Turns the board while a move waits for the server (chessground redraws its whole element,
    // so an open chooser is put back).
    turn(orientation) {
        this.cg.set({ orientation });
        this.applied = { ...this.applied, orientation };
        if (this.chooser) {
            const { from, to, moves } = this.chooser;
            this.closeChooser();
            this.openChooser(from, to, moves);
        }
    }

    setOrientation(orientation) {
        if (!this.view) return;
        this.render({ ...this.view, orientation });
    }

    // Drops a premove the player has set (chessground also drops it on a right click or a click
    // on an empty square).
    cancelPremove() {
        if (this.cg) this.cg.cancelPremove();
    }

    destroy() {
        this.closeChooser();
        if (this.cg) this.cg.destroy();
        this.cg = null;
        this.applied = null;
        this.pending = null;
    }

    baseConfig() {
        return {
            coordinates: true,
            autoCastle: true,
            animation: { enabled: true, duration: 200 },
            highlight: { lastMove: true, check: true },
            // rookCastle: the king may be dragged onto its rook too (destsOf lists both gestures).
            movable: { free: false, showDests: true, rookCastle: true, events: { after: (from, to, meta) => this.moved(from, to, meta) } },
            premovable: {
                enabled: false, showDests: true, castle: true,
                events: {
                    set: (from, to) => this.onPremoveChange({ from, to }),
                    unset: () => this.onPremoveChange(null),
                },
            },
            draggable: { enabled: true, showGhost: true },
            selectable: { enabled: true },
            drawable: { enabled: true, visible: true },
        };
    }

    // chessground has moved a piece (by drag, by two clicks, or a premove now played).
    moved(from, to, meta) {
        const view = this.view;
        const before = this.applied;
        // chessground has changed its pieces, side to move, targets and highlights on its own.
        this.applied = { ...before, fen: undefined, turnColour: undefined, dests: undefined, lastMove: undefined, check: undefined };
        this.pending = before;
        const choice = resolveMove(view.legalMoves, from, to, { autoQueen: view.autoQueen, premove: !!meta?.premove, fen: view.fen });
        if (!choice) {
            this.restore();
        } else if (choice.uci) {
            this.placeCastling(choice.uci, to);
            this.play(choice.uci);
            this.allowPremove();
        } else {
            this.openChooser(from, to, choice.choose);
        }
    }

    // chessground completes a castling only for a king on the e-file or dropped on its rook: put
    // king and rook where the castling takes them whichever way the king was dragged.
    placeCastling(uci, droppedOn) {
        const pieces = castlingPieces(this.view.legalMoves, this.view.fen, uci, droppedOn);
        if (!pieces) return;
        const piece = (letter) => letter && { role: ROLES[letter.toLowerCase()], color: letter === letter.toUpperCase() ? 'white' : 'black' };
        this.cg.setPieces(new Map([...pieces].map(([square, letter]) => [square, piece(letter) || undefined])));
    }

    play(uci) {
        if (uci.length === 5) {
            // The pawn becomes the chosen piece at once, not only when the server answers.
            const colour = this.view.moverColour || this.view.turnColour;
            this.cg.setPieces(new Map([[uci.slice(2, 4), { role: ROLES[uci[4]], color: colour, promoted: true }]]));
        }
        const pendingFor = this.pending;
        let result;
        try {
            result = this.onMove(uci);
        } catch (error) {
            this.restore();
            throw error;
        }
        if (result && typeof result.then === 'function') {
            result.then(() => {}, () => {
                if (this.pending === pendingFor) this.restore();
            });
        }
    }

    // Right after a move the player may already premove the next one, as on lichess.
    allowPremove() {
        if (!this.pending || !this.cg || !this.view.moverColour) return;
        this.cg.set({ premovable: { enabled: true } });
        this.applied = { ...this.applied, premovable: undefined };
    }

    // Shows the last view again (the move was cancelled or refused).
    restore() {
        this.closeChooser();
        this.pending = null;
        this.applied = null;
        if (this.view && this.cg) {
            this.cg.cancelMove();
            this.render(this.view);
        }
    }

    openChooser(from, to, moves) {
        const colour = this.view.moverColour || this.view.turnColour;
        const buttons = chooserCells(moves, this.view.orientation).map(({ uci, piece, column, row }) => el('button', {
            type: 'button', class: 'promotion-choice', dataset: { uci },
            title: t(`piece.${piece}`), 'aria-label': t(`piece.${piece}`),
            style: `left: ${column * 12.5}%; top: ${row * 12.5}%`,
            onclick: (event) => {
                event.stopPropagation();
                this.closeChooser();
                this.play(uci);
                this.allowPremove();
            },
        }, el('piece', { class: `${ROLES[piece]} ${colour}` })));
        const node = el('div', {
            class: 'promotion-chooser', role: 'dialog', 'aria-label': t('board.promotion'),
            onclick: () => this.cancelPromotion(),
        }, buttons);
        this.chooser = { node, from, to, moves };
        this.host.append(node);
        document.addEventListener('keydown', this.onKey);
        buttons[0].focus({ preventScroll: true });
    }

    closeChooser() {
        if (!this.chooser) return;
        this.chooser.node.remove();
        this.chooser = null;
        document.removeEventListener('keydown', this.onKey);
    }

    // Escape or a click beside the chooser: the pawn goes back.
    cancelPromotion() {
        if (this.chooser) this.restore();
    }
}

function samePosition(a, b) {
    return a.fen === b.fen && a.dests === b.dests && a.turnColour === b.turnColour && a.movable === b.movable
        && a.viewOnly === b.viewOnly;
}

// Accepts the table view's older spelling too (checkSquare instead of check, no turnColour).
function normalised(view) {
    const turnColour = view.turnColour || ((view.fen || '').split(' ')[1] === 'b' ? 'black' : 'white');
    const check = view.check !== undefined ? !!view.check : !!view.checkSquare;
    return { ...view, turnColour, check };
}
