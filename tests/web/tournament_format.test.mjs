// How a tournament's page writes results, points, ranks and tie-breaks (web/js/tournament_format.js),
// in both languages.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    TIE_BREAK_CODES, byeKey, byePoints, countdownText, numberText, pointsText, rankText, resultSign, stateKey, systemText, tieBreakKey,
    tieBreakTitle,
} from '../../web/js/tournament_format.js';
import { t } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { inLanguage } from './in_language.mjs';

test('results as chess players write them; pending shows nothing', () => {
    const cases = [
        ['white_wins', '1-0'], ['draw', '½-½'], ['black_wins', '0-1'], ['white_wins_by_forfeit', '+/−'],
        ['black_wins_by_forfeit', '−/+'], ['double_forfeit', '−/−'], ['pending', ''], [undefined, ''], ['nonsense', ''],
    ];
    for (const [result, sign] of cases) assert.equal(resultSign(result), sign, result);
});

test('points with the half as ½', () => {
    const cases = [[0, '0'], [0.5, '½'], [1, '1'], [1.5, '1½'], [12.5, '12½'], [3, '3'], [1.25, '1.25'], [undefined, ''], ['x', '']];
    for (const [points, text] of cases) assert.equal(pointsText(points), text, String(points));
});

test('tie-break values in the page\'s language; ranks with a dash for a shared one', () => {
    assert.equal(numberText(1.25, 'en'), '1.25');
    assert.equal(numberText(1.25, 'de'), '1,25');
    assert.equal(numberText(2, 'de'), '2');
    assert.equal(numberText(1234.5, 'en'), '1234.5');
    assert.equal(numberText(undefined, 'en'), '');
    assert.equal(rankText('3'), '3');
    assert.equal(rankText('3-4'), '3–4');
    assert.equal(rankText(undefined), '');
});

test('byes: their points and names', () => {
    assert.equal(byePoints('pairing_allocated'), 1);
    assert.equal(byePoints('half_point'), 0.5);
    assert.equal(byePoints('zero_point'), 0);
    assert.equal(byePoints(undefined), 0);
    assert.equal(t(byeKey('pairing_allocated')), 'bye (1 point)');
    assert.equal(inLanguage('de', () => t(byeKey('half_point'))), 'spielfrei (½ Punkt)');
    assert.equal(byeKey('anything'), 'tournament.bye.zero_point');
});

test('every tie-break code the server knows is explained in both catalogues; an unknown one is named', () => {
    for (const code of TIE_BREAK_CODES) {
        const key = tieBreakKey(code);
        assert.ok(en[key] && de[key], `${code}: ${key}`);
        assert.ok(en[key].startsWith(`${code}:`) && de[key].startsWith(`${code}:`), `${code}'s explanation names it`);
    }
    assert.equal(tieBreakKey('BH-C1'), 'tournament.tiebreak.bh_c1');
    assert.equal(tieBreakKey('XYZ'), null);
    assert.equal(tieBreakTitle('XYZ'), 'Tie-break XYZ');
    assert.match(inLanguage('de', () => tieBreakTitle('SB')), /Sonneborn-Berger/);
});

test('the system and the state in words', () => {
    assert.equal(systemText({ system: 'swiss', rounds: 5 }), 'Swiss, 5 rounds');
    assert.equal(systemText({ system: 'swiss', rounds: 1 }), 'Swiss, 1 round');
    assert.equal(systemText({ system: 'round_robin', cycles: 2 }), 'Double round robin');
    assert.equal(inLanguage('de', () => systemText({ system: 'swiss', rounds: 2 })), 'Schweizer System, 2 Runden');
    assert.equal(inLanguage('de', () => systemText({ system: 'round_robin', cycles: 1 })), 'Rundenturnier');
    assert.equal(systemText({ system: 'arena', minutes: 60 }), 'Arena · 60 min');
    assert.equal(inLanguage('de', () => systemText({ system: 'arena', minutes: 90 })), 'Arena · 90 Min.');
    assert.equal(systemText({ system: 'arena' }), 'Arena · ? min');
    assert.equal(stateKey('running'), 'tournament.state.running');
    assert.equal(stateKey('bogus'), 'tournament.state.registering');
});

test('the countdown to the next round: minutes and seconds, rounded up, never below 0:00', () => {
    assert.equal(countdownText(65_000), '1:05');
    assert.equal(countdownText(8_200), '0:09');
    assert.equal(countdownText(0), '0:00');
    assert.equal(countdownText(-3000), '0:00');
    assert.equal(countdownText(600_000), '10:00');
    // An arena's end, up to 12 hours ahead: with the hours from one hour on.
    assert.equal(countdownText(3_599_000), '59:59');
    assert.equal(countdownText(3_599_001), '1:00:00', 'rounded up');
    assert.equal(countdownText(7_509_000), '2:05:09');
    assert.equal(countdownText(43_200_000), '12:00:00');
});
