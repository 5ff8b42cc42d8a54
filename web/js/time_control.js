// Time controls as the lobby offers them and as the server describes them (the object form of
// docs/protocol.md). Presets are sent in object form so that nothing depends on the server's
// reading of the short "M+S" spelling. The words of a description come from the message
// catalogue; the numbers are written as players write them everywhere.

import { t } from './messages.js';

const MIN = 60_000;
const SEC = 1_000;

export const PRESETS = [
    { key: 'preset.bullet', speed: '1+0', value: { kind: 'sudden_death', base_ms: 1 * MIN } },
    { key: 'preset.blitz', speed: '3+2', value: { kind: 'fischer', base_ms: 3 * MIN, increment_ms: 2 * SEC } },
    { key: 'preset.blitz', speed: '5+3', value: { kind: 'fischer', base_ms: 5 * MIN, increment_ms: 3 * SEC } },
    { key: 'preset.rapid', speed: '15+10', value: { kind: 'fischer', base_ms: 15 * MIN, increment_ms: 10 * SEC } },
    {
        key: 'preset.classical',
        speed: '90/40+30',
        value: {
            kind: 'stages',
            stages: [{ moves: 40, time_ms: 90 * MIN }, { time_ms: 30 * MIN }],
            increment_ms: 30 * SEC,
        },
    },
    { key: 'preset.bronstein', speed: '5', extra: 3, value: { kind: 'bronstein', base_ms: 5 * MIN, delay_ms: 3 * SEC } },
    { key: 'preset.delay', speed: '5', extra: 5, value: { kind: 'delay', base_ms: 5 * MIN, delay_ms: 5 * SEC } },
    { key: 'preset.untimed', value: { kind: 'untimed' } },
];

// A time control of the player's own: minutes (a quarter of a minute at least, as on lichess)
// and an increment in seconds, or null when either is not a number in range.
export function customTimeControl(minutesText, incrementText) {
    const minutes = Number(minutesText);
    const increment = Number(incrementText || 0);
    if (!Number.isFinite(minutes) || minutes < 0.25 || minutes > 180) return null;
    if (!Number.isFinite(increment) || increment < 0 || increment > 180) return null;
    const base_ms = Math.round(minutes * 60) * SEC;
    const increment_ms = Math.round(increment) * SEC;
    return increment_ms ? { kind: 'fischer', base_ms, increment_ms } : { kind: 'sudden_death', base_ms };
}

// The preset as the lobby's menu lists it: "5+3 blitz", "5 min Bronstein 3 s".
export function presetLabel(preset) {
    return t(preset.key, { speed: preset.speed, extra: preset.extra });
}

// Whole minutes as players write them ("5"); a base that is not a whole number of minutes in
// seconds, in the page's language ("15 Sek.", "90 s"), never as a bare "15s" that reads as a typo.
function minutes(ms) {
    const m = ms / MIN;
    return Number.isInteger(m) ? String(m) : t('tc.seconds', { seconds: (ms / SEC).toFixed(0) });
}

// Base and increment: "5+3" for whole minutes; "15 Sek. + 0" when the base is in seconds, spaced so
// the unit is not read as part of the increment.
function basePlus(baseMs, incrementMs) {
    const increment = seconds(incrementMs || 0);
    if (Number.isInteger(baseMs / MIN)) return `${minutes(baseMs)}+${increment}`;
    return t('tc.plus', { base: minutes(baseMs), increment });
}

function seconds(ms) {
    const s = ms / SEC;
    return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

// A short human description: "5+3", "15 s + 0", "90/40, 30 +30s", "5 Bronstein 3s", "untimed".
export function describe(tc) {
    if (tc === undefined || tc === null) return '?';
    if (typeof tc === 'string') return tc;
    switch (tc.kind) {
    case 'untimed':
        return t('tc.untimed');
    case 'sudden_death':
        return basePlus(tc.base_ms, 0);
    case 'fischer':
        return basePlus(tc.base_ms, tc.increment_ms);
    case 'bronstein':
        return t('tc.bronstein', { base: minutes(tc.base_ms), delay: seconds(tc.delay_ms) });
    case 'delay':
        return t('tc.delay', { base: minutes(tc.base_ms), delay: seconds(tc.delay_ms) });
    case 'stages': {
        const stages = (tc.stages || [])
            .map((stage) => (stage.moves ? `${minutes(stage.time_ms)}/${stage.moves}` : minutes(stage.time_ms)))
            .join(', ');
        let extra = '';
        if (tc.increment_ms) extra += ` +${seconds(tc.increment_ms)}s`;
        if (tc.delay_ms) extra += ` ${t(tc.delay_kind === 'bronstein' ? 'tc.stages.bronstein' : 'tc.stages.delay', { delay: seconds(tc.delay_ms) })}`;
        return stages + extra;
    }
    default:
        return tc.kind || '?';
    }
}
