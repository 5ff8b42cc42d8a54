// The account panel (accounts only; a guest has no password): change the password. The server
// ends every other session of the account and sets a new cookie for this one.

import { el, fill, keepingFocus } from './dom.js';
import { t } from './messages.js';
import { errorNodes } from './alerts_view.js';

const MIN_PASSWORD = 8;

export class AccountView {
    // actions: {changePassword(password, newPassword) -> Promise, close()}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
        this.busy = false;
        this.error = null;
        this.done = false;
        this.current = el('input', { id: 'current-password', name: 'password', type: 'password', required: true,
                                     maxlength: 256, autocomplete: 'current-password' });
        this.next = el('input', { id: 'new-password', name: 'new_password', type: 'password', required: true,
                                  minlength: MIN_PASSWORD, maxlength: 256, autocomplete: 'new-password' });
        this.repeat = el('input', { id: 'new-password-repeat', name: 'new_password_repeat', type: 'password', required: true,
                                    minlength: MIN_PASSWORD, maxlength: 256, autocomplete: 'new-password' });
    }

    reset() {
        this.busy = false;
        this.error = null;
        this.done = false;
        this.current.value = '';
        this.next.value = '';
        this.repeat.value = '';
    }

    submit(event) {
        event.preventDefault();
        this.done = false;
        if (this.next.value !== this.repeat.value) {
            this.error = { code: 'passwords_differ' };
            this.render();
            return;
        }
        this.busy = true;
        this.error = null;
        this.render();
        this.actions.changePassword(this.current.value, this.next.value).then(() => {
            this.reset();
            this.done = true;
            this.render();
        }, (error) => {
            this.busy = false;
            this.error = error;
            this.render();
        });
    }

    render() {
        keepingFocus(() => this.redraw());
    }

    redraw() {
        const field = (id, label, input) => [el('label', { for: id }, label), input];
        fill(this.root,
             el('div', { class: 'panel-header' }, el('h2', {}, t('account.title')),
                el('button', { type: 'button', onclick: () => this.actions.close() }, t('account.close'))),
             el('form', { id: 'password-form', onsubmit: (event) => this.submit(event) },
                el('h3', {}, t('account.password.title')),
                field('current-password', t('account.password.current'), this.current),
                field('new-password', t('account.password.new'), this.next),
                field('new-password-repeat', t('account.password.repeat'), this.repeat),
                el('button', { type: 'submit', disabled: this.busy }, t(this.busy ? 'account.password.busy' : 'account.password.submit')),
                this.error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(this.error)) : null,
                this.done ? el('p', { class: 'form-done', role: 'status' }, t('account.password.done')) : null,
                el('p', { class: 'hint' }, t('account.password.hint'))));
    }
}
