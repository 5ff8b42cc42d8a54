// The client's challenges (web/js/challenges.js): which notices stand after which frames, what the
// player is told of an answer, and what a challenge request carries. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    DECLINE_REASONS, answerOf, challengeFields, challengesAfter, noChallenges, withOutgoing, withoutChallenge,
} from '../../web/js/challenges.js';

const offer = { id: 'c1', from: 'Anna', to: 'Bert', time_control: { kind: 'untimed' }, color: 'white', rated: false };
const blitz = { kind: 'fischer', base_ms: 180_000, increment_ms: 2_000 };

test('a challenge to me stands until it is accepted, declined, canceled or expires', () => {
    for (const end of ['challenge_accepted', 'challenge_canceled', 'challenge_expired', 'challenge_declined']) {
        const received = challengesAfter(noChallenges(), { type: 'challenge', challenge: offer });
        assert.deepEqual([...received.incoming.keys()], ['c1']);
        const after = challengesAfter(received, { type: end, challenge: 'c1' });
        assert.equal(after.incoming.size, 0, end);
    }
});

test('frames of other kinds or of other challenges leave the challenges as they are', () => {
    const received = challengesAfter(noChallenges(), { type: 'challenge', challenge: offer });
    assert.equal(challengesAfter(received, { type: 'move', table: 3 }), received);
    assert.equal(challengesAfter(received, { type: 'challenge_canceled', challenge: 'other' }), received);
    assert.equal(challengesAfter(received, { type: 'challenge', challenge: 'not an object' }), received);
});

test('my own challenge stands from the ok until the answer; I am told the answer with its reason', () => {
    const sent = withOutgoing(noChallenges(), 'c2', 'Bert');
    const declined = { type: 'challenge_declined', challenge: 'c2', by: 'Bert', reason: 'too_fast' };
    assert.deepEqual(answerOf(sent, declined),
                     { key: 'challenge.declined', params: { nick: 'Bert', reason: 'challenge.reason.too_fast' } });
    assert.equal(challengesAfter(sent, declined).outgoing.size, 0);
    assert.deepEqual(answerOf(sent, { type: 'challenge_expired', challenge: 'c2', why: 'timeout' }),
                     { key: 'challenge.expired.mine', params: { nick: 'Bert' } });
    assert.equal(withoutChallenge(sent, 'c2').outgoing.size, 0);
    // An answer to a challenge this tab does not know tells nothing.
    assert.equal(answerOf(noChallenges(), declined), null);
});

test('the challenged player is told when the challenger withdraws or the challenge runs out', () => {
    const received = challengesAfter(noChallenges(), { type: 'challenge', challenge: offer });
    assert.deepEqual(answerOf(received, { type: 'challenge_canceled', challenge: 'c1', by: 'Anna' }),
                     { key: 'challenge.canceled', params: { nick: 'Anna' } });
    assert.deepEqual(answerOf(received, { type: 'challenge_expired', challenge: 'c1', why: 'challenger_left' }),
                     { key: 'challenge.expired.theirs', params: { nick: 'Anna' } });
});

test('the decline reasons are lichess\'s eleven, generic first', () => {
    assert.equal(DECLINE_REASONS.length, 11);
    assert.equal(DECLINE_REASONS[0], 'generic');
    assert.ok(DECLINE_REASONS.includes('too_fast') && DECLINE_REASONS.includes('only_bot'));
});

test('a challenge request carries the nick, the time control, the colour, rated and the message', () => {
    assert.deepEqual(challengeFields({ to: ' Bert ', time_control: blitz, color: 'black', rated: true, message: ' Lust? ' }),
                     { fields: { to: 'Bert', time_control: blitz, color: 'black', rated: true, message: 'Lust?' } });
    assert.deepEqual(challengeFields({ to: 'Bert', time_control: blitz }),
                     { fields: { to: 'Bert', time_control: blitz, color: 'random', rated: false } });
});

test('what the server would refuse is caught in the form, naming the input', () => {
    assert.deepEqual(challengeFields({ to: '  ', time_control: blitz }), { error: 'challenge.form.no_nick', input: 'to' });
    assert.deepEqual(challengeFields({ to: 'Bert', time_control: { kind: 'untimed' }, rated: true }),
                     { error: 'challenge.form.rated_untimed', input: 'rated' });
    assert.deepEqual(challengeFields({ to: 'Bert', time_control: null }),
                     { error: 'challenge.form.no_time_control', input: 'time_control' });
    // 200 bytes pass; 101 umlauts are 202 bytes.
    assert.ok(challengeFields({ to: 'Bert', time_control: blitz, message: 'x'.repeat(200) }).fields);
    assert.deepEqual(challengeFields({ to: 'Bert', time_control: blitz, message: 'ä'.repeat(101) }),
                     { error: 'challenge.form.message_long', input: 'message' });
});
