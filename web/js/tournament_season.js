// A round robin played as a season (docs/tournaments.md, "A season"; docs/protocol.md,
// `round_days`): the create form's days per round, and how the page writes the season, each
// round's deadline and the boards still to be played. Pure: tournaments.js's createFields asks
// roundDays, tournament_view.js draws what the rest returns, with `now` from the browser's clock.
//
// A season's boards start by themselves when both players are online before their round's
// deadline (`deadline_ms`, the next round's opening); a board without a game by then stays
// pending without a table until the director gives its result. So a pending board without a
// table is either waiting (before the deadline) or overdue (after it).

import { dateTime } from './time_format.js';
import { t } from './messages.js';

// The server's range (protocol/tournament.h, max_round_days): a day to four weeks.
export const MAX_ROUND_DAYS = 28;

// The form's days per round into `fields.round_days`: empty or 0 sends nothing (the rounds
// follow each other at once); the error's key for anything but a whole number 0..28, else null.
export function roundDays(values, fields) {
    const text = String(values.round_days ?? '').trim();
    if (text === '') return null;
    const days = Number(text);
    if (!Number.isInteger(days) || days < 0 || days > MAX_ROUND_DAYS) return 'tournament.create.error.round_days';
    if (days) fields.round_days = days;
    return null;
}

// The days per round of a round robin played as a season, or null.
export function seasonDays(tournament) {
    if (!tournament || tournament.system !== 'round_robin') return null;
    const days = Number(tournament.round_days);
    return Number.isInteger(days) && days > 0 ? days : null;
}

// "A season: one round every 7 days", or '' for any other event.
export function seasonText(tournament) {
    const days = seasonDays(tournament);
    return days === null ? '' : t('tournament.season.every', { days });
}

// The round's deadline (ms since the epoch), or null for a round without one.
export function deadlineOf(round) {
    const deadline = Number(round && round.deadline_ms);
    return Number.isFinite(deadline) && deadline > 0 ? deadline : null;
}

// "To be played by 24/11/2026, 19:30:00", or once it passed "Deadline passed: ..."; '' without one.
export function deadlineText(round, now, lang, timeZone) {
    const deadline = deadlineOf(round);
    if (deadline === null) return '';
    const at = dateTime(deadline, lang, timeZone);
    return t(now >= deadline ? 'tournament.season.deadline.passed' : 'tournament.season.deadline', { at });
}

// A board of a season's round at `now`: 'waiting' (pending without a game, before the deadline:
// it starts when both are online), 'overdue' (the same after the deadline: it waits for the
// director's result), or null (a bye, a game being played or decided, no deadline, a finished
// event). The server refuses to start a board from the deadline's millisecond on.
export function seasonBoardState(tournament, round, board, now) {
    if (!tournament || tournament.state === 'finished' || !board || board.bye || !board.black) return null;
    if (Number.isInteger(board.table) || (board.result !== undefined && board.result !== 'pending')) return null;
    const deadline = deadlineOf(round);
    if (deadline === null) return null;
    return now >= deadline ? 'overdue' : 'waiting';
}

// The message key of a board's state (seasonBoardState).
export function seasonBoardKey(state) {
    return state ? `tournament.season.board.${state}` : null;
}

// The board numbers of `round` that wait for the director's result at `now`, in order.
export function overdueBoards(tournament, round, now) {
    return (round && Array.isArray(round.boards) ? round.boards : [])
        .filter((board) => seasonBoardState(tournament, round, board, now) === 'overdue')
        .map((board) => board.board).sort((a, b) => a - b);
}

// The paired rounds with overdue boards at `now`, in order, each with its boards: [{round, boards}],
// for the round chooser to mark and the director to go to.
export function overdueRounds(tournament, now) {
    const pairings = tournament && Array.isArray(tournament.pairings) ? tournament.pairings : [];
    return pairings.map((round) => ({ round: round.round, boards: overdueBoards(tournament, round, now) }))
        .filter((round) => round.boards.length).sort((a, b) => a.round - b.round);
}

// The next deadline after `now` of a round with a waiting board, or null: the page is drawn
// again then, its boards overdue, whichever round is on screen.
export function nextDeadline(tournament, now) {
    const pairings = tournament && Array.isArray(tournament.pairings) ? tournament.pairings : [];
    const due = pairings.filter((round) => (round.boards || []).some((board) => seasonBoardState(tournament, round, board, now) === 'waiting'))
        .map(deadlineOf);
    return due.length ? Math.min(...due) : null;
}

// When a running season's next round opens: the latest round's deadline, as {round, at}; null when
// every round is paired, before the first or for any other event.
export function nextRoundOpening(tournament) {
    if (seasonDays(tournament) === null || !['running', 'paused'].includes(tournament.state)) return null;
    const pairings = Array.isArray(tournament.pairings) ? tournament.pairings : [];
    if (!pairings.length) return null;
    const latest = pairings.reduce((a, b) => (b.round > a.round ? b : a));
    const planned = Number(tournament.rounds) || 0;
    const at = deadlineOf(latest);
    return at === null || (planned && latest.round >= planned) ? null : { round: latest.round + 1, at };
}
