// The leaderboards page's entry point (/leaderboard, web/leaderboard.html; docs/architecture.md
// "The browser client"): loads GET /api/leaderboard (no login needed) and shows one category at
// a time, the one named in the address's hash (#bullet, #blitz, #rapid, #classical, #chess960; blitz when
// none), so a link or a reload shows the same list. The top bar (page_header.js) holds the way
// back to the lobby and the language.

import { AccountApi } from '../account_api.js';
import { PageHeader, startPageLanguage } from '../page_header.js';
import { CATEGORIES } from '../rating_format.js';
import { LeaderboardView } from './leaderboard_view.js';

startPageLanguage();

const shownCategory = () => {
    const hash = window.location.hash.replace(/^#/, '');
    return CATEGORIES.includes(hash) ? hash : 'blitz';
};

const view = new LeaderboardView(document.getElementById('leaderboard'), (category) => {
    history.replaceState(null, '', `#${category}`);
    draw();
});
const header = new PageHeader(document.getElementById('top-bar'), [
    { id: 'to-lobby', key: 'page.lobby', href: '/' },
], () => draw());

function draw() {
    header.draw();
    view.render(shownCategory());
    document.title = view.title();
}

window.addEventListener('hashchange', draw);
draw();
new AccountApi().call('GET', '/api/leaderboard').then((boards) => {
    view.show(boards);
    draw();
}, (error) => {
    view.fail(error);
    draw();
});
