// How a game is set up (issue 27's shared contract, docs/protocol.md): the variant, Chess960's
// start number and the FEN of a game from a position, as the forms read them from their inputs
// and as the requests (open_table, challenge) carry them. Pure decisions, so node tests them:
// what the request fields are or which input is wrong, what the position preview asks the
// server, whether the setup may be rated, and how a table or game names its variant.

import { t } from './messages.js';

export const VARIANTS = ['standard', 'chess960', 'from_position'];

// Scharnagl's numbers run from 0 to 959; 518 is the standard start.
export const CHESS960_POSITIONS = 960;

// The Chess960 number typed into the form: null for an empty box (the server draws one), the
// number, or NaN when the text is not a whole number from 0 to 959.
export function chess960Number(text) {
    const trimmed = String(text ?? '').trim();
    if (trimmed === '') return null;
    if (!/^\d{1,3}$/.test(trimmed)) return NaN;
    const number = Number(trimmed);
    return number < CHESS960_POSITIONS ? number : NaN;
}

// The request fields of a choice {variant, number, fen} (the inputs' texts): {fields} to merge
// into the request, or {error, input} with the catalogue key of what is wrong and the input
// ('chess960' | 'fen') that holds it. Standard chess sends nothing (the server's default).
export function setupFields({ variant = 'standard', number = '', fen = '' } = {}) {
    if (!VARIANTS.includes(variant)) return { error: 'setup.variant.invalid', input: 'variant' };
    if (variant === 'standard') return { fields: {} };
    if (variant === 'chess960') {
        const chosen = chess960Number(number);
        if (Number.isNaN(chosen)) return { error: 'setup.chess960.invalid', input: 'chess960' };
        return { fields: chosen === null ? { variant } : { variant, chess960: chosen } };
    }
    const text = String(fen ?? '').trim();
    if (!text) return { error: 'setup.fen.missing', input: 'fen' };
    return { fields: { variant, fen: text } };
}

// The query of GET /api/position for the preview of a choice, or null when there is nothing to
// show (standard chess, a random Chess960 start, an empty or unreadable box).
export function previewQuery({ variant = 'standard', number = '', fen = '' } = {}) {
    if (variant === 'chess960') {
        const chosen = chess960Number(number);
        return chosen === null || Number.isNaN(chosen) ? null : `chess960=${chosen}`;
    }
    if (variant === 'from_position') {
        const text = String(fen ?? '').trim();
        return text ? `fen=${encodeURIComponent(text)}` : null;
    }
    return null;
}

// Games from a position are casual only (as on lichess); standard chess and Chess960 may be rated.
export function ratedPossible(variant) {
    return variant !== 'from_position';
}

// The variant of a table summary, table_state or game record ({variant, chess960}) in words:
// "Chess960 #518", "from a position", or '' for standard chess (which says nothing).
export function variantText(record) {
    if (!record) return '';
    if (record.variant === 'chess960') {
        return Number.isInteger(record.chess960) ? t('variant.chess960.numbered', { number: record.chess960 }) : t('variant.chess960');
    }
    if (record.variant === 'from_position') return t('variant.from_position');
    return '';
}
