// The Audit tab: every moderator action and every refused attempt (who, what, on whom, when, why),
// newest first, paged by GET /api/admin/audit.

import { el } from '../dom.js';
import { t } from '../messages.js';
import { timeText } from './admin_format.js';
import { auditQuery } from './admin_query.js';
import { auditSentence } from './audit_sentence.js';
import { SearchPanel } from './search_panel.js';

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
        // Each entry as a sentence (audit_sentence.js): who did what to whom, for how long, why.
        headers: ['admin.audit.col.at', 'admin.audit.col.actor', 'admin.audit.col.what', 'admin.audit.col.outcome'],
        cells: (entry) => [
            timeText(entry.at),
            t('admin.audit.actor_role', { nick: entry.actor || '?', role: entry.actor_role ? t(`role.${entry.actor_role}`) : '?' }),
            el('span', { class: 'audit-sentence' }, auditSentence(entry)),
            el('span', { class: entry.refused ? 'badge refused' : 'badge done' },
               t(entry.refused ? 'admin.audit.refused' : 'admin.audit.done')),
        ],
        rowProps: (entry) => ({ class: entry.refused ? 'refused' : '', dataset: { audit: entry.id, action: entry.action } }),
    });
}
