// The lobby's Tournaments tab (issue 28 §5): the upcoming, running and finished tournaments, and
// a tournament's page: its settings, joining and withdrawing, the pairings of a round with their
// results and a Watch button for the games being played, the standings with the tie-break
// columns (each code explained in its title), a season's dates (each round's deadline, the boards
// waiting for both players or overdue for the director's result: tournament_season.js), the
// players (withdrawn ones marked), and the
// director's controls (start, pause, resume and end it, withdraw and readmit a player, pair a
// Swiss's next round by hand). An arena
// shows its countdown, standings and games instead (arena_view.js). Directors, moderators and admins
// also get the form to create one (tournament_form.js). The page follows tournament_updated
// live: main.js folds every frame into tournaments.js's state and calls render.

import { el, fill, keepingFocus } from './dom.js';
import { dateTime } from './time_format.js';
import { language, t } from './messages.js';
import { nickNode } from './nick_view.js';
import { describe } from './time_control.js';
import {
    byeKey, byePoints, countdownText, numberText, pointsText, rankText, resultSign, stateKey, systemText, tieBreakTitle,
} from './tournament_format.js';
import { TournamentForm } from './tournament_form.js';
import { firstBoardKey, startCountdownText, startText, startsAt } from './tournament_start.js';
import {
    deadlineOf, deadlineText, nextDeadline, nextRoundOpening, overdueBoards, overdueRounds, seasonBoardKey, seasonBoardState, seasonDays, seasonText,
} from './tournament_season.js';
import { isArena } from './arena.js';
import { manualRound, pairablePlayers, pairingRequest, unpairedPlayers } from './manual_pairing.js';
import { arenaCountdown, arenaGames, arenaStandings, showArenaCountdown } from './arena_view.js';
import {
    LISTS, byeOffer, crosstable, entryAction, entryOf, isRunning, mayCreate, mayDirect, roundsOf, shownRound, shownTournament, standingsOf,
} from './tournaments.js';

// The entry conditions in a line: "rating 1200–1800 · at least 10 rated games · invited players
// only"; '' when there are none.
function entryText(tournament) {
    const parts = [];
    const [min, max] = [tournament.min_rating, tournament.max_rating];
    if (min !== undefined && max !== undefined) parts.push(t('tournament.entry.rating_range', { min, max }));
    else if (min !== undefined) parts.push(t('tournament.entry.rating_min', { min }));
    else if (max !== undefined) parts.push(t('tournament.entry.rating_max', { max }));
    if (Number(tournament.min_rated_games) > 0) parts.push(t('tournament.entry.games', { games: tournament.min_rated_games }));
    if (tournament.invited_only) parts.push(t('tournament.entry.invited'));
    if (tournament.bots_allowed) parts.push(t('tournament.entry.bots'));
    return parts.join(' · ');
}

// What pausing does, or what a pause means: an arena's time runs on while no game is paired.
function pauseHintKey(tournament) {
    if (isArena(tournament)) return tournament.state === 'running' ? 'tournament.pause.hint.arena' : 'tournament.paused.hint.arena';
    return tournament.state === 'running' ? 'tournament.pause.hint' : 'tournament.paused.hint';
}

function showStartCountdown(node) {
    node.textContent = startCountdownText(Number(node.dataset.until), Date.now(), language());
}

// The results a director may give a board (protocol/tournament.h, director_result_words).
const DIRECTOR_RESULTS = ['white_wins', 'draw', 'black_wins', 'white_wins_by_forfeit', 'black_wins_by_forfeit', 'double_forfeit'];

export class TournamentView {
    // actions: {list(), show(id), back(), create(fields) -> promise, join(id, password), withdraw(id),
    //           start(id), pause(id), resume(id), end(id), directorWithdraw(id, nick), directorReadmit(id, nick),
    //           directorResult(id, round, board, result, reason), directorPairing(id, {games, bye?}),
    //           chooseRound(n), watch(board)}
    // roomPanel: the node of the event's room (tournament_room_view.js), kept across redraws.
    constructor(root, actions, { roomPanel = null } = {}) {
        this.root = root;
        this.actions = actions;
        this.roomPanel = roomPanel;
        this.form = new TournamentForm((fields) => actions.create(fields));
        // The password to join with, kept across redraws (an update must not swallow keystrokes).
        this.password = el('input', { type: 'password', name: 'tournament-join-password', autocomplete: 'off', maxlength: 64 });
        // The director's correction of a board's result, kept across redraws like the password.
        this.correction = {
            board: el('select', { name: 'director-result-board' }),
            result: el('select', { name: 'director-result' }, DIRECTOR_RESULTS.map((word) => el('option', { value: word }))),
            reason: el('input', { type: 'text', name: 'director-result-reason', maxlength: 200, autocomplete: 'off' }),
        };
        // The director's manual pairing of the next round, its selects kept across redraws too;
        // `round` is the tournament and round they are for (another starts them afresh).
        this.manual = { round: null, boards: [], bye: el('select', { name: 'manual-pairing-bye' }),
                        players: [], unpaired: el('p', { class: 'hint manual-unpaired' }),
                        problem: el('p', { class: 'form-error', role: 'alert', hidden: true }) };
        this.manual.bye.addEventListener('change', () => this.manualChanged());
    }

