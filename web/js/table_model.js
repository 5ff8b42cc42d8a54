// A table as the client knows it, and how each table event changes it. Pure functions of
// (state, event) so the rules of the client's bookkeeping are testable without a browser:
// events at or below the known seq are repeats (ignored), a jump in seq means events were lost
// and the table must be watched again with `since`.

import { lateSide } from './first_move.js';
import { afterBerserk } from './berserk.js';

export const TABLE_EVENTS = new Set([
    'table_state', 'seat_changed', 'game_started', 'move', 'game_over', 'draw_offered',
    'draw_declined', 'draw_claim_rejected', 'table_chat', 'player_disconnected',
    'player_reconnected', 'rematch_offered', 'spectators', 'rating_change', 'table_closed',
    'takeback_requested', 'takeback_declined', 'takeback_withdrawn', 'taken_back', 'time_given',
    'berserk',
]);

// A table's setup (variant, chess960, start_fen) comes with its summaries too (issue 27), so a
// table whose game has not begun already shows its variant and start position.
const SUMMARY_FIELDS = ['room', 'status', 'white', 'black', 'white_guest', 'black_guest', 'opener_color', 'time_control',
                        'invite', 'spectators', 'rated', 'white_rating', 'black_rating', 'variant', 'chess960', 'start_fen',
                        'white_computer', 'black_computer', 'takebacks'];

// A summary names a seat's rating only while an account with a rating in the table's category
// sits there (docs/ratings.md), so a summary without one clears it.
const SEAT_RATINGS = ['white_rating', 'black_rating'];

// A game aborted for a missing first move: who did not move is the side to move in the final
// position (first_move.js), added as `late` so that the texts can name them.
function withLate(result, fen) {
    if (!result || result.termination !== 'no_first_move') return result;
    return { ...result, late: lateSide(fen) };
}

// The table id of a table event. seat_changed carries the summary, whose own "table" is the id.
export function tableIdOf(frame) {
    if (frame.table !== null && typeof frame.table === 'object') return frame.table.table;
    return frame.table;
}

function summaryOf(frame) {
    if (frame.summary && typeof frame.summary === 'object') return frame.summary;
    if (frame.table !== null && typeof frame.table === 'object') return frame.table;
    return frame;
}

export function emptyTable(id) {
    return {
        table: id, seq: 0, room: null, status: 'waiting', white: null, black: null, white_guest: false, black_guest: false,
        white_computer: false, black_computer: false,
        opener_color: 'random', time_control: null, invite: null, spectators: 0, rated: false, white_rating: null, black_rating: null,
        rating_change: null, variant: 'standard', chess960: null,
        game_id: null, start_fen: null, fen: null, moves: [], clocks: null, to_move: null,
        legal_moves: [], draw_offer: null, rematch_offer: null, disconnected: [], result: null,
        takebacks: false, takeback_request: null, takebackWaitUntil: null,
        // An arena game's: whether its players may go berserk, and the sides that did (berserk.js).
        berserk_allowed: false, berserk: [],
        // Who played the game that ended, once a seat changed after it (resultNames).
        played: null,
        check: false, chat: [], notices: [], clocksReceivedAt: 0, closed: false,
    };
}

// The full state (table_state, game_started). Chat and notices are the client's own history
// and survive; `missed` events add their chat and notices, the state already holds the rest.
// With `resync` the server no longer had the events since the client's last one: the state
// alone is the truth, and the log says that what happened in the gap (chat, offers) is not shown.
function replaceState(state, frame, now, wallNow) {
    const next = { ...emptyTable(frame.table), chat: state.chat, notices: state.notices };
    for (const field of SUMMARY_FIELDS) if (frame[field] !== undefined) next[field] = frame[field];
    for (const field of ['seq', 'game_id', 'start_fen', 'fen', 'moves', 'clocks', 'to_move', 'legal_moves',
                         'draw_offer', 'rematch_offer', 'disconnected', 'result', 'check', 'rating_change',
                         'takeback_request', 'berserk_allowed', 'berserk']) {
        if (frame[field] !== undefined) next[field] = frame[field] ?? emptyTable(0)[field];
    }
    next.check = Boolean(next.check);
    next.result = withLate(next.result, next.fen);
    next.clocksReceivedAt = now;
    const last = next.moves[next.moves.length - 1];
    next.lastMove = last ? last.uci : null;
    if (frame.resync) next.notices = [...next.notices, { key: 'notice.resync' }];
    for (const missed of frame.missed || []) {
        if (missed.type === 'table_chat') next.chat = [...next.chat, chatLine(missed, wallNow)];
        const notice = noticeOf(missed, next);
        if (notice) next.notices = [...next.notices, notice];
    }
    return next;
}

