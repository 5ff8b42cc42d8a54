// Small pieces the admin area's tabs share: a labelled field, a table of rows, the line that shows
// a server's answer or its error, a nick with its guest mark. Built with dom.js, so nothing from
// the server is ever parsed as HTML.

import { el } from '../dom.js';
import { t } from '../messages.js';
import { errorNodes } from '../alerts_view.js';

// A label and its input, as one block of a form.
export function field(input, labelKey, hintKey) {
    return el('label', { class: 'admin-field', dataset: { field: input.name } },
              el('span', { class: 'admin-label' }, t(labelKey)), input,
              hintKey ? el('small', { class: 'hint' }, t(hintKey)) : null);
}

export function textInput(name, props = {}) {
    return el('input', { name, type: 'text', autocomplete: 'off', spellcheck: 'false', ...props });
}

// A select of `choices` ([value, label]); the first is the empty "any".
export function select(name, choices) {
    return el('select', { name }, choices.map(([value, label]) => el('option', { value }, label)));
}

// A table: headers are catalogue keys; rows are arrays of cells (text or nodes); `rowProps`
// gives each row's attributes.
export function dataTable(className, headers, rows, rowProps = () => ({})) {
    return el('table', { class: `admin-table ${className}` },
              el('thead', {}, el('tr', {}, headers.map((key) => el('th', { scope: 'col' }, t(key))))),
              el('tbody', {}, rows.map((row, index) => el('tr', rowProps(index), row.map((cell) => el('td', {}, cell))))));
}

// The outcome of a request: {done: text} or {error} (the server's error, shown as in the
// player client: a sentence and the code with the server's message), or {problem: key} for a
// check in the page.
export function outcomeLine(outcome) {
    if (!outcome) return null;
    if (outcome.error) return el('p', { class: 'form-error', role: 'alert', dataset: { code: outcome.error.code || '' } }, errorNodes(outcome.error));
    if (outcome.problem) return el('p', { class: 'form-error', role: 'alert' }, t(outcome.problem));
    if (outcome.done) return el('p', { class: 'form-done', role: 'status' }, outcome.done);
    return null;
}

// A nick with the guest mark when it is a guest's.
export function nickCell(nick, guest) {
    return el('span', { class: guest ? 'nick guest' : 'nick account', dataset: { nick } },
              el('span', { class: 'nick-name' }, nick),
              guest ? el('span', { class: 'guest-mark', title: t('nick.guest.title') }, t('nick.guest')) : null);
}
