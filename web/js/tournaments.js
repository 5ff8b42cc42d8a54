// Tournaments in the page (docs/protocol.md, "6h. Tournaments"): the lists as the server last
// sent them, the tournaments shown in full (with their players, pairings and standings), the
// one on screen and the round chosen there, and who may do what. Pure: main.js feeds it the
// frames and asks it; tournament_view.js draws what it holds.
//
// The server sends a tournament's players, pairings and standings in `tournament` and
// `tournament_updated`, never in the list; pairings and standings are optional (a server
// without rounds played on it sends neither).

import { TIE_BREAK_CODES } from './tournament_format.js';
import { arenaLength, isArena } from './arena.js';
import { firstBoard, startTime } from './tournament_start.js';
import { roundDays } from './tournament_season.js';

// Which list a tournament belongs in, by its state: registering ones are upcoming, paused ones
// are running still.
const LIST_OF_STATE = { registering: 'upcoming', running: 'running', paused: 'running', finished: 'finished' };
export const LISTS = ['upcoming', 'running', 'finished'];

export function noTournaments() {
    // lists: summaries by list, newest first; full: id -> the whole tournament, for those shown
    // or joined on this connection; shown: the id on screen, or null (the lists); round: the
    // round chosen on its page, or null for the latest paired one.
    return { lists: { upcoming: [], running: [], finished: [] }, full: new Map(), shown: null, round: null };
}

export function listOf(tournament) {
    return LIST_OF_STATE[tournament && tournament.state] || 'upcoming';
}

// The tournament as the list holds it: everything but the players, pairings and standings.
function summaryOf(tournament) {
    const { players, pairings, standings, arena_standings: arenaStandings, ...summary } = tournament;
    return summary;
}

// The lists with `tournament` put where its state says (at the top of its list when it moved
// there or is new; in its place when it stays).
function listsWith(lists, tournament) {
    const summary = summaryOf(tournament);
    const wanted = listOf(tournament);
    const next = {};
    for (const name of LISTS) {
        const list = lists[name] || [];
        const index = list.findIndex((entry) => entry.id === tournament.id);
        if (name === wanted) {
            next[name] = index >= 0 ? list.map((entry, i) => (i === index ? summary : entry)) : [summary, ...list];
        } else {
            next[name] = index >= 0 ? list.filter((entry) => entry.id !== tournament.id) : list;
        }
    }
    return next;
}

// The state after a frame: `tournaments` (the lists), `tournament` and `tournament_updated` (one
// tournament in full). Others leave it as it is.
export function tournamentsAfter(state, frame) {
    if (frame.type === 'tournaments') {
        const lists = {};
        for (const name of LISTS) lists[name] = Array.isArray(frame[name]) ? frame[name] : [];
        return { ...state, lists };
    }
    if ((frame.type === 'tournament' || frame.type === 'tournament_updated') && frame.tournament
        && Number.isInteger(frame.tournament.id)) {
        const tournament = frame.tournament;
        const full = new Map(state.full);
        full.set(tournament.id, tournament);
        return { ...state, full, lists: listsWith(state.lists, tournament) };
    }
    return state;
}

// The page of tournament `id` (its round: the latest, until one is chosen; the same page shown
// again, after a reconnection, keeps the round chosen), or the lists (null).
export function showing(state, id) {
    return { ...state, shown: id, round: id === state.shown ? state.round : null };
}

export function withRound(state, round) {
    return { ...state, round };
}

// The tournament on screen in full, or its summary from the lists until the full one comes, or null.
export function shownTournament(state) {
    if (state.shown === null) return null;
    if (state.full.has(state.shown)) return state.full.get(state.shown);
    for (const name of LISTS) {
        const found = state.lists[name].find((entry) => entry.id === state.shown);
        if (found) return found;
    }
    return null;
}

// ---- who may do what ------------------------------------------------------------------------

const sameNick = (a, b) => Boolean(a && b) && String(a).toLowerCase() === String(b).toLowerCase();

// Tournament directors, moderators and admins create tournaments (the server decides anyway).
// The tournament a public address names, /tournaments/{id} (the server serves the client
// there), or null.
export function tournamentOfPath(pathname) {
    const match = /^\/tournaments\/(\d{1,15})\/?$/u.exec(String(pathname || ''));
    const id = match ? Number(match[1]) : 0;
    return id > 0 ? id : null;
}

export function mayCreate(identity) {
    return Boolean(identity && !identity.guest && ['director', 'moderator', 'admin'].includes(identity.role));
}

