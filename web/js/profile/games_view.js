// The profile's list of all of a player's games: the filters of GET /api/players/{nick}/games
// (won/drawn/lost, colour, category, opponent, rated or casual), a page of games, and "more
// games" while the answer names a next page. The form's fields live across redraws, so a switch
// of the language keeps what was typed.

import { el, fill, keepingFocus } from '../dom.js';
import { t } from '../messages.js';
import { errorNodes } from '../alerts_view.js';
import { CATEGORIES } from '../rating_format.js';
import { gamesTable } from './games_table.js';
import { COLOURS, OUTCOMES, RATED, playerGamesPath, playerGamesQuery } from './player_games.js';

export class PlayerGamesView {
    // api: AccountApi (its call(method, path)); nick: the player.
    constructor(api, nick) {
        this.api = api;
        this.nick = nick;
        this.root = el('section', { class: 'player-games' });
        this.games = [];
        this.next = null;
        this.loading = false;
        this.error = null;
        this.asked = 0; // which request's answer counts: a new search makes older answers stale
        const select = (name, values, label) => el('select', { name }, el('option', { value: '' }),
                                                   values.map((value) => el('option', { value, dataset: { label: label(value) } })));
        this.fields = {
            result: select('result', OUTCOMES, (value) => `games.outcome.${value}`),
            colour: select('colour', COLOURS, (value) => `side.${value}`),
            category: select('category', CATEGORIES, (value) => `category.${value}`),
            rated: select('rated', RATED, (value) => `games.rated.${value}`),
            opponent: el('input', { type: 'text', name: 'opponent', maxlength: 20 }),
        };
        this.labels = {};
        this.submit = el('button', { type: 'submit' });
        this.form = el('form', { class: 'games-filter', onsubmit: (event) => { event.preventDefault(); this.search(); } },
                       Object.entries(this.fields).map(([name, field]) => {
                           this.labels[name] = el('span', {});
                           return el('label', {}, this.labels[name], field);
                       }),
                       this.submit);
    }

    values() {
        return Object.fromEntries(Object.entries(this.fields).map(([name, field]) => [name, field.value]));
    }

    // A new search: the first page of what the form asks.
    search() {
        this.games = [];
        this.next = null;
        this.load(null);
    }

    more() {
        if (this.next !== null && !this.loading) this.load(this.next);
    }

    load(cursor) {
        const { query, error } = playerGamesQuery(this.values(), cursor);
        if (error) return;
        const asked = ++this.asked;
        this.loading = true;
        this.error = null;
        this.render();
        this.api.call('GET', playerGamesPath(this.nick, query)).then((answer) => {
            if (asked !== this.asked) return;
            this.games = [...this.games, ...(answer.games || [])];
            this.next = answer.next ?? null;
            this.loading = false;
            this.render();
        }, (failure) => {
            if (asked !== this.asked) return;
            this.error = failure;
            this.loading = false;
            this.render();
        });
    }

    render() {
        keepingFocus(() => this.redraw());
        return this.root;
    }

    redraw() {
        for (const [name, field] of Object.entries(this.fields)) {
            this.labels[name].textContent = t(`games.filter.${name}`);
            if (field.tagName === 'SELECT') {
                for (const option of field.options) {
                    option.textContent = option.value ? t(option.dataset.label) : t('games.filter.any');
                }
            }
        }
        this.fields.opponent.placeholder = t('games.filter.opponent.placeholder');
        this.submit.textContent = t('games.filter.submit');
        const list = this.games.length ? gamesTable(this.games, this.nick, 'games-list all-games')
            : this.loading ? null : el('p', { class: 'hint games-none' }, t('games.none'));
        fill(this.root,
             el('h3', {}, t('profile.games')),
             this.form,
             list,
             this.error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(this.error)) : null,
             this.loading ? el('p', { class: 'hint', role: 'status' }, t('games.loading')) : null,
             this.next !== null && !this.loading
                 ? el('button', { type: 'button', class: 'more-games', onclick: () => this.more() }, t('games.more')) : null);
    }
}

