// Every reason GET /api/position can give for a FEN that cannot start a game (engine/fen.cpp
// fen_error_name, protocol/game_setup.cpp, server/api/position_api.cpp) has a sentence in both
// catalogues, so the preview never falls back to the server's English on a German page.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { CATALOGUES } from '../../web/js/messages.js';

const source = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

function serverReasons() {
    const engine = source('engine/fen.cpp');
    const body = engine.slice(engine.indexOf('std::string_view fen_error_name('));
    const names = [...body.slice(0, body.indexOf('\n}\n')).matchAll(/return "([a-z0-9_]+)";/g)].map((m) => m[1]);
    const extra = [...source('protocol/game_setup.cpp').matchAll(/SetupFenError\{"([a-z0-9_]+)"/g),
                   ...source('server/api/position_api.cpp').matchAll(/SetupFenError\{\s*"([a-z0-9_]+)"/g)].map((m) => m[1]);
    return [...names.filter((name) => name !== 'invalid_fen'), ...extra];
}

test('the server names more than twenty reasons (the scan of the sources works)', () => {
    const reasons = serverReasons();
    assert.ok(reasons.length > 20, `found only ${reasons.join(', ')}`);
    assert.ok(reasons.includes('pawn_on_back_rank'));
    assert.ok(reasons.includes('fen_too_long'));
    assert.ok(reasons.includes('no_chess960_start'));
});

for (const [language, catalogue] of Object.entries(CATALOGUES)) {
    test(`every FEN reason has a sentence in the ${language} catalogue`, () => {
        const missing = serverReasons().filter((reason) => typeof catalogue[`fen_error.${reason}`] !== 'string');
        assert.deepEqual(missing, []);
    });
}
