// The Games tab: the search over stored games with every filter of GET /api/admin/games, a page
// of results, and each game opening its log.

import { el } from '../dom.js';
import { t } from '../messages.js';
import { describe } from '../time_control.js';
import { scoreText } from '../table_texts.js';
import { timeText } from './admin_format.js';
import { RATED, RESULTS, STATES, TERMINATIONS, gamesQuery } from './admin_query.js';
import { SearchPanel } from './search_panel.js';

const any = () => [['', t('admin.search.any')]];

// api: AdminApi; openGame(id): shows a game's log.
export function gamesPanel(root, api, openGame) {
    return new SearchPanel(root, {
        name: 'games',
        fields: [
            { name: 'player', label: 'admin.games.player', kind: 'text' },
            { name: 'room', label: 'admin.games.room', kind: 'number' },
            { name: 'from', label: 'admin.search.from', kind: 'date' },
            { name: 'to', label: 'admin.search.to', kind: 'date' },
            { name: 'result', label: 'admin.games.result', kind: 'select',
              choices: () => [...any(), ...RESULTS.map((r) => [r, r === '*' ? t('admin.games.result.aborted') : scoreText(r)])] },
            { name: 'termination', label: 'admin.games.termination', kind: 'select',
              choices: () => [...any(), ...TERMINATIONS.map((name) => [name, t(`admin.termination.${name}`)])] },
            { name: 'state', label: 'admin.games.state', kind: 'select',
              choices: () => [...any(), ...STATES.map((name) => [name, t(`admin.games.state.${name}`)])] },
            { name: 'rated', label: 'admin.games.rated', kind: 'select',
              choices: () => [...any(), ...RATED.map((name) => [name, t(`admin.games.rated.${name}`)])] },
            { name: 'limit', label: 'admin.search.limit', kind: 'number' },
        ],
        query: gamesQuery,
        fetch: (query) => api.games(query),
        rows: (answer) => answer.games,
        next: (answer) => answer.next,
        headers: ['admin.games.col.id', 'admin.games.col.players', 'admin.games.col.room', 'admin.games.col.time_control',
                  'admin.games.col.started', 'admin.games.col.result', 'admin.games.col.moves'],
        cells: (game) => [
            el('button', { type: 'button', class: 'link', dataset: { game: game.id }, onclick: () => openGame(game.id) },
               t('admin.games.open', { id: game.id })),
            t('admin.games.players', { white: game.white || '?', black: game.black || '?' }),
            String(game.room ?? ''),
            describe(game.time_control),
            timeText(game.started_at),
            game.result ? `${scoreText(game.result)} ${game.termination ? t(`admin.termination.${game.termination}`) : ''}`.trim()
                : t('admin.games.state.running'),
            String(game.moves ?? ''),
        ],
        rowProps: (game) => ({ dataset: { gameRow: game.id } }),
    });
}
