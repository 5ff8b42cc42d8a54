// The moderation forms' bodies (docs/admin.md, "Acting"; server/moderation/moderation.h): which fields each
// action has, and the JSON body from what the form holds, checked before it is sent. Pure.

// The actions in the order the moderation tab lists them; `admin` marks those for admins only.
// Field kinds: nick, address, room (optional room number), minutes (optional unless `required`),
// table, decision, reason (1-500 characters), text (a notice's).
export const ACTIONS = [
    { name: 'kick', fields: ['nick', 'reason'] },
    { name: 'mute', fields: ['nick', 'room', 'minutes', 'reason'], minutesRequired: true },
    { name: 'unmute', fields: ['nick', 'room', 'reason'] },
    { name: 'ban', fields: ['nick', 'minutes', 'reason'] },
    { name: 'unban', fields: ['nick', 'reason'] },
    { name: 'ban_address', fields: ['address', 'minutes', 'reason'], admin: true },
    { name: 'unban_address', fields: ['address', 'reason'], admin: true },
    { name: 'close_table', fields: ['table', 'reason'] },
    { name: 'adjudicate', fields: ['table', 'decision', 'reason'] },
    { name: 'notice', fields: ['room', 'text'] },
];

export const DECISIONS = ['abort', '1-0', '0-1', '1/2-1/2'];
export const REASON_MAX = 500;

export function actionNamed(name) {
    return ACTIONS.find((action) => action.name === name) || null;
}

// The actions a role may use: a moderator's list has no address bans.
export function actionsFor(role) {
    return ACTIONS.filter((action) => !action.admin || role === 'admin');
}

// {body} to POST to /api/admin/{name}, or {error: {field, key}} naming the first field that is
// wrong. values: the form's strings by field kind.
export function actionBody(name, values) {
    const action = actionNamed(name);
    if (!action) return { error: { field: null, key: 'admin.action.unknown' } };
    const body = {};
    const text = (field) => String(values[field] ?? '').trim();
    for (const field of action.fields) {
        const value = text(field);
        switch (field) {
        case 'nick':
        case 'address':
            if (!value) return { error: { field, key: `admin.action.missing.${field}` } };
            body[field] = value;
            break;
        case 'room':
            if (!value) break;
            if (!/^-?\d+$/.test(value) || Number(value) === 0) return { error: { field, key: 'admin.action.bad_room' } };
            body.room = Number(value);
            break;
        case 'table':
            if (!/^\d+$/.test(value) || Number(value) <= 0) return { error: { field, key: 'admin.action.bad_table' } };
            body.table = Number(value);
            break;
        case 'minutes':
            if (!value) {
                if (action.minutesRequired) return { error: { field, key: 'admin.action.missing.minutes' } };
                break;
            }
            if (!/^\d+$/.test(value) || Number(value) <= 0) return { error: { field, key: 'admin.action.bad_minutes' } };
            body.minutes = Number(value);
            break;
        case 'decision':
            if (!DECISIONS.includes(value)) return { error: { field, key: 'admin.action.bad_decision' } };
            body.decision = value;
            break;
        case 'reason':
            if (!value) return { error: { field, key: 'admin.action.missing.reason' } };
            if ([...value].length > REASON_MAX) return { error: { field, key: 'admin.action.long_reason' } };
            body.reason = value;
            break;
        case 'text':
            if (!value) return { error: { field, key: 'admin.action.missing.text' } };
            body.text = value;
            break;
        default:
            break;
        }
    }
    return { body };
}
