// A tournament's start time and first board (web/js/tournament_start.js): the create form's
// datetime-local value read in the browser's time zone, the request createFields makes of both
// fields, and how the page and the list write the start time, its countdown and the first board.
//
// The browser's time zone is this process's: the file fixes it to Berlin (winter +1, summer +2),
// so the expected instants are exact; a test switches to New York to show the zone is the one used.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    MAX_START_LEAD_MS, firstBoardKey, localTimeMs, startCountdownText, startText, startTime, startsAt, timeLeftText,
} from '../../web/js/tournament_start.js';
import { createFields } from '../../web/js/tournaments.js';
import { t } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { inLanguage } from './in_language.mjs';

process.env.TZ = 'Europe/Berlin';

const FISCHER = { kind: 'fischer', base_ms: 180000, increment_ms: 2000 };
// 1 November 2026, 12:00 in Berlin: "now" for the form's checks.
const NOW = Date.UTC(2026, 10, 1, 11, 0);
const SECOND = 1000;
const DAY = 24 * 3600 * SECOND;

test('a datetime-local value is a time in the browser\'s zone, summer time included', () => {
    const cases = [
        ['2026-11-24T19:30', Date.UTC(2026, 10, 24, 18, 30)],
        ['2026-07-01T12:00', Date.UTC(2026, 6, 1, 10, 0)],
        ['2026-07-01T12:00:15', Date.UTC(2026, 6, 1, 10, 0, 15)],
        ['2026-07-01T12:00:15.250', Date.UTC(2026, 6, 1, 10, 0, 15)],
        ['2026-07-01 12:00', Date.UTC(2026, 6, 1, 10, 0)],
        [' 2028-02-29T00:00 ', Date.UTC(2028, 1, 28, 23, 0)],
        // The night the clocks go forward, 02:30 does not exist: taken as 03:30 summer time.
        ['2026-03-29T02:30', Date.UTC(2026, 2, 29, 1, 30)],
    ];
    for (const [value, ms] of cases) assert.equal(localTimeMs(value), ms, value);
    for (const value of ['', '   ', undefined, null]) assert.equal(localTimeMs(value), null, String(value));
    for (const value of ['2026-02-30T10:00', '2027-02-29T10:00', '2026-13-01T10:00', '2026-01-01T24:00', '2026-01-01T10:60',
                         '2026-1-1T10:00', '2026-11-24', 'tomorrow', '1795528800000', '2026-11-24T19:30Z']) {
        assert.ok(Number.isNaN(localTimeMs(value)), value);
    }
    process.env.TZ = 'America/New_York';
    try {
        assert.equal(localTimeMs('2026-11-24T19:30'), Date.UTC(2026, 10, 25, 0, 30));
    } finally {
        process.env.TZ = 'Europe/Berlin';
    }
});

test('the start time in the request: ms since the epoch, none when empty, refused in the past or beyond a year', () => {
    const fields = {};
    assert.equal(startTime({ starts_at: '2026-11-24T19:30' }, fields, NOW), null);
    assert.deepEqual(fields, { starts_at: Date.UTC(2026, 10, 24, 18, 30) });
    const none = {};
    assert.equal(startTime({ starts_at: '' }, none, NOW), null);
    assert.equal(startTime({}, none, NOW), null);
    assert.deepEqual(none, {});
    // The server wants at least 5 s ahead.
    const soon = {};
    assert.equal(startTime({ starts_at: '2026-11-01T12:00:05' }, soon, NOW), null);
    assert.equal(soon.starts_at, NOW + 5 * SECOND);
    assert.equal(startTime({ starts_at: '2026-11-01T12:00:04' }, {}, NOW), 'tournament.create.error.starts_at.past');
    assert.equal(startTime({ starts_at: '2026-11-01T11:59' }, {}, NOW), 'tournament.create.error.starts_at.past');
    // A year (365 days) at most; 2 November 2027 is 366 days on.
    assert.equal(startTime({ starts_at: '2027-11-01T12:00' }, {}, NOW), null);
    assert.equal(Date.UTC(2027, 10, 1, 11, 0) - NOW, MAX_START_LEAD_MS);
    assert.equal(startTime({ starts_at: '2027-11-01T12:01' }, {}, NOW), 'tournament.create.error.starts_at.far');
    assert.equal(startTime({ starts_at: '2026-02-30T10:00' }, {}, NOW), 'tournament.create.error.starts_at');
    for (const key of ['tournament.create.error.starts_at', 'tournament.create.error.starts_at.past', 'tournament.create.error.starts_at.far']) {
        assert.ok(en[key] && de[key] && en[key] !== de[key], key);
    }
});

