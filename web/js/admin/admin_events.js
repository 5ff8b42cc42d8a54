// The game log's table events in plain words (docs/admin.md: offers, claims, disconnects and
// reconnects, the flag fall with its winnability answer, chat, adjudication), and the game's end.
// Pure: an event {seq, kind, at, detail} and the players' nicks in, a sentence out. The nicks and
// chat text go into the sentence as text; the view puts it on the page with textContent.

import { has, t } from '../messages.js';
import { gameResult } from '../game_replay.js';
import { endingText, scoreText, sideName } from '../table_texts.js';
import { format as formatClock } from '../clock_display.js';

// The detail object of an event; the API sends it as an object, a string is read as JSON.
function detailOf(event) {
    const detail = event && event.detail;
    if (typeof detail === 'string') {
        try {
            return JSON.parse(detail) || {};
        } catch {
            return { text: detail };
        }
    }
    return detail && typeof detail === 'object' ? detail : {};
}

function winnerOf(result) {
    return result === '1-0' ? 'white' : result === '0-1' ? 'black' : null;
}

// Who a side is: "anna (White)", or the side alone when the nick is not known.
function who(side, names, nick) {
    const name = nick || (names && names[side]);
    return name ? t('admin.event.who', { nick: name, side: sideName(side) }) : sideName(side);
}

// How a stored game ended, as the table's banner says it: "1-0 — Black resigned."; the
// adjudication's reason is in the message the server stored.
export function gameEndText(log, notation) {
    const result = gameResult(log);
    if (!result) return t('admin.game.running');
    return t('result.line', { result: scoreText(result.result), ending: endingText(result, notation) });
}

// One event as a sentence in the page's language; an event kind this page does not know is
// shown with its kind and detail as they came, so nothing in the log is hidden.
export function eventText(event, names = {}, notation) {
    const d = detailOf(event);
    const kind = event && event.kind;
    switch (kind) {
    case 'game_started':
        return t('admin.event.game_started', { white: d.white || names.white || '?', black: d.black || names.black || '?' });
    case 'draw_offered':
    case 'draw_declined':
    case 'rematch_offered':
        return t(`admin.event.${kind}`, { who: who(d.by, names) });
    case 'takeback_requested':
        return t('admin.event.takeback_requested', { who: who(d.by, names), plies: d.plies ?? '?' });
    case 'takeback_declined':
        return t('admin.event.takeback_declined', { who: who(d.by, names), seconds: Math.round((d.next_request_in_ms || 0) / 1000) });
    case 'takeback_withdrawn':
        return t('admin.event.takeback_withdrawn', { who: who(d.by, names) });
    case 'taken_back':
        return t('admin.event.taken_back', { who: who(d.by, names), plies: d.plies ?? '?', ply: d.to_ply ?? '?',
                                             white: formatClock(d.white_ms || 0), black: formatClock(d.black_ms || 0) });
    case 'time_given':
        return t('admin.event.time_given', { who: who(d.by, names), seconds: Math.round((d.ms || 0) / 1000) });
    case 'draw_claim_rejected':
        return t('admin.event.draw_claim_rejected', { who: who(d.by, names), reason: d.reason || '' });
    case 'player_disconnected':
    case 'player_reconnected':
        return t(`admin.event.${kind}`, { who: who(d.side, names, d.nick) });
    case 'seat_changed':
        return d.left ? t('admin.event.seat_left', { nick: d.left }) : t('admin.event.seat_changed');
    case 'table_chat':
        // A player's line while the game ran (channel "players"), or one of the table's one channel.
        return t(d.channel === 'players' ? 'admin.event.table_chat.players' : 'admin.event.table_chat',
                 { nick: d.from || d.nick || '?', text: d.text || '' });
    case 'spectator_chat':
        return t('admin.event.spectator_chat', { nick: d.from || d.nick || '?', text: d.text || '' });
    case 'flag_fall': {
        const ending = endingText({ result: d.result, winner: winnerOf(d.result), termination: 'flag_fall',
                                    message: d.message, winnability: d.winnability, proof: d.proof }, notation);
        const answer = d.winnability && has(`admin.winnability.${d.winnability}`) ? t(`admin.winnability.${d.winnability}`) : d.winnability || '';
        return t('admin.event.flag_fall', { result: scoreText(d.result), ending, answer });
    }
    case 'adjudicated':
    case 'adjudication':
        return t('admin.event.adjudicated', { by: d.by || d.moderator || '?', decision: decisionText(d.decision || d.result),
                                              reason: d.reason || '' });
    case 'game_over':
        return t('admin.event.game_over', { result: scoreText(d.result), ending: d.termination ? endingText({
            result: d.result, winner: winnerOf(d.result), termination: d.termination, message: d.message,
            winnability: d.winnability, proof: d.proof }, notation) : d.message || '' });
    default:
        return t('admin.event.other', { kind: kind || '?', detail: JSON.stringify(d) });
    }
}

// An adjudication's decision in words: "abort" -> "aborted", "1-0" -> "1-0 (White wins)".
export function decisionText(decision) {
    return has(`admin.decision.${decision}`) ? t(`admin.decision.${decision}`) : decision || '?';
}
