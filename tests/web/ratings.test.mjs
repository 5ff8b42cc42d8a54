// Ratings in the browser (docs/ratings.md): how ratings and changes are written, the profile and
// leaderboard addresses, the rating chart's scaling, the player-games query, a game from the
// player's side, the profile's texts, the archive's rating changes, and the table model's rated
// fields and rating_change frame. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { setLanguage, t } from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { CATEGORIES, MINUS, categoryName, changeText, deviationText, isTimed, ratingText, signedDiff } from '../../web/js/rating_format.js';
import { LEADERBOARD_PATH, nickFromPath, playerPgnPath, profilePath } from '../../web/js/profile_link.js';
import { CHART_SIZE, chartModel, ratingAxis, ratingStep } from '../../web/js/profile/rating_chart.js';
import { COLOURS, LIMIT, OUTCOMES, RATED, fromPlayer, playerGamesPath, playerGamesQuery } from '../../web/js/profile/player_games.js';
import { histories, profileProblem, ratingRows } from '../../web/js/profile/profile_texts.js';
import { gamePage, ratingChangeText } from '../../web/js/archive/archive_texts.js';
import { applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { PRESETS, customTimeControl } from '../../web/js/time_control.js';
import { inLanguage } from './in_language.mjs';

// ---- writing ratings --------------------------------------------------------------------------

test('a rating is a whole number, with "?" while provisional', () => {
    const cases = [
        // [value, text]
        [{ rating: 1523, provisional: false }, '1523'],
        [{ rating: 1500, provisional: true }, '1500?'],
        [{ rating: 1662.4, provisional: true }, '1662?'],
        [{ rating: 1662.5 }, '1663'],
        [{ after: 1338, provisional: false }, '1338'],
        [{ rating: null }, ''],
        [null, ''],
        [undefined, ''],
        [{}, ''],
    ];
    for (const [value, text] of cases) assert.equal(ratingText(value), text, JSON.stringify(value));
});

test('a change has its sign: "+12", a real minus sign (U+2212) for a loss, "±0" for none', () => {
    assert.equal(MINUS, '−');
    const cases = [[12, '+12'], [-8, '−8'], [162, '+162'], [-162, '−162'], [0, '±0'], [0.4, '±0'], [-0.4, '±0'], [7.6, '+8'],
                   [null, ''], [undefined, ''], ['x', '']];
    for (const [diff, text] of cases) assert.equal(signedDiff(diff), text, String(diff));
    assert.ok(!signedDiff(-8).includes('-'), 'not the hyphen-minus');
});

test('a deviation is rounded; a change reads as the new rating and the difference', () => {
    assert.equal(deviationText(290.3), '290');
    assert.equal(deviationText(undefined), '');
    assert.equal(changeText({ after: 1662, diff: 162, provisional: true }), '1662? (+162)');
    assert.equal(changeText({ after: 1338, diff: -162, provisional: false }), '1338 (−162)');
    assert.equal(changeText(null), '');
});

test('categories are named in the page\'s language', () => {
    assert.deepEqual(CATEGORIES, ['bullet', 'blitz', 'rapid', 'classical', 'chess960']);
    assert.deepEqual(CATEGORIES.map(categoryName), ['Bullet', 'Blitz', 'Rapid', 'Classical', 'Chess960']);
    assert.deepEqual(inLanguage('de', () => CATEGORIES.map(categoryName)), ['Bullet', 'Blitz', 'Schnellschach', 'Klassisch', 'Chess960']);
    assert.equal(categoryName('atomic'), 'atomic');
    assert.equal(categoryName(null), '');
});

test('only a control with a clock can be rated', () => {
    const timed = PRESETS.filter((preset) => isTimed(preset.value)).length;
    assert.equal(timed, PRESETS.length - 1, 'every preset but "untimed"');
    assert.equal(isTimed({ kind: 'untimed' }), false);
    assert.equal(isTimed(customTimeControl('3', '2')), true);
    assert.equal(isTimed(null), false);
});

// ---- addresses --------------------------------------------------------------------------------

test('a profile\'s address percent-encodes the nick, and the page reads it back', () => {
    const cases = [
        // [nick, path]
        ['Anna', '/@/Anna'],
        ['Jürgen', '/@/J%C3%BCrgen'],
        ['a_b-c', '/@/a_b-c'],
    ];
    for (const [nick, path] of cases) {
        assert.equal(profilePath(nick), path);
        assert.equal(nickFromPath(path), nick);
        assert.equal(nickFromPath(`${path}/`), nick);
    }
    for (const path of ['/@/', '/@', '/games/12', '/@/a/b', '/@/%E0%A4%A', '', null]) assert.equal(nickFromPath(path), null, String(path));
    assert.equal(playerPgnPath('Jürgen'), '/api/players/J%C3%BCrgen/games.pgn');
    assert.equal(LEADERBOARD_PATH, '/leaderboard');
});

// ---- the rating chart -------------------------------------------------------------------------

test('the rating axis takes a round step and spans every rating', () => {
    const steps = [[40, 10], [41, 20], [80, 20], [100, 25], [150, 50], [200, 50], [300, 100], [800, 200], [1000, 250], [3000, 1000],
                   [9000, 3000]];
    for (const [span, step] of steps) assert.equal(ratingStep(span), step, `span ${span}`);
    const axes = [
        // [ratings, {low, high, step}]
        [[1500], { low: 1490, high: 1510, step: 10 }],
        [[1500, 1500], { low: 1490, high: 1510, step: 10 }],
        [[1338, 1662], { low: 1300, high: 1700, step: 100 }],
        [[1500, 1662, 1620], { low: 1500, high: 1700, step: 50 }],
        [[1995, 2005], { low: 1990, high: 2010, step: 10 }],
    ];
    for (const [ratings, axis] of axes) assert.deepEqual(ratingAxis(ratings), axis, ratings.join(' '));
});

test('the chart puts the first point left, the last right, the highest rating at the top', () => {
    const size = { width: 200, height: 120, left: 20, right: 10, top: 10, bottom: 10 };
    const points = [{ at: 1000, rating: 1500 }, { at: 2000, rating: 1700 }, { at: 3000, rating: 1600 }];
    const model = chartModel(points, size);
    // Plot: x from 20 to 190, y from 10 (1700) to 110 (1500); the axis 1500..1700 in steps of 50.
    assert.deepEqual(model.dots.map((dot) => [dot.x, dot.y]), [[20, 110], [105, 10], [190, 60]]);
    assert.equal(model.path, 'M20 110 L105 10 L190 60');
    assert.deepEqual([model.low, model.high], [1500, 1700]);
    assert.deepEqual(model.yTicks, [{ y: 110, value: 1500 }, { y: 85, value: 1550 }, { y: 60, value: 1600 }, { y: 35, value: 1650 },
                                    { y: 10, value: 1700 }]);
    assert.deepEqual(model.xTicks, [{ x: 20, at: 1000 }, { x: 190, at: 3000 }]);
});

test('the chart scales by time, not by game, and rounds to a tenth', () => {
    const size = { width: 100, height: 100, left: 0, right: 0, top: 0, bottom: 0 };
    const model = chartModel([{ at: 0, rating: 1500 }, { at: 1, rating: 1510 }, { at: 3, rating: 1490 }], size);
    assert.deepEqual(model.dots.map((dot) => dot.x), [0, 33.3, 100]);
    assert.deepEqual(model.dots.map((dot) => dot.y), [50, 0, 100]);
});

test('one point (or points at one instant) stands in the middle; no points, no chart', () => {
    const one = chartModel([{ at: 5000, rating: 1662.4 }]);
    const middleX = CHART_SIZE.left + (CHART_SIZE.width - CHART_SIZE.left - CHART_SIZE.right) / 2;
    const middleY = CHART_SIZE.top + (CHART_SIZE.height - CHART_SIZE.top - CHART_SIZE.bottom) / 2;
    assert.equal(one.dots[0].x, middleX);
    assert.ok(Math.abs(one.dots[0].y - middleY) < 40, 'inside the plot');
    assert.match(one.path, /^M[\d.]+ [\d.]+$/);
    assert.deepEqual(one.xTicks, [{ x: middleX, at: 5000 }]);
    assert.equal(chartModel([]), null);
    assert.equal(chartModel(undefined), null);
    assert.equal(chartModel([{ at: 'x', rating: 1500 }]), null);
    for (const dot of chartModel([{ at: 1, rating: 1500 }, { at: 9, rating: 2400 }]).dots) {
        assert.ok(dot.y >= CHART_SIZE.top && dot.y <= CHART_SIZE.height - CHART_SIZE.bottom, `y ${dot.y} inside the plot`);
    }
});

// ---- a player's games -------------------------------------------------------------------------

test('the filters make the query: empty ones left out, values encoded, the cursor for the next page', () => {
    const cases = [
        // [values, cursor, query]
        [{}, null, `limit=${LIMIT}`],
        [{ result: 'won' }, null, `result=won&limit=${LIMIT}`],
        [{ result: 'lost', colour: 'black', category: 'blitz', opponent: ' Jürgen ', rated: 'true' }, null,
         `result=lost&colour=black&category=blitz&opponent=J%C3%BCrgen&rated=true&limit=${LIMIT}`],
        [{ result: '', colour: '', category: '', opponent: '  ', rated: 'false' }, 'abc=1', `rated=false&limit=${LIMIT}&cursor=abc%3D1`],
        [{ opponent: 'a&b' }, 42, `opponent=a%26b&limit=${LIMIT}&cursor=42`],
    ];
    for (const [values, cursor, query] of cases) assert.deepEqual(playerGamesQuery(values, cursor), { query }, JSON.stringify(values));
    for (const [field, value] of [['result', 'win'], ['colour', 'red'], ['category', 'atomic'], ['rated', 'yes']]) {
        assert.deepEqual(playerGamesQuery({ [field]: value }), { error: { field } });
    }
    assert.equal(playerGamesPath('Jürgen', 'result=won'), '/api/players/J%C3%BCrgen/games?result=won');
    assert.equal(playerGamesPath('Anna', ''), '/api/players/Anna/games');
});

test('every filter choice has a label in both catalogues', () => {
    const keys = [...OUTCOMES.map((v) => `games.outcome.${v}`), ...COLOURS.map((v) => `side.${v}`),
                  ...CATEGORIES.map((v) => `category.${v}`), ...RATED.map((v) => `games.rated.${v}`),
                  ...['aborted', 'running'].map((v) => `games.outcome.${v}`), 'role.player', 'role.moderator', 'role.admin'];
    for (const key of keys) assert.ok(en[key] && de[key], key);
});

test('a game is seen from the player\'s side: colour, opponent, outcome, rating change', () => {
    const changes = { white: { before: 1500, after: 1662, diff: 162 }, black: { before: 1500, after: 1338, diff: -162 } };
    const game = (result, extra = {}) => ({ id: 1, white: 'Anna', black: 'Bob', result, rating_changes: null, ...extra });
    const cases = [
        // [game, nick, expected]
        [game('1-0', { rating_changes: changes }), 'anna', { colour: 'white', opponent: 'Bob', outcome: 'won', change: changes.white }],
        [game('1-0', { rating_changes: changes }), 'Bob', { colour: 'black', opponent: 'Anna', outcome: 'lost', change: changes.black }],
        [game('0-1'), 'Anna', { colour: 'white', opponent: 'Bob', outcome: 'lost', change: null }],
        [game('0-1'), 'Bob', { colour: 'black', opponent: 'Anna', outcome: 'won', change: null }],
        [game('1/2-1/2'), 'Bob', { colour: 'black', opponent: 'Anna', outcome: 'drawn', change: null }],
        [game('*'), 'Anna', { colour: 'white', opponent: 'Bob', outcome: 'aborted', change: null }],
        [game(null), 'Anna', { colour: 'white', opponent: 'Bob', outcome: 'running', change: null }],
    ];
    for (const [g, nick, expected] of cases) assert.deepEqual(fromPlayer(g, nick), expected, `${g.result} ${nick}`);
});

// ---- the profile ------------------------------------------------------------------------------

const R = (rating, rd, games, provisional, wins = 0, draws = 0, losses = 0) => ({ rating, rd, volatility: 0.06, games, provisional,
                                                                                  wins, draws, losses, last_game: null });
const PLAYER = {
    nick: 'Anna', role: 'player', since: 1_700_000_000_000,
    ratings: { bullet: R(1500, 350, 0, true), blitz: R(1662.4, 290.3, 1, true, 1), rapid: R(1500, 350, 0, true),
               classical: R(2012.3, 61.2, 40, false, 20, 10, 10) },
    history: { blitz: [{ game: 42, at: 1_700_000_100_000, rating: 1662.4, rd: 290.3 }], bullet: [] },
    recent_games: [],
};

test('the ratings table has a row per category, "?" while provisional', () => {
    const rows = ratingRows(PLAYER);
    assert.deepEqual(rows.map((row) => [row.category, row.rating, row.rd, row.games, row.wins, row.draws, row.losses]), [
        ['bullet', '1500?', '350', '0', '0', '0', '0'],
        ['blitz', '1662?', '290', '1', '1', '0', '0'],
        ['rapid', '1500?', '350', '0', '0', '0', '0'],
        ['classical', '2012', '61', '40', '20', '10', '10'],
        ['chess960', '1500?', '350', '0', '0', '0', '0'],
    ]);
    assert.deepEqual(ratingRows({ nick: 'X' }).map((row) => row.rating), ['1500?', '1500?', '1500?', '1500?', '1500?'], 'a category missing');
    assert.deepEqual(histories(PLAYER).map((h) => [h.category, h.points.length]), [['blitz', 1]], 'only categories with points');
});

test('a profile that cannot be shown says why', () => {
    assert.equal(profileProblem({ code: 'no_such_nick', status: 404 }, 'Zoë'), 'There is no player Zoë. (Guests have no profile.)');
    assert.equal(profileProblem({ code: 'http_404', status: 404 }, 'Zoë'), 'There is no player Zoë. (Guests have no profile.)');
    assert.equal(profileProblem(null, null), 'This address names no player: a profile is /@/ and the nick.');
    assert.equal(profileProblem({ code: 'unreachable', status: 0 }, 'Zoë'), null);
    assert.equal(inLanguage('de', () => profileProblem({ code: 'no_such_nick' }, 'Zoë')),
                 'Es gibt keinen Spieler Zoë. (Gäste haben kein Profil.)');
});

// ---- the archive page -------------------------------------------------------------------------

test('the archive page shows the category, rated or casual and both rating changes', () => {
    const log = {
        id: 42, room: 34, white: 'Anna', black: 'Bob', time_control: { kind: 'fischer', base_ms: 180_000, increment_ms: 2000 },
        started_at: 0, result: '0-1', termination: 'checkmate', rated: true, category: 'blitz', moves: [],
        rating_changes: { white: { before: 1500, after: 1338, diff: -162 }, black: { before: 1500, after: 1662, diff: 162 } },
    };
    const page = gamePage(log, 'en', 'UTC');
    assert.deepEqual(page.players.map((player) => player.change), ['1500 → 1338 (−162)', '1500 → 1662 (+162)']);
    assert.deepEqual(page.facts.slice(-2), [['Category', 'Blitz'], ['Rating', 'rated']]);
    const casual = gamePage({ ...log, rated: false, rating_changes: null, category: null }, 'en', 'UTC');
    assert.deepEqual(casual.players.map((player) => player.change), ['', '']);
    assert.deepEqual(casual.facts.slice(-1), [['Rating', 'casual']]);
    assert.equal(ratingChangeText(undefined), '');
    assert.equal(inLanguage('de', () => gamePage(log, 'de', 'UTC').facts.find(([label]) => label === 'Kategorie')[1]), 'Blitz');
});

// ---- the table --------------------------------------------------------------------------------

const CHANGE = {
    type: 'rating_change', table: 7, game: 42, category: 'blitz',
    white: { nick: 'Alice', before: 1500, after: 1662, diff: 162, rd: 290, provisional: true },
    black: { nick: 'Bob', before: 1500, after: 1338, diff: -162, rd: 290, provisional: true },
};

test('a table summary\'s rated flag and seat ratings reach the table; a seat left clears its rating', () => {
    const summary = { table: 7, room: 34, status: 'waiting', white: 'Alice', black: 'Bob', rated: true,
                      white_rating: { rating: 1500, provisional: true }, black_rating: { rating: 1523, provisional: false } };
    let { state } = applyTableEvent(emptyTable(7), { type: 'table_state', table: 7, seq: 3, summary, ...summary }, 0);
    assert.equal(state.rated, true);
    assert.deepEqual(state.white_rating, { rating: 1500, provisional: true });
    const left = { ...summary, black: null, black_rating: undefined };
    ({ state } = applyTableEvent(state, { type: 'seat_changed', table: 7, seq: 4, summary: left }, 0));
    assert.equal(state.black, null);
    assert.equal(state.black_rating, null);
    assert.deepEqual(state.white_rating, { rating: 1500, provisional: true });
    assert.equal(emptyTable(1).rated, false);
});

test('rating_change, outside the event log, is kept until the next game starts; table_state carries it too', () => {
    let { state } = applyTableEvent(emptyTable(7), { type: 'table_state', table: 7, seq: 10, game_id: 42, status: 'finished' }, 0);
    const before = state;
    let resync;
    ({ state, resync } = applyTableEvent(state, CHANGE, 0));
    assert.equal(resync, false);
    assert.equal(state.seq, 10, 'no seq of its own');
    assert.equal(state.rating_change.white.diff, 162);
    assert.equal(state.rating_change.type, undefined);
    assert.equal(before.rating_change, null, 'the state before is not changed');
    ({ state } = applyTableEvent(state, { ...CHANGE, game: 41 }, 0));
    assert.equal(state.rating_change.game, 42, 'a change for another game is stale');
    ({ state } = applyTableEvent(state, { type: 'game_started', table: 7, seq: 11, game_id: 43, status: 'playing' }, 0));
    assert.equal(state.rating_change, null, 'the rematch starts without it');
    const { type, ...carried } = CHANGE;
    ({ state } = applyTableEvent(emptyTable(7), { type: 'table_state', table: 7, seq: 12, game_id: 42, rating_change: carried }, 0));
    assert.deepEqual(state.rating_change, carried);
});

test('rating_change gives the seats their new ratings, if the same players still sit there', () => {
    const seated = { type: 'table_state', table: 7, seq: 10, game_id: 42, status: 'finished', white: 'Alice', black: 'Bob',
                     white_rating: { rating: 1500, provisional: true }, black_rating: null };
    let { state } = applyTableEvent(emptyTable(7), seated, 0);
    ({ state } = applyTableEvent(state, CHANGE, 0));
    assert.deepEqual(state.white_rating, { rating: 1662, provisional: true });
    assert.deepEqual(state.black_rating, { rating: 1338, provisional: true });
    ({ state } = applyTableEvent(emptyTable(7), { ...seated, black: 'Carla', black_rating: { rating: 1700, provisional: false } }, 0));
    ({ state } = applyTableEvent(state, CHANGE, 0));
    assert.deepEqual(state.black_rating, { rating: 1700, provisional: false }, 'Bob left: Carla keeps hers');
});

test('the rated errors and the new texts read in both languages', () => {
    for (const lang of ['en', 'de']) {
        inLanguage(lang, () => {
            for (const key of ['error.rated_needs_account', 'error.rated_needs_clock', 'open.rated.guest', 'open.rated.untimed',
                               'leaderboard.empty']) {
                assert.ok(t(key) !== key && t(key).length > 20, `${lang} ${key}`);
            }
            assert.ok(!/\{\w+\}/.test(t('rating.change.player', { nick: 'A', rating: '1662?', diff: '+162' })));
        });
    }
    assert.equal(t('rating.change.player', { nick: 'Alice', rating: '1662?', diff: '+162' }), 'Alice: 1662? (+162)');
});
