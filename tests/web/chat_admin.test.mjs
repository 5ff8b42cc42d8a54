// Issue 26, points 3 and 13, as pure decisions: the table chat's channels as the page shows them
// (js/table_chat_channels.js, js/table_model.js), the header's link to the admin area
// (js/admin_link.js), the audit log in sentences (js/admin/audit_sentence.js) and the ending of a
// banned player's game (js/table_texts.js), in English and German. Run with `node --test tests/web/`.

import { test } from 'node:test';
import assert from 'node:assert/strict';

import { showsAdminLink } from '../../web/js/admin_link.js';
import { auditSentence } from '../../web/js/admin/audit_sentence.js';
import { eventText } from '../../web/js/admin/admin_events.js';
import { channelLabelKey, spectatorNoteKey } from '../../web/js/table_chat_channels.js';
import { applyTableEvent, emptyTable } from '../../web/js/table_model.js';
import { endingText } from '../../web/js/table_texts.js';
import { inLanguage } from './in_language.mjs';

const DAY = 86_400_000;
const AT = Date.UTC(2026, 10, 27, 20, 0, 0);

test('a spectators\' line has no seq and still lands in the chat; the table\'s seq stays', () => {
    const state = { ...emptyTable(12), seq: 7, status: 'playing' };
    const { state: after, resync } = applyTableEvent(state, { type: 'table_chat', table: 12, channel: 'spectators', from: 'zoe', text: 'Sf3!' }, 0, AT);
    assert.equal(resync, false);
    assert.equal(after.seq, 7);
    assert.deepEqual(after.chat, [{ from: 'zoe', text: 'Sf3!', channel: 'spectators', at: AT }]);
    const { state: next, resync: again } = applyTableEvent(after, { type: 'table_chat', table: 12, seq: 8, channel: 'players', from: 'anna', text: 'gl' }, 0);
    assert.equal(again, false);
    assert.equal(next.seq, 8);
    assert.equal(next.chat[1].channel, 'players');
    // An older server's line without a channel is the table's one channel.
    assert.equal(applyTableEvent(next, { type: 'table_chat', table: 12, seq: 9, from: 'a', text: 'b' }, 0).state.chat[2].channel, 'table');
});

test('a spectator sees each line\'s channel and the note while the game runs; a player sees neither', () => {
    const players = { channel: 'players' };
    const spectators = { channel: 'spectators' };
    assert.equal(channelLabelKey(players, null), 'table.chat.channel.players');
    assert.equal(channelLabelKey(spectators, null), 'table.chat.channel.spectators');
    assert.equal(channelLabelKey(players, 'white'), null);
    assert.equal(channelLabelKey({ channel: 'table' }, null), null);
    assert.equal(spectatorNoteKey({ status: 'playing' }, null), 'table.chat.spectators_note');
    assert.equal(spectatorNoteKey({ status: 'playing' }, 'black'), null);
    assert.equal(spectatorNoteKey({ status: 'finished' }, null), null);
    assert.equal(spectatorNoteKey({ status: 'waiting' }, null), null);
});

test('the admin link is for signed-in moderators and admins only', () => {
    assert.equal(showsAdminLink({ nick: 'Chefin', guest: false, role: 'admin' }, 'ready'), true);
    assert.equal(showsAdminLink({ nick: 'Aufsicht', guest: false, role: 'moderator' }, 'ready'), true);
    assert.equal(showsAdminLink({ nick: 'anna', guest: false, role: 'player' }, 'ready'), false);
    assert.equal(showsAdminLink({ nick: 'Gast', guest: true, role: 'player' }, 'ready'), false);
    assert.equal(showsAdminLink(null, 'signed_out'), false);
    assert.equal(showsAdminLink({ nick: 'Chefin', guest: false, role: 'admin' }, 'signed_out'), false);
});

const entries = {
    ban: { at: AT, actor: 'Anna', actor_role: 'moderator', action: 'ban', target: 'Bert', reason: 'Engine', until: AT + 3 * DAY, refused: false, detail: {} },
    banForGood: { at: AT, actor: 'Anna', action: 'ban', target: 'Bert', reason: 'Spam', until: null, refused: false, detail: {} },
    unban: { at: AT, actor: 'Anna', action: 'unban', target: 'Bert', reason: 'Bewährung', refused: false, detail: {} },
    muteRoom: { at: AT, actor: 'Anna', action: 'mute', target: 'Bert', reason: 'Beleidigung', until: AT + 2 * 3_600_000, refused: false, detail: { room: 34 } },
    muteAll: { at: AT, actor: 'Anna', action: 'mute', target: 'Bert', reason: 'x', until: AT + 600_000, refused: false, detail: {} },
    unmute: { at: AT, actor: 'Anna', action: 'unmute', target: 'Bert', reason: 'ok', refused: false, detail: { room: 34 } },
    kick: { at: AT, actor: 'Anna', action: 'kick', target: 'Bert', reason: 'Ton', refused: false, detail: {} },
    banAddress: { at: AT, actor: 'Chefin', action: 'ban_address', target: '203.0.113.7', reason: 'Botnetz', until: AT + DAY, refused: false, detail: {} },
    unbanAddress: { at: AT, actor: 'Chefin', action: 'unban_address', target: '203.0.113.7', reason: 'Irrtum', refused: false, detail: {} },
    close: { at: AT, actor: 'Anna', action: 'close_table', target: 'table 12', reason: 'Name', refused: false, detail: { room: 34 } },
    adjudicate: { at: AT, actor: 'Anna', action: 'adjudicate', target: 'table 12', reason: 'Fairplay', refused: false,
                  detail: { table: 12, decision: '0-1', result: '0-1', game: 99 } },
    notice: { at: AT, actor: 'Anna', action: 'notice', target: 'room 34', reason: 'Turnier um 20 Uhr', refused: false, detail: {} },
    noticeAll: { at: AT, actor: 'Anna', action: 'notice', target: 'everyone', reason: 'Neustart', refused: false, detail: {} },
    refused: { at: AT, actor: 'bob', action: 'kick', target: '', reason: '', refused: true, detail: { code: 'forbidden', message: 'admin API: needs the moderator role' } },
    refusedRead: { at: AT, actor: 'bob', action: 'read audit', target: '', reason: '', refused: true, detail: { code: 'forbidden', message: 'needs the moderator role' } },
};

