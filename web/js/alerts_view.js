// The short-lived messages under the header: errors (a sentence from the catalogue, the code and
// the server's message as a smaller detail) and information.

import { el } from './dom.js';
import { errorText, t } from './messages.js';

// The error as a sentence with its code as a detail; also used inside forms (the login view).
export function errorNodes(error) {
    const { sentence, code, detail } = errorText(error);
    return [el('span', { class: 'sentence' }, sentence), ' ', el('small', { class: 'error-detail', dataset: { code } }, detail)];
}

export class AlertsView {
    constructor(root) {
        this.root = root;
    }

    error(error) {
        const item = el('li', { class: 'error', role: 'alert', dataset: { code: (error && (error.code || error.error)) || 'unknown' } },
                        errorNodes(error),
                        el('button', { type: 'button', class: 'link dismiss', 'aria-label': t('alert.dismiss'), onclick: () => item.remove() }, '×'));
        this.root.append(item);
        setTimeout(() => item.remove(), 12_000);
    }

    info(text) {
        const item = el('li', { class: 'info' }, text);
        this.root.append(item);
        setTimeout(() => item.remove(), 6_000);
    }

    // A moderator's notice: it stays until dismissed, since it may announce something for later.
    notice(text) {
        const item = el('li', { class: 'notice', role: 'status' }, text,
                        el('button', { type: 'button', class: 'link dismiss', 'aria-label': t('alert.dismiss'), onclick: () => item.remove() }, '×'));
        this.root.append(item);
    }

    clear() {
        this.root.replaceChildren();
    }
}
