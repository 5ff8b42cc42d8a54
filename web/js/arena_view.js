// An Arena's part of a tournament's page (tournament_view.js draws the rest): the countdown to
// its end, its standings (score, the points of each game with those played on fire marked, a
// flame while the next win counts double, performance, games, who is playing now) and the games
// of its pairing waves, latest first, with a mark for a side that went berserk and a Watch
// button for a game being played. Every nick goes in as text (nickNode), never as markup.

import { el } from './dom.js';
import { t } from './messages.js';
import { nickNode } from './nick_view.js';
import { countdownText, resultSign } from './tournament_format.js';
import { isRunning } from './tournaments.js';
import { arenaBoards, arenaEnd, arenaRows, berserkSides } from './arena.js';

// The games listed on the page: the latest ones; an arena of hours pairs hundreds.
const BOARDS_SHOWN = 40;

// The symbols beside a nick; their meaning is in their titles, in the page's language.
const FLAME = '🔥';
const BERSERK = '⚔';

const sameNick = (a, b) => Boolean(a && b) && a.toLowerCase() === b.toLowerCase();

// "Ends in 41:09", ticking with the page's other countdowns (tournament_view.js tick). By this
// browser's clock, so a few seconds' skew from the server's is possible.
export function arenaCountdown(tournament) {
    const ends = arenaEnd(tournament);
    if (ends === null) return null;
    const node = el('p', { class: 'tournament-countdown arena-countdown', role: 'timer', dataset: { until: ends, kind: 'arena' } });
    showArenaCountdown(node);
    return node;
}

export function showArenaCountdown(node) {
    const left = Number(node.dataset.until) - Date.now();
    node.textContent = left > 0 ? t('tournament.arena.countdown', { time: countdownText(left) }) : t('tournament.arena.countdown.due');
}

// The points of each game, apart by spaces (el flattens its children one level only, hence flatMap).
function sheetNode(row) {
    return el('span', { class: 'arena-sheet' },
              row.sheet.flatMap((game, index) => [index ? ' ' : null,
                  el('span', { class: game.double ? 'sheet-game double' : 'sheet-game', title: game.double ? t('tournament.arena.double') : null },
                     String(game.points))]),
              row.onFire ? [' ', el('span', { class: 'on-fire', role: 'img', title: t('tournament.arena.on_fire'),
                                              'aria-label': t('tournament.arena.on_fire') }, FLAME)] : null);
}

export function arenaStandings(tournament, nick) {
    const rows = arenaRows(tournament);
    if (!rows.length) return null;
    const head = el('tr', {}, el('th', {}, t('tournament.col.rank')), el('th', {}, t('tournament.col.player')),
                    el('th', { title: t('tournament.arena.col.score.title') }, t('tournament.arena.col.score')),
                    el('th', {}, t('tournament.arena.col.sheet')),
                    el('th', { title: t('tournament.arena.col.performance.title') }, t('tournament.arena.col.performance')),
                    el('th', {}, t('tournament.arena.col.games')));
    const body = rows.map((row) => el('tr', {
        class: `${row.withdrawn ? 'withdrawn' : ''} ${sameNick(row.nick, nick) ? 'me' : ''}`.trim(),
        dataset: { nick: row.nick, onFire: String(row.onFire), playing: String(row.playing) } },
        el('td', {}, row.rank),
        el('td', {}, nickNode(row.nick, false),
           row.playing ? [' ', el('span', { class: 'badge playing-mark' }, t('tournament.arena.playing'))] : null,
           row.withdrawn ? [' ', el('span', { class: 'badge withdrawn-mark' }, t('tournament.withdrawn'))] : null),
        el('td', { class: 'points' }, String(row.score)),
        el('td', { class: 'sheet' }, sheetNode(row)),
        el('td', { class: 'performance' }, row.games ? String(row.performance) : '–'),
        el('td', { class: 'games' }, String(row.games))));
    return el('section', { class: 'tournament-standings arena-standings' }, el('h4', {}, t('tournament.standings')),
              el('div', { class: 'table-scroll' },
                 el('table', { class: 'standings-table' }, el('thead', {}, head), el('tbody', {}, body))));
}

// A nick in a game, with the berserk mark when that side went berserk.
function sideNode(board, side, nick) {
    const name = board[side];
    if (!name) return '';
    const berserk = berserkSides(board).includes(side);
    return [nickNode(name, false, sameNick(name, nick) ? t('room.you') : null), berserk ? ' ' : null,
            berserk ? el('span', { class: 'berserk-mark', role: 'img', dataset: { side }, title: t('tournament.arena.berserk'),
                                   'aria-label': t('tournament.arena.berserk') }, BERSERK) : null];
}

// watch(board): the page's action for a game being played (main.js watchBoard).
export function arenaGames(tournament, nick, watch) {
    const { boards, more } = arenaBoards(tournament, BOARDS_SHOWN);
    if (!boards.length) {
        return tournament.state === 'registering' ? null
            : el('section', { class: 'tournament-pairings arena-games' }, el('h4', {}, t('tournament.arena.games')),
                 el('p', { class: 'hint' }, t('tournament.arena.games.none')));
    }
    const rows = boards.map((board) => {
        const running = isRunning(board);
        const mine = sameNick(board.white, nick) || sameNick(board.black, nick);
        return el('tr', { class: mine ? 'me' : '', dataset: { wave: board.wave, board: board.board, result: board.result || 'pending' } },
                  el('td', {}, String(board.wave)),
                  el('td', {}, sideNode(board, 'white', nick)),
                  el('td', { class: 'result' }, resultSign(board.result) || (running ? t('tournament.playing') : '')),
                  el('td', {}, sideNode(board, 'black', nick)),
                  el('td', {}, running ? el('button', { type: 'button', dataset: { action: 'watch-board', table: board.table },
                                                        onclick: () => watch(board) }, t('tables.watch')) : ''));
    });
    return el('section', { class: 'tournament-pairings arena-games' }, el('h4', {}, t('tournament.arena.games')),
              el('div', { class: 'table-scroll' }, el('table', { class: 'pairing-table' },
                 el('thead', {}, el('tr', {}, el('th', { title: t('tournament.arena.col.wave.title') }, t('tournament.arena.col.wave')),
                                    el('th', {}, t('side.white')), el('th', {}, t('tournament.col.result')),
                                    el('th', {}, t('side.black')), el('th', {}, ''))),
                 el('tbody', {}, rows))),
              more ? el('p', { class: 'hint' }, t('tournament.arena.games.more', { count: more })) : null);
}
