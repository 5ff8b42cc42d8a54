// How the client writes ratings (docs/ratings.md): a rating as a whole number with a "?" while it
// is provisional ("1523", "1500?"), a change with its sign ("+12", "−8": a real minus sign,
// U+2212, the typographer's, not the hyphen), and the category of a game. Pure, tested by node.

import { has, t } from './messages.js';

// The speeds a game is filed under (a game's `category`, the games lists' filter), and the rating
// categories: the speeds and Chess960, one category for every speed (docs/chess960.md: a rated
// Chess960 game counts there whatever its time control, but is still filed under its speed).
export const SPEEDS = ['bullet', 'blitz', 'rapid', 'classical'];
export const CATEGORIES = [...SPEEDS, 'chess960'];

export const MINUS = '\u2212';

// R = {rating, provisional} (the summary's white_rating, a profile's rating, a rating_change
// side's {after, provisional}); '' when there is none.
export function ratingText(value) {
    if (!value || typeof value !== 'object') return '';
    const rating = value.rating ?? value.after;
    if (rating === undefined || rating === null || !Number.isFinite(Number(rating))) return '';
    return `${Math.round(Number(rating))}${value.provisional ? '?' : ''}`;
}

// "+12", "−8", "±0"; '' when there is no number.
export function signedDiff(diff) {
    if (diff === undefined || diff === null || !Number.isFinite(Number(diff))) return '';
    const whole = Math.round(Number(diff));
    if (whole === 0) return '±0';
    return whole > 0 ? `+${whole}` : `${MINUS}${-whole}`;
}

// A rating deviation, rounded: "290".
export function deviationText(rd) {
    return rd === undefined || rd === null || !Number.isFinite(Number(rd)) ? '' : String(Math.round(Number(rd)));
}

// "blitz" -> "Blitz" in the page's language; a category the catalogue does not know as itself.
export function categoryName(category) {
    return category && has(`category.${category}`) ? t(`category.${category}`) : category || '';
}

// One side of a rating change (rating_change's white/black, or a game's rating_changes side) as
// a short line: "1662? (+162)" or, without provisional knowledge, "1662 (+162)".
export function changeText(change) {
    if (!change) return '';
    return t('rating.change', { rating: ratingText({ rating: change.after, provisional: change.provisional }),
                                diff: signedDiff(change.diff) });
}

// Whether a time control can be rated: any with a clock (docs/ratings.md: an untimed rated table
// is refused with rated_needs_clock).
export function isTimed(timeControl) {
    return Boolean(timeControl) && timeControl.kind !== 'untimed' && timeControl !== 'untimed';
}
