// The pure decisions of quick pairing in the page (web/js/pools.js): the counts as sent, the
// pool a player waits in until he leaves or is paired, and what a refused pairing says.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import { POOL_IDS, noPools, poolLeftNotice, poolsAfter, waitingIn } from '../../web/js/pools.js';

test('before any counts: the eleven pools at zero, waiting nowhere', () => {
    const state = noPools();
    assert.deepEqual(state.counts.map((count) => count.pool), POOL_IDS);
    assert.equal(POOL_IDS.length, 11);
    assert.ok(state.counts.every((count) => count.waiting === 0 && count.games_running === 0));
    assert.equal(state.waitingIn, null);
});

test('a pools frame replaces the counts and keeps the pool one waits in', () => {
    const state = poolsAfter(waitingIn(noPools(), '3+0'),
                             { type: 'pools', pools: [{ pool: '1+0', waiting: 2, games_running: 1 }, { pool: '3+0', waiting: 1, games_running: 0 }] });
    assert.deepEqual(state.counts, [{ pool: '1+0', waiting: 2, games_running: 1 }, { pool: '3+0', waiting: 1, games_running: 0 }]);
    assert.equal(state.waitingIn, '3+0');
});

test('pool_left of my pool ends the waiting, whatever the reason; another pool\'s leaves it', () => {
    for (const reason of ['left', 'paired', 'refused'])
        assert.equal(poolsAfter(waitingIn(noPools(), '1+0'), { type: 'pool_left', pool: '1+0', reason }).waitingIn, null);
    assert.equal(poolsAfter(waitingIn(noPools(), '1+0'), { type: 'pool_left', pool: '3+0', reason: 'left' }).waitingIn, '1+0');
});

test('only a refused pairing is told; a pairing and a leave are not', () => {
    assert.deepEqual(poolLeftNotice({ type: 'pool_left', pool: '1+0', reason: 'refused', message: 'start_game: shutting down' }),
                     { key: 'pools.refused', params: { pool: '1+0', message: 'start_game: shutting down' } });
    assert.equal(poolLeftNotice({ type: 'pool_left', pool: '1+0', reason: 'paired', table: 3 }), null);
    assert.equal(poolLeftNotice({ type: 'pool_left', pool: '1+0', reason: 'left' }), null);
});
