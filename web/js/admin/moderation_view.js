// The Moderation tab: one form per action of docs/admin.md ("Acting"): kick, mute and unmute (one
// room or everywhere), ban and unban (minutes or for good), the address bans (admins only), close
// a waiting table, adjudicate a running game, a notice. The form is checked in the page
// (admin_actions.js) and then sent; the server's answer or its error sentence is shown under it.
// The view owns the chosen action, the fields' inputs (kept across actions, so a nick typed once
// serves a mute and then a ban) and the last outcome.

import { el, fill, keepingFocus } from '../dom.js';
import { t } from '../messages.js';
import { untilText } from './admin_format.js';
import { DECISIONS, actionBody, actionNamed, actionsFor } from './admin_actions.js';
import { decisionText } from './admin_events.js';
import { field, outcomeLine, select, textInput } from './admin_widgets.js';

export class ModerationView {
    // api: AdminApi; role: the viewer's role ('moderator' or 'admin'); onDone(): after an action
    // the server carried out (the caller refreshes what it shows).
    constructor(root, api, role, onDone = () => {}) {
        this.root = root;
        this.api = api;
        this.role = role;
        this.onDone = onDone;
        this.action = 'kick';
        this.outcome = null;
        this.busy = false;
        this.inputs = {
            nick: textInput('nick', { autocapitalize: 'off' }),
            address: textInput('address'),
            room: textInput('room', { inputmode: 'numeric' }),
            minutes: textInput('minutes', { inputmode: 'numeric' }),
            table: textInput('table', { inputmode: 'numeric' }),
            decision: select('decision', DECISIONS.map((d) => [d, d])),
            reason: el('textarea', { name: 'reason', rows: 2, maxlength: 500 }),
            text: el('textarea', { name: 'text', rows: 2, maxlength: 500 }),
        };
    }

    // Opens the form of `action` with `values` filled in (a quick action from another tab).
    prepare(action, values = {}) {
        if (!actionNamed(action)) return;
        this.action = action;
        this.outcome = null;
        for (const [name, value] of Object.entries(values)) if (this.inputs[name]) this.inputs[name].value = value ?? '';
        this.render();
        const first = this.inputs.reason;
        if (first && first.focus) first.focus();
    }

    values() {
        return Object.fromEntries(Object.entries(this.inputs).map(([name, input]) => [name, input.value]));
    }

    submit(event) {
        event.preventDefault();
        const built = actionBody(this.action, this.values());
        if (built.error) {
            this.outcome = { problem: built.error.key };
            this.render();
            return Promise.resolve();
        }
        const action = this.action;
        this.busy = true;
        this.render();
        return this.api.act(action, built.body).then((answer) => {
            this.outcome = { done: doneText(answer) };
            this.inputs.reason.value = '';
            this.inputs.text.value = '';
            this.onDone(action);
        }, (error) => {
            this.outcome = { error };
        }).finally(() => {
            this.busy = false;
            this.render();
        });
    }

    render() {
        keepingFocus(() => this.redraw());
    }

    redraw() {
        const action = actionNamed(this.action);
        for (const option of this.inputs.decision.options) option.textContent = decisionText(option.value);
        this.inputs.reason.placeholder = t('admin.form.reason.placeholder');
        const choices = el('div', { class: 'admin-actions', role: 'tablist' }, actionsFor(this.role).map((a) => el('button', {
            type: 'button', role: 'tab', class: a.name === this.action ? 'current' : '', dataset: { choose: a.name },
            'aria-selected': String(a.name === this.action), onclick: () => this.prepare(a.name),
        }, t(`admin.action.${a.name}`))));
        const fields = action.fields.map((name) => field(this.inputs[name], labelOf(action, name), hintOf(action, name)));
        const form = el('form', { class: 'admin-form', dataset: { action: action.name }, onsubmit: (event) => this.submit(event) },
                        el('p', { class: 'hint' }, t(`admin.action.${action.name}.about`)),
                        fields,
                        el('button', { type: 'submit', class: 'danger', disabled: this.busy }, t(`admin.action.${action.name}`)));
        fill(this.root, choices, form, outcomeLine(this.outcome));
    }
}

function labelOf(action, name) {
    if (name === 'room' && action.name === 'notice') return 'admin.form.notice_room';
    return `admin.form.${name}`;
}

function hintOf(action, name) {
    if (name === 'room') return action.name === 'notice' ? 'admin.form.notice_room.hint' : 'admin.form.room.hint';
    if (name === 'minutes') return action.minutesRequired ? null : 'admin.form.minutes.hint';
    return null;
}

// The server's answer in words: its summary, the end of a sanction, the connections closed.
function doneText(answer) {
    const parts = [answer.done || t('admin.action.done')];
    if (answer.until !== undefined && answer.until !== null) parts.push(untilText(answer.until));
    if (answer.connections_closed) parts.push(t('admin.action.closed', { count: answer.connections_closed }));
    return parts.join(' · ');
}
