// The message catalogues (js/messages.js, js/messages_en.js, js/messages_de.js), the language
// decisions and the error sentences: run with `node --test tests/web/`. The sentences of a table
// (results, the banner) are tested in table_texts.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
    CATALOGUES, LANGUAGES, chooseLanguage, errorText, initialLanguage, notationFor, secondsIn, setLanguage, t,
    toggledNotation,
} from '../../web/js/messages.js';
import en from '../../web/js/messages_en.js';
import de from '../../web/js/messages_de.js';
import { PRESETS, presetLabel } from '../../web/js/time_control.js';
import { inLanguage } from './in_language.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const js = join(here, '..', '..', 'web', 'js');
const repo = join(here, '..', '..');

// Runs `body` with the page in `lang`, and English again afterwards.

test('placeholders are filled; a missing parameter or key shows itself', () => {
    assert.equal(t('table.title', { table: 7 }), 'Table 7');
    assert.equal(t('table.to_move', {}), '{who} to move');
    assert.equal(t('no.such.key'), 'no.such.key');
});

test('counts are spelled in the singular and the plural', () => {
    assert.equal(t('rooms.counts', { members: 3, tables: 1 }), '3 players · 1 table');
    assert.equal(t('rooms.counts', { members: 1, tables: 2 }), '1 player · 2 tables');
    inLanguage('de', () => {
        assert.equal(t('rooms.counts', { members: 3, tables: 1 }), '3 Spieler · 1 Tisch');
        assert.equal(t('rooms.counts', { members: 0, tables: 0 }), '0 Spieler · 0 Tische');
    });
});

// ---- the two catalogues -----------------------------------------------------------------------

test('the German and the English catalogue have exactly the same keys', () => {
    const missing = Object.keys(en).filter((key) => !(key in de));
    const extra = Object.keys(de).filter((key) => !(key in en));
    assert.deepEqual(missing, [], 'keys of messages_en.js that messages_de.js lacks');
    assert.deepEqual(extra, [], 'keys of messages_de.js that messages_en.js lacks');
    assert.deepEqual(Object.keys(CATALOGUES).sort(), [...LANGUAGES].sort());
});

test('every entry is text or a function of the same kind in both catalogues, and none is empty', () => {
    for (const [key, value] of Object.entries(en)) {
        assert.equal(typeof de[key], typeof value, `${key}: a ${typeof value} in English, a ${typeof de[key]} in German`);
        assert.ok(typeof value === 'function' || typeof value === 'string', `${key} is neither text nor a function`);
        if (typeof value === 'string' && key !== 'chat.separator' && key !== 'room.you') {
            assert.ok(value.trim() !== '', `en ${key} is empty`);
            assert.ok(de[key].trim() !== '', `de ${key} is empty`);
        }
    }
});

test('both catalogues use the same placeholders in each entry', () => {
    const names = (text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of Object.entries(en)) {
        if (typeof value !== 'string') continue;
        // The German flag-fall draw does not name the side whose time ran out ("Zeitüberschreitung").
        const english = key.startsWith('termination.flag_fall.draw') ? names(value).filter((n) => n !== 'flagged') : names(value);
        assert.deepEqual([...new Set(names(de[key]))], [...new Set(english)], `${key}: placeholders differ`);
    }
});

test('every function entry gives a sentence in both languages, with and without its parameters', () => {
    const samples = [{}, { members: 0, tables: 0 }, { members: 1, tables: 1 }, { members: 12, tables: 3, count: 2 }];
    for (const catalogue of [en, de]) {
        for (const [key, value] of Object.entries(catalogue)) {
            if (typeof value !== 'function') continue;
            for (const params of samples) {
                const text = value(params);
                assert.equal(typeof text, 'string', `${key}(${JSON.stringify(params)})`);
                assert.ok(text.length > 0 && !/undefined|null|NaN/.test(text), `${key}(${JSON.stringify(params)}) gives "${text}"`);
            }
        }
    }
});

