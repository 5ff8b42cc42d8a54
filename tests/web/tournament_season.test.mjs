// A round robin played as a season (web/js/tournament_season.js): the create form's days per
// round and the request createFields makes of them, the season in the settings, each round's
// deadline, and which boards wait for both players and which are overdue for the director.
//
// Times are written in Berlin (winter +1), so the expected texts are exact.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    MAX_ROUND_DAYS, deadlineOf, deadlineText, nextDeadline, nextRoundOpening, overdueBoards, overdueRounds, roundDays, seasonBoardKey,
    seasonBoardState, seasonDays, seasonText,
} from '../../web/js/tournament_season.js';
import { createFields } from '../../web/js/tournaments.js';
import { t } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { inLanguage } from './in_language.mjs';

const FISCHER = { kind: 'fischer', base_ms: 180000, increment_ms: 2000 };
const TZ = 'Europe/Berlin';
const DAY = 24 * 3600 * 1000;
// The season's start: Tuesday 3 November 2026, 19:30 in Berlin; a round a week.
const STARTED = Date.UTC(2026, 10, 3, 18, 30);

// The form's values as tournament_form.js passes them (strings from the inputs).
const FORM = { name: 'Club season', system: 'round_robin', rounds: '5', cycles: '1', round_days: '', minutes: '60', berserk: true,
               time_control: FISCHER, rated: false, late_entry_until_round: '0', first_board: 'white', starts_at: '', password: '',
               forbidden_pairs: '', tie_breaks: 'BH-C1, BH, SB, DE, WIN, BPG', draw_offers_from_move: '0', min_rating: '', max_rating: '',
               min_rated_games: '', invited: '' };
const ROUND_ROBIN = { name: 'Club season', system: 'round_robin', cycles: 1, time_control: FISCHER };

test('the request: round_days for a round robin when set, nothing when empty or 0', () => {
    const cases = [
        ['', ROUND_ROBIN], ['  ', ROUND_ROBIN], ['0', ROUND_ROBIN], [undefined, ROUND_ROBIN],
        ['7', { ...ROUND_ROBIN, round_days: 7 }], [' 1 ', { ...ROUND_ROBIN, round_days: 1 }],
        [String(MAX_ROUND_DAYS), { ...ROUND_ROBIN, round_days: 28 }],
    ];
    for (const [days, fields] of cases) assert.deepEqual(createFields({ ...FORM, round_days: days }).fields, fields, String(days));
    assert.deepEqual(createFields({ ...FORM, cycles: '2', round_days: '14' }).fields, { ...ROUND_ROBIN, cycles: 2, round_days: 14 });
});

test('days per round outside 1 to 28, or not whole, are refused with a sentence in both languages', () => {
    for (const days of ['29', '-1', '2.5', 'seven', '1e1x', '100']) {
        assert.equal(createFields({ ...FORM, round_days: days }).error, 'tournament.create.error.round_days', days);
    }
    const key = 'tournament.create.error.round_days';
    assert.ok(en[key].includes('1 to 28') && de[key].includes('1 bis 28'));
});

test('a Swiss and an arena never send round_days, whatever the hidden field holds', () => {
    assert.deepEqual(createFields({ ...FORM, system: 'swiss', round_days: '7' }).fields,
                     { name: 'Club season', system: 'swiss', rounds: 5, time_control: FISCHER, tie_breaks: ['BH-C1', 'BH', 'SB', 'DE', 'WIN', 'BPG'] });
    assert.equal(createFields({ ...FORM, system: 'arena', round_days: '7' }).fields.round_days, undefined);
    // Not even a bad value there stops the Swiss: the field is the round robin's.
    assert.ok(createFields({ ...FORM, system: 'swiss', round_days: '99' }).fields);
});

test('roundDays alone: the field and the error', () => {
    const fields = {};
    assert.equal(roundDays({ round_days: '7' }, fields), null);
    assert.deepEqual(fields, { round_days: 7 });
    const none = {};
    assert.equal(roundDays({}, none), null);
    assert.equal(roundDays({ round_days: 0 }, none), null);
    assert.deepEqual(none, {});
    assert.equal(roundDays({ round_days: 29 }, {}), 'tournament.create.error.round_days');
});

