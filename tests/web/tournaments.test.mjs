// The tournaments' state in the page (web/js/tournaments.js): the lists and the tournaments shown
// in full folded from list_tournaments, show_tournament and tournament_updated; who may create
// and direct; joining and withdrawing; the rounds and standings as the page shows them; the
// create form's request.
import { test } from 'node:test';
import assert from 'node:assert/strict';

import {
    createFields, crosstable, entryAction, entryOf, isRunning, listOf, mayCreate, mayDirect, myNewGames, noTournaments, roomOfRefusal, roundsOf,
    byeOffer, tournamentOfPath,
    showing, shownRound, shownTournament, standingsOf, takesEntries, tournamentsAfter, withRound,
} from '../../web/js/tournaments.js';
import { errorText } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { inLanguage } from './in_language.mjs';

const FISCHER = { kind: 'fischer', base_ms: 180000, increment_ms: 2000 };

// A tournament as docs/protocol.md's 6h shows it, with what the rounds add.
function winterSwiss(fields = {}) {
    return {
        id: 3, name: 'Winter Swiss', system: 'swiss', rounds: 2, time_control: FISCHER, rated: false, director: 'Anna',
        late_entry_until_round: 0, password: false, state: 'registering', created_ms: 1795528800000, rounds_paired: 0,
        player_count: 2,
        players: [{ entry: 1, nick: 'Bert', rating: 1612, first_round: 1, withdrawn: false },
                  { entry: 2, nick: 'Clara', rating: 1500, first_round: 1, withdrawn: false }],
        ...fields,
    };
}

const ROUND_1 = { round: 1, paired_ms: 1795528800000, boards: [
    { board: 1, white: 'Bert', black: 'Clara', table: 17, result: 'pending' },
    { board: 2, white: 'Dora', black: 'Emil', result: 'white_wins_by_forfeit' },
    { board: 3, white: 'Fritz', bye: 'pairing_allocated' }] };
const ROUND_2 = { round: 2, paired_ms: 1795529800000, boards: [{ board: 1, white: 'Clara', black: 'Fritz', table: 21, result: 'draw' }] };

const summary = (tournament) => {
    const { players, pairings, standings, ...rest } = tournament;
    return rest;
};

test('the lists are taken as sent; a tournament frame is kept in full and its list entry updated', () => {
    let state = tournamentsAfter(noTournaments(), { type: 'tournaments', upcoming: [summary(winterSwiss())], running: [], finished: [] });
    assert.deepEqual(state.lists.upcoming.map((entry) => entry.id), [3]);
    assert.deepEqual(state.lists.running, []);
    const full = winterSwiss({ player_count: 3, players: [...winterSwiss().players,
        { entry: 3, nick: 'Dora', rating: 1400, first_round: 1, withdrawn: false }] });
    state = tournamentsAfter(state, { type: 'tournament', tournament: full });
    assert.equal(state.full.get(3).players.length, 3);
    assert.equal(state.lists.upcoming[0].player_count, 3);
    assert.equal(state.lists.upcoming[0].players, undefined, 'the list holds no players');
});

test('a tournament that starts or ends moves to its list, at the top; a new one appears', () => {
    let state = tournamentsAfter(noTournaments(), { type: 'tournaments', upcoming: [summary(winterSwiss()), summary(winterSwiss({ id: 2 }))],
                                                    running: [summary(winterSwiss({ id: 1, state: 'running' }))], finished: [] });
    state = tournamentsAfter(state, { type: 'tournament_updated', tournament: winterSwiss({ state: 'running', started_ms: 1 }) });
    assert.deepEqual(state.lists.upcoming.map((entry) => entry.id), [2]);
    assert.deepEqual(state.lists.running.map((entry) => entry.id), [3, 1]);
    state = tournamentsAfter(state, { type: 'tournament_updated', tournament: winterSwiss({ state: 'finished' }) });
    assert.deepEqual(state.lists.running.map((entry) => entry.id), [1]);
    assert.deepEqual(state.lists.finished.map((entry) => entry.id), [3]);
    state = tournamentsAfter(state, { type: 'tournament_updated', tournament: winterSwiss({ id: 9, state: 'paused' }) });
    assert.deepEqual(state.lists.running.map((entry) => entry.id), [9, 1], 'paused is running still');
    assert.equal(listOf({ state: 'registering' }), 'upcoming');
});

