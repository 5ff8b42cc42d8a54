// The top bar of the public pages (the game page /games/{id}, a profile /@/{nick}, the
// leaderboards /leaderboard): links to the lobby and the other pages, and the language switch.
// The language is the player client's choice, stored in the same place, so a page opened from the
// client speaks its language and a switch here carries back to the client.

import { el } from './dom.js';
import { LANGUAGE_KEY, LANGUAGES, initialLanguage, language, setLanguage, t } from './messages.js';

const storedLanguage = () => { try { return localStorage.getItem(LANGUAGE_KEY); } catch { return null; } };

// Sets the page's language from the stored choice or the browser's; call before drawing.
export function startPageLanguage() {
    document.documentElement.lang = setLanguage(initialLanguage(storedLanguage(), navigator.languages));
}

export class PageHeader {
    // root: the <header>; links: [{id, key, href}] (key: the link text's catalogue key);
    // changed(): called after a switch of the language, to redraw the page.
    constructor(root, links, changed) {
        this.links = links.map((link) => ({ ...link, node: el('a', { href: link.href, id: link.id, class: 'header-link' }) }));
        this.languageSelect = el('select', { id: 'language', name: 'language', onchange: () => this.choose(this.languageSelect.value) },
                                 LANGUAGES.map((lang) => el('option', { value: lang })));
        this.changed = changed;
        root.append(...this.links.map((link) => link.node), this.languageSelect);
    }

    choose(lang) {
        document.documentElement.lang = setLanguage(lang);
        try { localStorage.setItem(LANGUAGE_KEY, language()); } catch { /* a private window keeps no choice */ }
        this.changed();
    }

    draw() {
        for (const link of this.links) link.node.textContent = t(link.key);
        for (const option of this.languageSelect.options) option.textContent = t(`language.${option.value}`);
        this.languageSelect.value = language();
        this.languageSelect.title = t('header.language.title');
        this.languageSelect.setAttribute('aria-label', t('header.language'));
    }
}
