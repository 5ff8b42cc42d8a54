// Challenges in the page (docs/protocol.md, "Challenges"): the form to challenge a player by
// nick, the notices of challenges made to me (with Accept, a reason and Decline) and of mine that
// wait for an answer (with Cancel). Like the invitations they stand in the page's flow above the
// lobby and the game, wherever the player is, until answered or gone. All user text (nicks, the
// message) goes in as text, never as markup.

import { el, fill, keepingFocus } from './dom.js';
import { DECLINE_REASONS, MAX_MESSAGE_BYTES, challengeFields } from './challenges.js';
import { variantText } from './game_setup.js';
import { GameSetupForm } from './game_setup_form.js';
import { RatedChoice } from './rated_choice.js';
import { t } from './messages.js';
import { PRESETS, describe, presetLabel } from './time_control.js';

// What a challenge made to me asks, in words: who, the clock, rated or casual, the variant when
// it is not standard chess ("Chess960 #607", "Chess960 (random start)", "from a position"), and
// my colour.
function challengeText(offer, mode, color) {
    const params = { from: offer.from, time: describe(offer.time_control), mode, color };
    const variant = variantText(offer);
    return variant ? t('challenge.text.variant', { ...params, variant }) : t('challenge.text', params);
}

export class ChallengeView {
    // formRoot: where the "challenge a player" form lives; listRoot: the notices.
    // actions: {challenge(fields), accept(offer), decline(offer, reason), cancel(outgoing)}
    // The inputs' names start with "challenge_": the lobby's form to open a table has its own
    // time_control and color in the same page.
    constructor(formRoot, listRoot, actions) {
        this.formRoot = formRoot;
        this.listRoot = listRoot;
        this.actions = actions;
        this.reasons = new Map(); // challenge id -> the reason chosen so far, across redraws
        this.to = el('input', { type: 'text', name: 'challenge_to', maxlength: 20, autocomplete: 'off' });
        this.preset = el('select', { name: 'challenge_time_control' },
                         PRESETS.map((preset, index) => el('option', { value: String(index), selected: index === 2 })));
        this.colour = el('select', { name: 'challenge_color' }, ['random', 'white', 'black'].map((colour) => el('option', { value: colour })));
        this.rated = new RatedChoice('challenge_rated');
        this.guest = false;
        // The variant, Chess960's number and the FEN with its preview, as the table form's.
        this.setup = new GameSetupForm({ onChange: () => this.updateRated() });
        this.message = el('input', { type: 'text', name: 'challenge_message', maxlength: MAX_MESSAGE_BYTES });
        this.submit = el('button', { type: 'submit', class: 'accept' });
        this.summary = el('summary', {});
        this.form = el('form', { class: 'challenge-form', onsubmit: (event) => { event.preventDefault(); this.send(); } },
                       this.to, this.preset, this.colour, ...this.rated.nodes, this.setup.node, this.message, this.submit);
        this.details = el('details', { class: 'challenge-details' }, this.summary, this.form);
        fill(this.formRoot, this.details);
        this.relabel();
    }

    relabel() {
        const label = (node, key, placeholder = true) => {
            node.setAttribute('aria-label', t(key));
            if (placeholder) node.placeholder = t(key);
        };
        this.summary.textContent = t('challenge.form.title');
        label(this.to, 'challenge.form.to');
        label(this.preset, 'open.time_control', false);
        label(this.colour, 'open.colour', false);
        label(this.message, 'challenge.form.message');
        [...this.preset.options].forEach((option, index) => { option.textContent = presetLabel(PRESETS[index]); });
        for (const option of this.colour.options) option.textContent = t(`open.colour.${option.value}`);
        this.rated.relabel();
        this.submit.textContent = t('challenge.form.send');
        this.setup.relabel();
        this.updateRated();
    }

    updateRated() {
        this.rated.update({ guest: this.guest, variant: this.setup.variant });
    }

    // Opens the form with a nick filled in (from the member list or a profile page).
    challengeNick(nick) {
        this.to.value = nick;
        this.details.open = true;
        this.message.focus();
    }

    send() {
        for (const input of [this.to, this.rated.input, this.message]) input.setCustomValidity('');
        const answer = challengeFields({
            to: this.to.value, time_control: PRESETS[Number(this.preset.value)].value, color: this.colour.value,
            rated: this.rated.checked, message: this.message.value,
        });
        if (answer.error) {
            const input = { to: this.to, rated: this.rated.input, message: this.message }[answer.input] || this.to;
            input.setCustomValidity(t(answer.error));
            input.reportValidity();
            return;
        }
        const setup = this.setup.fields();
        if (!setup) return;
        this.actions.challenge({ ...answer.fields, ...setup }).then(() => { this.message.value = ''; }, () => {});
    }

    // guest: a guest cannot ask for a rated game; challenges: challenges.js.
    render(challenges, { online, guest }) {
        this.formRoot.hidden = !online;
        this.guest = guest;
        this.updateRated();
        keepingFocus(() => this.redraw(online ? challenges : { incoming: new Map(), outgoing: new Map() }));
    }

    redraw(challenges) {
        for (const id of [...this.reasons.keys()]) if (!challenges.incoming.has(id)) this.reasons.delete(id);
        const mode = (rated) => t(rated ? 'invitation.rated' : 'invitation.casual');
        // The offer's colour is the challenger's; the challenged player reads his own.
        const mine = (color) => t(`challenge.you_play.${{ white: 'black', black: 'white' }[color] || 'random'}`);
        const items = [
            ...[...challenges.incoming.values()].map((offer) => {
                const reason = el('select', { name: 'reason', 'aria-label': t('challenge.reason.label'),
                                              onchange: (event) => this.reasons.set(offer.id, event.target.value) },
                                  DECLINE_REASONS.map((key) => el('option', { value: key, selected: this.reasons.get(offer.id) === key },
                                                                  t(`challenge.reason.${key}`))));
                return el('li', { class: 'invitation challenge', dataset: { kind: 'challenge', challenge: offer.id } },
                    el('span', { class: 'invitation-text' },
                       challengeText(offer, mode(offer.rated), mine(offer.color)),
                       offer.message ? el('q', { class: 'challenge-message' }, offer.message) : null),
                    el('span', { class: 'invitation-answers' },
                       el('button', { type: 'button', class: 'accept', dataset: { answer: 'accept' }, onclick: () => this.actions.accept(offer) },
                          t('invitation.accept')),
                       reason,
                       el('button', { type: 'button', dataset: { answer: 'decline' }, onclick: () => this.actions.decline(offer, reason.value) },
                          t('invitation.decline'))));
            }),
            ...[...challenges.outgoing.values()].map((sent) => el('li', { class: 'invitation challenge', dataset: { kind: 'sent', challenge: sent.id } },
                el('span', { class: 'invitation-text' }, t('challenge.waiting', { nick: sent.to })),
                el('span', { class: 'invitation-answers' },
                   el('button', { type: 'button', dataset: { answer: 'cancel' }, onclick: () => this.actions.cancel(sent) }, t('challenge.cancel'))))),
        ];
        fill(this.listRoot, items);
        this.listRoot.hidden = items.length === 0;
        this.listRoot.setAttribute('aria-label', t('challenge.label'));
    }
}
