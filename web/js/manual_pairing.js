// The director's manual pairing of a Swiss's next round (docs/protocol.md, "director_pairing"):
// whether the page offers it, whom it may pair, and the request built from the boards he wrote.
// Pure: the page (tournament_view.js) draws the boards, the server decides in the end; a player
// named twice is caught here so a slip of the mouse costs no round trip.

// Whether a paired board's game is still to be decided (a bye never is).
function pending(board) {
    return !board.bye && Boolean(board.black) && (board.result === undefined || board.result === 'pending');
}

// The round the director may pair by hand now, or null: a Swiss that runs or is paused, with a
// round left to pair and no game of the last paired round still being played.
export function manualRound(tournament) {
    if (!tournament || tournament.system !== 'swiss') return null;
    if (tournament.state !== 'running' && tournament.state !== 'paused') return null;
    const paired = Number(tournament.rounds_paired || 0);
    if (paired >= Number(tournament.rounds)) return null;
    const rounds = Array.isArray(tournament.pairings) ? tournament.pairings : [];
    const last = rounds.reduce((latest, round) => (!latest || round.round > latest.round ? round : latest), null);
    if (last && (last.boards || []).some(pending)) return null;
    return paired + 1;
}

// The nicks he may name in `round`, in entry order: not withdrawn, and not the ones with a
// half-point bye in that round (they have it; the server refuses them).
export function pairablePlayers(tournament, round) {
    return ((tournament && tournament.players) || [])
        .filter((player) => !player.withdrawn && Number(player.bye_round) !== Number(round))
        .map((player) => player.nick);
}

// The request's fields from the boards as written ([{white, black}], '' for a side not chosen)
// and the bye ('' for none): {fields: {games, bye?}} or {problem, nick?} when it cannot be sent:
// 'empty' (no board), 'incomplete' (a board with one side only), 'twice' (a nick named twice,
// nicks compared as the server does, without regard to case). Boards left empty are dropped.
export function pairingRequest(boards, bye = '') {
    const games = [];
    for (const board of boards || []) {
        const white = (board.white || '').trim();
        const black = (board.black || '').trim();
        if (!white && !black) continue;
        if (!white || !black) return { problem: 'incomplete' };
        games.push([white, black]);
    }
    if (!games.length) return { problem: 'empty' };
    const named = new Set();
    const byeNick = (bye || '').trim();
    for (const nick of [...games.flat(), ...(byeNick ? [byeNick] : [])]) {
        const key = nick.toLowerCase();
        if (named.has(key)) return { problem: 'twice', nick };
        named.add(key);
    }
    return { fields: byeNick ? { games, bye: byeNick } : { games } };
}

// The pairable players left out of the boards and the bye: the server gives them a zero-point
// bye, so the page names them before he sends.
export function unpairedPlayers(players, boards, bye = '') {
    const named = new Set([...(boards || []).flatMap((board) => [board.white, board.black]), bye]
        .filter(Boolean).map((nick) => nick.toLowerCase()));
    return (players || []).filter((nick) => !named.has(nick.toLowerCase()));
}