    // state: tournaments.js's; place: {identity (or null), online, visitor}
    // The state is immutable (tournaments.js): the same state, viewer and language draw the same
    // page, so such a call (main.js draws after every move of every table) leaves it as it is.
    render(state, place) {
        const drawn = { state, identity: place.identity, online: Boolean(place.online), visitor: Boolean(place.visitor),
                        lang: language() };
        if (this.drawn && Object.keys(drawn).every((key) => drawn[key] === this.drawn[key])) return;
        this.drawn = drawn;
        this.last = { state, place };
        keepingFocus(() => this.redraw(state, place));
    }

    redraw(state, place) {
        this.form.relabel();
        this.password.placeholder = t('tournament.join.password');
        this.password.setAttribute('aria-label', t('tournament.join.password'));
        const tournament = shownTournament(state);
        const creator = place.online && mayCreate(place.identity);
        const newButton = creator && !tournament ? el('button', { type: 'button', class: 'tournament-new', dataset: { action: 'new-tournament' },
            'aria-expanded': String(this.form.open), onclick: () => {
                if (this.form.open) this.form.close();
                else this.form.show();
                this.drawn = null;
                this.render(state, place);
            } }, t('tournament.new')) : null;
        if (!creator) this.form.close();
        const header = el('div', { class: 'panel-header' }, el('h2', {}, t('tournament.title')),
                          el('div', { class: 'panel-buttons' }, newButton,
                             el('button', { type: 'button', class: 'tournament-refresh', onclick: () => this.actions.list() }, t('rooms.refresh'))));
        fill(this.root, header, tournament ? null : this.form.node,
             tournament ? this.page(tournament, state, place) : this.lists(state));
    }

    // ---- the lists ----------------------------------------------------------------------------

    lists(state) {
        const empty = LISTS.every((name) => !state.lists[name].length);
        return el('div', { class: 'tournament-lists' }, empty ? el('p', { class: 'hint' }, t('tournament.none')) : null,
                  LISTS.filter((name) => state.lists[name].length).map((name) => el('section', { class: `tournament-list list-${name}` },
                      el('h3', {}, t(`tournament.list.${name}`)),
                      el('ul', {}, state.lists[name].map((summary) => this.listEntry(summary))))));
    }

    listEntry(summary) {
        return el('li', { dataset: { tournament: summary.id } },
                  el('button', { type: 'button', class: 'link tournament-open', dataset: { tournament: summary.id },
                                 onclick: () => this.actions.show(summary.id) }, summary.name),
                  el('span', { class: 'tournament-meta' },
                     [systemText(summary), seasonText(summary), describe(summary.time_control), t(summary.rated ? 'tables.rated' : 'tables.casual'),
                      t('tournament.players.count', { count: summary.player_count ?? 0 }), startText(summary, language())]
                         .filter(Boolean).join(' · '),
                     summary.password ? [' ', el('span', { class: 'badge', title: t('tournament.password.title') }, t('tournament.password.badge'))] : null));
    }

    // ---- a tournament's page ------------------------------------------------------------------

