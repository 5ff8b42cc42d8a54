// Quick pairing's state in the page (docs/protocol.md, "Pools"): the pools' counts as the server
// last sent them, and the pool this player waits in. Pure: main.js feeds it the frames.

// The eleven pools, fastest first, as the server lists them: shown before the first counts come.
export const POOL_IDS = ['1+0', '2+1', '3+0', '3+2', '5+0', '5+3', '10+0', '10+5', '15+10', '30+0', '30+20'];

export function noPools() {
    return { counts: POOL_IDS.map((pool) => ({ pool, waiting: 0, games_running: 0 })), waitingIn: null };
}

// The state after a `pools` or `pool_left` frame (others leave it as it is).
export function poolsAfter(state, frame) {
    if (frame.type === 'pools' && Array.isArray(frame.pools)) {
        return { ...state, counts: frame.pools.map((count) => ({ pool: String(count.pool), waiting: Number(count.waiting) || 0,
                                                                  games_running: Number(count.games_running) || 0 })) };
    }
    if (frame.type === 'pool_left' && frame.pool === state.waitingIn) return { ...state, waitingIn: null };
    return state;
}

// The player asked to wait in `pool` and the server said ok.
export function waitingIn(state, pool) {
    return { ...state, waitingIn: pool };
}

// What a pool_left tells the player, as a message key and its parameters; nothing for a pairing
// (the game comes on screen) or a leave he asked for.
export function poolLeftNotice(frame) {
    if (frame.type !== 'pool_left' || frame.reason !== 'refused') return null;
    return { key: 'pools.refused', params: { pool: frame.pool, message: frame.message || '' } };
}