test('the season in the settings and the list: one round every N days; nothing for other events', () => {
    assert.equal(seasonText({ system: 'round_robin', round_days: 7 }), 'one round every 7 days');
    assert.equal(seasonText({ system: 'round_robin', round_days: 1 }), 'one round a day');
    assert.equal(inLanguage('de', () => seasonText({ system: 'round_robin', round_days: 7 })), 'eine Runde alle 7 Tage');
    assert.equal(inLanguage('de', () => seasonText({ system: 'round_robin', round_days: 1 })), 'eine Runde pro Tag');
    for (const other of [{ system: 'round_robin' }, { system: 'round_robin', round_days: 0 }, { system: 'swiss', round_days: 7 },
                         { system: 'arena', round_days: 7 }, null]) {
        assert.equal(seasonDays(other), null, JSON.stringify(other));
        assert.equal(seasonText(other), '');
    }
    assert.equal(seasonDays({ system: 'round_robin', round_days: 14 }), 14);
});

// A season of four: round 1 decided but for an overdue board, round 2 with a game on, one waiting
// and one decided (docs/protocol.md: a board not started has no `table`).
const ROUND_1 = { round: 1, paired_ms: STARTED, deadline_ms: STARTED + 7 * DAY, boards: [
    { board: 1, white: 'Anna', black: 'Bert', result: 'pending' },
    { board: 2, white: 'Clara', black: 'Dora', result: 'draw' }] };
const ROUND_2 = { round: 2, paired_ms: STARTED + 7 * DAY, deadline_ms: STARTED + 14 * DAY, boards: [
    { board: 1, white: 'Bert', black: 'Clara', table: 31, result: 'pending' },
    { board: 2, white: 'Dora', black: 'Anna', result: 'pending' },
    { board: 3, white: 'Emil', bye: 'pairing_allocated' }] };
const season = (fields = {}) => ({ id: 9, system: 'round_robin', round_days: 7, rounds: 3, state: 'running', started_ms: STARTED,
                                   rounds_paired: 2, pairings: [ROUND_1, ROUND_2], ...fields });
// Monday 16 November 2026, noon: round 1's deadline (10 November) has passed, round 2's (17th) not.
const NOW = Date.UTC(2026, 10, 16, 11, 0);

test('each board of a season: waiting before the deadline, overdue after it, else nothing', () => {
    const tournament = season();
    const state = (round, board, now = NOW) => seasonBoardState(tournament, round, round.boards[board - 1], now);
    assert.equal(state(ROUND_1, 1), 'overdue', 'pending without a table after the deadline');
    assert.equal(state(ROUND_1, 2), null, 'decided');
    assert.equal(state(ROUND_2, 1), null, 'its game is being played');
    assert.equal(state(ROUND_2, 2), 'waiting', 'pending without a table before the deadline');
    assert.equal(state(ROUND_2, 3), null, 'a bye');
    // The deadline's own millisecond is past it (the server starts no board from then on).
    assert.equal(state(ROUND_1, 1, ROUND_1.deadline_ms - 1), 'waiting');
    assert.equal(state(ROUND_1, 1, ROUND_1.deadline_ms), 'overdue');
    // A board without a result word is pending too.
    assert.equal(seasonBoardState(tournament, ROUND_1, { board: 1, white: 'Anna', black: 'Bert' }, NOW), 'overdue');
    // No deadline (the quick form, whose boards start at once), or a finished event: nothing.
    const quick = { ...ROUND_1, deadline_ms: undefined };
    assert.equal(seasonBoardState(season({ round_days: undefined }), quick, ROUND_1.boards[0], NOW), null);
    assert.equal(seasonBoardState(season({ state: 'finished' }), ROUND_1, ROUND_1.boards[0], NOW), null);
    assert.equal(seasonBoardState(season({ state: 'paused' }), ROUND_1, ROUND_1.boards[0], NOW), 'overdue');
    assert.equal(t(seasonBoardKey('waiting')), 'to be played when both are online');
    assert.equal(t(seasonBoardKey('overdue')), 'overdue — awaiting the director’s decision');
    assert.equal(inLanguage('de', () => t(seasonBoardKey('waiting'))), 'wird gespielt, sobald beide online sind');
    assert.equal(inLanguage('de', () => t(seasonBoardKey('overdue'))), 'überfällig — wartet auf die Entscheidung der Turnierleitung');
    assert.equal(seasonBoardKey(null), null);
});

