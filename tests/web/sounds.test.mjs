// The sounds (js/sounds.js) as far as node can see them: which sound a move makes, the mute
// switch, and no audio before a user gesture. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { SOUND_KINDS, isMuted, playSound, setMuted, soundForMove } from '../../web/js/sounds.js';

test('a move sounds like a check, a capture or a move; sounds are off until a gesture', () => {
    const cases = [['e4', 'move'], ['Nxe5', 'capture'], ['Qh5+', 'check'], ['Dxf7#', 'check'], ['O-O', 'move'], ['exd8=Q', 'capture']];
    for (const [san, kind] of cases) assert.equal(soundForMove({ san }), kind);
    assert.equal(soundForMove('Sxe5'), 'capture');
    assert.equal(soundForMove({}), 'move');
    assert.ok(SOUND_KINDS.includes('low_time') && SOUND_KINDS.includes('draw_offer'));
    assert.equal(playSound('move'), false, 'no audio in node and no gesture yet');
    assert.equal(isMuted(), false);
    setMuted(true);
    assert.equal(isMuted(), true);
    setMuted(false);
    assert.equal(isMuted(), false);
});
