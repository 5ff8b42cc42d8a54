// The admin area's top bar: its title, who one is (with the role), a link back to the game, and
// the language switch (the same choice as the player client's, stored in the same place).

import { el, fill } from '../dom.js';
import { LANGUAGES, language, t } from '../messages.js';
import { nickNode } from '../nick_view.js';

export class AdminHeader {
    // root: the <header>; chooseLanguage(lang): the user picked a language.
    constructor(root, chooseLanguage) {
        this.title = el('span', { class: 'admin-title' });
        this.me = el('span', { id: 'me', class: 'me' });
        this.back = el('a', { href: '/', class: 'header-link', id: 'to-game' });
        this.language = el('select', { id: 'language', name: 'language', onchange: () => chooseLanguage(this.language.value) },
                           LANGUAGES.map((lang) => el('option', { value: lang })));
        root.append(this.title, this.me, this.back, this.language);
    }

    render(identity) {
        this.title.textContent = t('admin.title');
        const role = identity && identity.role ? el('span', { class: 'badge role' }, t(`role.${identity.role}`)) : null;
        fill(this.me, identity ? [nickNode(identity.nick, identity.guest), ' ', role] : []);
        this.back.textContent = t('admin.back_to_game');
        for (const option of this.language.options) option.textContent = t(`language.${option.value}`);
        this.language.value = language();
        this.language.title = t('header.language.title');
        this.language.setAttribute('aria-label', t('header.language'));
    }
}
