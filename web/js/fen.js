// Reads the piece placement of a FEN into a map from square name ("e4") to piece letter
// ("P" white pawn, "n" black knight). The server has checked the FEN; the client only draws it.

export const FILES = 'abcdefgh';

export function placement(fen) {
    const board = new Map();
    const rows = (fen || '').split(' ')[0].split('/');
    rows.forEach((row, index) => {
        const rank = 8 - index;
        let file = 0;
        for (const ch of row) {
            if (ch >= '1' && ch <= '8') {
                file += Number(ch);
            } else {
                if (file < 8) board.set(FILES[file] + rank, ch);
                file += 1;
            }
        }
    });
    return board;
}

export function isWhitePiece(letter) {
    return letter === letter.toUpperCase();
}

// The side to move as the FEN's second field says it ("white" | "black").
export function sideToMove(fen) {
    return (fen || '').split(' ')[1] === 'b' ? 'black' : 'white';
}

// The square of `side`'s king, to mark a check.
export function kingSquare(fen, side) {
    const king = side === 'white' ? 'K' : 'k';
    for (const [square, letter] of placement(fen)) {
        if (letter === king) return square;
    }
    return null;
}
