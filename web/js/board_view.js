// The board: draws a FEN with Unicode pieces, flipped for Black, and turns two clicks (piece,
// then target) into a UCI move chosen from the server's legal_moves, with a chooser when a pawn
// promotes. It knows no chess rules: what is legal is what the server listed.

import { el, fill } from './dom.js';
import { FILES, placement, isWhitePiece } from './fen.js';
import { t } from './messages.js';

// Solid glyphs for both colours (CSS colours them); U+FE0E asks for text, not emoji, glyphs.
const GLYPHS = { k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F\uFE0E' };

export function pieceNode(letter) {
    const colour = isWhitePiece(letter) ? 'white' : 'black';
    return el('span', { class: `piece ${colour}`, 'aria-hidden': 'true' }, GLYPHS[letter.toLowerCase()]);
}

function squareName(fileIndex, rank) {
    return FILES[fileIndex] + rank;
}

export class BoardView {
    // onMove(uci) is called with the chosen legal move.
    constructor(container, onMove) {
        this.container = container;
        this.onMove = onMove;
        this.selected = null;
        this.promotion = null; // {to, moves} while the chooser is open
        this.view = null;
    }

    // view: {fen, orientation: "white"|"black", legalMoves: [uci] (empty when it is not our
    // move), lastMove: uci|null, checkSquare: square|null, moverColour}
    render(view) {
        if (this.view && view.fen !== this.view.fen) {
            this.selected = null;
            this.promotion = null;
        }
        this.view = view;
        const pieces = placement(view.fen);
        const targets = this.selected ? this.targetsFrom(this.selected) : {};
        const ranks = view.orientation === 'black' ? [1, 2, 3, 4, 5, 6, 7, 8] : [8, 7, 6, 5, 4, 3, 2, 1];
        const files = view.orientation === 'black' ? [7, 6, 5, 4, 3, 2, 1, 0] : [0, 1, 2, 3, 4, 5, 6, 7];
        const last = view.lastMove ? [view.lastMove.slice(0, 2), view.lastMove.slice(2, 4)] : [];
        const squares = [];
        ranks.forEach((rank, row) => {
            files.forEach((fileIndex, column) => {
                const name = squareName(fileIndex, rank);
                const letter = pieces.get(name);
                const classes = ['square', (fileIndex + rank) % 2 === 1 ? 'dark' : 'light'];
                if (last.includes(name)) classes.push('last-move');
                if (name === this.selected) classes.push('selected');
                if (targets[name]) classes.push(letter ? 'capture-target' : 'target');
                if (name === view.checkSquare) classes.push('in-check');
                const label = [];
                if (column === 0) label.push(el('span', { class: 'coord rank' }, rank));
                if (row === 7) label.push(el('span', { class: 'coord file' }, FILES[fileIndex]));
                squares.push(el('button', {
                    class: classes.join(' '), type: 'button', dataset: { square: name },
                    'aria-label': letter ? `${name} ${letter}` : name,
                    onclick: () => this.click(name),
                }, label, letter ? pieceNode(letter) : null));
            });
        });
        fill(this.container, el('div', { class: 'board-grid' }, squares), this.promotion ? this.chooser() : null);
    }

    targetsFrom(square) {
        const targets = {};
        for (const uci of this.view.legalMoves || []) {
            if (uci.slice(0, 2) === square) (targets[uci.slice(2, 4)] ||= []).push(uci);
        }
        return targets;
    }

    click(square) {
        if (!this.view || this.promotion) return;
        if (this.selected) {
            const moves = this.targetsFrom(this.selected)[square];
            if (moves) {
                if (moves.length > 1) {
                    this.promotion = { to: square, moves };
                    this.render(this.view);
                    return;
                }
                this.selected = null;
                this.onMove(moves[0]);
                this.render(this.view);
                return;
            }
        }
        const hasMoves = Object.keys(this.targetsFrom(square)).length > 0;
        this.selected = hasMoves && square !== this.selected ? square : null;
        this.render(this.view);
    }

    chooser() {
        const { moves } = this.promotion;
        const white = this.view.moverColour === 'white';
        const buttons = moves.map((uci) => {
            const letter = uci[4];
            return el('button', {
                type: 'button', class: 'promotion-choice', title: t(`piece.${letter}`), dataset: { uci },
                onclick: () => {
                    this.promotion = null;
                    this.selected = null;
                    this.onMove(uci);
                    this.render(this.view);
                },
            }, pieceNode(white ? letter.toUpperCase() : letter));
        });
        const cancel = el('button', {
            type: 'button', class: 'promotion-cancel', onclick: () => {
                this.promotion = null;
                this.render(this.view);
            },
        }, t('board.promotion.cancel'));
        return el('div', { class: 'promotion-chooser', role: 'dialog', 'aria-label': t('board.promotion') },
                  el('div', { class: 'promotion-title' }, t('board.promotion')), buttons, cancel);
    }
}
