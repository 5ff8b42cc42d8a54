// What the profile page says about a player (GET /api/players/{nick}, docs/ratings.md), in the
// page's language: the ratings table's rows and the sentence for a page that cannot be shown.
// Pure: the answer in, plain strings out; the view puts them on the page with textContent.

import { t } from '../messages.js';
import { CATEGORIES, categoryName, deviationText, ratingText } from '../rating_format.js';

// One row per rating category, in the order bullet, blitz, rapid, classical, chess960: {category, name, rating,
// rd, games, wins, draws, losses, provisional}. A category the answer lacks shows as unplayed.
export function ratingRows(player) {
    const ratings = (player && player.ratings) || {};
    return CATEGORIES.map((category) => {
        const r = ratings[category] || { rating: 1500, rd: 350, games: 0, provisional: true, wins: 0, draws: 0, losses: 0 };
        return {
            category, name: categoryName(category), rating: ratingText(r), rd: deviationText(r.rd),
            games: String(r.games ?? 0), wins: String(r.wins ?? 0), draws: String(r.draws ?? 0), losses: String(r.losses ?? 0),
            provisional: Boolean(r.provisional),
        };
    });
}

// The categories whose history has points, with their points (oldest first).
export function histories(player) {
    const history = (player && player.history) || {};
    return CATEGORIES.filter((category) => Array.isArray(history[category]) && history[category].length > 0)
        .map((category) => ({ category, points: history[category] }));
}

// The sentence for a profile that cannot be shown: no nick in the address, or no such player;
// null for any other failure (the view shows the server's error).
export function profileProblem(error, nick) {
    if (nick === null) return t('profile.bad_address');
    if (error && (error.code === 'no_such_nick' || error.status === 404)) return t('profile.no_such_player', { nick });
    return null;
}
