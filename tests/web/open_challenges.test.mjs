// The open challenges' pure decisions (web/js/open_challenges.js): the token in the address, the
// fields of create_open_challenge from the form, and the links the page keeps.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    accepterColour, challengeTokenFromPath, linksAfter, namedPlayers, noLinks, openLinkFields, withMadeLink,
    withOpenedError, withoutLink, withoutOpened,
} from '../../web/js/open_challenges.js';

const blitz = { kind: 'fischer', base_ms: 300000, increment_ms: 3000 };

test('the token is read from /challenge/<token> only', () => {
    assert.equal(challengeTokenFromPath('/challenge/Ab-_09'), 'Ab-_09');
    assert.equal(challengeTokenFromPath('/challenge/Ab-_09/'), 'Ab-_09');
    for (const path of ['/', '/challenge/', '/challenge/a/b', '/challenge/a.b', '/challenges/abc', '/x/challenge/abc',
                        `/challenge/${'a'.repeat(65)}`, undefined]) {
        assert.equal(challengeTokenFromPath(path), null, String(path));
    }
});

test('a link form becomes create_open_challenge, or names what the server would refuse', () => {
    assert.deepEqual(openLinkFields({ time_control: blitz, color: 'white', rated: false, players: '', hours: '24' }),
                     { fields: { time_control: blitz, color: 'white', rated: false, valid_hours: 24 } });
    assert.deepEqual(openLinkFields({ time_control: blitz, color: '', rated: true, players: ' Bert, clara ', hours: '168' }).fields,
                     { time_control: blitz, color: 'random', rated: true, valid_hours: 168, players: ['Bert', 'clara'] });
    assert.equal(openLinkFields({ time_control: blitz, hours: '5' }).fields.valid_hours, 24);
    assert.deepEqual(openLinkFields({ time_control: null }), { error: 'challenge.form.no_time_control', input: 'time_control' });
    assert.deepEqual(openLinkFields({ time_control: { kind: 'untimed' }, rated: true }),
                     { error: 'challenge.form.rated_untimed', input: 'rated' });
    assert.deepEqual(openLinkFields({ time_control: blitz, players: 'a1 b2 c3' }),
                     { error: 'open_link.form.too_many_players', input: 'players' });
    assert.deepEqual(openLinkFields({ time_control: blitz, players: 'x' }), { error: 'open_link.form.bad_player', input: 'players' });
    assert.deepEqual(namedPlayers('Jürgen;  Anna'), ['Jürgen', 'Anna']);
});

test('the page keeps my standing links, the one made last with its address, and the one it was opened for', () => {
    const link = { link: 'h1', from: 'Anna', time_control: blitz, color: 'white', rated: false, players: [], expires_ms: 1 };
    let links = noLinks();
    assert.equal(links.opened, null);
    links = withMadeLink(links, { token: 'T', path: '/challenge/T', link }, 'https://rochade.example');
    assert.equal(links.made.url, 'https://rochade.example/challenge/T');
    assert.deepEqual(links.mine, [link]);
    // The list from the server keeps the made link while it stands, and drops it once used.
    links = linksAfter(links, { type: 'open_challenges', links: [link] });
    assert.ok(links.made);
    links = linksAfter(links, { type: 'open_challenges', links: [] });
    assert.equal(links.made, null);
    links = withoutLink(withMadeLink(links, { token: 'T', path: '/challenge/T', link }, ''), 'h1');
    assert.deepEqual(links.mine, []);
    assert.equal(links.made, null);

    let opened = noLinks('T');
    assert.deepEqual(opened.opened, { token: 'T', challenge: null, error: null });
    assert.equal(linksAfter(opened, { type: 'open_challenge', token: 'other', challenge: link }), opened);
    opened = linksAfter(opened, { type: 'open_challenge', token: 'T', challenge: link });
    assert.equal(opened.opened.challenge, link);
    opened = withOpenedError(opened, { code: 'open_challenge_used', message: 'm' });
    assert.equal(opened.opened.error.code, 'open_challenge_used');
    assert.equal(withoutOpened(opened).opened, null);
});

test('the accepter plays the other colour', () => {
    assert.equal(accepterColour('white'), 'black');
    assert.equal(accepterColour('black'), 'white');
    assert.equal(accepterColour('random'), 'random');
});