test('the create request: starts_at for every system, first_board for a Swiss only and only when not White', () => {
    const base = { name: 'Winter Swiss', system: 'swiss', rounds: '5', cycles: '1', minutes: '60', berserk: true, time_control: FISCHER,
                   rated: false, late_entry_until_round: '0', password: '', first_board: 'white', starts_at: '' };
    const swiss = { name: 'Winter Swiss', system: 'swiss', rounds: 5, time_control: FISCHER };
    assert.deepEqual(createFields(base, NOW).fields, swiss, 'White and no start time: neither is sent');
    assert.deepEqual(createFields({ ...base, first_board: undefined }, NOW).fields, swiss);
    assert.deepEqual(createFields({ ...base, first_board: 'green' }, NOW).fields, swiss);
    assert.deepEqual(createFields({ ...base, first_board: 'black' }, NOW).fields, { ...swiss, first_board: 'black' });
    assert.deepEqual(createFields({ ...base, first_board: 'random', starts_at: '2026-11-24T19:30' }, NOW).fields,
                     { ...swiss, first_board: 'random', starts_at: Date.UTC(2026, 10, 24, 18, 30) });
    // A round robin and an arena have no first board; both may have a start time.
    assert.deepEqual(createFields({ ...base, system: 'round_robin', first_board: 'black', starts_at: '2026-11-24T19:30' }, NOW).fields,
                     { name: 'Winter Swiss', system: 'round_robin', cycles: 1, time_control: FISCHER, starts_at: Date.UTC(2026, 10, 24, 18, 30) });
    assert.deepEqual(createFields({ ...base, system: 'arena', first_board: 'random', starts_at: '2026-07-01T12:00' }, Date.UTC(2026, 5, 1)).fields,
                     { name: 'Winter Swiss', system: 'arena', minutes: 60, berserk: true, time_control: FISCHER,
                       starts_at: Date.UTC(2026, 6, 1, 10, 0) });
    assert.equal(createFields({ ...base, starts_at: '2026-10-31T12:00' }, NOW).error, 'tournament.create.error.starts_at.past');
    assert.equal(createFields({ ...base, starts_at: 'soon' }, NOW).error, 'tournament.create.error.starts_at');
    // Without `now` the form's own clock decides: a time in the past is refused whenever the test runs.
    assert.equal(createFields({ ...base, starts_at: '2020-01-01T12:00' }).error, 'tournament.create.error.starts_at.past');
});

test('the start time on the page and in the list, in the page\'s language; none once the tournament runs', () => {
    const tournament = { id: 3, system: 'swiss', state: 'registering', starts_ms: Date.UTC(2026, 10, 24, 18, 30) };
    assert.equal(startsAt(tournament), Date.UTC(2026, 10, 24, 18, 30));
    assert.equal(startText(tournament, 'en', 'Europe/Berlin'), 'Starts at 24/11/2026, 19:30:00');
    assert.equal(inLanguage('de', () => startText(tournament, 'de', 'Europe/Berlin')), 'Beginnt am 24.11.2026, 19:30:00');
    assert.equal(startText(tournament, 'en', 'America/New_York'), 'Starts at 24/11/2026, 13:30:00');
    for (const other of [{ ...tournament, state: 'running' }, { ...tournament, starts_ms: undefined }, { ...tournament, starts_ms: 'x' }, null]) {
        assert.equal(startsAt(other), null, JSON.stringify(other));
        assert.equal(startText(other, 'en', 'Europe/Berlin'), '');
    }
});

test('the countdown to the start: the time and what is left, with the days when a day or more', () => {
    const starts = Date.UTC(2026, 10, 24, 18, 30);
    const at = 'Starts at 24/11/2026, 19:30:00';
    assert.equal(startCountdownText(starts, starts - 65 * SECOND, 'en', 'Europe/Berlin'), `${at} (in 1:05)`);
    assert.equal(startCountdownText(starts, starts - 8_200, 'en', 'Europe/Berlin'), `${at} (in 0:09)`);
    assert.equal(startCountdownText(starts, starts - 3 * DAY - 309 * SECOND, 'en', 'Europe/Berlin'), `${at} (in 3 days, 0:05:09)`);
    assert.equal(startCountdownText(starts, starts, 'en', 'Europe/Berlin'), `${at}: starting now`);
    assert.equal(startCountdownText(starts, starts + 5 * SECOND, 'en', 'Europe/Berlin'), `${at}: starting now`);
    assert.equal(inLanguage('de', () => startCountdownText(starts, starts - DAY - 3_600 * SECOND, 'de', 'Europe/Berlin')),
                 'Beginnt am 24.11.2026, 19:30:00 (in 1 Tag, 1:00:00)');
    assert.equal(inLanguage('de', () => startCountdownText(starts, starts - 2 * DAY, 'de', 'Europe/Berlin')),
                 'Beginnt am 24.11.2026, 19:30:00 (in 2 Tagen, 0:00:00)');
    const cases = [[86_399_000, '23:59:59'], [86_399_001, '1 day, 0:00:00'], [DAY, '1 day, 0:00:00'], [DAY + 61 * SECOND, '1 day, 0:01:01'],
                   [365 * DAY, '365 days, 0:00:00'], [59_000, '0:59'], [0, '0:00'], [-1, '0:00']];
    for (const [ms, text] of cases) assert.equal(timeLeftText(ms), text, String(ms));
});

test('a Swiss\'s first board in its settings; none for the other systems', () => {
    assert.equal(t(firstBoardKey({ system: 'swiss', first_board: 'white' })), 'White for the top seed');
    assert.equal(t(firstBoardKey({ system: 'swiss', first_board: 'black' })), 'Black for the top seed');
    assert.equal(inLanguage('de', () => t(firstBoardKey({ system: 'swiss', first_board: 'black' }))), 'Schwarz für den Setzlistenersten');
    assert.equal(firstBoardKey({ system: 'swiss' }), null, 'a server that does not send it');
    assert.equal(firstBoardKey({ system: 'round_robin', first_board: 'black' }), null);
    assert.equal(firstBoardKey({ system: 'arena', first_board: 'white' }), null);
    assert.equal(firstBoardKey(null), null);
    for (const key of ['tournament.setting.first_board', 'tournament.create.first_board', 'tournament.create.first_board.white',
                       'tournament.create.first_board.black', 'tournament.create.first_board.random', 'tournament.create.starts_at']) {
        assert.ok(en[key] && de[key] && en[key] !== de[key], key);
    }
});
