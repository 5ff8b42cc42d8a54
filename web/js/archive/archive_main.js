// The public game page's entry point (/games/{id}, web/archive.html; docs/architecture.md "The
// browser client"): reads the game's number from the address, loads GET /api/games/{id} (no
// login needed) and shows it. The top bar (page_header.js) holds the way back to the lobby, the
// leaderboards and the language switch.

import { AccountApi } from '../account_api.js';
import { NOTATION_KEY, language, notationFor } from '../messages.js';
import { gameIdFromPath } from '../archive_link.js';
import { LEADERBOARD_PATH } from '../profile_link.js';
import { PageHeader, startPageLanguage } from '../page_header.js';
import { ArchiveView } from './archive_view.js';

const storedNotation = () => { try { return localStorage.getItem(NOTATION_KEY); } catch { return null; } };

startPageLanguage();

const api = new AccountApi();
const view = new ArchiveView(document.getElementById('archive'), api);
const header = new PageHeader(document.getElementById('top-bar'), [
    { id: 'to-leaderboard', key: 'page.leaderboard', href: LEADERBOARD_PATH },
    { id: 'to-lobby', key: 'page.lobby', href: '/' },
], () => draw());

// The move list's notation follows the language unless the player chose one in the client.
function draw() {
    header.draw();
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
    api.call('GET', `/api/games/${gameId}`).then((log) => {
        view.show(log);
        draw();
        // A registered player may ask for the server analysis; a guest or a visitor reads it.
        api.session().then((who) => view.loadAnalysis(Boolean(who && !who.guest)), () => view.loadAnalysis(false));
    }, (error) => {
        view.fail(error, gameId);
        draw();
    });
}
