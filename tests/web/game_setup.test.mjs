// A game's setup as the forms read it (js/game_setup.js): run with
//   node --test tests/web/

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { chess960Number, previewQuery, ratedPossible, setupFields, variantText } from '../../web/js/game_setup.js';
import { inLanguage } from './in_language.mjs';

const FEN = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1';

test('the Chess960 number: empty is random, 0 to 959 a start, anything else wrong', () => {
    const cases = [['', null], ['  ', null], ['0', 0], ['518', 518], [' 959 ', 959], ['960', NaN], ['-1', NaN], ['5.5', NaN],
                   ['1e2', NaN], ['abc', NaN], ['0518', NaN]];
    for (const [text, expected] of cases) assert.deepEqual(chess960Number(text), expected, JSON.stringify(text));
});

test('the request fields of a setup, or the input that is wrong', () => {
    const cases = [
        [{ variant: 'standard', number: '12', fen: FEN }, { fields: {} }],
        [{}, { fields: {} }],
        [{ variant: 'chess960', number: '' }, { fields: { variant: 'chess960' } }],
        [{ variant: 'chess960', number: '518', fen: FEN }, { fields: { variant: 'chess960', chess960: 518 } }],
        [{ variant: 'chess960', number: '1000' }, { error: 'setup.chess960.invalid', input: 'chess960' }],
        [{ variant: 'from_position', number: '7', fen: `  ${FEN}\n` }, { fields: { variant: 'from_position', fen: FEN } }],
        [{ variant: 'from_position', fen: ' ' }, { error: 'setup.fen.missing', input: 'fen' }],
        [{ variant: 'crazyhouse' }, { error: 'setup.variant.invalid', input: 'variant' }],
    ];
    for (const [choice, expected] of cases) assert.deepEqual(setupFields(choice), expected, JSON.stringify(choice));
});

test('the preview asks the server about a chosen Chess960 start or a FEN, and about nothing else', () => {
    assert.equal(previewQuery({ variant: 'chess960', number: '518' }), 'chess960=518');
    assert.equal(previewQuery({ variant: 'chess960', number: '' }), null, 'a random start is drawn by the server later');
    assert.equal(previewQuery({ variant: 'chess960', number: 'x' }), null);
    assert.equal(previewQuery({ variant: 'from_position', fen: FEN }), 'fen=4k3%2F8%2F8%2F8%2F8%2F8%2F4P3%2F4K3%20w%20-%20-%200%201');
    assert.equal(previewQuery({ variant: 'from_position', fen: '' }), null);
    assert.equal(previewQuery({ variant: 'standard', fen: FEN }), null);
});

test('a game from a position is casual; standard chess and Chess960 may be rated', () => {
    assert.equal(ratedPossible('standard'), true);
    assert.equal(ratedPossible('chess960'), true);
    assert.equal(ratedPossible('from_position'), false);
});

test('a table names its variant in both languages; standard chess says nothing', () => {
    const cases = [
        [{ variant: 'chess960', chess960: 518 }, 'Chess960 #518', 'Chess960 Nr. 518'],
        [{ variant: 'chess960', chess960: 0 }, 'Chess960 #0', 'Chess960 Nr. 0'],
        [{ variant: 'chess960' }, 'Chess960 (random start)', 'Chess960 (zufällige Startstellung)'],
        [{ variant: 'from_position', start_fen: FEN }, 'from a position', 'aus einer Stellung'],
        [{ variant: 'standard' }, '', ''],
        [{}, '', ''],
        [null, '', ''],
    ];
    for (const [record, en, de] of cases) {
        assert.equal(inLanguage('en', () => variantText(record)), en, JSON.stringify(record));
        assert.equal(inLanguage('de', () => variantText(record)), de, JSON.stringify(record));
    }
});

test('a table keeps the variant and start position its summaries and state carry, before and after its game starts', async () => {
    const { applyTableEvent, emptyTable } = await import('../../web/js/table_model.js');
    const { fenAt } = await import('../../web/js/table_play.js');
    const start = 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1';
    const waiting = applyTableEvent(emptyTable(3), { type: 'table_state', table: 3, seq: 1, status: 'waiting', variant: 'chess960',
                                                    chess960: 0, start_fen: start }, 0).state;
    assert.deepEqual([waiting.variant, waiting.chess960, fenAt(waiting, null)], ['chess960', 0, start]);
    const seated = applyTableEvent(waiting, { type: 'seat_changed', seq: 2, table: { table: 3, status: 'waiting', white: 'Anna',
                                                                                       variant: 'chess960', chess960: 0, start_fen: start } }, 0).state;
    assert.equal(fenAt(seated, null), start, 'a seat taken keeps the start position on the board');
    assert.equal(emptyTable(4).variant, 'standard');
    assert.equal(fenAt(emptyTable(4), null).split(' ')[0], 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
});
