// The "Rated" box of the forms that set up a game between people (a challenge, a challenge
// link): disabled, unticked and explained for a guest and for a game from a position, which the
// server would refuse as rated (rated_needs_account, rated_from_position).

import { el } from './dom.js';
import { ratedPossible } from './game_setup.js';
import { t } from './messages.js';

export class RatedChoice {
    // name: the checkbox's form name ("challenge_rated", "link_rated").
    constructor(name) {
        this.input = el('input', { type: 'checkbox', name });
        this.text = el('span', {});
        this.why = el('span', { class: 'hint rated-why' });
        this.label = el('label', { class: 'rated-choice' }, this.input, ' ', this.text);
    }

    // The nodes to put into the form, in order.
    get nodes() {
        return [this.label, this.why];
    }

    get checked() {
        return this.input.checked;
    }

    relabel() {
        this.text.textContent = t('open.rated');
        this.why.textContent = this.reason ? t(this.reason) : '';
    }

    // guest: the player has no account; variant: the setup form's variant.
    update({ guest, variant }) {
        this.reason = guest ? 'open.rated.guest' : !ratedPossible(variant) ? 'open.rated.position' : null;
        this.input.disabled = Boolean(this.reason);
        if (this.reason) this.input.checked = false;
        this.why.textContent = this.reason ? t(this.reason) : '';
        this.why.hidden = !this.reason;
    }
}