    page(tournament, state, place) {
        const director = place.online && mayDirect(place.identity, tournament);
        const nick = place.identity ? place.identity.nick : '';
        const arena = isArena(tournament);
        return el('article', { class: 'tournament-page', dataset: { tournament: tournament.id, state: tournament.state } },
                  el('div', { class: 'tournament-title' },
                     el('button', { type: 'button', class: 'link tournament-back', onclick: () => this.actions.back() }, t('tournament.back')),
                     el('h3', {}, tournament.name, ' ', el('span', { class: `badge tournament-state state-${tournament.state}` },
                                                            t(stateKey(tournament.state))))),
                  this.settings(tournament),
                  this.startCountdown(tournament),
                  arena ? arenaCountdown(tournament) : this.countdown(tournament),
                  this.entryControls(tournament, place),
                  director ? this.directorControls(tournament) : null,
                  director ? this.manualPairing(tournament, () => { this.drawn = null; this.render(state, place); }) : null,
                  arena ? arenaStandings(tournament, nick) : null,
                  arena ? arenaGames(tournament, nick, (board) => this.actions.watch(board)) : null,
                  arena ? null : this.pairings(tournament, state, place),
                  arena ? null : this.standings(tournament, place),
                  arena ? null : this.crosstable(tournament, place),
                  this.roomPanel,
                  this.players(tournament, director, place));
    }

    // While the pause before the next round runs: "Round 2 starts in 0:09", ticking (tick()).
    // By this browser's clock, so a few seconds' skew from the server's is possible.
    countdown(tournament) {
        if (!tournament.next_round_ms || tournament.state !== 'running') return null;
        const node = el('p', { class: 'tournament-countdown', role: 'timer',
                               dataset: { until: Number(tournament.next_round_ms), round: Number(tournament.rounds_paired || 0) + 1 } });
        this.showCountdown(node);
        return node;
    }

    showCountdown(node) {
        const left = Number(node.dataset.until) - Date.now();
        const round = Number(node.dataset.round);
        node.textContent = left > 0 ? t('tournament.countdown', { round, time: countdownText(left) })
            : t('tournament.countdown.due', { round });
    }

    // While it registers with a start time: "Starts at 24/11/2026, 19:30:00 (in 1:05:09)", ticking.
    // The server starts it then by itself (the director may start it earlier).
    startCountdown(tournament) {
        const starts = startsAt(tournament);
        if (starts === null) return null;
        const node = el('p', { class: 'tournament-countdown start-countdown', role: 'timer', dataset: { until: starts, kind: 'start' } });
        showStartCountdown(node);
        return node;
    }

    // Once a second (main.js): every countdown on the page moves on (an arena's to its end, a
    // registering one's to its start).
    tick() {
        for (const node of this.root.querySelectorAll('.tournament-countdown')) {
            if (node.dataset.kind === 'arena') showArenaCountdown(node);
            else if (node.dataset.kind === 'start') showStartCountdown(node);
            else this.showCountdown(node);
        }
        // A season's deadline passed on the page: its waiting boards are overdue now, though the
        // server sends nothing then, so the page is drawn again.
        const passed = [...this.root.querySelectorAll('[data-deadline][data-passed="false"]')]
            .some((node) => Date.now() >= Number(node.dataset.deadline));
        if (passed && this.last) {
            this.drawn = null;
            this.render(this.last.state, this.last.place);
        }
    }

    settings(tournament) {
        const row = (key, value) => [el('dt', {}, t(key)), el('dd', {}, value)];
        const lang = language();
        const next = nextRoundOpening(tournament);
        return el('dl', { class: 'tournament-settings' },
                  row('tournament.setting.system', systemText(tournament)),
                  seasonDays(tournament) ? row('tournament.setting.season', seasonText(tournament)) : null,
                  next ? row('tournament.setting.next_round', t('tournament.season.next_round', { round: next.round, at: dateTime(next.at, lang) }))
                      : null,
                  row('tournament.setting.time_control', describe(tournament.time_control)),
                  row('tournament.setting.mode', t(tournament.rated ? 'tables.rated' : 'tables.casual')),
                  row('tournament.setting.director', tournament.director ? nickNode(tournament.director, false) : '?'),
                  firstBoardKey(tournament) ? row('tournament.setting.first_board', t(firstBoardKey(tournament))) : null,
                  tournament.system === 'swiss' ? row('tournament.setting.late_entry', Number(tournament.late_entry_until_round)
                      ? t('tournament.late_entry.until', { round: tournament.late_entry_until_round }) : t('tournament.late_entry.none')) : null,
                  entryText(tournament) ? row('tournament.setting.entry_conditions', entryText(tournament)) : null,
                  Number(tournament.draw_offers_from_move) > 0 ? row('tournament.setting.draw_offers',
                      t('tournament.draw_offers.from', { move: Number(tournament.draw_offers_from_move) })) : null,
                  isArena(tournament) ? row('tournament.setting.berserk', t(tournament.berserk ? 'tournament.berserk.allowed' : 'tournament.berserk.none'))
                      : row('tournament.setting.rounds_paired', String(tournament.rounds_paired ?? 0)),
                  tournament.password ? row('tournament.setting.password', t('tournament.password.needed')) : null,
                  tournament.started_ms ? row('tournament.setting.started', dateTime(tournament.started_ms, lang))
                      : row('tournament.setting.created', dateTime(tournament.created_ms, lang)),
                  tournament.ends_ms && !tournament.finished_ms ? row('tournament.setting.ends', dateTime(tournament.ends_ms, lang)) : null,
                  tournament.finished_ms ? row('tournament.setting.finished', dateTime(tournament.finished_ms, lang)) : null,
                  tournament.state !== 'registering' ? row('tournament.setting.downloads', [
                      el('a', { href: `/tournaments/${Number(tournament.id)}.pgn`, download: '', dataset: { download: 'pgn' } },
                         t('tournament.download.pgn')), ' · ',
                      el('a', { href: `/tournaments/${Number(tournament.id)}.trf`, download: '', dataset: { download: 'trf' } },
                         t('tournament.download.trf'))]) : null);
    }

