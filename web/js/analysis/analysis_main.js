// The analysis board's entry point (/analysis?game=ID or ?fen=FEN, web/analysis.html;
// docs/architecture.md "Analysis"). It loads a finished game from GET /api/games/{id} (no login
// needed) or takes the FEN, keeps where the board stands (a ply of the game, and the moves tried
// from there), and starts Stockfish in a worker when the reader asks for it; only this page
// loads the engine, so the player's page stays small.

import { AccountApi } from '../account_api.js';
import { NOTATION_KEY, language, notationFor, t } from '../messages.js';
import { LEADERBOARD_PATH } from '../profile_link.js';
import { PageHeader, startPageLanguage } from '../page_header.js';
import { sanIn } from '../game_replay.js';
import { analysisTarget } from './analysis_link.js';
import { STANDARD_FEN, boardState, legalUcis, positionAfter, sanInNotation, sanLine } from './analysis_position.js';
import { linesAfter, parseInfo, whiteScore } from './engine_lines.js';
import { AnalysisView } from './analysis_view.js';
import { StockfishEngine } from './stockfish_engine.js';

const storedNotation = () => { try { return localStorage.getItem(NOTATION_KEY); } catch { return null; } };

startPageLanguage();

const state = {
    problem: null,
    loading: true,
    log: null,              // the game, when one is analysed
    startFen: STANDARD_FEN,
    chess960: false,
    ply: 0,                 // the game's moves played on the board
    tried: [],              // UCI moves tried from there
    orientation: 'white',
    engine: { status: 'off', lines: [] },
};

let engine = null;

function gameMoves() {
    return ((state.log && state.log.moves) || []).map((move) => move.uci);
}

function current() {
    return positionAfter(state.startFen, [...gameMoves().slice(0, state.ply), ...state.tried]);
}

function analyse() {
    const { pos } = current();
    state.engine.lines = [];
    if (engine && pos) {
        if (pos.isEnd()) engine.stop();
        else engine.analyse(boardState(pos).fen);
    }
}

function draw() {
    header.draw();
    document.title = state.log ? t('analysis.page_title.game', { id: state.log.id }) : t('analysis.page_title');
    if (state.problem || state.loading) return view.render(state);
    const { pos, error } = current();
    if (error) return view.render({ ...state, problem: { code: 'bad_position', message: error } });
    const board = boardState(pos);
    const notation = notationFor(language(), storedNotation());
    const allMoves = [...gameMoves().slice(0, state.ply), ...state.tried];
    const lastMove = allMoves.length ? allMoves[allMoves.length - 1] : null;
    const local = (sans) => sans.map((san) => sanInNotation(san, notation));
    const tried = local(sanLine(positionAfter(state.startFen, gameMoves().slice(0, state.ply)).pos, state.tried, 200));
    view.render({
        ...state,
        title: state.log ? t('analysis.title.game', { id: state.log.id, white: state.log.white, black: state.log.black })
            : t('analysis.title'),
        board: { fen: board.fen, turn: board.turn, legal: legalUcis(pos, { chess960: state.chess960 }), lastMove, check: board.check },
        engine: {
            ...state.engine,
            lines: state.engine.lines.map((line) => ({ score: whiteScore(line.score, board.turn), depth: line.depth,
                                                         sans: local(sanLine(pos, line.pv)) })),
        },
        game: state.log ? { ply: state.ply, moves: state.log.moves.map((move) => ({ ply: move.ply, label: `${move.ply % 2 ? `${(move.ply + 1) / 2}.` : ''} ${sanIn(move, notation)}`.trim() })) } : null,
        tried,
    });
}

function startEngine() {
    state.engine = { status: 'starting', lines: [] };
    engine = new StockfishEngine({
        onLine: (line) => {
            const info = parseInfo(line);
            if (!info) return;
            state.engine.status = 'running';
            state.engine.lines = linesAfter(state.engine.lines, info);
            draw();
        },
        onProblem: () => {
            state.engine = { status: 'failed', lines: [] };
            draw();
        },
    });
    engine.start({ chess960: state.chess960 });
    analyse();
    draw();
}

const view = new AnalysisView(document.getElementById('analysis'), {
    move: (uci) => {
        state.tried = [...state.tried, uci];
        analyse();
        draw();
    },
    goTo: (ply) => {
        state.ply = ply;
        state.tried = [];
        analyse();
        draw();
    },
    back: () => {
        state.tried = [];
        analyse();
        draw();
    },
    flip: () => {
        state.orientation = state.orientation === 'white' ? 'black' : 'white';
        draw();
    },
    start: startEngine,
});

const header = new PageHeader(document.getElementById('top-bar'), [
    { id: 'to-leaderboard', key: 'page.leaderboard', href: LEADERBOARD_PATH },
    { id: 'to-lobby', key: 'page.lobby', href: '/' },
], () => draw());

const target = analysisTarget(window.location.search);
if (target.game) {
    draw();
    new AccountApi().call('GET', `/api/games/${target.game}`).then((log) => {
        state.log = log;
        state.startFen = log.start_fen || STANDARD_FEN;
        state.chess960 = log.variant === 'chess960';
        state.ply = (log.moves || []).length;
        state.loading = false;
        draw();
    }, (error) => {
        state.problem = error;
        state.loading = false;
        draw();
    });
} else {
    state.startFen = target.fen || STANDARD_FEN;
    state.loading = false;
    if (positionAfter(state.startFen).error) state.problem = { code: 'bad_fen', message: t('analysis.bad_fen') };
    draw();
}