// A tournament's director (while he holds the role), any moderator or admin may start it and
// withdraw or readmit its players.
export function mayDirect(identity, tournament) {
    if (!identity || identity.guest || !tournament) return false;
    if (identity.role === 'moderator' || identity.role === 'admin') return true;
    return identity.role === 'director' && sameNick(identity.nick, tournament.director);
}

// My entry in the tournament's players, or null.
export function entryOf(tournament, nick) {
    const players = (tournament && tournament.players) || [];
    return players.find((player) => sameNick(player.nick, nick)) || null;
}

// Whether the tournament still takes entries: registering, or running before the round its late
// entries end with is paired (the next round to pair is at most late_entry_until_round); an
// arena until it ends.
export function takesEntries(tournament) {
    if (!tournament) return false;
    if (tournament.state === 'registering') return true;
    if (tournament.state !== 'running' && tournament.state !== 'paused') return false;
    if (isArena(tournament)) return true;
    const late = Number(tournament.late_entry_until_round) || 0;
    return (Number(tournament.rounds_paired) || 0) + 1 <= late;
}

// What the viewer can do about his own entry: 'join', 'withdraw', or null; and why not joining
// ('guest_rated', 'withdrawn', 'closed'). identity null: a visitor.
export function entryAction(tournament, identity) {
    if (!tournament || !identity || !tournament.players) return { action: null, why: null };
    const entry = entryOf(tournament, identity.nick);
    if (tournament.state === 'finished') return { action: null, why: null };
    if (entry && !entry.withdrawn) return { action: 'withdraw', why: null };
    if (entry && entry.withdrawn) return { action: null, why: 'withdrawn' };
    if (!takesEntries(tournament)) return { action: null, why: 'closed' };
    if (identity.guest && tournament.rated) return { action: null, why: 'guest_rated' };
    return { action: 'join', why: null };
}

// What `player` (an entry of `tournament`) can do about a half-point bye (docs/protocol.md,
// "request_bye"): {action: 'cancel', round} while he has asked for one in a round not yet paired,
// {action: 'request', round} for the next round when that is not the last, else null. A round
// robin has no byes.
export function byeOffer(tournament, player) {
    if (!tournament || !player || player.withdrawn || tournament.system !== 'swiss' || tournament.state === 'finished') return null;
    const next = Number(tournament.rounds_paired || 0) + 1;
    if (Number(player.bye_round) >= next) return { action: 'cancel', round: Number(player.bye_round) };
    return next < Number(tournament.rounds) ? { action: 'request', round: next } : null;
}

// ---- rounds and standings ---------------------------------------------------------------------

// The paired rounds, latest first.
export function roundsOf(tournament) {
    const pairings = (tournament && Array.isArray(tournament.pairings)) ? tournament.pairings : [];
    return [...pairings].sort((a, b) => b.round - a.round);
}

// The round shown on the page: the chosen one if it was paired, else the latest; null before any.
export function shownRound(tournament, chosen) {
    const rounds = roundsOf(tournament);
    if (!rounds.length) return null;
    return rounds.find((round) => round.round === chosen) || rounds[0];
}

// Whether a board's game is being played at a table now (the page offers to watch it).
export function isRunning(board) {
    return Boolean(board) && !board.bye && Number.isInteger(board.table) && (board.result === undefined || board.result === 'pending');
}

// The standings, with the tie-break codes they are in; empty before any.
export function standingsOf(tournament) {
    const rows = (tournament && Array.isArray(tournament.standings)) ? tournament.standings : [];
    const codes = (tournament && Array.isArray(tournament.tie_breaks)) ? tournament.tie_breaks : [];
    return { codes, rows };
}

// The room a table stands in, as a `not_in_room` refusal names it ("watch_table: table 12 stands
// in room 34; enter it first"), or null: a tournament's board does not always say its room.
export function roomOfRefusal(message) {
    const match = /stands in room (-?\d+)/.exec(message || '');
    return match ? Number(match[1]) : null;
}

// ---- the form to create one -----------------------------------------------------------------

