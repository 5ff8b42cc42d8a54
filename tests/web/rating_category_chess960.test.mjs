// The rating category chess960 in the client (issue 27 §4, docs/chess960.md): one category for
// every speed, so the profile's ratings table, its rating histories and the leaderboard's tabs
// list it after the four speeds, while the games list's filter stays by speed (a Chess960 game is
// still filed under its speed). Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { CATEGORIES, SPEEDS, categoryName } from '../../web/js/rating_format.js';
import { playerGamesQuery } from '../../web/js/profile/player_games.js';
import { histories, ratingRows } from '../../web/js/profile/profile_texts.js';
import { inLanguage } from './in_language.mjs';

test('chess960 is a rating category after the four speeds, named in both languages', () => {
    assert.deepEqual(SPEEDS, ['bullet', 'blitz', 'rapid', 'classical']);
    assert.deepEqual(CATEGORIES, ['bullet', 'blitz', 'rapid', 'classical', 'chess960']);
    assert.equal(categoryName('chess960'), 'Chess960');
    assert.equal(inLanguage('de', () => categoryName('chess960')), 'Chess960');
});

test('the profile shows the Chess960 rating and its history like any other category', () => {
    const player = {
        ratings: { chess960: { rating: 1612.4, rd: 180.2, games: 3, wins: 2, draws: 1, losses: 0, provisional: true } },
        history: { chess960: [{ at_ms: 1, rating: 1550 }, { at_ms: 2, rating: 1612 }], blitz: [] },
    };
    const rows = ratingRows(player);
    assert.deepEqual(rows.map((row) => row.category), CATEGORIES);
    const chess960 = rows.find((row) => row.category === 'chess960');
    assert.deepEqual({ name: chess960.name, rating: chess960.rating, rd: chess960.rd, games: chess960.games,
                       wins: chess960.wins, draws: chess960.draws },
                     { name: 'Chess960', rating: '1612?', rd: '180', games: '3', wins: '2', draws: '1' });
    assert.equal(rows.find((row) => row.category === 'blitz').games, '0');
    assert.deepEqual(histories(player).map((h) => h.category), ['chess960']);
});

test('the games filter offers the speeds only: chess960 is not a games category', () => {
    assert.deepEqual(playerGamesQuery({ category: 'chess960' }), { error: { field: 'category' } });
    assert.match(playerGamesQuery({ category: 'rapid' }).query, /category=rapid/);
});
