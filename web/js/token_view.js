// The account panel's personal API tokens (issue 29 §3; docs/bots.md, "Tokens"): the account's
// tokens (description, scopes, created, last used) with a Revoke button each, the form to create
// one (a description and the scopes, each explained), the new token shown once in a read-only
// field with a copy button, and how to let a bot play for the account (lichess-bot's upgrade, its
// server address). A section of its own that AccountView puts into the panel; it redraws itself.
// Descriptions and scopes are the server's text and go in as text, never as markup.

import { el, fill, keepingFocus } from './dom.js';
import { language, t } from './messages.js';
import { errorNodes } from './alerts_view.js';
import { dateTime } from './time_format.js';
import { MAX_DESCRIPTION_BYTES, TOKEN_SCOPES, scopeKey, tokenFields, tokensOf } from './api_tokens.js';

export class TokenView {
    // actions: {tokens() -> Promise<{tokens}>, createToken(description, scopes) -> Promise<{token, id, ...}>,
    //           revokeToken(id) -> Promise, copy(text) -> Promise}
    // serverUrl: the address a bot program is to connect to (this page's origin).
    constructor(actions, serverUrl) {
        this.actions = actions;
        this.serverUrl = serverUrl;
        this.node = el('section', { class: 'api-tokens', id: 'api-tokens' });
        this.description = el('input', { id: 'token-description', name: 'token_description', type: 'text',
                                         maxlength: MAX_DESCRIPTION_BYTES, autocomplete: 'off' });
        this.scopeInputs = TOKEN_SCOPES.map((scope) => el('input', {
            type: 'checkbox', name: 'token_scope', value: scope, id: `token-scope-${scopeKey(scope)}`,
        }));
        // The new token's secret: in a read-only field, to be selected and copied.
        this.secret = el('input', { id: 'new-token', name: 'new_token', type: 'text', readonly: true, autocomplete: 'off',
                                    spellcheck: 'false' });
        this.tokens = null;       // as the server last listed them (api_tokens.js tokensOf), null until read
        this.listError = null;
        this.formState = null;    // null | 'creating' | {invalid: catalogue key} | {error}
        this.created = null;      // the token just made, {id, token}, until the panel closes or "Done"
        this.copyState = null;    // null | 'copied' | 'failed'
        this.confirming = null;   // the id whose Revoke button asks "Really?"
        this.revoking = new Set();
        this.revokeError = null;
    }

    // The panel opens: the form empty, no secret shown, the list read anew.
    reset() {
        this.description.value = '';
        for (const input of this.scopeInputs) input.checked = false;
        this.formState = null;
        this.created = null;
        this.copyState = null;
        this.confirming = null;
        this.revokeError = null;
        this.load();
    }

    load() {
        this.actions.tokens().then((answer) => {
            this.tokens = tokensOf(answer);
            this.listError = null;
            // The token shown was revoked elsewhere (another tab): it is no use to copy any more.
            if (this.created && !this.tokens.some((token) => token.id === this.created.id)) this.created = null;
            this.render();
        }, (error) => {
            this.listError = error;
            this.render();
        });
    }

    create(event) {
        event.preventDefault();
        this.confirming = null;
        const answer = tokenFields({
            description: this.description.value,
            scopes: this.scopeInputs.filter((input) => input.checked).map((input) => input.value),
        });
        if (answer.error) {
            this.formState = { invalid: answer.error, input: answer.input };
            this.render();
            (answer.input === 'description' ? this.description : this.scopeInputs[0]).focus();
            return;
        }
        this.formState = 'creating';
        this.render();
        this.actions.createToken(answer.fields.description, answer.fields.scopes).then((made) => {
            this.created = { id: made.id, token: made.token };
            this.copyState = null;
            this.formState = null;
            this.description.value = '';
            for (const input of this.scopeInputs) input.checked = false;
            this.render();
            this.secret.focus();
            this.secret.select();
            this.load();
        }, (error) => {
            this.formState = { error };
            this.render();
        });
    }

    copy() {
        const token = this.created && this.created.token;
        if (!token) return;
        Promise.resolve().then(() => this.actions.copy(token)).then(() => {
            this.copyState = 'copied';
            this.render();
        }, () => {
            // No clipboard (an address without HTTPS): the field is selected for Ctrl+C.
            this.copyState = 'failed';
            this.render();
            this.secret.focus();
            this.secret.select();
        });
    }

    // The first press asks "Really?"; the second revokes.
    revoke(token) {
        if (this.confirming !== token.id) {
            this.confirming = token.id;
            this.render();
            return;
        }
        this.confirming = null;
        this.revokeError = null;
        this.revoking.add(token.id);
        this.render();
        this.actions.revokeToken(token.id).then(() => {
            this.revoking.delete(token.id);
            if (this.created && this.created.id === token.id) this.created = null;
            this.tokens = (this.tokens || []).filter((listed) => listed.id !== token.id);
            this.render();
            this.load();
        }, (error) => {
            // Gone already (revoked in another tab: 404) or not: the list is read again either way.
            this.revoking.delete(token.id);
            this.revokeError = error;
            this.render();
            this.load();
        });
    }