// `at`: when the server took the line (its `at`, Unix ms), else when it arrived here, for the
// time the chat shows. A
// spectators' line (channel "spectators") comes without a seq: the seats never get it, so it
// takes no number in the table's events (applyTableEvent lets a frame without seq through).
function chatLine(frame, wallNow) {
    // The server's time of the line when it says it (a line replayed after a reconnect keeps it).
    return { from: frame.from, text: frame.text, channel: frame.channel || 'table', at: Number.isFinite(frame.at) ? frame.at : wallNow };
}

// The line an event leaves in the table's log, or null: a catalogue key and its parameters
// (messages_en.js), so the log is shown in the page's language. Sides are "white"/"black"; the
// view names them.
export function noticeOf(frame, state) {
    switch (frame.type) {
    case 'game_started': return { key: 'notice.game_started' };
    case 'game_over':
        return { key: 'notice.game_over', params: { result: frame.result, winner: frame.winner ?? null,
                                                    termination: frame.termination, message: frame.message || '',
                                                    winnability: frame.winnability, proof: frame.proof,
                                                    late: frame.termination === 'no_first_move' ? lateSide(state.fen) : undefined } };
    case 'draw_offered': return { key: 'notice.draw_offered', params: { side: frame.by, nick: nickOf(state, frame.by) } };
    case 'draw_declined': return { key: 'notice.draw_declined', params: { side: frame.by, nick: nickOf(state, frame.by) } };
    case 'draw_claim_rejected':
        return { key: 'notice.draw_claim_rejected', params: { side: frame.by, nick: nickOf(state, frame.by), reason: frame.reason || '' } };
    case 'player_disconnected': {
        const seconds = Math.round((frame.grace_ms || 0) / 1000);
        // After the game the grace period holds the seat (for a rematch) instead of the win.
        return { key: state.status === 'finished' ? 'notice.player_disconnected.finished' : 'notice.player_disconnected.playing',
                 params: { nick: frame.nick, side: frame.side, seconds } };
    }
    case 'player_reconnected': return { key: 'notice.player_reconnected', params: { nick: frame.nick, side: frame.side } };
    case 'rematch_offered': return { key: 'notice.rematch_offered', params: { side: frame.by, nick: nickOf(state, frame.by) } };
    case 'takeback_requested':
        return { key: frame.plies === 2 ? 'notice.takeback_requested.two' : 'notice.takeback_requested',
                 params: { side: frame.by, nick: nickOf(state, frame.by) } };
    case 'takeback_declined':
        return { key: 'notice.takeback_declined', params: { side: frame.by, nick: nickOf(state, frame.by),
                                                              seconds: Math.round((frame.next_request_in_ms || 0) / 1000) } };
    case 'takeback_withdrawn': return { key: 'notice.takeback_withdrawn', params: { side: frame.by, nick: nickOf(state, frame.by) } };
    case 'taken_back':
        return { key: frame.plies === 2 ? 'notice.taken_back.two' : 'notice.taken_back', params: { side: frame.by, nick: nickOf(state, frame.by) } };
    case 'time_given':
        return { key: 'notice.time_given', params: { side: frame.by, nick: nickOf(state, frame.by), to: frame.to,
                                                     to_nick: nickOf(state, frame.to), seconds: frame.seconds } };
    case 'berserk': return { key: 'notice.berserk', params: { side: frame.by, nick: nickOf(state, frame.by) } };
    default: return null;
    }
}

function nickOf(state, side) {
    return (side === 'white' ? state.white : state.black) || null;
}