    // Join (with the password where one is needed) or withdraw; why not, where it helps to know.
    entryControls(tournament, place) {
        if (place.visitor) return el('p', { class: 'hint tournament-visitor' }, t('tournament.visitor'));
        if (!place.online) return null;
        const { action, why } = entryAction(tournament, place.identity);
        if (action === 'join') {
            return el('form', { class: 'tournament-join', onsubmit: (event) => {
                event.preventDefault();
                this.actions.join(tournament.id, tournament.password ? this.password.value : null);
            } }, tournament.password ? this.password : null,
            el('button', { type: 'submit', dataset: { action: 'join-tournament' } }, t('tournament.join')));
        }
        if (action === 'withdraw') {
            return el('div', { class: 'tournament-entry' }, el('span', { class: 'tournament-registered' }, t('tournament.registered')), ' ',
                      el('button', { type: 'button', dataset: { action: 'withdraw-tournament' },
                                     onclick: () => this.actions.withdraw(tournament.id) }, t('tournament.withdraw')),
                      this.byeControl(tournament, place));
        }
        return why ? el('p', { class: 'hint tournament-why' }, t(`tournament.why.${why}`)) : null;
    }

    // Start while it registers; pause, resume and end once it runs (a server without them refuses).
    directorControls(tournament) {
        const button = (action, key, send) => el('button', { type: 'button', dataset: { action }, onclick: () => send(tournament.id) }, t(key));
        if (tournament.state === 'registering') {
            return el('div', { class: 'tournament-director' }, button('start-tournament', 'tournament.start', this.actions.start),
                      ' ', el('span', { class: 'hint' }, t(isArena(tournament) ? 'tournament.start.hint.arena' : 'tournament.start.hint')));
        }
        if (tournament.state === 'running' || tournament.state === 'paused') {
            return el('div', { class: 'tournament-director' },
                      tournament.state === 'running' ? button('pause-tournament', 'tournament.pause', this.actions.pause)
                          : button('resume-tournament', 'tournament.resume', this.actions.resume),
                      button('end-tournament', 'tournament.end', this.actions.end),
                      el('span', { class: 'hint' }, t(pauseHintKey(tournament))));
        }
        return null;
    }

