// The leaderboards' body (/leaderboard): a tab per category (bullet, blitz, rapid, classical, chess960) and
// the chosen category's list: rank, nick (a link to the profile), rating, games. A category with
// nobody settled yet says why it is empty.

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { errorNodes } from '../alerts_view.js';
import { profilePath } from '../profile_link.js';
import { CATEGORIES, categoryName, ratingText } from '../rating_format.js';

export class LeaderboardView {
    // root: the page's <main>; choose(category): a tab was clicked.
    constructor(root, choose) {
        this.root = root;
        this.choose = choose;
        this.boards = null;   // GET /api/leaderboard's answer
        this.error = null;
        this.category = 'blitz';
    }

    show(boards) {
        this.boards = boards;
        this.error = null;
    }

    fail(error) {
        this.error = error;
    }

    title() {
        return t('leaderboard.page_title');
    }

    render(category = this.category) {
        this.category = CATEGORIES.includes(category) ? category : 'blitz';
        const tabs = el('div', { class: 'leaderboard-tabs', role: 'tablist', 'aria-label': t('leaderboard.tabs') },
                        CATEGORIES.map((name) => el('button', {
                            type: 'button', role: 'tab', dataset: { category: name }, 'aria-selected': String(name === this.category),
                            onclick: () => this.choose(name),
                        }, categoryName(name))));
        let body;
        if (this.error) body = el('p', { class: 'public-problem', role: 'alert' }, errorNodes(this.error));
        else if (!this.boards) body = el('p', { class: 'leaderboard-loading', role: 'status' }, t('leaderboard.loading'));
        else body = this.list(this.boards[this.category] || []);
        fill(this.root, el('h2', {}, t('leaderboard.title')), tabs, el('p', { class: 'hint' }, t('leaderboard.hint')), body);
    }

    list(players) {
        if (!players.length) {
            return el('p', { class: 'leaderboard-empty', role: 'tabpanel', dataset: { category: this.category } }, t('leaderboard.empty'));
        }
        return el('table', { class: 'data-table leaderboard-list', role: 'tabpanel', dataset: { category: this.category } },
                  el('thead', {}, el('tr', {},
                                     el('th', { class: 'number' }, t('leaderboard.col.rank')), el('th', {}, t('leaderboard.col.nick')),
                                     el('th', { class: 'number' }, t('leaderboard.col.rating')),
                                     el('th', { class: 'number' }, t('leaderboard.col.games')))),
                  el('tbody', {}, players.map((player) => el('tr', { dataset: { nick: player.nick } },
                      el('td', { class: 'number rank' }, String(player.rank)),
                      el('td', {}, el('a', { class: 'profile-link', href: profilePath(player.nick) }, player.nick)),
                      el('td', { class: 'number rating' }, ratingText({ rating: player.rating })),
                      el('td', { class: 'number games' }, String(player.games ?? ''))))));
    }
}