test('no German text is a key, nor an English text left untranslated where it should differ', () => {
    const keys = new Set(Object.keys(en));
    // Words that are the same in both languages (names, nicks, signs, language names).
    const same = new Set(['connection.signed_out', 'connection.online', 'language.de', 'language.en', 'nav.lobby', 'login.nick',
                          'chat.separator', 'chat.whisper', 'tables.number', 'tables.invited', 'tables.free', 'table.tab',
                          'tc.stages.bronstein', 'tc.bronstein', 'preset.blitz', 'preset.bullet', 'role.admin', 'room.you',
                          // the admin area: words German uses as they are, and placeholders alone
                          'admin.title', 'admin.tab.live', 'admin.tab.moderation', 'admin.duration.s', 'admin.games.players',
                          'admin.event.who', 'admin.live.col.nick', 'admin.live.col.name', 'admin.form.nick',
                          'admin.audit.actor_role', 'admin.chat.text', 'admin.chat.nick', 'admin.chat.col.nick',
                          'admin.chat.col.text',
                          // ratings: category names German uses as they are, and lines of numbers alone
                          'category.bullet', 'category.blitz', 'category.chess960', 'rating.change', 'rating.change.full', 'rating.change.player',
                          'profile.page_title', 'profile.col.rd', 'leaderboard.col.rank',
                          // the analysis board: the engine's name
                          'analysis.engine',
                          // the client's presentation: German uses these words as they are, or placeholders alone
                          'alert.details', 'tables.status', 'tc.plus', 'speech.move', 'speech.to',
                          // tournaments: the form's "Name"
                          'tournament.create.name', 'tournament.crosstable.white',
                          // bots: "Bots online" is German too
                          'bots.title',
                          // the Arena: German lichess says "Berserk" too (the tooltips are German)
                          'action.berserk', 'table.berserk', 'tournament.setting.berserk']);
    const untranslated = [];
    for (const [key, value] of Object.entries(de)) {
        if (typeof value !== 'string') continue;
        assert.ok(!keys.has(value) && !/^[a-z_]+(\.[a-z_]+)+$/.test(value), `de ${key} is a placeholder key: "${value}"`);
        if (value === en[key] && !same.has(key)) untranslated.push(key);
    }
    assert.deepEqual(untranslated, [], 'German entries equal to the English ones');
});

test('the German catalogue speaks as a chess club does', () => {
    const words = Object.values(de).filter((v) => typeof v === 'string').join('\n');
    for (const word of ['Partie', 'Remis', 'Aufgeben', 'Zeitüberschreitung', 'Remisangebot', 'Zuschauer', 'Tisch', 'Raum', 'Gast',
                        'Anmelden', 'Registrieren', 'Abmelden', 'Schach', 'matt', 'Patt', 'Weiß', 'Schwarz', 'Züge', 'Bedenkzeit']) {
        assert.ok(words.includes(word), `no German text says "${word}"`);
    }
});

test('the keys other views need are in both catalogues', () => {
    const keys = ['confirm.resign', 'confirm.abort', 'confirm.yes', 'confirm.no', 'table.nav.first', 'table.nav.prev',
                  'table.nav.next', 'table.nav.last', 'table.nav.viewing', 'sound.on', 'sound.off', 'sound.on.title',
                  'settings.auto_queen', 'board.label', 'connection.banner.lost', 'connection.banner.back', 'move.pending',
                  'move.refused_offline', 'banner.close', 'banner.rematch', 'table.low_time', 'nav.lobby', 'nav.game',
                  'header.language.title'];
    for (const key of keys) {
        assert.ok(typeof en[key] === 'string' && en[key], `en ${key}`);
        assert.ok(typeof de[key] === 'string' && de[key], `de ${key}`);
    }
    assert.equal(en['confirm.resign'], 'Resign this game?');
    assert.equal(de['confirm.resign'], 'Partie wirklich aufgeben?');
    assert.equal(t('move.pending', { move: 'Nf3' }), 'Your move Nf3 will be sent when the connection is back.');
    assert.equal(inLanguage('de', () => t('table.nav.viewing', { move: '7. Df3+' })), 'Du siehst: 7. Df3+ – mit → oder Ende geht es zurück zur Partie.');
});

