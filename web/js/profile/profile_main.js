// A player's profile page's entry point (/@/{nick}, web/profile.html; docs/architecture.md "The
// browser client"): reads the nick from the address, loads GET /api/players/{nick} (no login
// needed) and shows it; the games below load page by page (games_view.js). The top bar
// (page_header.js) holds the way to the leaderboards and back to the lobby, and the language.

import { AccountApi } from '../account_api.js';
import { LEADERBOARD_PATH, nickFromPath } from '../profile_link.js';
import { PageHeader, startPageLanguage } from '../page_header.js';
import { ProfileView } from './profile_view.js';

startPageLanguage();

const api = new AccountApi();
const view = new ProfileView(document.getElementById('profile'), api);
const header = new PageHeader(document.getElementById('top-bar'), [
    { id: 'to-leaderboard', key: 'page.leaderboard', href: LEADERBOARD_PATH },
    { id: 'to-lobby', key: 'page.lobby', href: '/' },
], () => draw());

function draw() {
    header.draw();
    view.render();
    document.title = view.title();
}

const nick = nickFromPath(window.location.pathname);
draw();
if (nick === null) {
    view.fail(null, null);
    draw();
} else {
    api.call('GET', `/api/players/${encodeURIComponent(nick)}`).then((player) => {
        view.show(player);
        draw();
    }, (error) => {
        view.fail(error, nick);
        draw();
    });
}