    // director_pairing: the next round of a Swiss as the director writes it, a White and a Black
    // select per board among the players who may be paired, and the pairing-allocated bye.
    manualPairing(tournament, redraw) {
        const round = manualRound(tournament);
        if (round === null) return null;
        const manual = this.manual;
        const players = pairablePlayers(tournament, round);
        const key = `${tournament.id}:${round}`;
        if (manual.round !== key) {
            manual.round = key;
            manual.boards = Array.from({ length: Math.max(1, Math.floor(players.length / 2)) }, () => this.manualBoard());
            manual.bye.value = '';
        }
        manual.players = players;
        const choices = (select, emptyKey) => {
            const chosen = select.value;
            select.replaceChildren(el('option', { value: '' }, t(emptyKey)), ...players.map((nick) => el('option', { value: nick }, nick)));
            select.value = players.includes(chosen) ? chosen : '';
        };
        for (const board of manual.boards) {
            choices(board.white, 'tournament.manual.choose');
            choices(board.black, 'tournament.manual.choose');
            board.white.setAttribute('aria-label', t('side.white'));
            board.black.setAttribute('aria-label', t('side.black'));
        }
        choices(manual.bye, 'tournament.manual.no_bye');
        this.showUnpaired();
        const addBoard = () => {
            const board = this.manualBoard();
            manual.boards.push(board);
            redraw();
            board.white.focus();
        };
        const submit = (event) => {
            event.preventDefault();
            const request = pairingRequest(manual.boards.map((board) => ({ white: board.white.value, black: board.black.value })),
                                           manual.bye.value);
            if (request.problem) {
                manual.problem.textContent = t(`tournament.manual.problem.${request.problem}`, { nick: request.nick });
                manual.problem.hidden = false;
                return;
            }
            this.actions.directorPairing(tournament.id, request.fields);
        };
        return el('form', { class: 'manual-pairing', dataset: { round }, onsubmit: submit },
                  el('h4', {}, t('tournament.manual.title', { round })),
                  el('p', { class: 'hint' }, t('tournament.manual.hint')),
                  el('div', { class: 'table-scroll' }, el('table', { class: 'pairing-table' },
                     el('thead', {}, el('tr', {}, el('th', {}, t('tournament.col.board')), el('th', {}, t('side.white')),
                                        el('th', {}, t('side.black')))),
                     el('tbody', {}, manual.boards.map((board, index) => el('tr', { dataset: { board: index + 1 } },
                         el('td', {}, t('tournament.manual.board', { board: index + 1 })),
                         el('td', {}, board.white), el('td', {}, board.black)))))),
                  el('div', { class: 'tournament-director' },
                     el('button', { type: 'button', dataset: { action: 'manual-add-board' }, onclick: addBoard }, t('tournament.manual.add')),
                     el('label', {}, t('tournament.manual.bye'), ' ', manual.bye),
                     el('button', { type: 'submit', dataset: { action: 'director-pairing' } }, t('tournament.manual.submit', { round }))),
                  manual.unpaired, manual.problem);
    }

    // A board row's two selects; a choice clears the last complaint and renames the unpaired.
    manualBoard() {
        const board = { white: el('select', { name: 'manual-pairing-white' }), black: el('select', { name: 'manual-pairing-black' }) };
        board.white.addEventListener('change', () => this.manualChanged());
        board.black.addEventListener('change', () => this.manualChanged());
        return board;
    }

    manualChanged() {
        this.showUnpaired();
        this.manual.problem.textContent = '';
        this.manual.problem.hidden = true;
    }

    showUnpaired() {
        const manual = this.manual;
        const left = unpairedPlayers(manual.players, manual.boards.map((board) => ({ white: board.white.value, black: board.black.value })),
                                     manual.bye.value);
        manual.unpaired.textContent = left.length ? t('tournament.manual.unpaired', { nicks: left.join(', ') }) : '';
        manual.unpaired.hidden = !left.length;
    }

    // The pairings of one round (the latest, or the one chosen), with a button per paired round.
    pairings(tournament, state, place) {
        const rounds = roundsOf(tournament);
        if (!rounds.length) {
            return tournament.state === 'registering' ? null
                : el('section', { class: 'tournament-pairings' }, el('h4', {}, t('tournament.pairings')),
                     el('p', { class: 'hint' }, t('tournament.pairings.none')));
        }
        const round = shownRound(tournament, state.round);
        // A season's rounds with boards overdue are marked, and listed for the director to go to.
        const now = Date.now();
        const late = overdueRounds(tournament, now);
        const overdue = new Set(late.map((r) => r.round));
        const chooser = rounds.length > 1 ? el('nav', { class: 'round-chooser', 'aria-label': t('tournament.rounds.label') },
            [...rounds].reverse().map((r) => el('button', { type: 'button', class: [r.round === round.round ? 'current' : '',
                                                                                    overdue.has(r.round) ? 'overdue' : ''].join(' ').trim(),
                                                            title: overdue.has(r.round) ? t('tournament.season.round.overdue', { round: r.round }) : null,
                                                            'aria-pressed': String(r.round === round.round), dataset: { round: r.round },
                                                            onclick: () => this.actions.chooseRound(r.round) }, String(r.round)))) : null;
        const nick = place.identity ? place.identity.nick : '';
        const director = place.online && mayDirect(place.identity, tournament);
        const toDecide = director && late.length ? el('p', { class: 'season-overdue-rounds' }, t('tournament.season.overdue.rounds'),
            late.flatMap((r, index) => [index ? ' · ' : ' ', el('button', {
                type: 'button', class: 'link', dataset: { action: 'overdue-round', round: r.round }, onclick: () => this.actions.chooseRound(r.round),
            }, t('tournament.season.overdue.round', { round: r.round, boards: r.boards.join(', ') }))])) : null;
        const boards = [...(round.boards || [])].sort((a, b) => a.board - b.board);
        const deadline = deadlineOf(round);
        const season = (board) => {
            const wait = seasonBoardState(tournament, round, board, now);
            return wait ? { wait, decide: director ? () => this.decide(board) : null } : null;
        };
        // The next deadline of any round's waiting board, for tick() to draw the page again then.
        const due = nextDeadline(tournament, now);
        return el('section', { class: 'tournament-pairings', dataset: { round: round.round, ...(due ? { deadline: due, passed: 'false' } : {}) } },
                  el('h4', {}, t('tournament.pairings.round', { round: round.round })), chooser, toDecide,
                  deadline === null ? null : el('p', { class: 'round-deadline', dataset: { deadline, passed: String(now >= deadline) } },
                                                deadlineText(round, now, language())),
                  el('div', { class: 'table-scroll' }, el('table', { class: 'pairing-table' },
                     el('thead', {}, el('tr', {}, el('th', {}, t('tournament.col.board')), el('th', {}, t('side.white')),
                                        el('th', {}, t('tournament.col.result')), el('th', {}, t('side.black')), el('th', {}, ''))),
                     el('tbody', {}, boards.map((board) => this.boardRow(board, nick, season(board)))))),
                  director ? this.correctionForm(tournament, round, boards) : null);
    }

