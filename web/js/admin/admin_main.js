// The admin area's entry point (/admin, docs/admin.md "The admin area"): checks who the session
// cookie names (GET /api/session), and for a moderator or admin shows the tabs: Games, Game log,
// Live, Moderation, Sanctions, Audit, Chat. It owns the identity, the tab shown (kept in the
// address's hash, so a reload or a shared link comes back to it) and the language; each tab's
// view owns its own form and the page of answers it fetched.

import { el, fill } from '../dom.js';
import { LANGUAGE_KEY, initialLanguage, language, notationFor, NOTATION_KEY, setLanguage, t } from '../messages.js';
import { AdminApi } from './admin_api.js';
import { AdminHeader } from './admin_header.js';
import { auditPanel } from './audit_tab.js';
import { chatPanel } from './chat_tab.js';
import { gamesPanel } from './games_tab.js';
import { GameLogView } from './game_log_view.js';
import { LiveView } from './live_view.js';
import { ModerationView } from './moderation_view.js';
import { SanctionsView } from './sanctions_view.js';
import { outcomeLine } from './admin_widgets.js';

export const TABS = ['games', 'game', 'live', 'moderation', 'sanctions', 'audit', 'chat'];
const STAFF = ['moderator', 'admin'];

const $ = (id) => document.getElementById(id);
document.documentElement.lang = setLanguage(initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages));

const api = new AdminApi();
const app = { identity: null, tab: 'games', gameId: null, views: null };

const header = new AdminHeader($('top-bar'), (lang) => {
    document.documentElement.lang = setLanguage(lang);
    localStorage.setItem(LANGUAGE_KEY, language());
    drawAll();
});

function notation() {
    return notationFor(language(), localStorage.getItem(NOTATION_KEY));
}

// "#game=12" -> {tab: 'game', gameId: 12}; an unknown hash shows the games.
function fromHash(hash) {
    const [name, value] = String(hash || '').replace(/^#/, '').split('=');
    if (name === 'game' && /^\d+$/.test(value || '')) return { tab: 'game', gameId: Number(value) };
    return { tab: TABS.includes(name) && name !== 'game' ? name : 'games', gameId: null };
}

function showTab(tab, { load = true } = {}) {
    app.tab = tab;
    const hash = tab === 'game' && app.gameId ? `#game=${app.gameId}` : `#${tab}`;
    if (window.location.hash !== hash) history.replaceState(null, '', hash);
    drawTabs();
    if (!load) return;
    if (tab === 'live') app.views.live.load();
    if (tab === 'sanctions') app.views.sanctions.load();
    if (tab === 'audit') app.views.audit.search();
}

function openGame(id) {
    app.gameId = Number(id);
    showTab('game', { load: false });
    app.views.game.show(null);
    return api.game(id).then((log) => app.views.game.show(log), (error) => app.views.game.show(null, { error }));
}

function moderate(action, values) {
    app.views.moderation.prepare(action, values);
    showTab('moderation', { load: false });
}

function drawTabs() {
    const nav = $('admin-tabs');
    fill(nav, TABS.filter((tab) => tab !== 'game' || app.gameId).map((tab) => el('button', {
        type: 'button', role: 'tab', class: tab === app.tab ? 'current' : '', dataset: { tab },
        'aria-selected': String(tab === app.tab), onclick: () => showTab(tab),
    }, tab === 'game' ? t('admin.tab.game', { id: app.gameId }) : t(`admin.tab.${tab}`))));
    nav.setAttribute('aria-label', t('admin.tabs'));
    for (const tab of TABS) $(`tab-${tab}`).hidden = tab !== app.tab;
}

function drawAll() {
    header.render(app.identity);
    document.title = t('admin.page_title');
    if (!app.views) return;
    drawTabs();
    app.views.games.render();
    app.views.game.render(notation());
    app.views.live.render();
    app.views.moderation.render();
    app.views.sanctions.render();
    app.views.audit.render();
    app.views.chat.render();
}

// Who may not use the desk is told why and where to go.
function refuse(key, error) {
    $('admin').hidden = true;
    const gate = $('admin-gate');
    gate.hidden = false;
    fill(gate, el('p', { class: 'gate-text', dataset: { gate: key } }, t(key)),
         error ? outcomeLine({ error }) : null,
         el('a', { href: '/', class: 'gate-link' }, t(key === 'admin.gate.login' ? 'admin.gate.login_link' : 'admin.back_to_game')));
}

function start(identity) {
    app.identity = identity;
    header.render(identity);
    if (!identity) return refuse('admin.gate.login');
    if (!STAFF.includes(identity.role)) return refuse('admin.gate.role');
    app.views = {
        games: gamesPanel($('tab-games'), api, openGame),
        game: new GameLogView($('tab-game')),
        live: new LiveView($('tab-live'), api, { moderate }),
        moderation: new ModerationView($('tab-moderation'), api, identity.role, () => {
            if (app.views.sanctions.sanctions) app.views.sanctions.load();
        }),
        sanctions: new SanctionsView($('tab-sanctions'), api, { moderate }),
        audit: auditPanel($('tab-audit'), api),
        chat: chatPanel($('tab-chat'), api, openGame),
    };
    $('admin-gate').hidden = true;
    $('admin').hidden = false;
    drawAll();
    const wanted = fromHash(window.location.hash);
    if (wanted.tab === 'game') openGame(wanted.gameId);
    else showTab(wanted.tab);
    // The newest games are listed at once, as `rochade games` lists them.
    app.views.games.search();
}

// The arrow keys, Home and End step through the game log's moves, unless a field has the focus.
document.addEventListener('keydown', (event) => {
    if (!app.views || app.tab !== 'game' || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
    if (target && target.closest && target.closest('.admin-board')) return; // the board's own handler
    app.views.game.onKey(event);
});

header.render(null);
document.title = t('admin.page_title');
api.session().then(start, (error) => {
    header.render(null);
    refuse('admin.gate.unreachable', error);
});
