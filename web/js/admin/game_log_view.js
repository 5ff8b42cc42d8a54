// The Game log tab: one stored game as GET /api/admin/games/{id} gives it. The header (players,
// room, table, time control, start and end, result and how it came), the board that replays the
// game move by move with the moves, both clocks after each move and the server's time
// (../game_replay_view.js, shared with the public game page), every table event in order in
// plain words, and the PGN download. The log itself is what the server sent.

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { describe } from '../time_control.js';
import { GameReplayView } from '../game_replay_view.js';
import { timeText } from './admin_format.js';
import { eventText, gameEndText } from './admin_events.js';
import { pgnUrl } from './admin_api.js';
import { outcomeLine } from './admin_widgets.js';

export class GameLogView {
    constructor(root) {
        this.root = root;
        this.log = null;
        this.outcome = null;
        this.notation = 'en';
        this.replay = new GameReplayView({ boardClass: 'admin-board', tableClass: 'admin-table', serverTimes: true,
                                           changed: () => this.render() });
    }

    // A log arrived (or the request failed: {error}). The board starts at the game's end.
    show(log, outcome = null) {
        this.log = log;
        this.outcome = outcome;
        this.replay.load(log);
        this.render();
    }

    // The arrows, Home and End step through the game (the caller passes keys not typed into a field).
    onKey(event) {
        return this.replay.onKey(event);
    }

    render(notation = this.notation) {
        this.notation = notation;
        const log = this.log;
        if (!log) {
            fill(this.root, outcomeLine(this.outcome) || el('p', { class: 'empty' }, t('admin.game.none')));
            return;
        }
        const header = el('div', { class: 'game-log-header' },
                          el('h2', {}, t('admin.game.title', { id: log.id })),
                          el('p', { class: 'game-players' }, t('admin.games.players', { white: log.white || '?', black: log.black || '?' })),
                          el('dl', { class: 'game-facts' },
                             fact('admin.game.room', String(log.room ?? '')),
                             fact('admin.game.table', String(log.table ?? '')),
                             fact('admin.game.time_control', describe(log.time_control)),
                             fact('admin.game.started', timeText(log.started_at)),
                             fact('admin.game.ended', log.ended_at ? timeText(log.ended_at) : t('admin.game.running')),
                             fact('admin.game.result', gameEndText(log, notation))),
                          log.replay_problem ? el('p', { class: 'form-error', role: 'alert' },
                                                  t('game.replay_problem', { problem: log.replay_problem })) : null,
                          el('a', { class: 'pgn-download', href: pgnUrl(log.id), download: `rochade-game-${log.id}.pgn` },
                             t('game.pgn')));
        const names = { white: log.white, black: log.black };
        const events = (log.events || []).map((event) => el('li', { dataset: { seq: event.seq, kind: event.kind } },
                                                            el('time', {}, timeText(event.at)), ' ',
                                                            el('span', { class: 'event-text' }, eventText(event, names, notation))));
        fill(this.root, header,
             el('div', { class: 'game-log-body' },
                this.replay.boardColumn(notation),
                el('div', { class: 'game-log-lists' },
                   el('h3', {}, t('game.moves')),
                   this.replay.moveList(notation),
                   el('h3', {}, t('admin.game.events')),
                   events.length ? el('ol', { class: 'game-events' }, events) : el('p', { class: 'empty' }, t('admin.game.no_events')))));
        this.replay.draw(this.root);
    }
}

function fact(labelKey, value) {
    return [el('dt', {}, t(labelKey)), el('dd', {}, value)];
}
