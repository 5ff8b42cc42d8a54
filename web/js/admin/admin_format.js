// How the admin area writes times and spans: the server's Unix milliseconds in the viewer's time
// zone (time_format.js), the end of a sanction ("until ..." or "for good"), a span in words (a
// clock after a move is game_replay.js's clockText). Pure, tested by node.

import { language, t } from '../messages.js';
import { dateTime } from '../time_format.js';

export function timeText(ms, timeZone) {
    return dateTime(ms, language(), timeZone);
}

// The end of a mute or ban: "until 24/11/2026, 14:05:09", or "for good" when it has none.
export function untilText(until, timeZone) {
    return until === undefined || until === null ? t('admin.until.forever') : t('admin.until', { time: timeText(until, timeZone) });
}

// A span of time in words: "2 h 5 min", "45 s", "3 d 2 h"; the two largest units.
export function durationText(ms) {
    const total = Math.max(0, Math.round(Number(ms) / 1000));
    const units = [['d', 86_400], ['h', 3_600], ['min', 60], ['s', 1]];
    const parts = [];
    let rest = total;
    for (const [unit, size] of units) {
        const count = Math.floor(rest / size);
        rest -= count * size;
        if (count > 0 || (unit === 's' && parts.length === 0)) parts.push(t(`admin.duration.${unit}`, { count }));
        if (parts.length === 2) break;
    }
    return parts.join(' ');
}
