// The wait for the first moves, as a player sees it. The clocks do not run until both sides
// have made a move; meanwhile the server's clocks reading carries `first_move`: whose first
// move is awaited and how long that side has left before the game is aborted (termination
// no_first_move). This counts that time down between readings, as clock_display.js does the
// clocks.

// `reading` is the wire form {white_ms, black_ms, running, untimed, first_move?}; `receivedAt`
// and `now` are performance.now() values. Returns {side, seconds} (whole seconds left, rounded
// up, never below zero; null when there is no limit), or null when no first move is awaited.
export function firstMoveWait(reading, receivedAt, now) {
    const wait = reading && reading.first_move;
    if (!wait || (wait.side !== 'white' && wait.side !== 'black')) return null;
    if (typeof wait.ms_left !== 'number') return { side: wait.side, seconds: null };
    const left = wait.ms_left - Math.max(0, now - receivedAt);
    return { side: wait.side, seconds: Math.max(0, Math.ceil(left / 1000)) };
}

// Who did not make the first move of a game that ended with no_first_move: the side to move in
// its final position (the game ended while that side's first move was awaited). `fen` is the
// final position; null when it cannot be read.
export function lateSide(fen) {
    const turn = typeof fen === 'string' ? fen.split(' ')[1] : null;
    return turn === 'w' ? 'white' : turn === 'b' ? 'black' : null;
}
