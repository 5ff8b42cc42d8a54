// A search form with a paged table of results, as the Games, Audit and Chat tabs use it: the form
// turns into a query string (admin_query.js), the API answers one page and the cursor of the
// next, and the table shows the page. The panel owns its form, the page shown and the cursors.

import { el, fill, keepingFocus } from '../dom.js';
import { t } from '../messages.js';
import { dataTable, field, outcomeLine, select, textInput } from './admin_widgets.js';

export class SearchPanel {
    // spec: {name, fields: [{name, label, kind: 'text'|'date'|'number'|'select', choices?: () => [[value, label]]}],
    //        query(values, cursor) -> {query} | {error}, fetch(query) -> promise of the answer,
    //        rows(answer) -> [item], next(answer) -> cursor | null,
    //        headers: [key], cells(item) -> [cell], rowProps?(item)}
    constructor(root, spec) {
        this.root = root;
        this.spec = spec;
        this.inputs = {};
        this.items = null;
        this.cursors = [];  // the cursor of each page shown so far (undefined for the first)
        this.next = null;
        this.outcome = null;
        this.busy = false;
    }

    values() {
        return Object.fromEntries(Object.entries(this.inputs).map(([name, input]) => [name, input.value]));
    }

    // Sets form fields (a quick search from elsewhere) and searches.
    searchWith(values) {
        for (const [name, value] of Object.entries(values)) if (this.inputs[name]) this.inputs[name].value = value;
        return this.search();
    }

    search(cursor, pages = []) {
        const built = this.spec.query(this.values(), cursor);
        if (built.error) {
            this.outcome = { problem: built.error.key };
            this.render();
            return Promise.resolve();
        }
        this.busy = true;
        this.render();
        return this.spec.fetch(built.query).then((answer) => {
            this.items = this.spec.rows(answer) || [];
            this.next = this.spec.next(answer) ?? null;
            this.cursors = [...pages, cursor];
            this.outcome = null;
        }, (error) => {
            this.outcome = { error };
        }).finally(() => {
            this.busy = false;
            this.render();
        });
    }

    input(spec) {
        if (!this.inputs[spec.name]) {
            const props = spec.kind === 'date' ? { type: 'date' } : spec.kind === 'number' ? { inputmode: 'numeric' } : {};
            this.inputs[spec.name] = spec.kind === 'select' ? select(spec.name, spec.choices()) : textInput(spec.name, props);
        }
        const input = this.inputs[spec.name];
        if (spec.kind === 'select') {
            // The option labels follow the language.
            const value = input.value;
            fill(input, spec.choices().map(([v, label]) => el('option', { value: v }, label)));
            input.value = value;
        }
        return input;
    }

    render() {
        keepingFocus(() => this.redraw());
    }

    redraw() {
        const { spec } = this;
        const form = el('form', { class: 'admin-search', dataset: { search: spec.name },
                                  onsubmit: (event) => { event.preventDefault(); this.search(); } },
                        spec.fields.map((f) => field(this.input(f), f.label)),
                        el('button', { type: 'submit', disabled: this.busy }, t(this.busy ? 'admin.search.busy' : 'admin.search.submit')));
        const results = [];
        if (this.items) {
            if (this.items.length === 0) results.push(el('p', { class: 'empty' }, t('admin.search.none')));
            else results.push(dataTable(spec.name, spec.headers, this.items.map((item) => spec.cells(item)),
                                        (index) => (spec.rowProps ? spec.rowProps(this.items[index]) : {})));
            const page = this.cursors.length;
            results.push(el('div', { class: 'admin-pager' },
                            el('span', {}, t('admin.search.page', { page })),
                            page > 1 ? el('button', { type: 'button', dataset: { page: 'first' }, onclick: () => this.search() },
                                          t('admin.search.first')) : null,
                            this.next !== null ? el('button', { type: 'button', dataset: { page: 'next' },
                                                                onclick: () => this.search(this.next, this.cursors) },
                                                    t('admin.search.next')) : null));
        }
        fill(this.root, form, outcomeLine(this.outcome), results);
    }
}