// The create_tournament request from the form's values, or {error: message key} for the first
// value that cannot be sent. values: {name, system ('swiss'|'round_robin'|'arena'), rounds, cycles,
// round_days (a round robin's season: '' or 0 for none), minutes, berserk, time_control (object
// form), rated, late_entry_until_round, password, first_board ('white'|'black'|'random'),
// starts_at (a datetime-local value, '' for none)}; `now` (ms since the epoch) is what a start
// time must lie ahead of. Only the chosen system's own fields are sent: the server refuses a
// Swiss's rounds for an arena, and days per round for a Swiss.
// The server's order of tie-breaks when the director chooses none (he chooses from
// TIE_BREAK_CODES).
export const DEFAULT_TIE_BREAKS = ['BH-C1', 'BH', 'SB', 'DE', 'WIN', 'BPG'];
const MAX_FORBIDDEN_PAIRS = 50;

// The director's rules of a Swiss: forbidden pairs (a pair per line, two nicks apart by spaces
// or a comma) and the tie-breaks in order; null and the error's key when they cannot be sent.
function swissRules(values, fields) {
    const pairs = String(values.forbidden_pairs || '').split('\n').map((line) => line.trim()).filter(Boolean)
        .map((line) => line.split(/[\s,;]+/).filter(Boolean));
    if (pairs.length > MAX_FORBIDDEN_PAIRS || pairs.some((pair) => pair.length !== 2 || pair[0].toLowerCase() === pair[1].toLowerCase()))
        return 'tournament.create.error.forbidden_pairs';
    if (pairs.length) fields.forbidden_pairs = pairs;
    const codes = String(values.tie_breaks || '').split(/[\s,;]+/).filter(Boolean).map((code) => code.toUpperCase());
    if (codes.some((code) => !TIE_BREAK_CODES.includes(code)) || new Set(codes).size !== codes.length)
        return 'tournament.create.error.tie_breaks';
    if (codes.length) fields.tie_breaks = codes;
    return null;
}

// Who may enter: a rating range and a number of rated games (empty: none), invited players (nicks
// apart by spaces, commas or lines). The error's key when they cannot be sent.
function entryConditions(values, fields) {
    const rating = (text) => (String(text ?? '').trim() === '' ? null : Number(text));
    const [min, max] = [rating(values.min_rating), rating(values.max_rating)];
    for (const value of [min, max]) {
        if (value !== null && (!Number.isInteger(value) || value < 0 || value > 4000)) return 'tournament.create.error.rating_range';
    }
    if (min !== null && max !== null && min > max) return 'tournament.create.error.rating_range';
    if (min !== null) fields.min_rating = min;
    if (max !== null) fields.max_rating = max;
    const games = Number(values.min_rated_games || 0);
    if (!Number.isInteger(games) || games < 0 || games > 1000) return 'tournament.create.error.min_rated_games';
    if (games) fields.min_rated_games = games;
    const invited = String(values.invited || '').split(/[\s,;]+/).filter(Boolean);
    if (invited.length > 200) return 'tournament.create.error.invited';
    if (invited.length) fields.invited = invited;
    if (values.bots_allowed) fields.bots_allowed = true;
    return null;
}

export function createFields(values, now = Date.now()) {
    const name = String(values.name || '').trim().replace(/\s+/g, ' ');
    if ([...name].length < 3 || [...name].length > 60) return { error: 'tournament.create.error.name' };
    const system = ['round_robin', 'arena'].includes(values.system) ? values.system : 'swiss';
    const fields = { name, system, time_control: values.time_control };
    if (!fields.time_control) return { error: 'tournament.create.error.time_control' };
    if (fields.system === 'swiss') {
        const rounds = Number(values.rounds);
        if (!Number.isInteger(rounds) || rounds < 1 || rounds > 20) return { error: 'tournament.create.error.rounds' };
        fields.rounds = rounds;
        const late = Number(values.late_entry_until_round || 0);
        if (!Number.isInteger(late) || late < 0 || late > rounds) return { error: 'tournament.create.error.late_entry' };
        if (late) fields.late_entry_until_round = late;
        firstBoard(values, fields);
        const error = swissRules(values, fields);
        if (error) return { error };
    } else if (fields.system === 'arena') {
        const error = arenaLength(values, fields);
        if (error) return { error };
    } else {
        fields.cycles = Number(values.cycles) === 2 ? 2 : 1;
        const error = roundDays(values, fields);
        if (error) return { error };
    }
    if (values.rated) {
        if (fields.time_control.kind === 'untimed') return { error: 'tournament.create.error.rated_untimed' };
        fields.rated = true;
    }
    const error = entryConditions(values, fields) || startTime(values, fields, now);
    if (error) return { error };
    const drawsFrom = Number(values.draw_offers_from_move || 0);
    if (!Number.isInteger(drawsFrom) || drawsFrom < 0 || drawsFrom > 100) return { error: 'tournament.create.error.draw_offers' };
    if (drawsFrom) fields.draw_offers_from_move = drawsFrom;
    const password = String(values.password || '');
    if (password) {
        const bytes = new TextEncoder().encode(password).length;
        if (bytes < 4 || bytes > 64) return { error: 'tournament.create.error.password' };
        fields.password = password;
    }
    return { fields };
}