test('frames of other kinds, and a tournament frame without a tournament, change nothing', () => {
    const state = noTournaments();
    assert.equal(tournamentsAfter(state, { type: 'pools', pools: [] }), state);
    assert.equal(tournamentsAfter(state, { type: 'tournament_updated' }), state);
    assert.equal(tournamentsAfter(state, { type: 'ok', id: 4 }), state);
});

test('the page shows the full tournament, its summary until it comes, or the lists', () => {
    let state = tournamentsAfter(noTournaments(), { type: 'tournaments', upcoming: [summary(winterSwiss())], running: [], finished: [] });
    assert.equal(shownTournament(state), null);
    state = showing(state, 3);
    assert.equal(shownTournament(state).players, undefined, 'the summary first');
    state = tournamentsAfter(state, { type: 'tournament', tournament: winterSwiss() });
    assert.equal(shownTournament(state).players.length, 2);
    state = withRound(state, 1);
    assert.equal(state.round, 1);
    assert.equal(showing(state, 3).round, 1, 'the same page shown again keeps its round');
    assert.equal(showing(state, null).round, null, 'another page starts at the latest round');
    assert.equal(showing(showing(state, 4), 3).round, null);
    assert.equal(shownTournament(showing(state, 77)), null);
});

test('directors, moderators and admins create; a tournament is directed by its director, moderators and admins', () => {
    const cases = [
        // [identity, may create, may direct Anna's]
        [null, false, false],
        [{ nick: 'Gast', guest: true, role: 'player' }, false, false],
        [{ nick: 'Bert', guest: false, role: 'player' }, false, false],
        [{ nick: 'Anna', guest: false, role: 'director' }, true, true],
        [{ nick: 'ANNA', guest: false, role: 'director' }, true, true],
        [{ nick: 'Otto', guest: false, role: 'director' }, true, false],
        [{ nick: 'Mod', guest: false, role: 'moderator' }, true, true],
        [{ nick: 'Chef', guest: false, role: 'admin' }, true, true],
        [{ nick: 'Anna', guest: false, role: 'player' }, false, false],
    ];
    for (const [identity, create, direct] of cases) {
        assert.equal(mayCreate(identity), create, JSON.stringify(identity));
        assert.equal(mayDirect(identity, winterSwiss()), direct, JSON.stringify(identity));
    }
});

test('join, withdraw, or why not', () => {
    const bert = { nick: 'bert', guest: false, role: 'player' };
    const dora = { nick: 'Dora', guest: false, role: 'player' };
    const guest = { nick: 'Gast_1', guest: true, role: 'player' };
    const withdrawn = winterSwiss({ players: [{ entry: 1, nick: 'Bert', rating: 1612, first_round: 1, withdrawn: true }] });
    const cases = [
        // [tournament, identity, {action, why}]
        [winterSwiss(), dora, { action: 'join', why: null }],
        [winterSwiss(), bert, { action: 'withdraw', why: null }],
        [winterSwiss(), guest, { action: 'join', why: null }],
        [winterSwiss({ rated: true }), guest, { action: null, why: 'guest_rated' }],
        [withdrawn, bert, { action: null, why: 'withdrawn' }],
        [winterSwiss({ state: 'running', rounds_paired: 1 }), dora, { action: null, why: 'closed' }],
        [winterSwiss({ state: 'running', rounds_paired: 1, late_entry_until_round: 2 }), dora, { action: 'join', why: null }],
        [winterSwiss({ state: 'running', rounds_paired: 2, late_entry_until_round: 2 }), dora, { action: null, why: 'closed' }],
        [winterSwiss({ state: 'running', rounds_paired: 1 }), bert, { action: 'withdraw', why: null }],
        [winterSwiss({ state: 'finished' }), bert, { action: null, why: null }],
        [winterSwiss(), null, { action: null, why: null }],
        [summary(winterSwiss()), dora, { action: null, why: null }],
    ];
    for (const [tournament, identity, expected] of cases) {
        assert.deepEqual(entryAction(tournament, identity), expected, `${identity && identity.nick} ${JSON.stringify(tournament.state)}`);
    }
    assert.equal(entryOf(winterSwiss(), 'CLARA').entry, 2);
    assert.equal(entryOf(winterSwiss(), 'Niemand'), null);
    assert.equal(takesEntries(winterSwiss({ state: 'running', rounds_paired: 0 })), false, 'no late entries: closed at the start');
    assert.equal(takesEntries(winterSwiss({ state: 'running', rounds_paired: 0, late_entry_until_round: 1 })), true);
});