    // An overdue board's Decide: the board chosen in the result form below, its result to choose next.
    decide(board) {
        this.correction.board.value = String(board.board);
        this.correction.result.focus();
    }

    // director_result: a game board of the round shown, its result, and the reason the audit log keeps.
    correctionForm(tournament, round, boards) {
        const games = boards.filter((board) => !board.bye && board.black);
        if (!games.length) return null;
        const { board, result, reason } = this.correction;
        const chosen = board.value;
        board.replaceChildren(...games.map((game) => el('option', { value: String(game.board) },
            t('tournament.correct.board', { board: game.board, white: game.white, black: game.black }))));
        // A season's overdue board first, when none was chosen yet.
        const overdue = overdueBoards(tournament, round, Date.now());
        if (games.some((game) => String(game.board) === chosen)) board.value = chosen;
        else if (overdue.length) board.value = String(overdue[0]);
        for (const option of result.options) option.textContent = t(`tournament.result.${option.value}`);
        reason.placeholder = t('tournament.correct.reason');
        const submit = (event) => {
            event.preventDefault();
            const why = reason.value.trim();
            if (!why) { reason.focus(); return; }
            this.actions.directorResult(tournament.id, round.round, Number(board.value), result.value, why);
            reason.value = '';
        };
        return el('form', { class: 'director-result', dataset: { round: round.round }, onsubmit: submit },
                  el('h5', {}, t('tournament.correct.title')),
                  el('label', {}, t('tournament.col.board'), ' ', board), ' ',
                  el('label', {}, t('tournament.col.result'), ' ', result), ' ',
                  el('label', {}, t('tournament.correct.reason.label'), ' ', reason), ' ',
                  el('button', { type: 'submit' }, t('tournament.correct.submit')));
    }

    // season: a season's board waiting for its game or overdue ({wait, decide}), or null.
    boardRow(board, nick, season = null) {
        const me = (name) => (name && nick && name.toLowerCase() === nick.toLowerCase() ? t('room.you') : null);
        if (board.bye) {
            return el('tr', { class: me(board.white) ? 'bye me' : 'bye', dataset: { board: board.board } }, el('td', {}, board.board),
                      el('td', {}, nickNode(board.white, false, me(board.white))),
                      el('td', { class: 'result' }, pointsText(byePoints(board.bye))),
                      el('td', {}, t(byeKey(board.bye))), el('td', {}, ''));
        }
        const running = isRunning(board);
        const mine = Boolean(me(board.white) || me(board.black));
        const decide = season && season.wait === 'overdue' && season.decide ? el('button', {
            type: 'button', class: 'link', dataset: { action: 'decide-board', board: board.board }, title: t('tournament.season.decide.title'),
            onclick: season.decide }, t('tournament.season.decide')) : null;
        const waiting = season ? [el('span', { class: `season-status season-${season.wait}` }, t(seasonBoardKey(season.wait))),
                                  decide ? ' ' : null, decide] : '';
        return el('tr', { class: [mine ? 'me' : '', season ? `season-${season.wait}` : ''].join(' ').trim(),
                          dataset: { board: board.board, result: board.result || 'pending', ...(season ? { season: season.wait } : {}) } },
                  el('td', {}, board.board),
                  el('td', {}, nickNode(board.white, false, me(board.white))),
                  el('td', { class: 'result' }, resultSign(board.result) || (running ? t('tournament.playing') : '')),
                  el('td', {}, board.black ? nickNode(board.black, false, me(board.black)) : ''),
                  el('td', {}, running ? el('button', { type: 'button', dataset: { action: 'watch-board', table: board.table },
                                                        onclick: () => this.actions.watch(board) }, t('tables.watch')) : waiting));
    }

