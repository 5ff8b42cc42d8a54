// A list of games seen from one player's side, as the profile shows its recent games and the
// filtered list: the day, the colour, the opponent (a link to their profile), won/drawn/lost with
// the score, the category and rated or casual, the rating change, and the link to the game's
// page /games/{id}.

import { el } from '../dom.js';
import { language, t } from '../messages.js';
import { archivePath } from '../archive_link.js';
import { profilePath } from '../profile_link.js';
import { categoryName, signedDiff } from '../rating_format.js';
import { scoreText, sideName } from '../table_texts.js';
import { dateOnly } from '../time_format.js';
import { fromPlayer } from './player_games.js';

const HEADERS = ['games.col.date', 'games.col.colour', 'games.col.opponent', 'games.col.result', 'games.col.category',
                 'games.col.rating', 'games.col.moves', null];

function changeCell(change) {
    if (!change) return '';
    const diff = Math.round(Number(change.diff));
    return [String(Math.round(Number(change.after))), ' ',
            el('span', { class: diff > 0 ? 'diff-up' : diff < 0 ? 'diff-down' : 'diff-none' }, `(${signedDiff(change.diff)})`)];
}

// games: [G] (docs/ratings.md); nick: the profile's player.
export function gamesTable(games, nick, className = 'games-list') {
    const rows = games.map((game) => {
        const seen = fromPlayer(game, nick);
        const mode = t(game.rated ? 'games.rated.true' : 'games.rated.false');
        return el('tr', { dataset: { game: game.id, outcome: seen.outcome, rated: String(Boolean(game.rated)) } },
                  el('td', {}, dateOnly(game.started_at, language())),
                  el('td', {}, seen.colour ? sideName(seen.colour) : ''),
                  el('td', {}, seen.opponent ? el('a', { class: 'profile-link', href: profilePath(seen.opponent) }, seen.opponent) : ''),
                  el('td', { class: 'outcome' }, t(`games.outcome.${seen.outcome}`), game.result ? ` ${scoreText(game.result)}` : ''),
                  el('td', {}, game.category ? `${categoryName(game.category)} · ${mode}` : mode),
                  el('td', { class: 'rating-change' }, changeCell(seen.change)),
                  el('td', { class: 'number' }, String(game.moves ?? '')),
                  el('td', {}, el('a', { class: 'game-link', href: archivePath(game.id) }, t('games.open', { id: game.id }))));
    });
    return el('table', { class: `data-table ${className}` },
              el('thead', {}, el('tr', {}, HEADERS.map((key) => el('th', {}, key ? t(key) : '')))),
              el('tbody', {}, rows));
}
