// The short-lived messages under the header: errors (a sentence from the catalogue; the code and
// the server's message only on demand) and information. The list sits in the page's flow between
// the header and the content (style.css), so a message never lies over a button.

import { el } from './dom.js';
import { errorText, t } from './messages.js';

// The error as a sentence in the page's language; its code and the server's own (English) message
// are folded away behind "Details", for a bug report, not for the player's first read. Also used
// inside forms (the login view) and on the public pages.
export function errorNodes(error) {
    const { sentence, code, detail } = errorText(error);
    return [el('span', { class: 'sentence' }, sentence), ' ',
            el('details', { class: 'error-detail', dataset: { code } },
               el('summary', {}, t('alert.details')), el('code', {}, detail))];
}

export class AlertsView {
    constructor(root) {
        this.root = root;
    }

    // One notice per event: the same error again while it is still shown (a request repeated,
    // the same refusal twice) keeps the one notice for longer instead of stacking a copy.
    error(error) {
        const code = (error && (error.code || error.error)) || 'unknown';
        const sentence = errorText(error).sentence;
        const shown = [...this.root.children].find((item) => item.dataset.code === code && item.dataset.sentence === sentence);
        if (shown) return this.expire(shown, 12_000);
        const item = el('li', { class: 'error', role: 'alert', dataset: { code, sentence } },
                        el('div', { class: 'alert-text' }, errorNodes(error)),
                        el('button', { type: 'button', class: 'link dismiss', 'aria-label': t('alert.dismiss'), onclick: () => item.remove() }, '×'));
        this.root.append(item);
        this.expire(item, 12_000);
    }

    info(text) {
        const shown = [...this.root.children].find((item) => item.classList.contains('info') && item.textContent === text);
        if (shown) return this.expire(shown, 6_000);
        const item = el('li', { class: 'info' }, text);
        this.root.append(item);
        this.expire(item, 6_000);
    }

    expire(item, afterMs) {
        clearTimeout(item.expiry);
        item.expiry = setTimeout(() => item.remove(), afterMs);
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