    standings(tournament, place) {
        const { codes, rows } = standingsOf(tournament);
        if (!rows.length) return null;
        const nick = place.identity ? place.identity.nick : '';
        const head = el('tr', {}, el('th', {}, t('tournament.col.rank')), el('th', {}, t('tournament.col.player')),
                        el('th', { title: t('tournament.col.points.title') }, t('tournament.col.points')),
                        codes.map((code) => el('th', { class: 'tie-break', title: tieBreakTitle(code) },
                                               el('abbr', { title: tieBreakTitle(code) }, code))));
        const body = rows.map((row) => {
            const mine = nick && row.nick.toLowerCase() === nick.toLowerCase();
            return el('tr', { class: `${row.withdrawn ? 'withdrawn' : ''} ${mine ? 'me' : ''}`.trim(), dataset: { nick: row.nick } },
                      el('td', {}, rankText(row.rank)),
                      el('td', {}, nickNode(row.nick, false),
                         row.withdrawn ? [' ', el('span', { class: 'badge withdrawn-mark' }, t('tournament.withdrawn'))] : null),
                      el('td', { class: 'points' }, pointsText(row.points)),
                      codes.map((code, index) => el('td', { class: 'tie-break' }, numberText((row.tie_breaks || [])[index]))));
        });
        return el('section', { class: 'tournament-standings' }, el('h4', {}, t('tournament.standings')),
                  el('div', { class: 'table-scroll' },
                     el('table', { class: 'standings-table' }, el('thead', {}, head), el('tbody', {}, body))));
    }

    // Each player's games by round: the opponent's entry number, the colour and the score.
    crosstable(tournament, place) {
        if (tournament.crosstable) return this.roundRobinGrid(tournament.crosstable, place);
        const table = crosstable(tournament);
        if (!table.rows.length) return null;
        const nick = place.identity ? place.identity.nick : '';
        const head = el('tr', {}, el('th', {}, t('tournament.col.entry')), el('th', {}, t('tournament.col.player')),
                        table.rounds.map((round) => el('th', { title: t('tournament.crosstable.round.title', { round }) },
                                                       t('tournament.crosstable.round', { round }))),
                        el('th', {}, t('tournament.col.points')));
        const body = table.rows.map((row) => el('tr', {
            class: nick && row.nick.toLowerCase() === nick.toLowerCase() ? 'me' : '', dataset: { nick: row.nick } },
            el('td', {}, row.entry), el('td', {}, nickNode(row.nick, false)),
            row.cells.map((cell) => el('td', { class: 'cross-cell', dataset: { round: cell.round } },
                cell.opponent !== null ? `${cell.opponent}${t(cell.colour === 'w' ? 'tournament.crosstable.white' : 'tournament.crosstable.black')} ${cell.score || '*'}`
                    : cell.bye ? `${t('tournament.crosstable.bye')} ${cell.score}` : '')),
            el('td', { class: 'points' }, row.points === null ? '' : pointsText(row.points))));
        return el('section', { class: 'tournament-crosstable' }, el('h4', {}, t('tournament.crosstable')),
                  el('p', { class: 'hint' }, t('tournament.crosstable.hint')),
                  el('div', { class: 'table-scroll' },
                     el('table', { class: 'cross-table' }, el('thead', {}, head), el('tbody', {}, body))));
    }

