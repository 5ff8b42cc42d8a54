// The Chat tab: room and table chat searched by text, nick, room, table and dates
// (GET /api/admin/chat); each line links to its game's log when it was said at a game.

import { el } from '../dom.js';
import { t } from '../messages.js';
import { timeText } from './admin_format.js';
import { chatQuery } from './admin_query.js';
import { SearchPanel } from './search_panel.js';

export function chatPanel(root, api, openGame) {
    return new SearchPanel(root, {
        name: 'chat',
        fields: [
            { name: 'text', label: 'admin.chat.text', kind: 'text' },
            { name: 'nick', label: 'admin.chat.nick', kind: 'text' },
            { name: 'room', label: 'admin.games.room', kind: 'number' },
            { name: 'table', label: 'admin.chat.table', kind: 'number' },
            { name: 'from', label: 'admin.search.from', kind: 'date' },
            { name: 'to', label: 'admin.search.to', kind: 'date' },
            { name: 'limit', label: 'admin.search.limit', kind: 'number' },
        ],
        query: chatQuery,
        fetch: (query) => api.chat(query),
        rows: (answer) => answer.lines,
        next: (answer) => answer.next,
        headers: ['admin.chat.col.at', 'admin.chat.col.where', 'admin.chat.col.nick', 'admin.chat.col.text'],
        cells: (line) => [
            timeText(line.at),
            line.table !== undefined && line.table !== null
                ? [t('admin.chat.at_table', { table: line.table }),
                   line.game_id ? el('button', { type: 'button', class: 'link', onclick: () => openGame(line.game_id) },
                                     ` ${t('admin.games.open', { id: line.game_id })}`) : null]
                : t('admin.chat.in_room', { room: line.room ?? '?' }),
            line.nick,
            el('span', { class: 'chat-text' }, line.text),
        ],
    });
}
