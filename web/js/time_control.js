// Time controls as the lobby offers them and as the server describes them (the object form of
// docs/protocol.md). Presets are sent in object form so that nothing depends on the server's
// reading of the short "M+S" spelling.

const MIN = 60_000;
const SEC = 1_000;

export const PRESETS = [
    { label: '1+0 bullet', value: { kind: 'sudden_death', base_ms: 1 * MIN } },
    { label: '3+2 blitz', value: { kind: 'fischer', base_ms: 3 * MIN, increment_ms: 2 * SEC } },
    { label: '5+3 blitz', value: { kind: 'fischer', base_ms: 5 * MIN, increment_ms: 3 * SEC } },
    { label: '15+10 rapid', value: { kind: 'fischer', base_ms: 15 * MIN, increment_ms: 10 * SEC } },
    {
        label: '90/40+30 classical (FIDE)',
        value: {
            kind: 'stages',
            stages: [{ moves: 40, time_ms: 90 * MIN }, { time_ms: 30 * MIN }],
            increment_ms: 30 * SEC,
        },
    },
    { label: '5 min Bronstein 3 s', value: { kind: 'bronstein', base_ms: 5 * MIN, delay_ms: 3 * SEC } },
    { label: '5 min delay 5 s', value: { kind: 'delay', base_ms: 5 * MIN, delay_ms: 5 * SEC } },
    { label: 'untimed', value: { kind: 'untimed' } },
];

function minutes(ms) {
    const m = ms / MIN;
    return Number.isInteger(m) ? String(m) : (ms / SEC).toFixed(0) + 's';
}

function seconds(ms) {
    const s = ms / SEC;
    return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

// A short human description: "5+3", "90/40, 30 +30s", "5 Bronstein 3s", "untimed".
export function describe(tc) {
    if (tc === undefined || tc === null) return '?';
    if (typeof tc === 'string') return tc;
    switch (tc.kind) {
    case 'untimed':
        return 'untimed';
    case 'sudden_death':
        return `${minutes(tc.base_ms)}+0`;
    case 'fischer':
        return `${minutes(tc.base_ms)}+${seconds(tc.increment_ms || 0)}`;
    case 'bronstein':
        return `${minutes(tc.base_ms)} Bronstein ${seconds(tc.delay_ms)}s`;
    case 'delay':
        return `${minutes(tc.base_ms)} delay ${seconds(tc.delay_ms)}s`;
    case 'stages': {
        const stages = (tc.stages || [])
            .map((stage) => (stage.moves ? `${minutes(stage.time_ms)}/${stage.moves}` : minutes(stage.time_ms)))
            .join(', ');
        let extra = '';
        if (tc.increment_ms) extra += ` +${seconds(tc.increment_ms)}s`;
        if (tc.delay_ms) extra += ` ${tc.delay_kind === 'bronstein' ? 'Bronstein' : 'delay'} ${seconds(tc.delay_ms)}s`;
        return stages + extra;
    }
    default:
        return tc.kind || '?';
    }
}
