// The Live tab: who is online (nick, account or guest, role, since when, connections, rooms; the
// client address in an admin's view, as the server sends it only to admins), the rooms and their
// members, and the running tables with a link to watch each in the player client. A player's row
// has quick actions that open the moderation form filled in. In a cluster each player and table
// names its node, and a node that did not answer is named above the lists (its tables are shown
// as this node's replica knows them).

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { describe } from '../time_control.js';
import { watchLink } from '../watch_link.js';
import { durationText, timeText } from './admin_format.js';
import { dataTable, nickCell, outcomeLine } from './admin_widgets.js';

function timeControlOf(text) {
    if (typeof text !== 'string') return describe(text);
    try {
        return describe(JSON.parse(text));
    } catch {
        return text;
    }
}

export class LiveView {
    // api: AdminApi; actions: {moderate(action, values)} opens the moderation tab's form.
    constructor(root, api, actions) {
        this.root = root;
        this.api = api;
        this.actions = actions;
        this.live = null;
        this.outcome = null;
        this.loadedAt = 0;
    }

    load() {
        return this.api.live().then((live) => {
            this.live = live;
            this.outcome = null;
            this.loadedAt = Date.now();
        }, (error) => {
            this.outcome = { error };
        }).finally(() => this.render());
    }

    render() {
        const live = this.live;
        const refresh = el('button', { type: 'button', dataset: { action: 'refresh' }, onclick: () => this.load() }, t('admin.live.refresh'));
        if (!live) {
            fill(this.root, refresh, outcomeLine(this.outcome));
            return;
        }
        const withAddress = (live.players || []).some((player) => player.address !== undefined);
        const inCluster = [...(live.players || []), ...(live.tables || [])].some((entry) => entry.node);
        const nodeCell = (entry) => (entry.described === false
            ? [entry.node || '', el('small', {}, ` (${t('admin.live.not_described')})`)] : entry.node || '');
        const quick = (action, player) => el('button', { type: 'button', class: 'quick', dataset: { quick: action, nick: player.nick },
                                                         onclick: () => this.actions.moderate(action, { nick: player.nick }) },
                                             t(`admin.action.${action}`));
        const playerHeaders = ['admin.live.col.nick', 'admin.live.col.role', 'admin.live.col.since', 'admin.live.col.connections',
                               'admin.live.col.rooms', ...(inCluster ? ['admin.live.col.node'] : []),
                               ...(withAddress ? ['admin.live.col.address'] : []), 'admin.live.col.act'];
        const players = (live.players || []).map((player) => [
            nickCell(player.nick, player.guest),
            player.guest ? t('admin.live.guest') : t(`role.${player.role || 'player'}`),
            [timeText(player.since), el('small', {}, ` (${durationText(this.loadedAt - player.since)})`)],
            String(player.connections ?? ''),
            (player.rooms || []).join(', '),
            ...(inCluster ? [nodeCell(player)] : []),
            ...(withAddress ? [player.address || ''] : []),
            [quick('kick', player), ' ', quick('mute', player), ' ', player.guest ? null : quick('ban', player)],
        ]);
        const rooms = (live.rooms || []).map((room) => [String(room.number), room.name || '', (room.members || []).join(', ')]);
        const tables = (live.tables || []).map((table) => [
            String(table.table), String(table.room),
            t('admin.games.players', { white: table.white || t('table.free_seat'), black: table.black || t('table.free_seat') }),
            t(`admin.live.state.${table.state}`) === `admin.live.state.${table.state}` ? table.state : t(`admin.live.state.${table.state}`),
            timeControlOf(table.time_control),
            String(table.spectators ?? 0),
            ...(inCluster ? [nodeCell(table)] : []),
            el('a', { href: watchLink(table.table, table.room), target: '_blank', rel: 'noopener', dataset: { watch: table.table } },
               t('admin.live.watch')),
        ]);
        fill(this.root, el('div', { class: 'admin-toolbar' }, refresh,
                           el('small', {}, t('admin.live.as_of', { time: timeText(this.loadedAt) }))),
             outcomeLine(this.outcome),
             live.partial ? el('p', { class: 'form-error', role: 'status', dataset: { partial: '' } },
                               t('admin.live.partial', { nodes: (live.silent_nodes || []).join(', ') })) : null,
             el('h3', {}, t('admin.live.players', { count: players.length })),
             players.length ? dataTable('live-players', playerHeaders, players,
                                        (index) => ({ dataset: { player: live.players[index].nick } }))
                 : el('p', { class: 'empty' }, t('admin.live.nobody')),
             el('h3', {}, t('admin.live.rooms')),
             dataTable('live-rooms', ['admin.live.col.room', 'admin.live.col.name', 'admin.live.col.members'], rooms),
             el('h3', {}, t('admin.live.tables')),
             tables.length ? dataTable('live-tables', ['admin.live.col.table', 'admin.live.col.room', 'admin.live.col.players',
                                                       'admin.live.col.state', 'admin.live.col.time_control',
                                                       'admin.live.col.spectators',
                                                       ...(inCluster ? ['admin.live.col.node'] : []),
                                                       'admin.live.col.watch'], tables)
                 : el('p', { class: 'empty' }, t('admin.live.no_tables')));
    }
}