test('the rounds latest first; the chosen one while it exists, else the latest', () => {
    const tournament = winterSwiss({ pairings: [ROUND_1, ROUND_2] });
    assert.deepEqual(roundsOf(tournament).map((round) => round.round), [2, 1]);
    assert.equal(shownRound(tournament, null).round, 2);
    assert.equal(shownRound(tournament, 1).round, 1);
    assert.equal(shownRound(tournament, 7).round, 2);
    assert.equal(shownRound(winterSwiss(), null), null, 'no pairings before the lead\'s rounds');
    assert.deepEqual(roundsOf(null), []);
});

test('a board is being played while it has a table and no result', () => {
    const [pending, forfeit, bye] = ROUND_1.boards;
    assert.equal(isRunning(pending), true);
    assert.equal(isRunning(forfeit), false);
    assert.equal(isRunning(bye), false);
    assert.equal(isRunning({ board: 1, white: 'A', black: 'B', result: 'pending' }), false, 'no table yet');
    assert.equal(isRunning({ board: 1, white: 'A', black: 'B', table: 3 }), true);
    assert.equal(isRunning(ROUND_2.boards[0]), false);
});

test('the standings with their tie-break codes; none before any', () => {
    const tournament = winterSwiss({ tie_breaks: ['BH-C1', 'BH'], standings: [{ rank: '1', nick: 'Bert', points: 1.5, tie_breaks: [1.5, 2], withdrawn: false }] });
    assert.deepEqual(standingsOf(tournament).codes, ['BH-C1', 'BH']);
    assert.equal(standingsOf(tournament).rows[0].nick, 'Bert');
    assert.deepEqual(standingsOf(winterSwiss()), { codes: [], rows: [] });
});

test('the room a refused watch names', () => {
    assert.equal(roomOfRefusal('watch_table: table 12 stands in room 34; enter it first'), 34);
    assert.equal(roomOfRefusal('watch_table: table 12 stands in room -7; enter it first'), -7);
    assert.equal(roomOfRefusal('look into it first'), null);
    assert.equal(roomOfRefusal(undefined), null);
});

