// When a tournament starts and who has White on board 1 (docs/protocol.md, "create_tournament":
// `starts_at` and `first_board`): the create form's two fields, and how the page and the list
// write a start time and the first board's colour. Pure: tournaments.js's createFields asks
// startTime and firstBoard, tournament_view.js draws what the texts return.
//
// The form's start time comes from a datetime-local input, "2026-11-24T19:30": a wall-clock time
// without a zone, meant in the browser's own. The server wants ms since the epoch, so the
// browser's zone (with its summer time on that day) turns it into one here, not the server's.

import { dateTime } from './time_format.js';
import { t } from './messages.js';
import { countdownText } from './tournament_format.js';

// The server's window for a start time is 5 s to 366 days ahead; the form asks a little less at
// the far end, so a request that passes here is not refused there for a day's difference.
export const MIN_START_LEAD_MS = 5_000;
export const MAX_START_LEAD_MS = 365 * 24 * 3600 * 1000;

export const FIRST_BOARD_CHOICES = ['white', 'black', 'random'];

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/u;

// A datetime-local value as ms since the epoch in the browser's time zone; null for an empty
// value, NaN for one that names no time (a 30 February, a 25th hour). A time that summer time
// skips (02:30 on the night the clocks go forward) is taken as the hour after, as Date does.
export function localTimeMs(value) {
    const text = String(value ?? '').trim();
    if (text === '') return null;
    const match = LOCAL_DATE_TIME.exec(text);
    if (!match) return NaN;
    const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
    const calendar = new Date(Date.UTC(year, month - 1, day));
    if (calendar.getUTCFullYear() !== year || calendar.getUTCMonth() !== month - 1 || calendar.getUTCDate() !== day
        || hour > 23 || minute > 59 || second > 59) return NaN;
    return new Date(year, month - 1, day, hour, minute, second).getTime();
}

// The form's start time into `fields.starts_at` (empty: none; the director starts it by hand);
// the error's key when it names no time or lies outside the server's window from `now`, else null.
export function startTime(values, fields, now) {
    const ms = localTimeMs(values.starts_at);
    if (ms === null) return null;
    if (!Number.isFinite(ms)) return 'tournament.create.error.starts_at';
    if (ms < now + MIN_START_LEAD_MS) return 'tournament.create.error.starts_at.past';
    if (ms > now + MAX_START_LEAD_MS) return 'tournament.create.error.starts_at.far';
    fields.starts_at = ms;
    return null;
}

// A Swiss's first board into `fields.first_board`: black or by lot; White, the server's default,
// and anything else are not sent.
export function firstBoard(values, fields) {
    if (values.first_board === 'black' || values.first_board === 'random') fields.first_board = values.first_board;
}

// The start time the tournament waits for (ms since the epoch), or null: the server sends it
// only while the tournament registers, and this client shows it only then.
export function startsAt(tournament) {
    if (!tournament || tournament.state !== 'registering') return null;
    const starts = Number(tournament.starts_ms);
    return Number.isFinite(starts) && starts > 0 ? starts : null;
}

// "Starts at 24/11/2026, 19:30:00" for the list, or '' without a start time.
export function startText(tournament, lang, timeZone) {
    const starts = startsAt(tournament);
    return starts === null ? '' : t('tournament.start.at', { at: dateTime(starts, lang, timeZone) });
}

// The time left as the countdown writes it: "1:05:09", with the days from one day on ("3 days,
// 0:05:09", the hours then always written), as a start may be months ahead.
export function timeLeftText(ms) {
    const seconds = Math.max(0, Math.ceil(Number(ms) / 1000));
    const days = Math.floor(seconds / 86_400);
    if (!days) return countdownText(seconds * 1000);
    const two = (n) => String(n).padStart(2, '0');
    const time = `${Math.floor(seconds / 3600) % 24}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
    return t('tournament.start.days', { days, time });
}

// "Starts at 24/11/2026, 19:30:00 (in 1:05:09)" at `now`; once the time is due, that it is
// starting (the server's tournament_updated follows a moment later).
export function startCountdownText(starts, now, lang, timeZone) {
    const at = dateTime(starts, lang, timeZone);
    const left = Number(starts) - now;
    return left > 0 ? t('tournament.start.countdown', { at, time: timeLeftText(left) }) : t('tournament.start.countdown.due', { at });
}

// The settings line of a Swiss's first board: "White" or "Black" on board 1 of round 1; null for
// the other systems (they send none).
export function firstBoardKey(tournament) {
    if (!tournament || tournament.system !== 'swiss') return null;
    if (tournament.first_board === 'black') return 'tournament.first_board.black';
    if (tournament.first_board === 'white') return 'tournament.first_board.white';
    return null;
}