    // A round robin's crosstable as the server sends it: a row and a column per player in Berger
    // order, the row player's results against the column player, points and Sonneborn-Berger.
    roundRobinGrid(grid, place) {
        const nicks = grid.nicks || [];
        if (!nicks.length) return null;
        const me = place.identity ? place.identity.nick.toLowerCase() : '';
        const head = el('tr', {}, el('th', {}, t('tournament.col.entry')), el('th', {}, t('tournament.col.player')),
                        nicks.map((_, column) => el('th', { scope: 'col' }, column + 1)),
                        el('th', {}, t('tournament.col.points')), el('th', {}, 'SB'));
        const body = nicks.map((nick, row) => el('tr', { class: me && nick.toLowerCase() === me ? 'me' : '', dataset: { nick } },
            el('td', {}, row + 1), el('td', {}, nickNode(nick, false)),
            nicks.map((_, column) => el('td', { class: row === column ? 'cross-cell cross-self' : 'cross-cell' },
                                        ((grid.cells || [])[row] || [])[column] || '')),
            el('td', { class: 'points' }, pointsText((grid.points || [])[row] ?? 0)),
            el('td', {}, String((grid.sb || [])[row] ?? ''))));
        return el('section', { class: 'tournament-crosstable' }, el('h4', {}, t('tournament.crosstable')),
                  el('p', { class: 'hint' }, t('tournament.crosstable.grid.hint')),
                  el('div', { class: 'table-scroll' },
                     el('table', { class: 'cross-table cross-grid' }, el('thead', {}, head), el('tbody', {}, body))));
    }

    // A registered player's half-point bye: ask for one in the next round, or take it back.
    byeControl(tournament, place) {
        const offer = byeOffer(tournament, entryOf(tournament, place.identity.nick));
        if (!offer) return null;
        if (offer.action === 'cancel') {
            return el('span', { class: 'tournament-bye' }, ' ', t('tournament.bye.requested', { round: offer.round }), ' ',
                      el('button', { type: 'button', class: 'link', dataset: { action: 'cancel-bye' },
                                     onclick: () => this.actions.cancelBye(tournament.id) }, t('tournament.bye.cancel')));
        }
        return el('span', { class: 'tournament-bye' }, ' ',
                  el('button', { type: 'button', dataset: { action: 'request-bye' }, title: t('tournament.bye.request.title'),
                                 onclick: () => this.actions.requestBye(tournament.id) }, t('tournament.bye.request', { round: offer.round })));
    }

    players(tournament, director, place) {
        const players = tournament.players || [];
        const nick = place.identity ? place.identity.nick : '';
        const count = tournament.player_count ?? players.filter((player) => !player.withdrawn).length;
        const title = el('h4', {}, t('tournament.players', { count }));
        if (!players.length) return el('section', { class: 'tournament-players' }, title, el('p', { class: 'hint' }, t('tournament.players.none')));
        const controls = director && tournament.state !== 'finished';
        const head = el('tr', {}, el('th', {}, t('tournament.col.entry')), el('th', {}, t('tournament.col.player')),
                        el('th', {}, t('tournament.col.rating')), el('th', {}, ''), controls ? el('th', {}, '') : null);
        const body = players.map((player) => {
            const mine = nick && player.nick.toLowerCase() === nick.toLowerCase();
            const status = player.withdrawn ? el('span', { class: 'badge withdrawn-mark' }, t('tournament.withdrawn'))
                : [Number(player.first_round) > 1 ? t('tournament.first_round', { round: player.first_round }) : '',
                   player.bye_round ? el('span', { class: 'badge bye-mark' }, t('tournament.bye.badge', { round: player.bye_round })) : null];
            const bye = byeOffer(tournament, player);
            const control = controls ? el('td', {}, el('button', {
                type: 'button', class: 'link', dataset: { action: player.withdrawn ? 'readmit' : 'director-withdraw', nick: player.nick },
                onclick: () => (player.withdrawn ? this.actions.directorReadmit(tournament.id, player.nick)
                    : this.actions.directorWithdraw(tournament.id, player.nick)),
            }, t(player.withdrawn ? 'tournament.readmit' : 'tournament.director_withdraw')),
            bye && bye.action === 'request' ? [' ', el('button', {
                type: 'button', class: 'link', dataset: { action: 'director-bye', nick: player.nick },
                onclick: () => this.actions.directorBye(tournament.id, player.nick),
            }, t('tournament.director_bye', { round: bye.round }))] : null) : null;
            return el('tr', { class: player.withdrawn ? 'withdrawn' : '', dataset: { nick: player.nick, withdrawn: String(Boolean(player.withdrawn)) } },
                      el('td', {}, player.entry), el('td', {}, nickNode(player.nick, false, mine ? t('room.you') : null)),
                      el('td', {}, player.rating ? String(player.rating) : '–'), el('td', {}, status), control);
        });
        return el('section', { class: 'tournament-players' }, title,
                  el('div', { class: 'table-scroll' },
                     el('table', { class: 'player-table' }, el('thead', {}, head), el('tbody', {}, body))));
    }
}