    render() {
        keepingFocus(() => this.redraw());
    }

    redraw() {
        fill(this.node,
             el('h3', {}, t('tokens.title')),
             el('p', { class: 'hint' }, t('tokens.hint')),
             this.createdNode(),
             this.listNode(),
             this.formNode(),
             this.botHelpNode());
    }

    createdNode() {
        if (!this.created) return null;
        this.secret.value = this.created.token;
        this.secret.setAttribute('aria-label', t('tokens.new.label'));
        const copied = this.copyState === 'copied' ? el('p', { class: 'form-done', role: 'status' }, t('tokens.new.copied'))
            : this.copyState === 'failed' ? el('p', { class: 'form-error', role: 'alert' }, t('tokens.new.copy_failed')) : null;
        return el('div', { class: 'new-token', role: 'status' },
                  el('h4', {}, t('tokens.new.title')),
                  el('p', { class: 'new-token-once' }, t('tokens.new.once')),
                  el('div', { class: 'new-token-field' }, this.secret,
                     el('button', { type: 'button', class: 'accept', dataset: { action: 'copy' }, onclick: () => this.copy() },
                        t('tokens.new.copy'))),
                  copied,
                  el('button', { type: 'button', dataset: { action: 'hide-token' }, onclick: () => {
                      this.created = null;
                      this.render();
                  } }, t('tokens.new.hide')));
    }

    listNode() {
        if (this.listError) return el('p', { class: 'form-error', role: 'alert' }, errorNodes(this.listError));
        if (this.tokens === null) return el('p', { class: 'hint' }, t('tokens.loading'));
        const revokeError = this.revokeError ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(this.revokeError)) : null;
        if (!this.tokens.length) return [el('p', { class: 'hint token-none' }, t('tokens.none')), revokeError];
        const lang = language();
        return [el('ul', { class: 'token-list', 'aria-label': t('tokens.list.label') }, this.tokens.map((token) => {
            const busy = this.revoking.has(token.id);
            const armed = this.confirming === token.id;
            return el('li', { dataset: { token: token.id } },
                      el('span', { class: 'token-description' }, token.description),
                      el('span', { class: 'token-scopes' }, token.scopes.map((scope) => el('code', { class: 'token-scope' }, scope))),
                      el('span', { class: 'token-dates' },
                         token.created_ms !== null ? t('tokens.created_at', { at: dateTime(token.created_ms, lang) }) : null,
                         token.created_ms !== null ? ' · ' : null,
                         token.last_used_ms !== null ? t('tokens.last_used', { at: dateTime(token.last_used_ms, lang) })
                             : t('tokens.never_used')),
                      el('button', { type: 'button', class: armed ? 'danger armed' : 'danger', disabled: busy,
                                     dataset: { action: 'revoke' }, onclick: () => this.revoke(token) },
                         t(busy ? 'tokens.revoke.busy' : armed ? 'tokens.revoke.confirm' : 'tokens.revoke')));
        })), revokeError];
    }

    formNode() {
        const state = this.formState;
        const creating = state === 'creating';
        this.description.placeholder = t('tokens.form.description.placeholder');
        this.description.disabled = creating;
        if (state && state.input === 'description') this.description.setAttribute('aria-invalid', 'true');
        else this.description.removeAttribute('aria-invalid');
        for (const input of this.scopeInputs) input.disabled = creating;
        return el('form', { id: 'token-form', class: 'token-form', onsubmit: (event) => this.create(event) },
            el('h4', {}, t('tokens.form.title')),
            el('label', { for: this.description.id }, t('tokens.form.description')),
            this.description,
            el('fieldset', { class: 'token-scopes-choice' },
               el('legend', {}, t('tokens.form.scopes')),
               this.scopeInputs.map((input) => el('label', { for: input.id, class: 'scope-choice' }, input,
                   el('span', {}, el('code', {}, input.value), ' ',
                      el('span', { class: 'scope-about' }, t(`tokens.scope.${scopeKey(input.value)}`)))))),
            el('button', { type: 'submit', disabled: creating }, t(creating ? 'tokens.form.busy' : 'tokens.form.submit')),
            state && state.invalid ? el('p', { class: 'form-error', role: 'alert' }, t(state.invalid)) : null,
            state && state.error ? el('p', { class: 'form-error', role: 'alert' }, errorNodes(state.error)) : null);
    }

    botHelpNode() {
        return el('div', { class: 'bot-help' },
                  el('h4', {}, t('tokens.bot.title')),
                  el('p', {}, t('tokens.bot.upgrade')),
                  el('p', {}, t('tokens.bot.url'), ' ', el('code', { class: 'server-url' }, this.serverUrl)));
    }
}
