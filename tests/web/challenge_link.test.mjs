// The link from a profile page to the challenge form (web/js/challenge_link.js). Run with
// `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { challengeLink, parseChallengeLink } from '../../web/js/challenge_link.js';

test('a challenge link names the nick, and reading it gives the nick back', () => {
    assert.equal(challengeLink('Anna'), '/#challenge=Anna');
    assert.equal(parseChallengeLink('#challenge=Anna'), 'Anna');
    assert.equal(parseChallengeLink(challengeLink('Jürgen_2').slice(1)), 'Jürgen_2');
});

test('a hash without a nick, or with what cannot be a nick, is no challenge link', () => {
    for (const hash of ['', '#', '#watch=12&room=34', '#challenge=', '#challenge=%20', '#challenge=a%20b',
                        '#challenge=%3Cb%3E', `#challenge=${'x'.repeat(21)}`]) {
        assert.equal(parseChallengeLink(hash), null, hash);
    }
    assert.equal(parseChallengeLink(`#challenge=${'ü'.repeat(20)}`), 'ü'.repeat(20));
});