// ---- the language and the notation ------------------------------------------------------------

test('the language is the first preferred one with a catalogue, English otherwise', () => {
    const cases = [
        [['de-AT', 'en-GB'], ['en', 'de'], 'de'],
        [['fr-FR', 'en-US'], ['en', 'de'], 'en'],
        [['fr-CH', 'de-CH'], ['en', 'de'], 'de'],
        [['fr'], ['en'], 'en'],
        [[], ['en'], 'en'],
        [undefined, ['en'], 'en'],
    ];
    for (const [preferred, available, lang] of cases) assert.equal(chooseLanguage(preferred, available), lang);
    assert.equal(chooseLanguage(['de-DE']), 'de', 'German has a catalogue');
    assert.equal(setLanguage('xx'), 'en', 'a language without a catalogue falls back to English');
});

test('the stored choice of language wins over the browser; a stale one is ignored', () => {
    const cases = [
        // [stored, browser languages, language]
        [null, ['de-DE', 'en'], 'de'],
        [null, ['en-US'], 'en'],
        [null, ['fr-FR'], 'en'],
        [null, undefined, 'en'],
        ['en', ['de-DE'], 'en'],
        ['de', ['en-US'], 'de'],
        ['xx', ['de-AT'], 'de'],
        ['', ['en-GB'], 'en'],
    ];
    for (const [stored, browser, lang] of cases) assert.equal(initialLanguage(stored, browser), lang, `${stored} ${browser}`);
});

test('the notation follows the interface language until the user chooses one', () => {
    const cases = [
        // [interface language, stored notation, notation]
        ['de', null, 'de'],
        ['en', null, 'en'],
        ['fr', null, 'en'],
        ['de', 'en', 'en'],
        ['en', 'de', 'de'],
        ['de', 'de', 'de'],
        ['de', 'nonsense', 'de'],
        ['en', '', 'en'],
    ];
    for (const [lang, stored, notation] of cases) assert.equal(notationFor(lang, stored), notation, `${lang} ${stored}`);
    assert.equal(toggledNotation('de'), 'en');
    assert.equal(toggledNotation('en'), 'de');
});

test('a catalogue for another language falls back to English for a key it lacks', () => {
    const german = CATALOGUES.de;
    CATALOGUES.de = { 'rooms.title': 'Räume' };
    try {
        inLanguage('de', () => {
            assert.equal(t('rooms.title'), 'Räume');
            assert.equal(t('rooms.refresh'), 'Refresh');
        });
    } finally {
        CATALOGUES.de = german;
    }
});

// ---- errors -----------------------------------------------------------------------------------

// Every error code the server can send: the spellings in protocol/error_code.h.
function serverCodes() {
    const header = readFileSync(join(repo, 'protocol', 'error_code.h'), 'utf8');
    const codes = [...header.matchAll(/case ErrorCode::\w+: return "([a-z_]+)";/g)].map((m) => m[1]);
    assert.ok(codes.length >= 40, `only ${codes.length} codes read from error_code.h`);
    return codes;
}

test('every server error code (protocol/error_code.h) has a sentence in both catalogues', () => {
    for (const code of serverCodes()) {
        assert.ok(en[`error.${code}`], `error.${code} is missing in messages_en.js`);
        assert.ok(de[`error.${code}`], `error.${code} is missing in messages_de.js`);
    }
});

test('every error code of the protocol document and the HTTP API has a sentence', () => {
    const doc = readFileSync(join(repo, 'docs', 'protocol.md'), 'utf8');
    const table = doc.slice(doc.indexOf('## 13. Error codes'), doc.indexOf('## 14.'));
    const codes = [...table.matchAll(/^\| ([a-z_]+) \|/gm)].map((m) => m[1]).filter((code) => code !== 'code');
    assert.ok(codes.length >= 40);
    for (const code of codes) assert.ok(en[`error.${code}`] && de[`error.${code}`], `error.${code}`);
    // The HTTP API (server/api/account_api.cpp) sends the same codes by name; and the client's own.
    for (const code of ['disconnected', 'unreachable', 'passwords_differ', 'replaced', 'closed', 'bad_frame', 'session_ended']) {
        assert.ok(en[`error.${code}`] && de[`error.${code}`], `error.${code}`);
    }
});

