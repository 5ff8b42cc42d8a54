// An Arena tournament as its page needs it (docs/tournaments.md, "Arena"): the standings rows
// with each game's points read back from the sheet, the games of the pairing waves latest first,
// the time left before it ends, and the create form's arena fields. Pure: arena_view.js draws
// what these return, tournaments.js's createFields asks arenaLength.
//
// The server sends the sheet as points per game oldest first ("2 4 4 0 1"). Which games counted
// double is not sent, but follows from the points alone (tournament/arena_sheet.h): a game is
// played "on fire" when the two before it were won, and a game was won when it scored at least
// 2 (4 on fire; a berserk win one more). A draw on fire scores 2, below the 4 a win then needs.

import { rankText } from './tournament_format.js';

export const MIN_ARENA_MINUTES = 1;
export const MAX_ARENA_MINUTES = 720;

export function isArena(tournament) {
    return Boolean(tournament) && tournament.system === 'arena';
}

// The sheet's games: [{points, double}], double when the game was played on fire and scored
// (a loss, or a quick draw, on fire scored nothing to double, as the server flags it too).
export function sheetGames(sheet) {
    const points = String(sheet ?? '').trim().split(/\s+/).filter(Boolean).map(Number).filter(Number.isInteger);
    const games = [];
    const won = [];
    for (const score of points) {
        const onFire = won.length >= 2 && won[won.length - 1] && won[won.length - 2];
        games.push({ points: score, double: onFire && score > 0 });
        won.push(score >= (onFire ? 4 : 2));
    }
    return games;
}

// The standings rows as the page writes them: the rank with a dash for a shared one, the sheet's
// games, whether the next win counts double, whether a game of the arena runs for the player now.
export function arenaRows(tournament) {
    const rows = (tournament && Array.isArray(tournament.arena_standings)) ? tournament.arena_standings : [];
    return rows.map((row) => ({
        rank: rankText(row.rank), nick: String(row.nick ?? ''), score: Number(row.score) || 0,
        performance: Number(row.performance) || 0, games: Number(row.games) || 0, sheet: sheetGames(row.sheet),
        onFire: Boolean(row.on_fire), playing: Boolean(row.playing), withdrawn: Boolean(row.withdrawn),
    }));
}

// The games of every wave, the latest wave first and by board within it, each with its wave
// number; at most `limit` (an arena of hours pairs hundreds), with how many more there were.
export function arenaBoards(tournament, limit = Infinity) {
    const waves = (tournament && Array.isArray(tournament.pairings)) ? tournament.pairings : [];
    const boards = [...waves].sort((a, b) => b.round - a.round)
        .flatMap((wave) => [...(wave.boards || [])].sort((a, b) => a.board - b.board)
            .filter((board) => !board.bye)
            .map((board) => ({ ...board, wave: wave.round })));
    return { boards: boards.slice(0, limit), more: Math.max(0, boards.length - limit) };
}

// The sides of a board that went berserk: [] or some of ['white', 'black'].
export function berserkSides(board) {
    return ['white', 'black'].filter((side) => board && board[`${side}_berserk`] === true);
}

// The end a started arena counts down to (ms since the epoch), or null before its start and once
// finished. A pause stops the pairing, not the time: the server ends the arena at its end anyway.
export function arenaEnd(tournament) {
    if (!isArena(tournament) || (tournament.state !== 'running' && tournament.state !== 'paused')) return null;
    const ends = Number(tournament.ends_ms);
    return Number.isFinite(ends) && ends > 0 ? ends : null;
}

// The create form's arena fields into `fields`: its minutes (1..720) and whether berserk is
// allowed (the server's default is yes; sent either way, so the request says what the form
// showed). The error's key when the minutes cannot be sent, else null.
export function arenaLength(values, fields) {
    const minutes = Number(values.minutes);
    if (String(values.minutes ?? '').trim() === '' || !Number.isInteger(minutes)
        || minutes < MIN_ARENA_MINUTES || minutes > MAX_ARENA_MINUTES) return 'tournament.create.error.minutes';
    fields.minutes = minutes;
    fields.berserk = values.berserk !== false;
    return null;
}