test('the create form\'s request, or the first value that cannot be sent', () => {
    const base = { name: ' Winter  Swiss ', system: 'swiss', rounds: '5', cycles: '1', time_control: FISCHER, rated: false,
                   late_entry_until_round: '0', password: '' };
    assert.deepEqual(createFields(base).fields, { name: 'Winter Swiss', system: 'swiss', rounds: 5, time_control: FISCHER });
    assert.deepEqual(createFields({ ...base, rated: true, late_entry_until_round: '2', password: 'Schach-1' }).fields,
                     { name: 'Winter Swiss', system: 'swiss', rounds: 5, time_control: FISCHER, rated: true, late_entry_until_round: 2,
                       password: 'Schach-1' });
    assert.deepEqual(createFields({ ...base, system: 'round_robin', cycles: '2', late_entry_until_round: '3' }).fields,
                     { name: 'Winter Swiss', system: 'round_robin', cycles: 2, time_control: FISCHER });
    // The director's rules: a pair per line, codes in his order (any case), the first move for offers.
    assert.deepEqual(createFields({ ...base, forbidden_pairs: 'Anna Bert\n\n  Clara, Dora \n', tie_breaks: 'sb, BH;ARO',
                                    draw_offers_from_move: '30' }).fields,
                     { name: 'Winter Swiss', system: 'swiss', rounds: 5, time_control: FISCHER,
                       forbidden_pairs: [['Anna', 'Bert'], ['Clara', 'Dora']], tie_breaks: ['SB', 'BH', 'ARO'], draw_offers_from_move: 30 });
    // Who may enter: empty fields are no condition.
    assert.deepEqual(createFields({ ...base, min_rating: '1200', max_rating: ' ', min_rated_games: '10', invited: 'Anna, Bert\nClara' }).fields,
                     { name: 'Winter Swiss', system: 'swiss', rounds: 5, time_control: FISCHER, min_rating: 1200, min_rated_games: 10,
                       invited: ['Anna', 'Bert', 'Clara'] });
    // Bots enter only when the director ticks the box.
    assert.deepEqual(createFields({ ...base, bots_allowed: true }).fields,
                     { name: 'Winter Swiss', system: 'swiss', rounds: 5, time_control: FISCHER, bots_allowed: true });
    assert.equal('bots_allowed' in createFields({ ...base, bots_allowed: false }).fields, false);
    // A round robin has neither forbidden pairs nor chosen tie-breaks: what the Swiss fields hold is not sent.
    assert.deepEqual(createFields({ ...base, system: 'round_robin', forbidden_pairs: 'Anna Bert', tie_breaks: 'SB',
                                    draw_offers_from_move: '40' }).fields,
                     { name: 'Winter Swiss', system: 'round_robin', cycles: 1, time_control: FISCHER, draw_offers_from_move: 40 });
    const refused = [
        [{ name: 'ab' }, 'tournament.create.error.name'],
        [{ name: 'x'.repeat(61) }, 'tournament.create.error.name'],
        [{ rounds: '0' }, 'tournament.create.error.rounds'],
        [{ rounds: '21' }, 'tournament.create.error.rounds'],
        [{ rounds: '2.5' }, 'tournament.create.error.rounds'],
        [{ late_entry_until_round: '6' }, 'tournament.create.error.late_entry'],
        [{ rated: true, time_control: { kind: 'untimed' } }, 'tournament.create.error.rated_untimed'],
        [{ password: 'abc' }, 'tournament.create.error.password'],
        [{ password: 'x'.repeat(65) }, 'tournament.create.error.password'],
        [{ time_control: null }, 'tournament.create.error.time_control'],
        [{ forbidden_pairs: 'Anna Bert Clara' }, 'tournament.create.error.forbidden_pairs'],
        [{ forbidden_pairs: 'Anna anna' }, 'tournament.create.error.forbidden_pairs'],
        [{ forbidden_pairs: 'A B\n'.repeat(51) }, 'tournament.create.error.forbidden_pairs'],
        [{ tie_breaks: 'SB, Koya' }, 'tournament.create.error.tie_breaks'],
        [{ tie_breaks: 'SB SB' }, 'tournament.create.error.tie_breaks'],
        [{ draw_offers_from_move: '101' }, 'tournament.create.error.draw_offers'],
        [{ min_rating: '1800', max_rating: '1200' }, 'tournament.create.error.rating_range'],
        [{ min_rating: '4001' }, 'tournament.create.error.rating_range'],
        [{ max_rating: '-5' }, 'tournament.create.error.rating_range'],
        [{ min_rated_games: '1001' }, 'tournament.create.error.min_rated_games'],
        [{ invited: 'a '.repeat(201) }, 'tournament.create.error.invited'],
        [{ draw_offers_from_move: '2.5' }, 'tournament.create.error.draw_offers'],
    ];
    for (const [change, key] of refused) {
        assert.equal(createFields({ ...base, ...change }).error, key, JSON.stringify(change));
        assert.ok(en[key] && de[key], `${key} in both catalogues`);
    }
});

test('a refused director\'s action says who may, not "only moderators"', () => {
    const message = "start_tournament: only the tournament's director (Anna), a moderator or an admin may";
    assert.match(errorText({ code: 'forbidden', message }).sentence, /tournament’s director/);
    assert.match(inLanguage('de', () => errorText({ code: 'forbidden', message }).sentence), /Turnierleiter/);
    assert.match(errorText({ code: 'forbidden', message: 'create_tournament: needs the director role' }).sentence, /director/);
    assert.equal(errorText({ code: 'forbidden', message: 'notice: needs the moderator role' }).sentence, 'Only moderators may do that.');
});

