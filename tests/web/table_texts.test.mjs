// The sentences of a table (js/table_texts.js): the result banner in both languages, the proof
// of a flag fall's verdict with its moves numbered as a score sheet numbers them, and the
// result lines of the table's log. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { setLanguage } from '../../web/js/messages.js';
import { bannerText, endingText, noticeText, proofLine, resultText, scoreText } from '../../web/js/table_texts.js';
import { inLanguage } from './in_language.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const names = { white: 'anna', black: 'Jürgen' };

// The line the server sends for a flag fall where Black could still mate: Black to move at ply 82.
const BLACK_LINE = [
    { uci: 'g1f2', san: 'Nf2+', san_de: 'Sf2+' },
    { uci: 'h1g1', san: 'Kg1', san_de: 'Kg1' },
    { uci: 'f2h3', san: 'Nh3#', san_de: 'Sh3#' },
];
const WHITE_LINE = [
    { uci: 'g1h1', san: 'Kh1', san_de: 'Kh1' },
    { uci: 'g1f2', san: 'Nf2+', san_de: 'Sf2+' },
    { uci: 'h1g1', san: 'Kg1', san_de: 'Kg1' },
    { uci: 'f2h3', san: 'Nh3#', san_de: 'Sh3#' },
];

test('a proof line is numbered as a score sheet numbers it, whichever side starts', () => {
    const cases = [
        // [line, first ply, notation, text]
        [BLACK_LINE, 82, 'de', '41...Sf2+ 42.Kg1 Sh3#'],
        [BLACK_LINE, 82, 'en', '41...Nf2+ 42.Kg1 Nh3#'],
        [WHITE_LINE, 81, 'de', '41.Kh1 Sf2+ 42.Kg1 Sh3#'],
        [WHITE_LINE, 81, 'en', '41.Kh1 Nf2+ 42.Kg1 Nh3#'],
        [[{ uci: 'd8h4', san: 'Qh4#', san_de: 'Dh4#' }], 4, 'de', '2...Dh4#'],
        [[{ uci: 'e2e4', san: 'e4', san_de: 'e4' }, { uci: 'e7e5', san: 'e5', san_de: 'e5' }], 1, 'en', '1.e4 e5'],
        [[{ uci: 'h7h8q' }], 2, 'en', '1...h7h8q'],
        [[], 81, 'en', ''],
    ];
    for (const [line, ply, notation, text] of cases) assert.equal(proofLine(line, ply, notation), text);
});

test('the score is written as players write it', () => {
    assert.deepEqual(['1-0', '0-1', '1/2-1/2', '*'].map(scoreText), ['1-0', '0-1', '½-½', '*']);
});