test('errors read as sentences with the code (and the server message) as a detail', () => {
    const cases = [
        // [error as it arrives, sentence, detail]
        [{ error: 'bad_credentials', message: 'login: wrong nick or password' }, 'Wrong nick or password.',
         'bad_credentials: login: wrong nick or password'],
        [{ error: 'too_many_attempts', message: 'too many failed logins; try again in 8 s' },
         'Too many failed attempts. Please wait 8 s and try again.', 'too_many_attempts: too many failed logins; try again in 8 s'],
        [{ error: 'too_many_attempts', message: 'slow down' }, 'Too many failed attempts. Please wait a while and try again.',
         'too_many_attempts: slow down'],
        [{ error: 'invalid_password', message: '' },
         'That password cannot be used: it needs at least 8 characters (and at most 256 bytes).', 'invalid_password'],
        [{ error: 'guests_not_allowed' }, 'This server admits registered players only: please log in or register.', 'guests_not_allowed'],
        [{ code: 'storage_unavailable', message: 'x' },
         'The server could not save that just now; nothing changed. Please try again in a moment.', 'storage_unavailable: x'],
        [{ code: 'session_ended' }, 'Your session has ended (logged out elsewhere, a new password, or unused too long). Please log in again.',
         'session_ended'],
        [{ code: 'brand_new_code', message: 'the server says why' }, 'Something went wrong: the server says why',
         'brand_new_code: the server says why'],
        [{ code: 'http_502', message: '' }, 'The server answered with an error (502). Please try again in a moment.', 'http_502'],
        [{}, 'Something went wrong.', 'unknown'],
    ];
    for (const [error, sentence, detail] of cases) {
        const text = errorText(error);
        assert.equal(text.sentence, sentence);
        assert.equal(text.detail, detail);
    }
});

