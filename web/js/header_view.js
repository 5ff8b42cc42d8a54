// The bar at the top: the connection's state, who one is (with the guest mark, and the role of a
// moderator or admin), and the buttons that do not belong to a room or table: connect this tab
// again after another tab took the session over, the account (change the password), the
// leaderboards (in a tab of their own), the admin area (for moderators and admins), the language of the page, the move notation, log out.
// An account's own nick links to its profile.

import { el, fill } from './dom.js';
import { LANGUAGES, language, t } from './messages.js';
import { linkedNickNode } from './nick_view.js';
import { LEADERBOARD_PATH } from './profile_link.js';
import { ADMIN_PATH, showsAdminLink } from './admin_link.js';

export class HeaderView {
    // root: the <header>; actions: {reconnect(), toggleAccount(), toggleNotation(), logout(),
    // chooseLanguage(lang)}
    constructor(root, actions) {
        this.state = el('span', { id: 'connection-state', class: 'connection', role: 'status' });
        this.me = el('span', { id: 'me', class: 'me' });
        this.reconnect = el('button', { id: 'reconnect', type: 'button', hidden: true, onclick: () => actions.reconnect() });
        this.account = el('button', { id: 'account', type: 'button', hidden: true, onclick: () => actions.toggleAccount() });
        this.leaderboard = el('a', { id: 'to-leaderboard', class: 'header-link', href: LEADERBOARD_PATH, target: '_blank', rel: 'noopener' });
        // For moderators and admins only (admin_link.js); the admin area opens in a tab of its own.
        this.admin = el('a', { id: 'to-admin', class: 'header-link', href: ADMIN_PATH, target: '_blank', rel: 'noopener', hidden: true });
        // The language is offered on every screen (the login too); each language is named in
        // itself, "Deutsch | English", so a reader finds their own whatever the page shows.
        this.language = el('select', { id: 'language', name: 'language',
                                       onchange: () => actions.chooseLanguage && actions.chooseLanguage(this.language.value) },
                           LANGUAGES.map((lang) => el('option', { value: lang })));
        this.notation = el('button', { id: 'lang', type: 'button', onclick: () => actions.toggleNotation() });
        this.logout = el('button', { id: 'logout', type: 'button', hidden: true, onclick: () => actions.logout() });
        root.append(this.state, this.me, this.reconnect, this.account, this.leaderboard, this.admin, this.language, this.notation, this.logout);
    }

    // session: the session state (session.js); notation: "en" | "de" (the move list's SAN);
    // lang: the page's language (the catalogue's current one when not given).
    render(session, notation, lang) {
        const { phase, identity } = session;
        this.state.textContent = t(`connection.${phase}`);
        this.state.className = `connection ${phase}`;
        const role = identity && identity.role && identity.role !== 'player'
            ? el('span', { class: 'badge role' }, t(`role.${identity.role}`)) : null;
        fill(this.me, identity && phase !== 'signed_out' ? [linkedNickNode(identity.nick, identity.guest), role] : []);
        this.reconnect.hidden = phase !== 'displaced';
        this.reconnect.textContent = t('header.reconnect');
        this.account.hidden = !identity || identity.guest || phase === 'signed_out';
        this.account.textContent = t('header.account');
        this.leaderboard.textContent = t('header.leaderboard');
        this.admin.hidden = !showsAdminLink(identity, phase);
        this.admin.textContent = t('header.admin');
        for (const option of this.language.options) option.textContent = t(`language.${option.value}`);
        this.language.value = lang || language();
        this.language.title = t('header.language.title');
        this.language.setAttribute('aria-label', t('header.language'));
        this.notation.hidden = !identity || phase === 'signed_out' || phase === 'signing_in';
        this.notation.textContent = t(notation === 'de' ? 'header.notation.de' : 'header.notation.en');
        this.notation.title = t('header.notation.title');
        this.logout.hidden = !identity || phase === 'signed_out' || phase === 'signing_in';
        this.logout.textContent = t('header.logout');
    }
}
