// The login view: three ways in, each its own small form behind a tab: log in to an account
// (nick and password), register one (nick, password, the password again), or play as a guest
// (a nick for this visit). The server answers over HTTP and sets the session cookie; this view
// only collects the fields, shows that an answer is awaited, and shows the refusal.

import { el, fill, keepingFocus } from './dom.js';
import { t } from './messages.js';
import { errorNodes } from './alerts_view.js';

const CHOICES = ['login', 'register', 'guest'];
const MIN_PASSWORD = 8;

export class LoginView {
    // actions: {login(nick, password), register(nick, password), guest(nick)}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
        this.choice = 'login';
        this.localError = null;
        this.nick = el('input', { id: 'nick', name: 'nick', type: 'text', minlength: 2, maxlength: 20, required: true,
                                  autocomplete: 'username', autocapitalize: 'off', spellcheck: 'false',
                                  pattern: '[\\p{L}\\p{N}_\\-]{2,20}' });
        // The browser's own complaint about a bad nick is in the browser's language and names a
        // "format"; the page says the rule in its own words and language instead.
        this.nick.addEventListener('invalid', () => {
            this.nick.setCustomValidity('');
            this.nick.setCustomValidity(t(this.nick.validity.valueMissing ? 'login.nick.missing' : 'login.nick.invalid'));
        });
        this.nick.addEventListener('input', () => this.nick.setCustomValidity(''));
        this.password = el('input', { id: 'password', name: 'password', type: 'password', required: true, maxlength: 256 });
        this.repeat = el('input', { id: 'password-repeat', name: 'password_repeat', type: 'password', required: true, maxlength: 256 });
    }

    choose(choice) {
        this.choice = choice;
        this.localError = null;
        this.render(this.session);
    }

    submit(event) {
        event.preventDefault();
        const nick = this.nick.value.trim();
        if (!nick) return;
        this.localError = null;
        if (this.choice === 'guest') {
            this.actions.guest(nick);
        } else if (this.choice === 'login') {
            this.actions.login(nick, this.password.value);
        } else if (this.password.value !== this.repeat.value) {
            this.localError = { code: 'passwords_differ' };
            this.render(this.session);
        } else {
            this.actions.register(nick, this.password.value);
        }
    }

    // session: the session state (session.js): its phase says whether an answer is awaited, its
    // error what the server refused.
    render(session) {
        this.session = session;
        keepingFocus(() => this.redraw(session));
    }

    redraw(session) {
        const busy = session.phase === 'signing_in';
        const choice = this.choice;
        const error = this.localError || session.error;
        this.password.autocomplete = choice === 'register' ? 'new-password' : 'current-password';
        this.password.minLength = choice === 'register' ? MIN_PASSWORD : 0;
        this.repeat.minLength = MIN_PASSWORD;
        this.nick.title = t('login.nick.title');
        const field = (id, label, input) => [el('label', { for: id }, label), input];
        const tabs = el('div', { class: 'login-choices', role: 'tablist' }, CHOICES.map((name) => el('button', {
            type: 'button', role: 'tab', class: name === choice ? 'current' : '', 'aria-selected': String(name === choice),
            dataset: { choice: name }, onclick: () => this.choose(name),
        }, t(`login.choice.${name}`))));
        const form = el('form', { id: 'login-form', dataset: { form: choice }, onsubmit: (event) => this.submit(event) },
                        field('nick', t('login.nick'), this.nick),
                        choice !== 'guest' ? field('password', t('login.password'), this.password) : null,
                        choice === 'register' ? field('password-repeat', t('login.password_repeat'), this.repeat) : null,
                        el('button', { type: 'submit', disabled: busy }, t(busy ? 'login.busy' : `login.submit.${choice}`)),
                        error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(error)) : null,
                        el('p', { class: 'hint' }, t(`login.hint.${choice}`)));
        fill(this.root, el('div', { class: 'login-box' }, el('h2', {}, t('login.title')), tabs, form));
    }
}
