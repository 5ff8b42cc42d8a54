// One line of the audit log as a sentence in the page's language: "Anna banned the account of
// Bert for 3 d: cheating". A moderator reads the log to learn what happened, so every action the
// server writes (server/moderation/moderation.cpp: kick, mute, unmute, ban, unban, ban_address,
// unban_address, close_table, adjudicate, notice) has its own sentence, made from the entry's
// fields and its detail (a mute's room, an adjudication's decision and game), and a refused
// attempt says what was asked and why it was refused. Never raw JSON: an action this client does
// not know yet still reads as words. Pure, tested by node (tests/web/audit_sentence.test.mjs).

import { t } from '../messages.js';
import { durationText } from './admin_format.js';

const KNOWN = new Set(['kick', 'mute', 'unmute', 'ban', 'unban', 'ban_address', 'unban_address', 'close_table',
                       'adjudicate', 'notice']);

function detailOf(entry) {
    const detail = entry.detail;
    if (detail && typeof detail === 'object' && !Array.isArray(detail)) return detail;
    if (typeof detail === 'string') {
        try {
            const parsed = JSON.parse(detail);
            if (parsed && typeof parsed === 'object') return parsed;
        } catch {
            // not JSON: no detail to read
        }
    }
    return {};
}

// "table 12" -> "12": the server names a table target so.
function tableNumber(target) {
    const match = /^table (\d+)$/.exec(String(target || ''));
    return match ? match[1] : String(target || '?');
}

// "room 34" -> "34"; "everyone" -> null.
function roomNumber(target) {
    const match = /^room (-?\d+)$/.exec(String(target || ''));
    return match ? match[1] : null;
}

// How long a sanction lasts: "for 3 d", or "for good" without an end.
function spanText(entry) {
    if (entry.until === undefined || entry.until === null) return t('audit.span.forever');
    return t('audit.span', { duration: durationText(entry.until - entry.at) });
}

function decisionText(decision) {
    switch (decision) {
    case '1-0': return t('audit.decision.white');
    case '0-1': return t('audit.decision.black');
    case '1/2-1/2': return t('audit.decision.draw');
    default: return t('audit.decision.abort');
    }
}

// What a known action did, as a sentence without its reason.
function doneText(entry, detail) {
    const actor = entry.actor || '?';
    const target = entry.target || '?';
    switch (entry.action) {
    case 'kick': return t('audit.kick', { actor, target });
    case 'mute':
        return detail.room !== undefined
            ? t('audit.mute.room', { actor, target, room: detail.room, span: spanText(entry) })
            : t('audit.mute.everywhere', { actor, target, span: spanText(entry) });
    case 'unmute':
        return detail.room !== undefined ? t('audit.unmute.room', { actor, target, room: detail.room })
            : t('audit.unmute.everywhere', { actor, target });
    case 'ban': return t('audit.ban', { actor, target, span: spanText(entry) });
    case 'unban': return t('audit.unban', { actor, target });
    case 'ban_address': return t('audit.ban_address', { actor, target, span: spanText(entry) });
    case 'unban_address': return t('audit.unban_address', { actor, target });
    case 'close_table': return t('audit.close_table', { actor, table: tableNumber(target), room: detail.room ?? '?' });
    case 'adjudicate':
        return t('audit.adjudicate', { actor, table: tableNumber(target), game: detail.game ?? '?',
                                       decision: decisionText(detail.result ?? detail.decision) });
    case 'notice': {
        const room = roomNumber(target);
        return room !== null ? t('audit.notice.room', { actor, room }) : t('audit.notice.everyone', { actor });
    }
    default: return t('audit.other', { actor, action: entry.action || '?', target });
    }
}

// The name of what was asked, for a refused attempt: a known action's name, an admin API read
// ("read audit"), or the action as the server wrote it.
function askedText(action) {
    const key = `admin.action.${action}`;
    const named = t(key);
    if (named !== key) return named;
    const read = /^read (\w+)$/.exec(String(action || ''));
    if (read) return t('audit.read', { what: read[1] });
    return String(action || '?');
}

export function auditSentence(entry) {
    const detail = detailOf(entry);
    const reason = entry.reason ? String(entry.reason) : '';
    if (entry.refused) {
        const why = typeof detail.message === 'string' && detail.message ? detail.message : reason;
        const params = { actor: entry.actor || '?', action: askedText(entry.action), target: entry.target || '', why };
        return t(entry.target ? 'audit.refused.target' : 'audit.refused', params);
    }
    const done = doneText(entry, detail);
    if (!KNOWN.has(entry.action) || !reason) return done;
    // A notice's "reason" is its text.
    return t(entry.action === 'notice' ? 'audit.with_text' : 'audit.with_reason', { done, reason });
}