// [result as game_over or table_state carries it, English banner, German banner]; the banner is
// [title, reason, proof]. The players line is tested on its own.
const BANNERS = [
    [{ result: '0-1', winner: 'black', termination: 'checkmate' },
     ['Black wins', 'White is checkmated.', ''], ['Schwarz gewinnt', 'Weiß ist schachmatt.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'stalemate' },
     ['Draw', 'Stalemate: the side to move has no legal move and is not in check.', ''],
     ['Remis', 'Patt: Die Seite am Zug hat keinen legalen Zug und steht nicht im Schach.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'fivefold_repetition' },
     ['Draw', 'The same position came up for the fifth time, so the game is drawn.', ''],
     ['Remis', 'Dieselbe Stellung ist zum fünften Mal entstanden; damit ist die Partie remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'seventyfive_moves' },
     ['Draw', 'Each side made 75 moves without a capture or a pawn move, so the game is drawn.', ''],
     ['Remis', 'Beide Seiten haben je 75 Züge ohne Schlagen und ohne Bauernzug gemacht; damit ist die Partie remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'dead_position' },
     ['Draw', 'Draw: neither side can checkmate any more.', ''], ['Remis', 'Remis: Keine Seite kann mehr mattsetzen.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'dead_position', proof: { reason: 'insufficient_material' } },
     ['Draw', 'Draw: neither side can checkmate any more (not enough material to mate).', ''],
     ['Remis', 'Remis: Keine Seite kann mehr mattsetzen (zu wenig Material).', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'dead_position', proof: { reason: 'blocked' } },
     ['Draw', 'Draw: neither side can checkmate any more (the pawns are blocked, no way through).', ''],
     ['Remis', 'Remis: Keine Seite kann mehr mattsetzen (die Bauern sind blockiert, kein Durchkommen).', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'threefold_repetition' },
     ['Draw', 'Draw claimed: the same position came up for the third time.', ''],
     ['Remis', 'Remis reklamiert: Dieselbe Stellung ist zum dritten Mal entstanden.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'fifty_moves' },
     ['Draw', 'Draw claimed: each side made 50 moves without a capture or a pawn move.', ''],
     ['Remis', 'Remis reklamiert: Beide Seiten haben je 50 Züge ohne Schlagen und ohne Bauernzug gemacht.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'agreement' },
     ['Draw', 'The players agreed to a draw.', ''], ['Remis', 'Die Spieler haben sich auf Remis geeinigt.', '']],
    [{ result: '1-0', winner: 'white', termination: 'resignation', message: 'Black resigned' },
     ['White wins', 'Black resigned.', ''], ['Weiß gewinnt', 'Schwarz hat aufgegeben.', '']],
    [{ result: '1-0', winner: 'white', termination: 'abandoned' },
     ['White wins', 'Black left the game and did not come back in time.', ''],
     ['Weiß gewinnt', 'Schwarz hat die Partie verlassen und ist nicht rechtzeitig zurückgekommen.', '']],
    [{ result: '*', winner: null, termination: 'aborted' },
     ['Game aborted', 'The game was aborted before both sides had moved; it does not count.', ''],
     ['Partie abgebrochen', 'Die Partie wurde abgebrochen, bevor beide Seiten gezogen hatten; sie wird nicht gewertet.', '']],
    // Flag falls: the opponent could still mate, shown by a line from either side.
    [{ result: '0-1', winner: 'black', termination: 'flag_fall', winnability: 'can_mate',
       proof: { side: 'black', first_ply: 82, line: BLACK_LINE } },
     ['Black wins', 'White ran out of time.', 'Black could still have checkmated, e.g. 41...Nf2+ 42.Kg1 Nh3#'],
     ['Schwarz gewinnt', 'Weiß hat die Zeit überschritten.', 'Schwarz hätte noch mattsetzen können, z. B. 41...Sf2+ 42.Kg1 Sh3#']],
    [{ result: '0-1', winner: 'black', termination: 'flag_fall', winnability: 'can_mate',
       proof: { side: 'black', first_ply: 81, line: WHITE_LINE } },
     ['Black wins', 'White ran out of time.', 'Black could still have checkmated, e.g. 41.Kh1 Nf2+ 42.Kg1 Nh3#'],
     ['Schwarz gewinnt', 'Weiß hat die Zeit überschritten.', 'Schwarz hätte noch mattsetzen können, z. B. 41.Kh1 Sf2+ 42.Kg1 Sh3#']],
    [{ result: '1-0', winner: 'white', termination: 'flag_fall', winnability: 'can_mate' },
     ['White wins', 'Black ran out of time.', 'White could still have checkmated.'],
     ['Weiß gewinnt', 'Schwarz hat die Zeit überschritten.', 'Weiß hätte noch mattsetzen können.']],
    [{ result: '1-0', winner: 'white', termination: 'flag_fall' },
     ['White wins', 'Black ran out of time.', ''], ['Weiß gewinnt', 'Schwarz hat die Zeit überschritten.', '']],
    // The analysis ran out: the flag loses, said without jargon.
    [{ result: '1-0', winner: 'white', termination: 'flag_fall', winnability: 'undetermined' },
     ['White wins', 'Black ran out of time. Whether White could still have checkmated could not be worked out in time, so the usual rule applies: running out of time loses.', ''],
     ['Weiß gewinnt', 'Schwarz hat die Zeit überschritten. Ob Weiß noch hätte mattsetzen können, ließ sich nicht rechtzeitig klären; darum gilt die Regel: Wer die Zeit überschreitet, verliert.', '']],
    // The opponent could not mate: a draw, with the reason.
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate', proof: { side: 'black', reason: 'bare_king' } },
     ['Draw', 'White ran out of time, but Black cannot checkmate any more (only a bare king): draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Schwarz kann nicht mehr mattsetzen (nur noch der König): remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate', proof: { side: 'white', reason: 'insufficient_material' } },
     ['Draw', 'Black ran out of time, but White cannot checkmate any more (not enough material to mate): draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Weiß kann nicht mehr mattsetzen (zu wenig Material): remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate', proof: { side: 'black', reason: 'blocked' } },
     ['Draw', 'White ran out of time, but Black cannot checkmate any more (the pawns are blocked, no way through): draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Schwarz kann nicht mehr mattsetzen (die Bauern sind blockiert, kein Durchkommen): remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate', proof: { side: 'black', reason: 'forced_cycle' } },
     ['Draw', 'White ran out of time, but Black cannot checkmate any more (only forced moves that repeat): draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Schwarz kann nicht mehr mattsetzen (nur noch erzwungene Züge, die sich wiederholen): remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate', proof: { side: 'black', reason: 'no_mating_line' } },
     ['Draw', 'White ran out of time, but Black cannot checkmate any more (no series of legal moves ends in mate): draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Schwarz kann nicht mehr mattsetzen (keine Folge legaler Züge endet im Matt): remis.', '']],
    // Without a proof (a server before proofs): the side is read from the clocks or the message.
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate',
       message: "White's flag fell; Black cannot checkmate" },
     ['Draw', 'White ran out of time, but Black cannot checkmate any more: draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Schwarz kann nicht mehr mattsetzen: remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', clocks: { white_ms: 4100, black_ms: 0 } },
     ['Draw', 'Black ran out of time, but White cannot checkmate any more: draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber Weiß kann nicht mehr mattsetzen: remis.', '']],
    [{ result: '1/2-1/2', winner: null, termination: 'flag_fall' },
     ['Draw', 'Time ran out, but the opponent cannot checkmate any more: draw.', ''],
     ['Remis', 'Zeitüberschreitung, aber der Gegner kann nicht mehr mattsetzen: remis.', '']],
    // A termination this client does not know: the server's own words.
    [{ result: '1-0', winner: 'white', termination: 'something_new', message: 'the server says so' },
     ['White wins', 'the server says so', ''], ['Weiß gewinnt', 'the server says so', '']],
];

test('the banner says who won, why, and the proof, in English', () => {
    for (const [result, [title, reason, proof]] of BANNERS) {
        const notation = 'en';
        assert.deepEqual(bannerText(result, names, notation), {
            title, reason, proof, players: `anna (White) – Jürgen (Black): ${scoreText(result.result)}`,
        }, JSON.stringify(result));
    }
});

test('the banner says who won, why, and the proof, in German', () => {
    for (const [result, , [title, reason, proof]] of BANNERS) {
        assert.deepEqual(inLanguage('de', () => bannerText(result, names, 'de')), {
            title, reason, proof, players: `anna (Weiß) – Jürgen (Schwarz): ${scoreText(result.result)}`,
        }, JSON.stringify(result));
    }
});

test("the proof's moves follow the reader's notation, which defaults to the page's language", () => {
    const result = { result: '0-1', winner: 'black', termination: 'flag_fall', winnability: 'can_mate',
                     proof: { side: 'black', first_ply: 82, line: BLACK_LINE } };
    assert.equal(inLanguage('de', () => bannerText(result, names, 'en').proof),
                 'Schwarz hätte noch mattsetzen können, z. B. 41...Nf2+ 42.Kg1 Nh3#');
    assert.equal(bannerText(result, names, 'de').proof, 'Black could still have checkmated, e.g. 41...Sf2+ 42.Kg1 Sh3#');
    assert.equal(inLanguage('de', () => bannerText(result, names).proof),
                 'Schwarz hätte noch mattsetzen können, z. B. 41...Sf2+ 42.Kg1 Sh3#');
    assert.equal(bannerText(result, names).proof, 'Black could still have checkmated, e.g. 41...Nf2+ 42.Kg1 Nh3#');
});

test('a seat without a nick is named by its colour in the banner', () => {
    const result = { result: '1-0', winner: 'white', termination: 'resignation' };
    assert.equal(bannerText(result, { white: 'anna', black: null }).players, 'anna (White) – Black (Black): 1-0');
    assert.equal(bannerText(result).players, 'White (White) – Black (Black): 1-0');
});

test('every termination of docs/protocol.md has its own plain sentence in both languages', () => {
    const doc = readFileSync(join(repo, 'docs', 'protocol.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| termination | result | when |'), doc.indexOf('`winnability` appears only'));
    const terminations = [...table.matchAll(/^\| ([a-z_]+) \|/gm)].map((m) => m[1]).filter((name) => name !== 'termination');
    assert.ok(terminations.length >= 12, `only ${terminations.length} terminations read`);
    for (const termination of terminations) {
        const result = { result: '1-0', winner: 'white', termination, message: 'SERVER' };
        for (const lang of ['en', 'de']) {
            const { reason } = inLanguage(lang, () => bannerText(result, names));
            assert.ok(reason && reason !== 'SERVER' && !/[{}]|undefined|winnability|_/.test(reason), `${lang} ${termination}: ${reason}`);
        }
    }
});

test('the result lines of the log are plain words, without the analysis jargon', () => {
    const cases = [
        [{ result: '1-0', winner: 'white', termination: 'resignation', message: 'Black resigned' }, '1-0 — Black resigned.'],
        [{ result: '0-1', winner: 'black', termination: 'checkmate' }, '0-1 — White is checkmated.'],
        [{ result: '1/2-1/2', winner: null, termination: 'flag_fall', winnability: 'cannot_mate', message: "White's flag fell; Black cannot checkmate" },
         '½-½ — White ran out of time, but Black cannot checkmate any more: draw.'],
        [{ result: '1-0', winner: 'white', termination: 'flag_fall', winnability: 'can_mate' },
         '1-0 — Black ran out of time. White could still have checkmated.'],
        [{ result: '*', winner: null, termination: 'aborted' }, '* — The game was aborted before both sides had moved; it does not count.'],
        [{ result: '1-0', winner: 'white', termination: 'something_new', message: 'the server says so' }, '1-0 — the server says so'],
    ];
    for (const [result, text] of cases) assert.equal(resultText(result), text);
    assert.equal(inLanguage('de', () => resultText(cases[0][0])), '1-0 – Schwarz hat aufgegeben.');
    assert.equal(endingText({ winner: 'white', termination: 'abandoned' }), 'Black left the game and did not come back in time.');
    const flag = { result: '0-1', winner: 'black', termination: 'flag_fall', proof: { side: 'black', first_ply: 82, line: BLACK_LINE } };
    assert.equal(endingText(flag, 'en'), 'White ran out of time. Black could still have checkmated, e.g. 41...Nf2+ 42.Kg1 Nh3#');
});

test('the lines of the table log', () => {
    assert.equal(noticeText({ key: 'notice.draw_offered', params: { side: 'black', nick: 'Björn' } }), 'Björn offers a draw.');
    assert.equal(noticeText({ key: 'notice.draw_offered', params: { side: 'black', nick: null } }), 'Black offers a draw.');
    const over = { key: 'notice.game_over', params: { result: '0-1', winner: 'black', termination: 'resignation', message: '' } };
    assert.equal(noticeText(over), 'Game over 0-1: White resigned.');
    assert.equal(inLanguage('de', () => noticeText(over)), 'Partie beendet (0-1): Weiß hat aufgegeben.');
    assert.equal(inLanguage('de', () => noticeText({ key: 'notice.player_reconnected', params: { side: 'white', nick: 'anna' } })),
                 'anna (Weiß) ist wieder da.');
});

test('a game_over keeps its proof for the banner and the log', async () => {
    const { applyTableEvent, emptyTable } = await import('../../web/js/table_model.js');
    const proof = { side: 'black', first_ply: 82, line: BLACK_LINE };
    const frame = { type: 'game_over', table: 3, seq: 1, result: '0-1', winner: 'black', termination: 'flag_fall',
                    message: "White's flag fell", winnability: 'can_mate', proof };
    const { state } = applyTableEvent(emptyTable(3), frame, 0);
    assert.deepEqual(state.result.proof, proof);
    assert.equal(bannerText(state.result, names, 'en').proof, 'Black could still have checkmated, e.g. 41...Nf2+ 42.Kg1 Nh3#');
    assert.equal(noticeText(state.notices.at(-1), 'en'),
                 'Game over 0-1: White ran out of time. Black could still have checkmated, e.g. 41...Nf2+ 42.Kg1 Nh3#');
});

test('a long mating line is shown by its first four half-moves and its mate; the whole line stays available', () => {
    setLanguage('en');
    const line = Array.from({ length: 14 }, (_, index) => ({ uci: 'a1a2', san: `m${index + 1}`, san_de: `z${index + 1}` }));
    assert.equal(proofLine(line, 3, 'en'), '2.m1 m2 3.m3 m4 … 8.m13 m14');
    assert.equal(proofLine(line, 4, 'de'), '2...z1 3.z2 z3 4.z4 … 8...z13 9.z14');
    const result = { result: '0-1', winner: 'black', termination: 'flag_fall', winnability: 'can_mate',
                     proof: { side: 'black', first_ply: 3, line } };
    const banner = bannerText(result, { white: 'a', black: 'b' }, 'en');
    assert.match(banner.proof, /e\.g\. 2\.m1 m2 3\.m3 m4 … 8\.m13 m14$/);
    assert.equal(banner.line.split(' ').length, 14, 'the whole line, every move');
});
