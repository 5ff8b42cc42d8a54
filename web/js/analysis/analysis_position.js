// The positions of the analysis board (docs/architecture.md, "Analysis"), with chessops, an
// independent implementation of the rules (lichess's): a start (standard, a Chess960 start or a
// FEN) and the moves played from it, in UCI; the legal moves for the board; a line of the
// engine's in SAN. Pure: no DOM.

import { Chess, normalizeMove } from 'chessops/chess';
import { chessgroundDests } from 'chessops/compat';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeSquare, makeUci, parseUci } from 'chessops/util';

export const STANDARD_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

// The position after `moves` (UCI) from `fen`, or {error} naming the first move that is not
// legal there (or the FEN that does not parse).
export function positionAfter(fen, moves = []) {
    const setup = parseFen(fen || STANDARD_FEN);
    if (setup.isErr) return { error: `bad FEN: ${fen}` };
    const chess = Chess.fromSetup(setup.value);
    if (chess.isErr) return { error: `not a legal position: ${fen}` };
    const pos = chess.value;
    for (let i = 0; i < moves.length; ++i) {
        const move = parseUci(moves[i]);
        if (!move || !pos.isLegal(move)) return { error: `move ${i + 1} (${moves[i]}) is not legal` };
        pos.play(move);
    }
    return { pos };
}

// What the board needs of a position: its FEN, whose turn, the legal moves as chessground's
// dests (a king's castling both onto the rook and two squares, as on the playing board), and
// whether it is check or over.
export function boardState(pos) {
    return {
        fen: makeFen(pos.toSetup()),
        turn: pos.turn,
        dests: chessgroundDests(pos),
        check: pos.isCheck(),
        over: pos.isEnd(),
    };
}

// The UCI of a move dragged on the board from `from` to `to` (a pawn reaching the last rank
// becomes `promotion`), or null when it is not legal. Castling by the king's two squares is
// written king-takes-rook (chessops' and UCI_Chess960's form).
export function uciOfDrag(pos, from, to, promotion = 'q') {
    const candidates = [`${from}${to}`, `${from}${to}${promotion}`];
    for (const text of candidates) {
        const move = parseUci(text);
        if (!move) continue;
        const normal = normalizeMove(pos, move);
        if (pos.isLegal(normal)) return makeUci(normal);
    }
    return null;
}

// An engine line (UCI moves from `pos`) in SAN, as far as it is legal.
export function sanLine(pos, uciMoves, limit = 12) {
    const copy = pos.clone();
    const sans = [];
    for (const text of uciMoves.slice(0, limit)) {
        const move = parseUci(text);
        if (!move || !copy.isLegal(move)) break;
        sans.push(makeSan(copy, move));
        copy.play(move);
    }
    return sans;
}

// The legal moves in the form the playing board takes (board_view.js): UCI, castling as the
// server writes it (e1g1 in standard chess, king-takes-rook in Chess960), each promotion once
// per piece.
export function legalUcis(pos, { chess960 = false } = {}) {
    const moves = [];
    for (const [from, tos] of pos.allDests()) {
        const fromName = makeSquare(from);
        const piece = pos.board.get(from);
        for (const to of tos) {
            const rookTarget = piece.role === 'king' && pos.board.get(to)?.color === piece.color;
            let toName = makeSquare(to);
            if (rookTarget && !chess960) toName = `${to > from ? 'g' : 'c'}${fromName[1]}`;
            const lastRank = piece.role === 'pawn' && (toName[1] === '8' || toName[1] === '1');
            if (lastRank) for (const role of 'qrbn') moves.push(`${fromName}${toName}${role}`);
            else moves.push(`${fromName}${toName}`);
        }
    }
    return moves;
}

// A SAN in the reader's notation: German letters (K D T L S) for "de", as the server's san_de.
const GERMAN_PIECES = { K: 'K', Q: 'D', R: 'T', B: 'L', N: 'S' };
export function sanInNotation(san, notation) {
    return notation === 'de' ? san.replace(/[QRBN]/gu, (letter) => GERMAN_PIECES[letter]) : san;
}
