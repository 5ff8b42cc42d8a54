// The profile page's body (/@/{nick}): the nick, role and first day, the rating of each
// category (with "?" while provisional), its RD, games and won/drawn/lost, a history chart per
// category played rated, the PGN of all games, and below all games with filters, newest first
// (games_view.js). The server's recent games are not listed apart: they are the first rows of
// that list, and a game listed twice reads as two games. Or, while it loads or when it cannot be shown, one sentence.

import { el, fill } from '../dom.js';
import { language, t } from '../messages.js';
import { errorNodes } from '../alerts_view.js';
import { challengeLink } from '../challenge_link.js';
import { playerPgnPath } from '../profile_link.js';
import { categoryName } from '../rating_format.js';
import { dateOnly } from '../time_format.js';
import { PlayerGamesView } from './games_view.js';
import { histories, profileProblem, ratingRows } from './profile_texts.js';
import { chartModel, ratingChart } from './rating_chart.js';

const RATING_COLUMNS = [['profile.col.category'], ['profile.col.rating', 'number'], ['profile.col.rd', 'number', 'profile.col.rd.title'],
                        ['profile.col.games', 'number'], ['profile.col.wins', 'number'], ['profile.col.draws', 'number'],
                        ['profile.col.losses', 'number']];

export class ProfileView {
    // root: the page's <main>; api: AccountApi.
    constructor(root, api) {
        this.root = root;
        this.api = api;
        this.player = null;
        this.problem = null; // {error, nick} when the profile cannot be shown
        this.games = null;
    }

    show(player) {
        this.player = player;
        this.problem = null;
        this.games = new PlayerGamesView(this.api, player.nick);
        this.games.search();
    }

    fail(error, nick) {
        this.player = null;
        this.problem = { error, nick };
    }

    title() {
        return this.player ? t('profile.page_title', { nick: this.player.nick }) : t('profile.page_title', { nick: '' }).trim();
    }

    render() {
        if (this.problem) {
            const { error, nick } = this.problem;
            const sentence = profileProblem(error, nick);
            fill(this.root, el('p', { class: 'public-problem profile-problem', role: 'alert',
                                      dataset: { code: (error && error.code) || 'bad_address' } },
                               sentence !== null ? sentence : errorNodes(error)));
            return;
        }
        const player = this.player;
        if (!player) {
            fill(this.root, el('p', { class: 'profile-loading', role: 'status' }, t('profile.loading')));
            return;
        }
        const lang = language();
        const role = player.role && player.role !== 'player' ? el('span', { class: 'badge role' }, t(`role.${player.role}`)) : null;
        fill(this.root,
             el('h2', { class: 'profile-nick' }, el('span', { class: 'nick' }, player.nick), role),
             // To the main page with the challenge form open for this nick (main.js follows the link).
             el('a', { class: 'profile-challenge', href: challengeLink(player.nick) }, t('profile.challenge', { nick: player.nick })),
             el('dl', { class: 'profile-facts' },
                el('dt', {}, t('profile.role')), el('dd', { class: 'profile-role' }, t(`role.${player.role || 'player'}`)),
                el('dt', {}, t('profile.since')), el('dd', { class: 'profile-since' }, dateOnly(player.since, lang))),
             el('h3', {}, t('profile.ratings')),
             this.ratingsTable(),
             el('p', { class: 'hint' }, t('profile.provisional')),
             el('h3', {}, t('profile.history')),
             this.charts(lang),
             el('a', { class: 'pgn-download', href: playerPgnPath(player.nick), download: `rochade-${player.nick}.pgn` }, t('profile.pgn')),
             this.games.render());
    }

    ratingsTable() {
        const rows = ratingRows(this.player).map((row) => el('tr', { dataset: { category: row.category, provisional: String(row.provisional) } },
            el('td', {}, row.name),
            el('td', { class: 'number rating', title: row.provisional ? t('rating.provisional.title') : null }, row.rating),
            el('td', { class: 'number rd' }, row.rd),
            el('td', { class: 'number games' }, row.games),
            el('td', { class: 'number wins' }, row.wins),
            el('td', { class: 'number draws' }, row.draws),
            el('td', { class: 'number losses' }, row.losses)));
        return el('div', { class: 'table-scroll' }, el('table', { class: 'data-table profile-ratings' },
                  el('thead', {}, el('tr', {}, RATING_COLUMNS.map(([key, cls, title]) => el('th', { class: cls || null, title: title ? t(title) : null }, t(key))))),
                  el('tbody', {}, rows)));
    }

    charts(lang) {
        const drawn = histories(this.player).map(({ category, points }) => {
            const model = chartModel(points);
            const label = t('profile.chart.label', { category: categoryName(category) });
            return el('figure', { class: 'rating-history', dataset: { category } },
                      el('figcaption', {}, categoryName(category)), ratingChart(model, { label, lang }));
        });
        return drawn.length ? el('div', { class: 'rating-histories' }, drawn) : el('p', { class: 'hint' }, t('profile.history.none'));
    }
}
