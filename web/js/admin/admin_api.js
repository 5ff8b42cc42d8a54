// The admin API under /api/admin/ (docs/admin.md, "The admin's desk"): the reads and the
// moderation actions, over the session cookie. Requests go through AccountApi's call, so an
// error is {code, message, status} as everywhere in the client.

import { AccountApi } from '../account_api.js';

export class AdminApi {
    constructor(account = new AccountApi()) {
        this.account = account;
    }

    get(path) {
        return this.account.call('GET', `/api/admin/${path}`);
    }

    session() {
        return this.account.session();
    }

    games(query) { return this.get(`games${query ? `?${query}` : ''}`); }

    game(id) { return this.get(`games/${encodeURIComponent(id)}`); }

    live() { return this.get('live'); }

    sanctions() { return this.get('sanctions'); }

    audit(query) { return this.get(`audit${query ? `?${query}` : ''}`); }

    chat(query) { return this.get(`chat${query ? `?${query}` : ''}`); }

    // POST /api/admin/{action} with the body from admin_actions.js's actionBody.
    act(action, body) {
        return this.account.call('POST', `/api/admin/${encodeURIComponent(action)}`, body);
    }
}

// The address of a game's PGN download.
export function pgnUrl(id) {
    return `/api/admin/games/${encodeURIComponent(id)}.pgn`;
}
