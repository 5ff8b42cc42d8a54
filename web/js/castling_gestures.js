// Castling on the board: which drags of the king mean which castling the server listed. The
// server spells castling as UCI does: king takes own rook in Chess960 (e1h1, b1a1), the king's two
// squares in standard chess and in standard games from a FEN (e1g1). A player may castle either
// way in both: by dragging the king onto the rook, or two squares towards it (as lichess and
// the FIDE Guidelines for Chess960, which let the player move the king first). The board knows no
// chess rules, so a castling is recognised from the FEN's pieces alone: a listed move of the king
// onto its own rook, or of the king two files along its rank. A gesture is offered only where it
// names exactly one listed move and no other listed move of the king goes there; the king's
// ordinary steps are one square, so the two gestures never collide with them.

import { FILES, placement } from './fen.js';

function fileOf(square) {
    return FILES.indexOf(square[0]);
}

function squareAt(file, rank) {
    return file >= 0 && file < 8 ? FILES[file] + rank : null;
}

// The outermost rook of the king's colour on its rank in `direction` (+1 towards h, -1 towards a),
// the rook a standard-spelt castling (e1g1) moves; null if there is none.
function outermostRook(board, kingSquare, rookLetter, direction) {
    const rank = kingSquare[1];
    for (let file = direction > 0 ? 7 : 0; file !== fileOf(kingSquare); file -= direction) {
        if (board.get(squareAt(file, rank)) === rookLetter) return squareAt(file, rank);
    }
    return null;
}

// The castlings among the legal moves: {uci, king, rook, kingTo, rookTo, gestures}, where king and
// rook are their squares before and kingTo and rookTo after (g/f for the rook on the h-side of the
// king, c/d for the a-side), and gestures the squares a drag of the king may end on to mean it.
export function castlingsOf(legalMoves, fen) {
    if (!fen) return [];
    const board = placement(fen);
    const castlings = [];
    for (const uci of legalMoves || []) {
        if (uci.length !== 4) continue;
        const from = uci.slice(0, 2);
        const to = uci.slice(2, 4);
        const king = board.get(from);
        if ((king !== 'K' && king !== 'k') || from[1] !== to[1]) continue;
        const rookLetter = king === 'K' ? 'R' : 'r';
        const distance = fileOf(to) - fileOf(from);
        let rook = null;
        if (board.get(to) === rookLetter) rook = to;
        else if (Math.abs(distance) === 2 && !board.has(to)) rook = outermostRook(board, from, rookLetter, Math.sign(distance));
        if (!rook) continue;
        const direction = Math.sign(fileOf(rook) - fileOf(from));
        const rank = from[1];
        // Two squares towards the rook, unless that is past it (king f1, rook g1).
        const twoSquares = Math.abs(fileOf(rook) - fileOf(from)) >= 2 ? squareAt(fileOf(from) + 2 * direction, rank) : null;
        castlings.push({
            uci, king: from, rook,
            kingTo: (direction > 0 ? 'g' : 'c') + rank, rookTo: (direction > 0 ? 'f' : 'd') + rank,
            gestures: [...new Set([rook, twoSquares].filter(Boolean))],
        });
    }
    return castlings;
}

// The gestures that stand for a listed castling, as "from+to" -> the listed UCI: each gesture that
// is not itself a listed move and that names one castling only.
export function castlingGestures(legalMoves, fen) {
    const listed = new Set((legalMoves || []).map((uci) => uci.slice(0, 4)));
    const meanings = new Map();
    for (const castling of castlingsOf(legalMoves, fen)) {
        for (const square of castling.gestures) {
            const gesture = castling.king + square;
            if (listed.has(gesture)) continue;
            const known = meanings.get(gesture);
            meanings.set(gesture, known && known !== castling.uci ? null : castling.uci);
        }
    }
    for (const [gesture, uci] of meanings) if (!uci) meanings.delete(gesture);
    return meanings;
}

// The board's pieces after a castling, as chessground's setPieces wants them: square -> FEN
// letter, or null for a square to empty (the king's and rook's squares, and the square the
// dragged king was dropped on). null when `uci` is no castling of the position.
export function castlingPieces(legalMoves, fen, uci, droppedOn = null) {
    const castling = castlingsOf(legalMoves, fen).find((candidate) => candidate.uci === uci);
    if (!castling) return null;
    const white = placement(fen).get(castling.king) === 'K';
    const changes = new Map();
    for (const square of [castling.king, castling.rook, droppedOn].filter(Boolean)) changes.set(square, null);
    changes.set(castling.kingTo, white ? 'K' : 'k');
    changes.set(castling.rookTo, white ? 'R' : 'r');
    return changes;
}

// A typed move that is one of the gestures, in UCI: "e1g1" typed in Chess960 (where the server
// reads castling only as king takes rook) is the castling the server listed; any other text is
// sent as it was typed, for the server to read.
export function typedCastling(text, legalMoves, fen) {
    const move = String(text || '').trim();
    return /^[a-h][1-8][a-h][1-8]$/.test(move) ? castlingGestures(legalMoves, fen).get(move) || move : move;
}