test('the overdue boards of a round and the rounds that hold some, for the director', () => {
    assert.deepEqual(overdueBoards(season(), ROUND_1, NOW), [1]);
    assert.deepEqual(overdueBoards(season(), ROUND_2, NOW), []);
    assert.deepEqual(overdueRounds(season(), NOW), [{ round: 1, boards: [1] }]);
    // A day after round 2's deadline its waiting board is overdue too; the rounds in order.
    assert.deepEqual(overdueRounds(season({ pairings: [ROUND_2, ROUND_1] }), ROUND_2.deadline_ms + DAY),
                     [{ round: 1, boards: [1] }, { round: 2, boards: [2] }]);
    assert.deepEqual(overdueBoards(season(), ROUND_2, ROUND_2.deadline_ms), [2]);
    assert.deepEqual(overdueRounds(season(), STARTED), []);
    assert.deepEqual(overdueRounds({ system: 'round_robin' }, NOW), []);
    assert.deepEqual(overdueRounds(null, NOW), []);
    assert.equal(t('tournament.season.overdue.round', { round: 1, boards: '1, 3' }), 'round 1, board 1, 3');
    assert.deepEqual(overdueBoards(season(), null, NOW), []);
});

test('the next deadline of a waiting board, whichever round it is in, for the page to be drawn again then', () => {
    assert.equal(nextDeadline(season(), NOW), ROUND_2.deadline_ms, 'round 1\'s board is overdue already, round 2\'s waits');
    const waitingInBoth = STARTED + 7 * DAY - 1000;
    assert.equal(nextDeadline(season({ pairings: [ROUND_2, ROUND_1] }), waitingInBoth), ROUND_1.deadline_ms);
    assert.equal(nextDeadline(season(), ROUND_2.deadline_ms), null, 'nothing waits any more');
    assert.equal(nextDeadline(season({ state: 'finished' }), NOW), null);
    assert.equal(nextDeadline(null, NOW), null);
});

test('a round\'s deadline in the page\'s language, and once it has passed', () => {
    assert.equal(deadlineOf(ROUND_1), STARTED + 7 * DAY);
    assert.equal(deadlineOf({ round: 1, boards: [] }), null);
    assert.equal(deadlineOf(null), null);
    assert.equal(deadlineText(ROUND_2, NOW, 'en', TZ), 'To be played by 17/11/2026, 19:30:00');
    assert.equal(deadlineText(ROUND_1, NOW, 'en', TZ), 'Deadline passed: 10/11/2026, 19:30:00');
    assert.equal(inLanguage('de', () => deadlineText(ROUND_2, NOW, 'de', TZ)), 'Zu spielen bis 17.11.2026, 19:30:00');
    assert.equal(inLanguage('de', () => deadlineText(ROUND_1, NOW, 'de', TZ)), 'Frist abgelaufen: 10.11.2026, 19:30:00');
    assert.equal(deadlineText({ round: 1 }, NOW, 'en', TZ), '');
});

test('the next round of a running season opens at the latest round\'s deadline; none after the last', () => {
    assert.deepEqual(nextRoundOpening(season()), { round: 3, at: STARTED + 14 * DAY });
    assert.deepEqual(nextRoundOpening(season({ state: 'paused' })), { round: 3, at: STARTED + 14 * DAY });
    const third = { round: 3, paired_ms: STARTED + 14 * DAY, deadline_ms: STARTED + 21 * DAY, boards: [] };
    assert.equal(nextRoundOpening(season({ pairings: [ROUND_1, ROUND_2, third], rounds_paired: 3 })), null, 'every round is paired');
    assert.equal(nextRoundOpening(season({ pairings: [] })), null);
    assert.equal(nextRoundOpening(season({ state: 'finished' })), null);
    assert.equal(nextRoundOpening(season({ round_days: undefined })), null);
    assert.equal(t('tournament.season.next_round', { round: 3, at: '17/11/2026, 19:30:00' }), 'Round 3 opens at 17/11/2026, 19:30:00');
});

test('the season\'s words are in both catalogues, and German where they should be', () => {
    for (const key of ['tournament.create.round_days', 'tournament.create.round_days.placeholder', 'tournament.create.round_days.hint',
                       'tournament.create.error.round_days', 'tournament.setting.season', 'tournament.setting.next_round',
                       'tournament.season.next_round', 'tournament.season.deadline', 'tournament.season.deadline.passed',
                       'tournament.season.board.waiting', 'tournament.season.board.overdue', 'tournament.season.round.overdue',
                       'tournament.season.decide', 'tournament.season.decide.title',
                       'tournament.season.overdue.rounds', 'tournament.season.overdue.round']) {
        assert.ok(en[key] && de[key] && en[key] !== de[key], key);
    }
    assert.equal(t('tournament.create.round_days'), 'Days per round (optional)');
    assert.equal(inLanguage('de', () => t('tournament.create.round_days')), 'Tage pro Runde (optional)');
    assert.equal(inLanguage('de', () => `${t('tournament.season.overdue.rounds')} ${t('tournament.season.overdue.round', { round: 2, boards: '1, 3' })}`),
                 'Überfällig, wartet auf dein Ergebnis: Runde 2, Brett 1, 3');
});