test('the crosstable: a row per player in the standings\' order, a cell per round with opponent, colour and score', () => {
    const players = ['Bert', 'Clara', 'Dora', 'Emil', 'Fritz'].map((nick, index) => ({ entry: index + 1, nick, rating: 1500, first_round: 1,
                                                                                      withdrawn: false }));
    const tournament = winterSwiss({ players, pairings: [ROUND_2, ROUND_1],
                                     standings: [{ rank: '1', nick: 'Dora', points: 1 }, { rank: '2-3', nick: 'Fritz', points: 1.5 }] });
    const table = crosstable(tournament);
    assert.deepEqual(table.rounds, [1, 2]);
    assert.deepEqual(table.rows.map((row) => row.nick), ['Dora', 'Fritz', 'Bert', 'Clara', 'Emil'], 'the standings first, then by entry');
    const cells = (nick) => table.rows.find((row) => row.nick === nick).cells.map(({ opponent, colour, score }) => [opponent, colour, score]);
    assert.deepEqual(cells('Bert'), [[2, 'w', ''], [null, null, '']], 'a game being played; not paired in round 2');
    assert.deepEqual(cells('Clara'), [[1, 'b', ''], [5, 'w', '½']]);
    assert.deepEqual(cells('Dora'), [[4, 'w', '+'], [null, null, '']]);
    assert.deepEqual(cells('Emil'), [[3, 'b', '−'], [null, null, '']]);
    assert.deepEqual(cells('Fritz'), [[null, null, '1'], [2, 'b', '½']], 'the pairing-allocated bye');
    assert.equal(table.rows[0].rank, '1');
    assert.equal(table.rows[4].rank, null);
    assert.deepEqual(crosstable(winterSwiss()), { rounds: [], rows: [] }, 'nothing before the first round');
});

test('the games of mine an update started, for the notice; none again, none of others', () => {
    const before = winterSwiss({ state: 'running' });
    const after = winterSwiss({ state: 'running', pairings: [ROUND_1] });
    assert.deepEqual(myNewGames(before, after, 'clara'), [{ round: 1, table: 17, opponent: 'Bert', colour: 'black' }]);
    assert.deepEqual(myNewGames(before, after, 'Bert'), [{ round: 1, table: 17, opponent: 'Clara', colour: 'white' }]);
    assert.deepEqual(myNewGames(after, after, 'Bert'), [], 'told once');
    assert.deepEqual(myNewGames(before, after, 'Dora'), [], 'a forfeit has no table');
    assert.deepEqual(myNewGames(before, after, 'Fritz'), [], 'a bye is no game');
    assert.deepEqual(myNewGames(before, after, ''), []);
    assert.deepEqual(myNewGames(undefined, after, 'Bert').length, 1, 'the first frame of a tournament');
    const unseated = winterSwiss({ pairings: [{ round: 1, boards: [{ board: 1, white: 'Bert', black: 'Clara', result: 'pending' }] }] });
    assert.deepEqual(myNewGames(before, unseated, 'Bert'), [], 'not before its table opens');
    assert.deepEqual(myNewGames(unseated, after, 'Bert').length, 1, 'when its table opens');
});

test('a tournament\'s public address names it; nothing else does', () => {
    assert.equal(tournamentOfPath('/tournaments/7'), 7);
    assert.equal(tournamentOfPath('/tournaments/12/'), 12);
    for (const path of ['/', '/tournaments/', '/tournaments/0', '/tournaments/7.pgn', '/tournaments/x', '/tournaments/7/players',
                        '/tournaments/1234567890123456', '/games/7', undefined]) {
        assert.equal(tournamentOfPath(path), null, String(path));
    }
});

test('a half-point bye: asked for the next round but never the last, taken back while it stands, none in a round robin', () => {
    const swiss = { system: 'swiss', state: 'running', rounds: 5, rounds_paired: 2 };
    const anna = { nick: 'Anna', withdrawn: false };
    assert.deepEqual(byeOffer(swiss, anna), { action: 'request', round: 3 });
    assert.deepEqual(byeOffer(swiss, { ...anna, bye_round: 3 }), { action: 'cancel', round: 3 });
    assert.deepEqual(byeOffer(swiss, { ...anna, bye_round: 2 }), { action: 'request', round: 3 }); // round 2 is paired: used
    assert.deepEqual(byeOffer({ ...swiss, state: 'registering', rounds_paired: 0 }, anna), { action: 'request', round: 1 });
    assert.equal(byeOffer({ ...swiss, rounds_paired: 4 }, anna), null); // round 5 is the last
    assert.equal(byeOffer(swiss, { ...anna, withdrawn: true }), null);
    assert.equal(byeOffer({ ...swiss, state: 'finished' }, anna), null);
    assert.equal(byeOffer({ ...swiss, system: 'round_robin' }, anna), null);
    assert.equal(byeOffer(swiss, null), null);
});

