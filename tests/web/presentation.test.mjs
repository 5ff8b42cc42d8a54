// How the client says things (issue 26, points 6 and 14), as pure decisions: a base under a whole
// minute in the page's language, a ban that names the account or the address, a ban that ends the
// session at once (one notice, on the login view), and who made a ply. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { errorText } from '../../web/js/messages.js';
import { initialSession, nextSession, wantsSocket } from '../../web/js/session.js';
import { describe } from '../../web/js/time_control.js';
import { sideOfPly } from '../../web/js/move_words.js';
import { dateTime } from '../../web/js/time_format.js';
import { inLanguage } from './in_language.mjs';

test('a base in seconds is written in words of the page\'s language, whole minutes as players write them', () => {
    const cases = [
        // [time control, English, German]
        [{ kind: 'sudden_death', base_ms: 15_000 }, '15 s + 0', '15 Sek. + 0'],
        [{ kind: 'fischer', base_ms: 90_000, increment_ms: 2000 }, '90 s + 2', '90 Sek. + 2'],
        [{ kind: 'fischer', base_ms: 30_000, increment_ms: 1000 }, '30 s + 1', '30 Sek. + 1'],
        [{ kind: 'sudden_death', base_ms: 60_000 }, '1+0', '1+0'],
        [{ kind: 'fischer', base_ms: 300_000, increment_ms: 3000 }, '5+3', '5+3'],
    ];
    for (const [tc, english, german] of cases) {
        assert.equal(inLanguage('en', () => describe(tc)), english);
        assert.equal(inLanguage('de', () => describe(tc)), german);
    }
});

test('a ban names what was banned: the account or the address, in both languages', () => {
    const until = Date.UTC(2026, 10, 28, 10, 0, 0);
    // The server's "ban" field decides, not its English message (here made to say the opposite).
    const account = { code: 'banned', message: 'hello: your address is banned until 2026-11-28 10:00 UTC: spam', reason: 'spam', until, ban: 'account' };
    const address = { code: 'banned', message: 'hello: banned until 2026-11-28 10:00 UTC: spam', reason: 'spam', until, ban: 'address' };
    const forGood = { code: 'banned', message: 'login: banned for good: bots', reason: 'bots', until: null, ban: 'address' };
    assert.equal(errorText(account).sentence, `Your account is banned until ${dateTime(until, 'en')}: spam`);
    assert.equal(errorText(address).sentence, `Your internet (IP) address is banned until ${dateTime(until, 'en')}: spam`);
    assert.equal(errorText(forGood).sentence, 'Your internet (IP) address is banned for good: bots');
    // Without the field (an older server) the sentence names neither.
    assert.equal(errorText({ code: 'banned', message: 'session: banned' }).sentence, 'A moderator has banned this account or address from the server.');
    inLanguage('de', () => {
        assert.equal(errorText(account).sentence, `Dein Konto ist bis ${dateTime(until, 'de')} gesperrt: spam`);
        assert.equal(errorText(address).sentence, `Deine Internetadresse (IP-Adresse) ist bis ${dateTime(until, 'de')} gesperrt: spam`);
        assert.equal(errorText(forGood).sentence, 'Deine Internetadresse (IP-Adresse) ist dauerhaft gesperrt: bots');
    });
    // The code and the server's message stay available as the detail.
    assert.equal(errorText(account).detail, 'banned: hello: your address is banned until 2026-11-28 10:00 UTC: spam');
});

test('a ban ends the session where it stands: signed out with the ban to show, no reconnecting', () => {
    const ban = { code: 'banned', message: 'banned until ...', reason: 'spam', until: 1 };
    for (const phase of ['connecting', 'online', 'reconnecting']) {
        const state = { phase, identity: { nick: 'anna', guest: false, role: 'player' }, error: null };
        const ended = nextSession(state, { type: 'ended', error: ban });
        assert.deepEqual(ended, { phase: 'signed_out', identity: null, error: ban }, phase);
        assert.equal(wantsSocket(ended), false);
    }
    // Not logged in: nothing to end.
    assert.deepEqual(nextSession(initialSession(), { type: 'ended', error: ban }), initialSession());
});

test('who made a ply: White the odd ones from the usual start, Black when the position had Black to move', () => {
    assert.deepEqual([1, 2, 3, 4].map((ply) => sideOfPly(ply)), ['white', 'black', 'white', 'black']);
    assert.deepEqual([1, 2, 3].map((ply) => sideOfPly(ply, '8/8/8/8/8/8/8/K1k5 b - - 0 40')), ['black', 'white', 'black']);
});
