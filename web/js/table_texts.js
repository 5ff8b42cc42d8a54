// The sentences a table shows (its result, the lines of its log, its status), made from the
// table model's values and the message catalogue. Pure, so they are tested without a browser.

import { has, t } from './messages.js';

export function sideName(side) {
    return side === 'white' || side === 'black' ? t(`side.${side}`) : side || '';
}

function otherSide(side) {
    return side === 'white' ? 'black' : side === 'black' ? 'white' : null;
}

// How the game ended, in a sentence: "Black resigned.", "White wins by checkmate.", or the
// server's own message for a termination the catalogue does not know.
// result: {result, winner, termination, message, winnability?}.
export function endingText(result) {
    const winner = result.winner || null;
    const params = { winner: sideName(winner), loser: sideName(otherSide(winner)), message: result.message || '' };
    let key = `termination.${result.termination}`;
    if (result.termination === 'flag_fall' && !winner) key = 'termination.flag_fall.draw';
    if (!has(key)) return result.message || result.termination || '';
    return t(key, params);
}

// "1-0 — Black resigned." with the winnability of a flag fall when the server judged it.
export function resultText(result) {
    const extra = result.winnability ? t('result.winnability', { winnability: t(`winnability.${result.winnability}`) }) : '';
    return t('result.line', { result: result.result, ending: endingText(result), extra });
}

// A line of the table's log: a notice {key, params} from table_model.noticeOf.
export function noticeText(notice) {
    const params = { ...(notice.params || {}) };
    if (params.side !== undefined) params.who = params.nick || sideName(params.side);
    if (params.side !== undefined) params.side = sideName(params.side);
    if (notice.key === 'notice.game_over') params.ending = endingText(notice.params);
    return t(notice.key, params);
}

export function statusName(status) {
    return has(`status.${status}`) ? t(`status.${status}`) : status;
}
