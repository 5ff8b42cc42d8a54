// Quick pairing in the page (docs/protocol.md, "Pools"): one button per pool with its counts
// (players waiting, games running), on the first page and above the lobby. A player who pressed
// one waits, with a Cancel button, until a wave pairs him and his game comes on screen by itself.
// A visitor sees the counts; the buttons ask him to play as a guest first.

import { el, fill, keepingFocus } from './dom.js';
import { t } from './messages.js';

export class PoolView {
    // actions: {join(pool), leave()}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
    }

    // state: pools.js's; place: {online, visitor}
    render(state, place) {
        this.root.hidden = !(place.online || place.visitor);
        if (this.root.hidden) return;
        keepingFocus(() => fill(this.root,
            el('h2', {}, t('pools.title')),
            state.waitingIn
                ? el('p', { class: 'pool-waiting', role: 'status' }, t('pools.waiting', { pool: state.waitingIn }), ' ',
                     el('button', { type: 'button', class: 'pool-cancel', onclick: () => this.actions.leave() }, t('pools.cancel')))
                : place.visitor ? el('p', { class: 'hint' }, t('pools.visitor')) : null,
            el('ul', { class: 'pool-buttons' }, state.counts.map((count) => el('li', {},
                el('button', { type: 'button', class: `pool-button${state.waitingIn === count.pool ? ' current' : ''}`,
                               dataset: { pool: count.pool }, disabled: !place.online || Boolean(state.waitingIn),
                               onclick: () => this.actions.join(count.pool) },
                   el('b', {}, count.pool),
                   el('span', { class: 'pool-counts' },
                      t('pools.counts', { waiting: count.waiting, games: count.games_running }))))))));
    }
}