// The server's own messages (server/*.cpp) and the sentence each gives, in both languages.
const SERVER_MESSAGES = [
    // [code, message as the server sends it, English sentence, German sentence]
    ['no_such_nick', "open_table: invite: 'Niemand' is not online",
     'Niemand is not online, so the invitation was not sent.', 'Niemand ist nicht online – die Einladung ging nicht raus.'],
    ['no_such_nick', "whisper: 'anna' is not online",
     'anna is not online, so the whisper was not delivered.', 'anna ist nicht online – die Flüsternachricht kam nicht an.'],
    ['no_such_nick', 'nobody', 'Nobody with that nick is online.', 'Niemand mit diesem Nick ist online.'],
    ['invalid_nick', "guest: nick may contain only letters, digits, '_' and '-'; 'Ж' at character 3 is none of them",
     "Nicks use Latin letters (a–z, ä, é, …), digits and _ -; 'Ж' is not one of them.",
     'Ein Nick besteht aus lateinischen Buchstaben (a–z, ä, é, …), Ziffern sowie _ und -; „Ж“ gehört nicht dazu.'],
    ['invalid_nick', "register: nick may contain only letters, digits, '_' and '-'; ''' at character 2 is none of them",
     "Nicks use Latin letters (a–z, ä, é, …), digits and _ -; ''' is not one of them.",
     "Ein Nick besteht aus lateinischen Buchstaben (a–z, ä, é, …), Ziffern sowie _ und -; „'“ gehört nicht dazu."],
    ['invalid_nick', 'hello: nick must not contain a space (found one at character 4)',
     'A nick cannot contain spaces; use _ or - instead.', 'Ein Nick darf keine Leerzeichen enthalten; nimm stattdessen _ oder -.'],
    ['invalid_nick', 'guest: nick must be 2-20 characters long, not 1',
     'A nick has 2 to 20 characters; this one has 1.', 'Ein Nick hat 2 bis 20 Zeichen; dieser hat 1.'],
    ['invalid_nick', 'guest: nick must not contain a control character (found one at character 2)',
     'A nick cannot contain invisible control characters.', 'Ein Nick darf keine unsichtbaren Steuerzeichen enthalten.'],
    ['invalid_nick', 'guest: nick is not valid UTF-8 (at byte 3)',
     'That nick cannot be used. Nicks have 2 to 20 characters: Latin letters (a–z, ä, é, ß, …), digits, _ and -.',
     'Dieser Nick ist nicht erlaubt. Ein Nick hat 2 bis 20 Zeichen: lateinische Buchstaben (a–z, ä, é, ß, …), Ziffern, _ und -.'],
    ['invalid_nick', "open_table: invite: nick may contain only letters, digits, '_' and '-'; 'ж' at character 1 is none of them",
     "Nobody can have the nick you invited, so the invitation was not sent. Nicks use Latin letters (a–z, ä, é, …), digits and _ -; 'ж' is not one of them.",
     'Diesen Nick kann niemand haben – die Einladung ging nicht raus. Ein Nick besteht aus lateinischen Buchstaben (a–z, ä, é, …), Ziffern sowie _ und -; „ж“ gehört nicht dazu.'],
    ['nick_taken', "guest: 'Jürgen' is a registered nick; log in with its password or choose another",
     'The nick Jürgen belongs to a registered player. If it is yours, log in with its password; otherwise please choose another.',
     'Der Nick Jürgen gehört einem registrierten Spieler. Ist es deiner, melde dich mit dem Passwort an; sonst wähle bitte einen anderen.'],
    ['nick_taken', "register: 'anna' is online already", 'anna is online right now; please choose another nick.',
     'anna ist gerade online; bitte wähle einen anderen Nick.'],
    ['nick_taken', "guest: 'anna' sits at a game; only its player may come back with that nick",
     'The nick anna is kept for a player in an unfinished game; please choose another.',
     'Der Nick anna ist für einen Spieler in einer laufenden Partie reserviert; bitte wähle einen anderen.'],
    ['limit_reached', 'open_table: you have 5 tables waiting for an opponent, the most one player may (5); leave one first',
     'You already have 5 tables waiting for an opponent, the most one player may. Close one of them first.',
     'Du hast schon 5 Tische, die auf einen Gegner warten – mehr sind nicht erlaubt. Schließe zuerst einen davon.'],
    ['limit_reached', 'enter_room: you have opened 5 rooms that still stand, the most one player may (5); enter an open room, or wait until yours close',
     'You have opened as many rooms as one player may (5). Enter one that is open, or wait until one of yours closes.',
     'Du hast schon so viele Räume eröffnet, wie ein Spieler darf (5). Betritt einen offenen Raum oder warte, bis einer deiner Räume schließt.'],
    ['limit_reached', 'room_chat: at most 30 chat messages a minute; wait 12 s',
     'You are writing faster than this server allows. Please wait 12 s.', 'Du schreibst schneller, als dieser Server erlaubt. Bitte warte 12 s.'],
    ['limit_reached', 'too many connections from your address have not said hello; say hello on those first',
     'Too many connections from your address are open without logging in. Close a few tabs and try again.',
     'Von deiner Adresse sind zu viele Verbindungen ohne Anmeldung offen. Schließe ein paar Tabs und versuche es erneut.'],
    ['seat_reserved', 'join_table: table 12 is reserved for anna', 'The free seat at that table is kept for anna, who was invited.',
     'Der freie Platz an diesem Tisch ist für anna reserviert.'],
    ['already_seated', 'open_table: you cannot invite yourself', 'You cannot invite yourself.', 'Du kannst dich nicht selbst einladen.'],
    ['rematch_unavailable', 'rematch: your opponent anna is away; their seat is held for 60000 ms after they left',
     'anna is away; a rematch is possible when anna is back.', 'anna ist gerade nicht da; eine Revanche geht, sobald anna zurück ist.'],
    ['rematch_unavailable', 'rematch: your opponent has left the table', 'Your opponent has left the table, so there can be no rematch.',
     'Dein Gegner hat den Tisch verlassen, darum gibt es keine Revanche.'],
    ['opponent_connected', 'claim_win: anna may still come back for 41500 ms',
     'You cannot claim the win yet: anna may still come back for 42 s.', 'Du kannst den Sieg noch nicht beanspruchen: anna kann noch 42 s lang zurückkommen.'],
    ['draw_offer_not_allowed', "a draw may be offered only on one's own turn; it is Black's turn",
     'You can offer a draw only when it is your turn (or together with your move).',
     'Remis anbieten kannst du nur, wenn du am Zug bist (oder zusammen mit deinem Zug).'],
    ['forbidden', 'notice: needs the moderator role', 'Only moderators may do that.', 'Das dürfen nur Moderatoren.'],
];

