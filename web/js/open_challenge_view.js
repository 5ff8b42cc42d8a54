// Open challenges in the page (docs/protocol.md, "Open challenges").
//
// FriendChallengeView: "Challenge a friend", the form that makes a link (time control, colour,
// rated, the game's setup, optionally the only players who may accept, how long it holds), the
// link just made with a Copy button, and my standing links with Withdraw.
//
// OpenedChallengeView: the page opened at /challenge/<token> shows who challenges, on what
// terms, and Accept; a visitor is asked to play as a guest (or log in) first; a link that is
// used, expired or unknown says so. All user text goes in as text, never as markup.

import { el, fill, keepingFocus } from './dom.js';
import { errorNodes } from './alerts_view.js';
import { variantText } from './game_setup.js';
import { GameSetupForm } from './game_setup_form.js';
import { RatedChoice } from './rated_choice.js';
import { language, t } from './messages.js';
import { DEFAULT_LINK_HOURS, LINK_HOURS, accepterColour, openLinkFields } from './open_challenges.js';
import { PRESETS, describe, presetLabel } from './time_control.js';
import { dateTime } from './time_format.js';

// The terms of a link in words: "5+3, casual, Chess960 #518, you play Black".
function termsText(challenge, colorKey) {
    const parts = [describe(challenge.time_control), t(challenge.rated ? 'invitation.rated' : 'invitation.casual')];
    const variant = variantText(challenge);
    if (variant) parts.push(variant);
    parts.push(t(colorKey));
    return parts.join(', ');
}

export class FriendChallengeView {
    // actions: {create(fields) -> Promise, cancel(link), copy(url) -> Promise}
    // The inputs' names start with "link_": the table and challenge forms stand in the same page.
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
        this.preset = el('select', { name: 'link_time_control' },
                         PRESETS.map((preset, index) => el('option', { value: String(index), selected: index === 2 })));
        this.colour = el('select', { name: 'link_color' }, ['random', 'white', 'black'].map((colour) => el('option', { value: colour })));
        this.rated = new RatedChoice('link_rated');
        this.guest = false;
        this.setup = new GameSetupForm({ onChange: () => this.updateRated() });
        this.players = el('input', { type: 'text', name: 'link_players', maxlength: 45, autocomplete: 'off' });
        this.hours = el('select', { name: 'link_hours' },
                        LINK_HOURS.map((hours) => el('option', { value: String(hours), selected: hours === DEFAULT_LINK_HOURS })));
        this.submit = el('button', { type: 'submit', class: 'accept' });
        this.summary = el('summary', {});
        this.form = el('form', { class: 'link-form', onsubmit: (event) => { event.preventDefault(); this.send(); } },
                       this.preset, this.colour, ...this.rated.nodes, this.setup.node, this.players, this.hours, this.submit);
        this.details = el('details', { class: 'link-details', id: 'challenge-friend' }, this.summary, this.form);
        this.made = el('div', { class: 'link-made' });
        this.list = el('ul', { class: 'link-list' });
        fill(this.root, this.details, this.made, this.list);
        this.relabel();
    }

    relabel() {
        const label = (node, key) => node.setAttribute('aria-label', t(key));
        this.summary.textContent = t('open_link.title');
        label(this.preset, 'open.time_control');
        label(this.colour, 'open.colour');
        label(this.players, 'open_link.form.players');
        this.players.placeholder = t('open_link.form.players');
        label(this.hours, 'open_link.form.hours');
        [...this.preset.options].forEach((option, index) => { option.textContent = presetLabel(PRESETS[index]); });
        for (const option of this.colour.options) option.textContent = t(`open.colour.${option.value}`);
        for (const option of this.hours.options) option.textContent = t('open_link.form.valid', { hours: Number(option.value) });
        this.rated.relabel();
        this.submit.textContent = t('open_link.form.make');
        this.setup.relabel();
        this.updateRated();
    }

    updateRated() {
        this.rated.update({ guest: this.guest, variant: this.setup.variant });
    }

    // Opens the form (the first page's "Challenge a friend").
    open() {
        this.details.open = true;
        this.submit.focus();
    }

    send() {
        for (const input of [this.rated.input, this.players]) input.setCustomValidity('');
        const answer = openLinkFields({ time_control: PRESETS[Number(this.preset.value)].value, color: this.colour.value,
                                        rated: this.rated.checked, players: this.players.value, hours: this.hours.value });
        if (answer.error) {
            const input = answer.input === 'rated' ? this.rated.input : this.players;
            input.setCustomValidity(t(answer.error));
            input.reportValidity();
            return;
        }
        const setup = this.setup.fields();
        if (!setup) return;
        this.actions.create({ ...answer.fields, ...setup }).then(() => { this.players.value = ''; }, () => {});
    }

    // links: open_challenges.js's; place: {online, guest}
    render(links, { online, guest }) {
        this.root.hidden = !online;
        if (!online) return;
        this.guest = guest;
        this.updateRated();
        keepingFocus(() => this.redraw(links));
    }

    redraw(links) {
        const made = links.made;
        fill(this.made, made ? [
            el('p', { class: 'hint' }, t('open_link.made')),
            el('span', { class: 'link-copy' },
               el('input', { type: 'text', readonly: true, class: 'link-url', value: made.url, 'aria-label': t('open_link.url'),
                             onfocus: (event) => event.target.select() }),
               el('button', { type: 'button', class: 'link-copy-button',
                              onclick: (event) => this.actions.copy(made.url).then(() => { event.target.textContent = t('open_link.copied'); }, () => {}) },
                  t('open_link.copy'))),
        ] : []);
        this.made.hidden = !made;
        fill(this.list, links.mine.map((link) => el('li', { class: 'link-standing', dataset: { link: link.link } },
            el('span', {}, t('open_link.standing', { terms: termsText(link, `challenge.you_play.${link.color}`),
                                                     until: dateTime(link.expires_ms, language()) }),
               link.players && link.players.length ? ` ${t('open_link.only_for', { nicks: link.players.join(', ') })}` : ''),
            el('button', { type: 'button', onclick: () => this.actions.cancel(link.link) }, t('challenge.cancel')))));
        this.list.hidden = links.mine.length === 0;
        this.list.setAttribute('aria-label', t('open_link.list'));
    }
}

