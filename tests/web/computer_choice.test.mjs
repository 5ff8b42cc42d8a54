// "Play the computer"'s decisions (web/js/computer_choice.js): run with
//   node --test tests/web/

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { COMPUTER_LEVELS, isComputerAt, playComputerFields } from '../../web/js/computer_choice.js';
import { PRESETS } from '../../web/js/time_control.js';

const UNTIMED = PRESETS.findIndex((preset) => preset.value.kind === 'untimed');

test('the levels are 1 to 8', () => {
    assert.deepEqual(COMPUTER_LEVELS, [1, 2, 3, 4, 5, 6, 7, 8]);
});

test('the play_computer fields of the form, or null for a level or time control the server has not', () => {
    const cases = [
        [{ level: '1', colour: 'white', preset: String(UNTIMED), setup: {} },
         { level: 1, color: 'white', time_control: { kind: 'untimed' } }],
        [{ level: '8', colour: 'black', preset: '2', setup: { variant: 'chess960', chess960: 518 } },
         { level: 8, color: 'black', time_control: PRESETS[2].value, variant: 'chess960', chess960: 518 }],
        [{ level: '3', colour: 'purple', preset: '0', setup: null }, { level: 3, color: 'random', time_control: PRESETS[0].value }],
        [{ level: '0', colour: 'white', preset: '0', setup: {} }, null],
        [{ level: '9', colour: 'white', preset: '0', setup: {} }, null],
        [{ level: 'x', colour: 'white', preset: '0', setup: {} }, null],
        [{ level: '2', colour: 'white', preset: String(PRESETS.length), setup: {} }, null],
        [{ level: '2', colour: 'white', preset: '', setup: {} }, null],
    ];
    for (const [form, expected] of cases) assert.deepEqual(playComputerFields(form), expected, JSON.stringify(form));
});

test('a seat is the computer\'s by the summary\'s marker, not by its nick', () => {
    assert.equal(isComputerAt({ black: 'Stockfish-1', black_computer: true }, 'black'), true);
    assert.equal(isComputerAt({ black: 'Stockfish-1', black_computer: true }, 'white'), false);
    assert.equal(isComputerAt({ white: 'Stockfish-2', white_guest: true }, 'white'), false);
    assert.equal(isComputerAt(null, 'white'), false);
});
