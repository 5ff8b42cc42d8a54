// How a tournament's numbers and words are written on its page: results as chess players write
// them (1-0, ½-½, a forfeit +/−), points with the half as ½, ranks as the server gives them
// ("3-4"), tie-break values in the page's language, and the names and explanations of the
// tie-break codes (FIDE C.07; docs/tournaments.md, "Tie-breaks"). Pure: the words come from
// the catalogue.

import { language, t } from './messages.js';

// The result words of a board and how a crosstable writes them; pending shows nothing.
const RESULT_SIGNS = {
    white_wins: '1-0', draw: '½-½', black_wins: '0-1',
    white_wins_by_forfeit: '+/−', black_wins_by_forfeit: '−/+', double_forfeit: '−/−',
};

// The time left before the next round (or an arena's end) as a countdown shows it: "1:05",
// "0:09"; "0:00" when due; with the hours from one hour on ("2:05:09"), as an arena lasts up to 12.
export function countdownText(ms) {
    const seconds = Math.max(0, Math.ceil(Number(ms) / 1000));
    const two = (n) => String(n).padStart(2, '0');
    if (seconds >= 3600) return `${Math.floor(seconds / 3600)}:${two(Math.floor(seconds / 60) % 60)}:${two(seconds % 60)}`;
    return `${Math.floor(seconds / 60)}:${two(seconds % 60)}`;
}

export function resultSign(result) {
    return RESULT_SIGNS[result] || '';
}

// A bye's points as its kind says: the pairing-allocated bye 1, a half-point bye ½, else 0.
export function byePoints(bye) {
    if (bye === 'pairing_allocated') return 1;
    if (bye === 'half_point') return 0.5;
    return 0;
}

// The catalogue key that names a bye.
export function byeKey(bye) {
    if (bye === 'pairing_allocated') return 'tournament.bye.pairing_allocated';
    if (bye === 'half_point') return 'tournament.bye.half_point';
    return 'tournament.bye.zero_point';
}

// Points with the half as chess writes it: 0, ½, 1, 1½, 12½. Anything else (a fraction the
// scoring does not give) with two decimals at most.
export function pointsText(points) {
    const value = Number(points);
    if (!Number.isFinite(value)) return '';
    const whole = Math.trunc(value);
    const rest = Math.abs(value - whole);
    if (rest === 0) return String(whole);
    if (rest === 0.5) return whole === 0 ? (value < 0 ? '-½' : '½') : `${whole}½`;
    return numberText(value);
}

// A tie-break value in the page's language: "1.25" / "1,25"; whole numbers without decimals.
export function numberText(value, lang = language()) {
    const number = Number(value);
    if (!Number.isFinite(number)) return '';
    return new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2, useGrouping: false }).format(number);
}

// The rank as the server gives it ("3", "3-4" for a shared one), with an en dash for the range.
export function rankText(rank) {
    if (rank === undefined || rank === null) return '';
    return String(rank).replace(/^(\d+)-(\d+)$/, '$1–$2');
}

// The tie-break codes the server knows (tournament/standings.cpp): each has a short name and an
// explanation in the catalogue, "tournament.tiebreak.<slug>" and "...<slug>.title".
export const TIE_BREAK_CODES = ['BH-C1', 'BH-C2', 'BH-M1', 'BH', 'SB', 'DE', 'WIN', 'WON', 'BPG', 'BWG', 'PS', 'ARO'];

// The catalogue key of a tie-break code's explanation, or null for a code this client does not
// know (the page then shows the code alone).
export function tieBreakKey(code) {
    if (!TIE_BREAK_CODES.includes(code)) return null;
    return `tournament.tiebreak.${code.toLowerCase().replace(/-/g, '_')}`;
}

// The column heading (the code, as arbiters write it) and its tooltip.
export function tieBreakTitle(code) {
    const key = tieBreakKey(code);
    return key ? t(key) : t('tournament.tiebreak.unknown', { code });
}

// The system with its length: "Swiss, 5 rounds", "Double round robin", "Arena · 60 min".
export function systemText(tournament) {
    if (!tournament) return '';
    if (tournament.system === 'arena') return t('tournament.system.arena', { minutes: tournament.minutes ?? '?' });
    if (tournament.system === 'round_robin') {
        return t(Number(tournament.cycles) === 2 ? 'tournament.system.round_robin.double' : 'tournament.system.round_robin.single');
    }
    return t('tournament.system.swiss', { rounds: tournament.rounds });
}

// The state's word: registering, running, paused, finished.
export function stateKey(state) {
    return ['registering', 'running', 'paused', 'finished'].includes(state) ? `tournament.state.${state}` : 'tournament.state.registering';
}