test('every audit action the server writes reads as an English sentence', () => {
    const en = Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, auditSentence(entry)]));
    assert.equal(en.ban, 'Anna banned the account of Bert for 3 d. Reason: Engine');
    assert.equal(en.banForGood, 'Anna banned the account of Bert for good. Reason: Spam');
    assert.equal(en.unban, 'Anna lifted the ban of the account of Bert. Reason: Bewährung');
    assert.equal(en.muteRoom, 'Anna muted Bert in room 34 for 2 h. Reason: Beleidigung');
    assert.equal(en.muteAll, 'Anna muted Bert everywhere for 10 min. Reason: x');
    assert.equal(en.unmute, 'Anna lifted the mute of Bert in room 34. Reason: ok');
    assert.equal(en.kick, 'Anna kicked Bert out. Reason: Ton');
    assert.equal(en.banAddress, 'Chefin banned the address 203.0.113.7 for 1 d. Reason: Botnetz');
    assert.equal(en.unbanAddress, 'Chefin lifted the ban of the address 203.0.113.7. Reason: Irrtum');
    assert.equal(en.close, 'Anna closed table 12 in room 34. Reason: Name');
    assert.equal(en.adjudicate, 'Anna decided game 99 at table 12: Black wins (0-1). Reason: Fairplay');
    assert.equal(en.notice, 'Anna sent a notice to room 34: “Turnier um 20 Uhr”');
    assert.equal(en.noticeAll, 'Anna sent a notice to everyone: “Neustart”');
    assert.equal(en.refused, 'bob asked for “Kick” and was refused: admin API: needs the moderator role');
    assert.equal(en.refusedRead, 'bob asked for “read the audit list” and was refused: needs the moderator role');
    for (const sentence of Object.values(en)) assert.doesNotMatch(sentence, /[{}]/);
    // An action this client does not know yet: words, not JSON.
    assert.equal(auditSentence({ actor: 'Anna', action: 'warn', target: 'Bert', reason: 'r', detail: { x: 1 } }),
                 'Anna did “warn” on Bert');
});

test('every audit action the server writes reads as a German sentence', () => {
    const de = inLanguage('de', () => Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, auditSentence(entry)])));
    assert.equal(de.ban, 'Anna hat das Konto von Bert für 3 T. gesperrt. Grund: Engine');
    assert.equal(de.banForGood, 'Anna hat das Konto von Bert auf Dauer gesperrt. Grund: Spam');
    assert.equal(de.muteRoom, 'Anna hat Bert in Raum 34 für 2 Std. stummgeschaltet. Grund: Beleidigung');
    assert.equal(de.banAddress, 'Chefin hat die Adresse 203.0.113.7 für 1 T. gesperrt. Grund: Botnetz');
    assert.equal(de.adjudicate, 'Anna hat Partie 99 an Tisch 12 entschieden: Schwarz gewinnt (0-1). Grund: Fairplay');
    assert.equal(de.close, 'Anna hat Tisch 12 in Raum 34 geschlossen. Grund: Name');
    assert.equal(de.notice, 'Anna hat eine Mitteilung an Raum 34 geschickt: „Turnier um 20 Uhr“');
    assert.equal(de.kick, 'Anna hat Bert hinausgeworfen. Grund: Ton');
    for (const sentence of Object.values(de)) assert.doesNotMatch(sentence, /[{}]|audit\./);
});

test('a banned player\'s forfeit is told in words; the game log names the chat channels', () => {
    const forfeit = { result: '1-0', winner: 'white', termination: 'forfeit', message: 'Schwarz was banned' };
    assert.equal(endingText(forfeit), 'Black was banned by a moderator during the game and loses by forfeit.');
    assert.equal(inLanguage('de', () => endingText(forfeit)), 'Schwarz wurde während der Partie von einem Moderator gesperrt und verliert kampflos.');
    assert.match(endingText({ result: '*', winner: null, termination: 'forfeit' }), /^Both players were banned/);
    const spectator = { kind: 'spectator_chat', detail: { from: 'zoe', text: 'Sf3!', channel: 'spectators' } };
    assert.equal(eventText(spectator), 'zoe wrote in the spectators’ chat (not shown to the players): Sf3!');
    assert.equal(eventText({ kind: 'table_chat', detail: { from: 'anna', text: 'gl', channel: 'players' } }), 'anna wrote in the players’ chat: gl');
    assert.equal(inLanguage('de', () => eventText(spectator)), 'zoe schrieb im Chat der Zuschauer (für die Spieler unsichtbar): Sf3!');
});