export class OpenedChallengeView {
    // actions: {accept(), dismiss()}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
    }

    // opened: open_challenges.js's `opened` (null: the page was opened for no link);
    // place: {online, visitor, busy}
    render(opened, { online, visitor }) {
        this.root.hidden = !opened || !(online || visitor);
        if (this.root.hidden) return fill(this.root);
        keepingFocus(() => this.redraw(opened, { online, visitor }));
    }

    redraw(opened, { online, visitor }) {
        const title = el('h2', {}, t('open_link.opened.title'));
        if (opened.error) {
            return fill(this.root, title,
                        el('p', { class: 'form-error', role: 'alert', dataset: { code: opened.error.code } }, errorNodes(opened.error)),
                        el('button', { type: 'button', class: 'link-dismiss', onclick: () => this.actions.dismiss() }, t('open_link.opened.dismiss')));
        }
        const challenge = opened.challenge;
        if (!challenge) return fill(this.root, title, el('p', { class: 'hint' }, t('open_link.opened.loading')));
        const text = t('open_link.opened.text', { from: challenge.from,
                                                  terms: termsText(challenge, `challenge.you_play.${accepterColour(challenge.color)}`) });
        fill(this.root, title,
             el('p', { class: 'open-challenge-text' }, text),
             challenge.players && challenge.players.length
                 ? el('p', { class: 'hint' }, t('open_link.only_for', { nicks: challenge.players.join(', ') })) : null,
             online
                 ? el('span', { class: 'invitation-answers' },
                      el('button', { type: 'button', class: 'accept', id: 'accept-open-challenge', onclick: () => this.actions.accept() },
                         t('invitation.accept')),
                      el('button', { type: 'button', onclick: () => this.actions.dismiss() }, t('open_link.opened.dismiss')))
                 : visitor ? el('p', { class: 'hint' }, t('open_link.opened.visitor')) : null);
    }
}
