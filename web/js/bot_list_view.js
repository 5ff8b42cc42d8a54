// "Bots online" (issue 29 §3): the lobby's small panel of the bots online (GET /api/bot/online,
// bot_list.js), each with its BOT mark, its ratings and a Challenge button that opens the client's
// challenge form with its nick (challenge_view.js). A node of its own that the lobby's rooms
// column holds (lobby_view.js); main.js asks for the list and hands it here. Nicks and titles are
// the server's text and go in as text, never as markup.

import { el, fill, keepingFocus } from './dom.js';
import { errorNodes } from './alerts_view.js';
import { language, t } from './messages.js';
import { profilePath } from './profile_link.js';
import { botListKey, botRatings } from './bot_list.js';

export class BotListView {
    // actions: {challenge(nick), refresh()}
    constructor(actions) {
        this.actions = actions;
        this.node = el('section', { class: 'bot-list-panel', id: 'bots', hidden: true });
        this.drawn = null;
    }

    // bots: {list: [bot] | null (not read yet), error}; online: whether the player can challenge
    // (signed in, a guest too); nick: the player's own (no button beside himself).
    // The same list, error, viewer and language keep the drawn panel: a Challenge button rebuilt
    // under a press every 15 s would lose the click.
    render(bots, { online, nick }) {
        this.node.hidden = !online;
        if (!online) return;
        const drawn = { list: botListKey(bots.list), error: bots.error, nick, lang: language(), loaded: bots.list !== null };
        if (this.drawn && Object.keys(drawn).every((key) => drawn[key] === this.drawn[key])) return;
        this.drawn = drawn;
        keepingFocus(() => this.redraw(bots, nick));
    }

    redraw(bots, nick) {
        const me = (nick || '').toLowerCase();
        let body;
        if (bots.list === null) body = bots.error ? null : el('p', { class: 'hint' }, t('bots.loading'));
        else if (!bots.list.length) body = el('p', { class: 'hint bots-none' }, t('bots.none'));
        else {
            body = el('ul', { class: 'bot-list', 'aria-label': t('bots.title') }, bots.list.map((bot) => el('li', { dataset: { bot: bot.username } },
                el('span', { class: 'bot-name' },
                   el('a', { class: 'profile-link', href: profilePath(bot.username), target: '_blank', rel: 'noopener',
                             title: t('nick.profile.title', { nick: bot.username }) }, bot.username),
                   el('span', { class: 'bot-mark', title: t('bots.mark.title') }, bot.title)),
                el('span', { class: 'bot-ratings' }, botRatings(bot.perfs).map((rating, index) => [index ? ' · ' : null,
                    el('span', { class: 'bot-rating', dataset: { category: rating.category } }, `${rating.name} ${rating.text}`)])),
                bot.username.toLowerCase() === me ? null : el('button', {
                    type: 'button', class: 'bot-challenge', dataset: { action: 'challenge' },
                    title: t('bots.challenge.title', { nick: bot.username }), onclick: () => this.actions.challenge(bot.username),
                }, t('bots.challenge')))));
        }
        fill(this.node,
             el('div', { class: 'panel-header' }, el('h3', {}, t('bots.title')),
                el('button', { type: 'button', class: 'bot-refresh', onclick: () => this.actions.refresh() }, t('bots.refresh'))),
             body,
             bots.error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(bots.error)) : null,
             el('p', { class: 'hint' }, t('bots.hint')));
    }
}