test("the server's message makes the sentence say more: who, which character, which limit", () => {
    for (const [code, message, english, german] of SERVER_MESSAGES) {
        const text = errorText({ code, message });
        assert.equal(text.sentence, english, message);
        assert.equal(text.detail, `${code}: ${message}`, 'the raw code and message stay a detail');
        assert.equal(inLanguage('de', () => errorText({ code, message }).sentence), german, message);
    }
});

test('every error sentence reads without a placeholder left over, whatever the message', () => {
    for (const lang of LANGUAGES) {
        inLanguage(lang, () => {
            for (const code of serverCodes()) {
                for (const message of ['', 'something the client has never seen']) {
                    const { sentence } = errorText({ code, message });
                    assert.ok(sentence && !/\{\w+\}/.test(sentence), `${lang} ${code} "${message}": ${sentence}`);
                }
            }
        });
    }
});

test('the seconds to wait are read from the server message', () => {
    const cases = [['try again in 8 s', 8], ['try again in 900s', 900], ['wait', undefined], ['', undefined], [undefined, undefined]];
    for (const [message, seconds] of cases) assert.equal(secondsIn(message), seconds);
});

test('the presets are labelled from the catalogue', () => {
    assert.deepEqual(PRESETS.map(presetLabel), ['1+0 bullet', '3+2 blitz', '5+3 blitz', '15+10 rapid', '90/40+30 classical (FIDE)',
                                                '5 min Bronstein 3 s', '5 min delay 5 s', 'untimed']);
    assert.deepEqual(inLanguage('de', () => PRESETS.map(presetLabel)),
                     ['1+0 Bullet', '3+2 Blitz', '5+3 Blitz', '15+10 Schnellschach', '90/40+30 klassisch (FIDE)',
                      '5 Min. Bronstein 3 s', '5 Min. Verzögerung 5 s', 'ohne Uhr']);
});

// The views' text comes from the catalogue: every key they name exists, and no view sets a
// visible string of its own (text nodes, labels, placeholders and titles all come through t()).
test('every key the modules name is in both catalogues', () => {
    const named = new Set();
    // The player client's modules, and the public pages' (js/archive/, js/profile/, js/leaderboard/;
    // the admin area's keys are checked by admin.test.mjs).
    const files = [...readdirSync(js).filter((name) => name.endsWith('.js') && !name.startsWith('messages')),
                   ...['archive', 'profile', 'leaderboard'].flatMap((dir) => readdirSync(join(js, dir))
                       .filter((name) => name.endsWith('.js')).map((name) => join(dir, name)))];
    for (const file of files) {
        const source = readFileSync(join(js, file), 'utf8');
        for (const match of source.matchAll(/\bt\('([a-z_.]+)'/g)) named.add(match[1]);
        for (const match of source.matchAll(/key: '([a-z_.]+)'/g)) named.add(match[1]);
        for (const match of source.matchAll(/label\(this\.\w+, '([a-z_.]+)'(?:, '([a-z_.]+)')?/g)) {
            named.add(match[1]);
            if (match[2]) named.add(match[2]);
        }
    }
    assert.ok(named.size > 80, `only ${named.size} keys found`);
    for (const key of named) {
        assert.ok(en[key] !== undefined, `${key} is not in messages_en.js`);
        assert.ok(de[key] !== undefined, `${key} is not in messages_de.js`);
    }
});
