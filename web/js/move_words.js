// A move in words, for the screen reader's live region: "Schwarz: Springer f6", "Weiß: Bauer
// schlägt d5", "Black: short castling, check". Read from the server's English SAN (which every
// move carries), so the words do not depend on the notation the move list shows; the words come
// from the catalogue of the page's language. Pure, tested by node (tests/web/move_words.test.mjs).

import { t } from './messages.js';

const PIECE_LETTERS = { K: 'k', Q: 'q', R: 'r', B: 'b', N: 'n' };

// SAN without its check mark and annotations: the parts a sentence is made of, or null when the
// text is not SAN (then the caller says the text as it is).
//   {castle: 'short'|'long'} or {piece: 'p'|'n'|..., from: 'b'|'1'|'b1'|'', capture, square, promotion}
// and in both cases {ending: ''|'check'|'mate'}.
export function sanParts(san) {
    const text = String(san || '').trim().replace(/[!?]+$/u, '');
    const ending = text.endsWith('#') ? 'mate' : text.endsWith('+') ? 'check' : '';
    const body = ending ? text.slice(0, -1) : text;
    const castle = /^([O0])-\1(-\1)?$/u.exec(body);
    if (castle) return { castle: castle[2] ? 'long' : 'short', ending };
    const piece = /^([KQRBN])([a-h]?[1-8]?)(x?)([a-h][1-8])$/u.exec(body);
    if (piece) return { piece: PIECE_LETTERS[piece[1]], from: piece[2], capture: piece[3] === 'x', square: piece[4], promotion: null, ending };
    const pawn = /^(?:([a-h])(x))?([a-h][1-8])(?:=?([QRBN]))?$/u.exec(body);
    if (pawn) {
        return { piece: 'p', from: '', capture: Boolean(pawn[2]), square: pawn[3],
                 promotion: pawn[4] ? PIECE_LETTERS[pawn[4]] : null, ending };
    }
    return null;
}

// The words of the move `san` made by `side` ('white' | 'black'), in the page's language.
export function moveInWords(san, side) {
    const parts = sanParts(san);
    let words;
    if (!parts) {
        words = String(san || '');
    } else if (parts.castle) {
        words = t(`speech.castle.${parts.castle}`);
    } else {
        const piece = t(`speech.piece.${parts.piece}`);
        const key = `speech.${parts.from ? 'from_' : ''}${parts.capture ? 'takes' : 'to'}`;
        words = t(key, { piece, from: parts.from, square: parts.square });
        if (parts.promotion) words = t('speech.promotes', { move: words, piece: t(`speech.piece.${parts.promotion}`) });
    }
    if (parts && parts.ending) words = t(`speech.${parts.ending}`, { move: words });
    return t('speech.move', { side: t(`side.${side}`), move: words });
}

// Who made the `ply`th move (1 is the first) of a game that began at `startFen` (the usual start
// when none is given): the side to move in the start position makes the odd plies.
export function sideOfPly(ply, startFen) {
    const first = String(startFen || '').split(' ')[1] === 'b' ? 'black' : 'white';
    const second = first === 'white' ? 'black' : 'white';
    return ply % 2 === 1 ? first : second;
}
