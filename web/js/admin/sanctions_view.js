// The Sanctions tab: the mutes and bans in force now (GET /api/admin/sanctions), with a button to
// lift each (through the moderation form, which asks for the reason).

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { timeText, untilText } from './admin_format.js';
import { dataTable, outcomeLine } from './admin_widgets.js';

const LIFT = { mute: 'unmute', ban: 'unban', address_ban: 'unban_address' };

export class SanctionsView {
    constructor(root, api, actions) {
        this.root = root;
        this.api = api;
        this.actions = actions;
        this.sanctions = null;
        this.outcome = null;
    }

    load() {
        return this.api.sanctions().then((answer) => {
            this.sanctions = answer.sanctions || [];
            this.outcome = null;
        }, (error) => {
            this.outcome = { error };
        }).finally(() => this.render());
    }

    render() {
        const refresh = el('button', { type: 'button', dataset: { action: 'refresh' }, onclick: () => this.load() }, t('admin.live.refresh'));
        const rows = (this.sanctions || []).map((s) => [
            t(`admin.sanction.${s.kind}`),
            s.target,
            s.kind === 'mute' ? (s.room ? t('admin.sanction.room', { room: s.room }) : t('admin.sanction.everywhere')) : '',
            untilText(s.until),
            s.reason || '',
            s.by || '',
            timeText(s.at),
            LIFT[s.kind] ? el('button', { type: 'button', dataset: { lift: s.kind, target: s.target }, onclick: () => this.actions.moderate(
                LIFT[s.kind], s.kind === 'address_ban' ? { address: s.target } : { nick: s.target, room: s.room ? String(s.room) : '' }) },
                              t(`admin.action.${LIFT[s.kind]}`)) : null,
        ]);
        fill(this.root, refresh, outcomeLine(this.outcome),
             this.sanctions && rows.length === 0 ? el('p', { class: 'empty' }, t('admin.sanctions.none')) : null,
             rows.length ? dataTable('sanctions', ['admin.sanctions.col.kind', 'admin.sanctions.col.target', 'admin.sanctions.col.where',
                                                   'admin.sanctions.col.until', 'admin.sanctions.col.reason', 'admin.sanctions.col.by',
                                                   'admin.sanctions.col.at', 'admin.sanctions.col.lift'], rows) : null);
    }
}
