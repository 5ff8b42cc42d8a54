// The top of a visitor's page: what Rochade is, in a sentence or two, and the way to a game in
// one click: "Play as guest" with a suggested nick (which the visitor may change). The rooms, their
// members and their games are shown below it, read only, by the lobby view; logging in and
// registering are in the login view below those. The box "Play" also offers "Challenge a friend":
// the same guest entry, after which the form to make a challenge link opens. The quick pairing
// buttons stand above it (pool_view.js).

import { el, fill, keepingFocus } from './dom.js';
import { t } from './messages.js';
import { errorNodes } from './alerts_view.js';
import { suggestedGuestNick } from './visitor.js';
import { ComputerForm } from './computer_form.js';

export class WelcomeView {
    // actions: {guest(nick), friend(nick), guestPlaysComputer(nick, fields)}: friend plays as a
    // guest and opens "Challenge a friend"; guestPlaysComputer as a guest against the computer.
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
        this.nick = el('input', { id: 'guest-nick', name: 'guest_nick', type: 'text', minlength: 2, maxlength: 20, required: true,
                                  autocomplete: 'nickname', autocapitalize: 'off', spellcheck: 'false',
                                  pattern: '[\\p{L}\\p{N}_\\-]{2,20}' });
        this.submitted = false; // the error to show is this form's
    }

    submit(event) {
        event.preventDefault();
        const nick = this.nick.value.trim();
        if (!nick) return;
        this.submitted = true;
        // The button that sent the form says where the guest goes next.
        if (event.submitter && event.submitter.id === 'friend-as-guest') this.actions.friend(nick);
        else this.actions.guest(nick);
    }

    // session: the session state (session.js); its error is shown when this form caused it.
    render(session) {
        keepingFocus(() => this.redraw(session));
    }

    redraw(session) {
        if (!this.nick.value) this.nick.value = suggestedGuestNick(t('welcome.guest_word'));
        this.nick.title = t('login.nick.title');
        const busy = session.phase === 'signing_in';
        const error = this.submitted ? session.error : null;
        fill(this.root,
             el('div', { class: 'welcome-text' },
                el('h2', {}, t('welcome.title')),
                el('p', { class: 'welcome-intro' }, t('welcome.intro')),
                el('p', { class: 'hint' }, t('welcome.watch'))),
             el('div', { id: 'play-now', class: 'play-now' },
                el('h2', {}, t('welcome.play')),
                el('form', { id: 'guest-quick', class: 'guest-quick', onsubmit: (event) => this.submit(event) },
                   el('label', { for: 'guest-nick' }, t('welcome.nick')), this.nick,
                   el('button', { id: 'play-as-guest', type: 'submit', disabled: busy }, t(busy ? 'login.busy' : 'welcome.guest')),
                   el('button', { id: 'friend-as-guest', type: 'submit', class: 'secondary', disabled: busy }, t('welcome.friend'))),
                error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(error)) : null,
                el('a', { class: 'to-login', href: '#login' }, t('welcome.login')),
                this.computerFormNode()));
    }

    // "Play the computer" as a guest with the nick above (computer_form.js): kept across redraws.
    computerFormNode() {
        if (!this.computerForm) {
            this.computerForm = new ComputerForm((fields) => {
                const nick = this.nick.value.trim();
                if (!this.nick.reportValidity() || !nick) return;
                this.submitted = true;
                this.actions.guestPlaysComputer(nick, fields);
            });
        }
        this.computerForm.relabel();
        return this.computerForm.node;
    }

    // A sign-in started elsewhere (the login view): its refusal is not this form's to show.
    forget() {
        this.submitted = false;
    }
}