// Applies one table event. Returns {state, resync}: resync is true when events were lost.
// now: performance.now() (the clocks count from it); wallNow: Date.now() (the chat's times).
export function applyTableEvent(state, frame, now, wallNow = Date.now()) {
    if (frame.type === 'table_state') return { state: replaceState(state, frame, now, wallNow), resync: false };
    // The table closed (its last players left, or a moderator closed it): it answers nothing any
    // more. Unsequenced, like the spectator count; what it showed last is its final state.
    if (frame.type === 'table_closed') return { state: { ...state, closed: true }, resync: false };
    // The spectator count is not one of the table's numbered events: it is sent as it changes
    // (at most once a second) and the latest count is the truth.
    if (frame.type === 'spectators') return { state: { ...state, spectators: frame.count ?? state.spectators }, resync: false };
    // A rated game's rating change comes after its end is stored, outside the event log (no seq);
    // table_state carries it as well until the next game starts. One for another game is stale.
    if (frame.type === 'rating_change') {
        if (state.game_id && frame.game !== undefined && frame.game !== state.game_id) return { state, resync: false };
        const { type, ...change } = frame;
        // The seats now hold the new ratings (the server's summaries say the same from here on).
        const seatRating = (side) => {
            const player = change[side];
            if (!player || state[side] !== player.nick) return state[`${side}_rating`];
            return { rating: player.after, provisional: Boolean(player.provisional) };
        };
        return {
            state: { ...state, rating_change: change, white_rating: seatRating('white'), black_rating: seatRating('black') },
            resync: false,
        };
    }
    if (typeof frame.seq === 'number' && state.seq) {
        if (frame.seq <= state.seq) return { state, resync: false };
        if (frame.seq > state.seq + 1) return { state, resync: true };
    }
    let next = { ...state, seq: typeof frame.seq === 'number' ? frame.seq : state.seq };
    switch (frame.type) {
    case 'game_started':
        next = replaceState(state, { ...frame, table: state.table }, now, wallNow);
        break;
    case 'seat_changed': {
        const summary = summaryOf(frame);
        for (const field of SUMMARY_FIELDS) if (summary[field] !== undefined) next[field] = summary[field];
        for (const field of SEAT_RATINGS) next[field] = summary[field] ?? null;
        // The first change of seats after a game (a bot leaves at once): the result still names who played.
        if (state.result && !state.played) next.played = { white: state.white, black: state.black };
        // A player who stood up (after a game: also the answer to a rematch offer) is named in the log.
        for (const side of ['white', 'black']) {
            if (state[side] && !next[side]) next.notices = [...next.notices, { key: 'notice.seat_left', params: { nick: state[side] } }];
        }
        break;
    }
    case 'move':
        next.moves = [...state.moves, { ply: frame.ply, uci: frame.uci, san: frame.san, san_de: frame.san_de, fen: frame.fen }];
        next.fen = frame.fen;
        next.clocks = frame.clocks;
        next.clocksReceivedAt = now;
        next.to_move = frame.to_move ?? null;
        next.legal_moves = frame.legal_moves || [];
        next.check = Boolean(frame.check);
        next.lastMove = frame.uci;
        // FIDE 9.1.2.3: an offer stands until the opponent moves; a move with offer_draw makes one.
        next.draw_offer = frame.draw_offered ? (frame.ply % 2 === 1 ? 'white' : 'black') : null;
        next.takeback_request = null; // a move lapses a takeback request
        break;
    case 'takeback_requested':
        next.takeback_request = { by: frame.by, plies: frame.plies };
        break;
    case 'takeback_declined':
        next.takeback_request = null;
        // The asker (the decliner's opponent) may ask again only after the wait.
        next.takebackWaitUntil = { side: frame.by === 'white' ? 'black' : 'white', at: now + (frame.next_request_in_ms || 0) };
        break;
    case 'takeback_withdrawn':
        next.takeback_request = null;
        break;
    case 'taken_back': {
        // The whole table after the takeback: the board, moves and clocks are redrawn from it.
        const replaced = replaceState(state, { ...frame, table: state.table, resync: false, missed: [] }, now, wallNow);
        next = { ...replaced, takebackWaitUntil: state.takebackWaitUntil };
        break;
    }
    case 'time_given':
        if (frame.clocks) {
            next.clocks = frame.clocks;
            next.clocksReceivedAt = now;
        }
        break;
    case 'berserk':
        next = afterBerserk(next, frame, now);
        break;
    case 'game_over':
        next.status = 'finished';
        next.result = withLate({ result: frame.result, winner: frame.winner ?? null, termination: frame.termination,
                                 message: frame.message, winnability: frame.winnability, proof: frame.proof }, state.fen);
        if (frame.clocks) next.clocks = { ...frame.clocks, running: null };
        next.clocksReceivedAt = now;
        next.to_move = null;
        next.legal_moves = [];
        next.draw_offer = null;
        next.takeback_request = null;
        next.check = false;
        break;
    case 'draw_offered':
        next.draw_offer = frame.by;
        break;
    case 'draw_declined':
        next.draw_offer = null;
        break;
    case 'table_chat':
        next.chat = [...state.chat, chatLine(frame, wallNow)];
        break;
    case 'player_disconnected':
        next.disconnected = [...new Set([...(state.disconnected || []), frame.side])];
        next.graceEndsAt = now + (frame.grace_ms || 0);
        break;
    case 'player_reconnected':
        next.disconnected = (state.disconnected || []).filter((side) => side !== frame.side);
        next.graceEndsAt = null;
        break;
    case 'rematch_offered':
        next.rematch_offer = frame.by;
        break;
    default:
        break;
    }
    const notice = noticeOf(frame, next);
    if (notice) next.notices = [...next.notices, notice];
    return { state: next, resync: false };
}

// The names the result banner gives the sides: those who played the game, also after one of
// them stood up; otherwise the seats'.
export function resultNames(state) {
    return state.played || { white: state.white, black: state.black };
}

// Which seat `nick` holds at the table: "white", "black" or null (a spectator).
export function seatOf(state, nick) {
    if (!nick) return null;
    const same = (a) => a && a.toLowerCase() === nick.toLowerCase();
    if (same(state.white)) return 'white';
    if (same(state.black)) return 'black';
    return null;
}

// The legal moves (UCI) from `square`, grouped by destination: {"e8": ["e7e8q", "e7e8r", ...]}.
export function movesFrom(state, square) {
    const targets = {};
    for (const uci of state.legal_moves || []) {
        if (uci.slice(0, 2) !== square) continue;
        const to = uci.slice(2, 4);
        (targets[to] ||= []).push(uci);
    }
    return targets;
}