// ---- the crosstable ---------------------------------------------------------------------------

// What a board's result gave each side, as a crosstable writes it: 1 ½ 0, + and − for forfeits;
// '' while the game is played.
const SCORES = {
    white_wins: ['1', '0'], draw: ['½', '½'], black_wins: ['0', '1'],
    white_wins_by_forfeit: ['+', '−'], black_wins_by_forfeit: ['−', '+'], double_forfeit: ['−', '−'],
};

// The crosstable as arbiters print a Swiss's: a row per player (in the standings' order when
// there are standings, else by entry), a cell per paired round with the opponent's entry number,
// the colour ('w' or 'b') and the score; a bye has no opponent and its points; a round the player
// was not paired in is empty. {rounds: [1, 2, ...], rows: [{entry, nick, rank, points, cells}]}.
export function crosstable(tournament) {
    const players = (tournament && tournament.players) || [];
    const rounds = roundsOf(tournament).map((round) => round.round).sort((a, b) => a - b);
    if (!players.length || !rounds.length) return { rounds: [], rows: [] };
    const key = (nick) => String(nick).toLowerCase();
    const entries = new Map(players.map((player) => [key(player.nick), player.entry]));
    const cells = new Map(players.map((player) => [key(player.nick), new Map()]));
    for (const round of roundsOf(tournament)) {
        for (const board of round.boards || []) {
            const white = cells.get(key(board.white));
            if (board.bye) {
                const points = board.bye === 'pairing_allocated' ? '1' : board.bye === 'half_point' ? '½' : '0';
                if (white) white.set(round.round, { opponent: null, colour: null, score: points, bye: board.bye });
                continue;
            }
            const [whiteScore, blackScore] = SCORES[board.result] || ['', ''];
            if (white) white.set(round.round, { opponent: entries.get(key(board.black)) ?? null, colour: 'w', score: whiteScore });
            const black = board.black ? cells.get(key(board.black)) : null;
            if (black) black.set(round.round, { opponent: entries.get(key(board.white)) ?? null, colour: 'b', score: blackScore });
        }
    }
    const standings = standingsOf(tournament).rows;
    const order = standings.length
        ? [...standings.map((row) => players.find((player) => key(player.nick) === key(row.nick))).filter(Boolean),
           ...players.filter((player) => !standings.some((row) => key(row.nick) === key(player.nick)))]
        : [...players].sort((a, b) => a.entry - b.entry);
    const standing = new Map(standings.map((row) => [key(row.nick), row]));
    return {
        rounds,
        rows: order.map((player) => ({
            entry: player.entry, nick: player.nick, rank: standing.get(key(player.nick))?.rank ?? null,
            points: standing.get(key(player.nick))?.points ?? null,
            cells: rounds.map((round) => ({ round, ...(cells.get(key(player.nick)).get(round) || { opponent: null, colour: null, score: '' }) })),
        })),
    };
}

// ---- one's own next game ----------------------------------------------------------------------

// The games of mine that an update started: boards of `after` where `nick` plays and which have a
// table now but had none in `before` (or were not paired there). [{round, table, opponent, colour}]
// for the notice "your game of round 2 starts"; the game itself comes on screen by itself.
export function myNewGames(before, after, nick) {
    if (!after || !nick) return [];
    const had = new Set();
    for (const round of roundsOf(before)) {
        for (const board of round.boards || []) if (Number.isInteger(board.table)) had.add(`${round.round}:${board.board}`);
    }
    const games = [];
    for (const round of roundsOf(after)) {
        for (const board of round.boards || []) {
            if (board.bye || !Number.isInteger(board.table) || had.has(`${round.round}:${board.board}`)) continue;
            if (board.result !== undefined && board.result !== 'pending') continue;
            const colour = sameNick(board.white, nick) ? 'white' : sameNick(board.black, nick) ? 'black' : null;
            if (colour) games.push({ round: round.round, table: board.table, opponent: colour === 'white' ? board.black : board.white, colour });
        }
    }
    return games;
}
