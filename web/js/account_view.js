// The account panel (accounts only; a guest has no password): change the password (the server
// ends every other session of the account and sets a new cookie for this one), choose from
// whom the account takes challenges (stored with the account: GET/POST /api/account/challenges),
// and the personal API tokens for bots (token_view.js, a section of its own).

import { el, fill, keepingFocus } from './dom.js';
import { t } from './messages.js';
import { errorNodes } from './alerts_view.js';
import { TokenView } from './token_view.js';

const MIN_PASSWORD = 8;

// The account's challenge settings, in the server's names (protocol/challenge.h ChallengePolicy).
export const CHALLENGE_SETTINGS = ['everyone', 'registered', 'nobody'];

export class AccountView {
    // actions: {changePassword(password, newPassword) -> Promise, close(),
    //           challengeSetting() -> Promise<{accept}>, setChallengeSetting(accept) -> Promise<{accept}>,
    //           and the token view's: tokens(), createToken(description, scopes), revokeToken(id), copy(text)}
    // serverUrl: this server's address, for the bots' help (token_view.js).
    constructor(root, actions, serverUrl = '') {
        this.root = root;
        this.actions = actions;
        this.tokenView = new TokenView(actions, serverUrl);
        this.busy = false;
        this.error = null;
        this.done = false;
        this.current = el('input', { id: 'current-password', name: 'password', type: 'password', required: true,
                                     maxlength: 256, autocomplete: 'current-password' });
        this.next = el('input', { id: 'new-password', name: 'new_password', type: 'password', required: true,
                                  minlength: MIN_PASSWORD, maxlength: 256, autocomplete: 'new-password' });
        this.repeat = el('input', { id: 'new-password-repeat', name: 'new_password_repeat', type: 'password', required: true,
                                    minlength: MIN_PASSWORD, maxlength: 256, autocomplete: 'new-password' });
        // The challenge setting: as the server last said (null until read), and what it said
        // about the last change.
        this.setting = null;
        this.settingState = null; // null | 'saving' | 'saved' | {error}
        this.settingInputs = CHALLENGE_SETTINGS.map((value) => el('input', {
            type: 'radio', name: 'challenge_accept', value, id: `challenge-accept-${value}`,
            onchange: () => this.chooseSetting(value),
        }));
    }

    // Asks the server for the setting (when the panel opens).
    loadSetting() {
        this.actions.challengeSetting().then((answer) => {
            this.setting = answer.accept;
            this.render();
        }, (error) => {
            this.settingState = { error };
            this.render();
        });
    }

    // The choice shows at once; a refusal puts the old one back and says why.
    chooseSetting(value) {
        const before = this.setting;
        this.setting = value;
        this.settingState = 'saving';
        this.render();
        this.actions.setChallengeSetting(value).then((answer) => {
            this.setting = answer.accept;
            this.settingState = 'saved';
            this.render();
        }, (error) => {
            this.setting = before;
            this.settingState = { error };
            this.render();
        });
    }

    reset() {
        this.busy = false;
        this.error = null;
        this.done = false;
        this.current.value = '';
        this.next.value = '';
        this.repeat.value = '';
        this.settingState = null;
        this.loadSetting();
        this.tokenView.reset();
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
                el('p', { class: 'hint' }, t('account.password.hint'))),
             this.settingForm(),
             this.tokenView.node);
        this.tokenView.redraw();
    }

    settingForm() {
        this.settingInputs.forEach((input) => {
            input.checked = input.value === this.setting;
            input.disabled = this.setting === null || this.settingState === 'saving';
        });
        const state = this.settingState;
        return el('form', { id: 'challenge-setting-form', onsubmit: (event) => event.preventDefault() },
            el('fieldset', {},
               el('legend', {}, t('account.challenges.title')),
               ...this.settingInputs.map((input) => el('label', { for: input.id, class: 'radio-choice' }, input, ' ',
                                                       t(`account.challenges.${input.value}`)))),
            state === 'saved' ? el('p', { class: 'form-done', role: 'status' }, t('account.challenges.saved')) : null,
            state && state.error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(state.error)) : null);
    }
}