// An arena as show_tournament sends it once started: its minutes and berserk, its standings.
const FRIDAY_ARENA = {
    id: 5, name: 'Friday Arena', system: 'arena', minutes: 60, berserk: true, time_control: FISCHER, rated: false, director: 'Anna',
    password: false, state: 'running', created_ms: 1795528800000, started_ms: 1795530000000, ends_ms: 1795533600000,
    rounds_paired: 1, player_count: 2, players: winterSwiss().players,
    pairings: [{ round: 1, paired_ms: 1795530000000, boards: [{ board: 1, white: 'Bert', black: 'Clara', table: 30, result: 'pending' }] }],
    arena_standings: [{ rank: '1-2', nick: 'Bert', score: 0, performance: 1612, sheet: '', on_fire: false, games: 0, playing: true, withdrawn: false },
                      { rank: '1-2', nick: 'Clara', score: 0, performance: 1500, sheet: '', on_fire: false, games: 0, playing: true, withdrawn: false }],
};

test('the create form\'s arena request: its minutes and berserk, none of the other systems\' fields', () => {
    // What the hidden Swiss and round-robin fields still hold is not sent: the server refuses it for an arena.
    const base = { name: 'Friday Arena', system: 'arena', rounds: '5', cycles: '2', minutes: '45', berserk: true, time_control: FISCHER,
                   rated: false, late_entry_until_round: '3', password: '', forbidden_pairs: 'Anna Bert', tie_breaks: 'SB, BH',
                   draw_offers_from_move: '20' };
    assert.deepEqual(createFields(base).fields, { name: 'Friday Arena', system: 'arena', minutes: 45, berserk: true, time_control: FISCHER,
                                                  draw_offers_from_move: 20 });
    assert.equal(createFields({ ...base, berserk: false }).fields.berserk, false);
    assert.deepEqual(createFields({ ...base, rated: true, password: 'Schach-1', min_rating: '1200' }).fields,
                     { name: 'Friday Arena', system: 'arena', minutes: 45, berserk: true, time_control: FISCHER, rated: true,
                       min_rating: 1200, draw_offers_from_move: 20, password: 'Schach-1' });
    for (const minutes of ['0', '721', '2.5', '', ' ', 'x', undefined]) {
        assert.equal(createFields({ ...base, minutes }).error, 'tournament.create.error.minutes', String(minutes));
    }
    assert.equal(createFields({ ...base, minutes: '720' }).fields.minutes, 720);
    assert.equal(createFields({ ...base, rated: true, time_control: { kind: 'untimed' } }).error, 'tournament.create.error.rated_untimed');
    // The other systems send no arena fields.
    const swiss = createFields({ ...base, system: 'swiss', late_entry_until_round: '0', forbidden_pairs: '', tie_breaks: '' }).fields;
    assert.deepEqual([swiss.rounds, swiss.minutes, swiss.berserk], [5, undefined, undefined]);
    const roundRobin = createFields({ ...base, system: 'round_robin' }).fields;
    assert.deepEqual([roundRobin.cycles, roundRobin.minutes, roundRobin.berserk], [2, undefined, undefined]);
    assert.equal(createFields({ ...base, system: 'bogus' }).fields.system, 'swiss');
});

test('an arena takes entries until it ends and has no byes; its standings stay out of the lists', () => {
    assert.equal(takesEntries(FRIDAY_ARENA), true);
    assert.equal(takesEntries({ ...FRIDAY_ARENA, state: 'paused' }), true);
    assert.equal(takesEntries({ ...FRIDAY_ARENA, state: 'finished' }), false);
    assert.deepEqual(entryAction(FRIDAY_ARENA, { nick: 'Zoe', guest: false, role: 'player' }), { action: 'join', why: null });
    assert.equal(byeOffer(FRIDAY_ARENA, entryOf(FRIDAY_ARENA, 'Bert')), null);
    const state = tournamentsAfter(noTournaments(), { type: 'tournament', tournament: FRIDAY_ARENA });
    assert.equal(state.lists.running[0].arena_standings, undefined);
    assert.equal(state.lists.running[0].minutes, 60);
    assert.equal(state.full.get(5).arena_standings.length, 2);
    // A wave's game is news for its players as a round's is.
    assert.deepEqual(myNewGames({ ...FRIDAY_ARENA, pairings: [] }, FRIDAY_ARENA, 'Clara'),
                     [{ round: 1, table: 30, opponent: 'Bert', colour: 'black' }]);
});
