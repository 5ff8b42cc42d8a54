// The public game page's entry point (/games/{id}, web/archive.html; docs/architecture.md "The
// browser client"): reads the game's number from the address, loads GET /api/games/{id} (no
// login needed) and shows it. It owns the page's language (the player client's choice, stored
// in the same place) and the top bar: the way back to the lobby and the language switch.

import { el } from '../dom.js';
import { AccountApi } from '../account_api.js';
import { LANGUAGE_KEY, LANGUAGES, NOTATION_KEY, initialLanguage, language, notationFor, setLanguage, t } from '../messages.js';
import { gameIdFromPath } from '../archive_link.js';
import { ArchiveView } from './archive_view.js';

const storedLanguage = () => { try { return localStorage.getItem(LANGUAGE_KEY); } catch { return null; } };
const storedNotation = () => { try { return localStorage.getItem(NOTATION_KEY); } catch { return null; } };

document.documentElement.lang = setLanguage(initialLanguage(storedLanguage(), navigator.languages));

const view = new ArchiveView(document.getElementById('archive'));
const lobby = el('a', { href: '/', id: 'to-lobby', class: 'header-link' });
const languageSelect = el('select', { id: 'language', name: 'language', onchange: () => choose(languageSelect.value) },
                          LANGUAGES.map((lang) => el('option', { value: lang })));
document.getElementById('top-bar').append(lobby, languageSelect);

function choose(lang) {
    document.documentElement.lang = setLanguage(lang);
    try { localStorage.setItem(LANGUAGE_KEY, language()); } catch { /* a private window keeps no choice */ }
    draw();
}

// The move list's notation follows the language unless the player chose one in the client.
function draw() {
    lobby.textContent = t('archive.lobby');
    for (const option of languageSelect.options) option.textContent = t(`language.${option.value}`);
    languageSelect.value = language();
    languageSelect.title = t('header.language.title');
    languageSelect.setAttribute('aria-label', t('header.language'));
    view.render(notationFor(language(), storedNotation()));
    document.title = view.title();
}

// The arrows, Home and End step through the moves, unless a field has the focus or the board's
// own handler took the key.
document.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
    if (target && target.closest && target.closest('.replay-board')) return;
    view.onKey(event);
});

const gameId = gameIdFromPath(window.location.pathname);
draw();
if (gameId === null) {
    view.fail(null, null);
    draw();
} else {
    new AccountApi().call('GET', `/api/games/${gameId}`).then((log) => {
        view.show(log);
        draw();
    }, (error) => {
        view.fail(error, gameId);
        draw();
    });
}
