// A list of games seen from one player's side, as the profile shows them (filtered): the day, the colour, the opponent (a link to their profile), won/drawn/lost with
// the score, the category and rated or casual, the rating change, and the link to the game's
// page /games/{id}.

import { el } from '../dom.js';
import { language, t } from '../messages.js';
import { archivePath } from '../archive_link.js';
import { analysisPath } from '../analysis/analysis_link.js';
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
        // Each cell names its column too: on a phone the rows are cards without the header (profile.css).
        const label = (index) => t(HEADERS[index]);
        return el('tr', { dataset: { game: game.id, outcome: seen.outcome, rated: String(Boolean(game.rated)) } },
                  el('td', { dataset: { label: label(0) } }, dateOnly(game.started_at, language())),
                  el('td', { dataset: { label: label(1) } }, seen.colour ? sideName(seen.colour) : ''),
                  el('td', { dataset: { label: label(2) } },
                     seen.opponent ? el('a', { class: 'profile-link', href: profilePath(seen.opponent) }, seen.opponent) : ''),
                  el('td', { class: 'outcome', dataset: { label: label(3) } },
                     t(`games.outcome.${seen.outcome}`), game.result ? ` ${scoreText(game.result)}` : ''),
                  el('td', { dataset: { label: label(4) } }, game.category ? `${categoryName(game.category)} · ${mode}` : mode),
                  seen.change ? el('td', { class: 'rating-change', dataset: { label: label(5) } }, changeCell(seen.change))
                      : el('td', { class: 'rating-change' }),
                  el('td', { class: 'number', dataset: { label: label(6) } }, String(game.moves ?? '')),
                  el('td', {}, el('a', { class: 'game-link', href: archivePath(game.id) }, t('games.open', { id: game.id })), ' ',
                     el('a', { class: 'analysis-link', href: analysisPath({ game: game.id }) }, t('analysis.link'))));
    });
    return el('table', { class: `data-table ${className}` },
              el('thead', {}, el('tr', {}, HEADERS.map((key) => el('th', {}, key ? t(key) : '')))),
              el('tbody', {}, rows));
}
