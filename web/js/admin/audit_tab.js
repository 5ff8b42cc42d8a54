// The Audit tab: every moderator action and every refused attempt (who, what, on whom, when, why),
// newest first, paged by GET /api/admin/audit.

import { el } from '../dom.js';
import { t } from '../messages.js';
import { timeText, untilText } from './admin_format.js';
import { auditQuery } from './admin_query.js';
import { SearchPanel } from './search_panel.js';

function actionName(action) {
    const key = `admin.action.${action}`;
    return t(key) === key ? action : t(key);
}

function detailText(detail) {
    if (detail === undefined || detail === null) return '';
    const text = typeof detail === 'string' ? detail : JSON.stringify(detail);
    return text === '{}' ? '' : text;
}

export function auditPanel(root, api) {
    return new SearchPanel(root, {
        name: 'audit',
        fields: [
            { name: 'actor', label: 'admin.audit.actor', kind: 'text' },
            { name: 'target', label: 'admin.audit.target', kind: 'text' },
            { name: 'action', label: 'admin.audit.action', kind: 'text' },
            { name: 'limit', label: 'admin.search.limit', kind: 'number' },
        ],
        query: auditQuery,
        fetch: (query) => api.audit(query),
        rows: (answer) => answer.entries,
        next: (answer) => answer.next,
        headers: ['admin.audit.col.at', 'admin.audit.col.actor', 'admin.audit.col.action', 'admin.audit.col.target',
                  'admin.audit.col.reason', 'admin.audit.col.until', 'admin.audit.col.outcome'],
        cells: (entry) => [
            timeText(entry.at),
            t('admin.audit.actor_role', { nick: entry.actor || '?', role: entry.actor_role ? t(`role.${entry.actor_role}`) : '?' }),
            actionName(entry.action),
            entry.target || '',
            entry.reason || '',
            entry.until !== undefined && entry.until !== null ? untilText(entry.until)
                : ['ban', 'ban_address'].includes(entry.action) && !entry.refused ? untilText(null) : '',
            el('span', { class: entry.refused ? 'badge refused' : 'badge done' },
               t(entry.refused ? 'admin.audit.refused' : 'admin.audit.done'),
               detailText(entry.detail) ? el('small', { class: 'audit-detail' }, ` ${detailText(entry.detail)}`) : null),
        ],
        rowProps: (entry) => ({ class: entry.refused ? 'refused' : '', dataset: { audit: entry.id, action: entry.action } }),
    });
}
