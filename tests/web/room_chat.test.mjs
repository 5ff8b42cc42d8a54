// What a line typed into a room's chat asks for (js/room_chat.js), in the lobby's room and a
// tournament's room alike. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { chatRequest, inputAfter, whisperPrefix } from '../../web/js/room_chat.js';

test('a line typed into a room chat: to the room, a whisper, or nothing', () => {
    const cases = [
        ['Viel Erfolg allen!', { text: 'Viel Erfolg allen!' }, ''],
        ['  Guten Abend  ', { text: 'Guten Abend' }, ''],
        ['/w Clara_1 good luck', { whisper: { to: 'Clara_1', text: 'good luck' } }, '/w Clara_1 '],
        ['/whisper Bert viel Glück', { whisper: { to: 'Bert', text: 'viel Glück' } }, '/w Bert '],
        ['/w Bert', { text: '/w Bert' }, ''], // no text to whisper: said to the room as written
        ['<b>fett</b>', { text: '<b>fett</b>' }, ''], // text, never markup (the page shows it as text)
        ['   ', null, ''],
        ['', null, ''],
        [undefined, null, ''],
    ];
    for (const [typed, request, after] of cases) {
        assert.deepEqual(chatRequest(typed), request, String(typed));
        assert.equal(inputAfter(request), after, String(typed));
    }
    assert.equal(whisperPrefix('Anna'), '/w Anna ');
});
