// The analysis board's body (docs/architecture.md, "Analysis"): the board, on which any legal
// move can be tried, the evaluation bar beside it, the engine's best lines (score, depth, the
// line in SAN), and the game's moves (a click goes to the position after one) with the moves
// tried from there. It owns nothing but its nodes: analysis_main.js holds the state.

import { el, fill } from '../dom.js';
import { errorNodes } from '../alerts_view.js';
import { BoardView } from '../board_view.js';
import { t } from '../messages.js';
import { scoreText, whiteShare } from './engine_lines.js';

export class AnalysisView {
    // actions: {move(uci), goTo(ply), back(), flip(), start()}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
        this.boardHost = el('div', { class: 'analysis-board' });
        this.board = new BoardView(this.boardHost, { onMove: (uci) => this.actions.move(uci) });
        this.bar = el('div', { class: 'eval-bar', role: 'img' }, el('div', { class: 'eval-bar-white' }));
        this.side = el('div', { class: 'analysis-side' });
    }

    // state: {problem, loading, title, board: {fen, turn, legal, lastMove, check}, orientation,
    //         engine: {status: 'off'|'starting'|'running'|'failed', lines: [{score (White's), depth, sans}], problem},
    //         game: {moves: [{ply, san}], ply} | null, tried: [san]}
    render(state) {
        if (state.problem) {
            fill(this.root, el('p', { class: 'analysis-problem', role: 'alert' }, errorNodes(state.problem)));
            return;
        }
        if (state.loading) {
            fill(this.root, el('p', { class: 'analysis-loading', role: 'status' }, t('analysis.loading')));
            return;
        }
        if (!this.root.contains(this.boardHost)) {
            fill(this.root, el('h2', { class: 'analysis-title' }), el('div', { class: 'analysis-layout' },
                el('div', { class: 'analysis-board-column' }, this.bar, this.boardHost), this.side));
        }
        this.root.querySelector('.analysis-title').textContent = state.title;
        const b = state.board;
        this.board.render({ fen: b.fen, orientation: state.orientation, legalMoves: b.legal, lastMove: b.lastMove,
                            check: b.check, turnColour: b.turn, moverColour: b.turn, viewOnly: false });
        const best = state.engine.lines[0];
        const share = best ? whiteShare(best.score) : 0.5;
        this.bar.firstChild.style.height = `${Math.round(share * 100)}%`;
        this.bar.dataset.orientation = state.orientation;
        this.bar.setAttribute('aria-label', best ? t('analysis.eval', { score: scoreText(best.score) }) : t('analysis.eval.none'));
        fill(this.side, this.engineBox(state.engine), this.movesBox(state));
    }

    engineBox(engine) {
        const head = el('div', { class: 'engine-head' }, el('h3', {}, t('analysis.engine')));
        if (engine.status === 'off') {
            return el('section', { class: 'engine-box' }, head,
                      el('button', { type: 'button', class: 'accept engine-start', onclick: () => this.actions.start() }, t('analysis.start')));
        }
        if (engine.status === 'failed') {
            return el('section', { class: 'engine-box' }, head, el('p', { class: 'form-error', role: 'alert' }, t('analysis.engine_failed')));
        }
        const best = engine.lines[0];
        return el('section', { class: 'engine-box', dataset: { status: engine.status } }, head,
            el('p', { class: 'engine-summary', 'aria-live': 'polite' },
               best ? el('b', { class: 'engine-score' }, scoreText(best.score)) : t('analysis.starting'),
               best ? ` ${t('analysis.depth', { depth: best.depth })}` : ''),
            el('ol', { class: 'engine-lines' }, engine.lines.map((line) => el('li', { class: 'engine-line' },
                el('b', { class: 'engine-line-score' }, scoreText(line.score)), ' ', el('span', { class: 'engine-line-moves' }, line.sans.join(' '))))));
    }

    movesBox(state) {
        const game = state.game;
        const items = game ? game.moves.map((move) => el('li', {},
            el('button', { type: 'button', class: `analysis-move${move.ply === game.ply && !state.tried.length ? ' current' : ''}`,
                           dataset: { ply: move.ply }, onclick: () => this.actions.goTo(move.ply) }, move.label))) : [];
        return el('section', { class: 'analysis-moves' },
            el('h3', {}, t(game ? 'analysis.game_moves' : 'analysis.moves')),
            el('div', { class: 'analysis-buttons' },
               game ? el('button', { type: 'button', class: 'analysis-start-position', onclick: () => this.actions.goTo(0) }, t('analysis.to_start')) : null,
               el('button', { type: 'button', class: 'analysis-flip', onclick: () => this.actions.flip() }, t('analysis.flip'))),
            game ? el('ol', { class: 'analysis-move-list' }, items) : null,
            state.tried.length
                ? el('div', { class: 'analysis-tried' },
                     el('span', { class: 'hint' }, t('analysis.tried')), ' ',
                     el('span', { class: 'analysis-tried-moves' }, state.tried.join(' ')), ' ',
                     el('button', { type: 'button', class: 'analysis-back', onclick: () => this.actions.back() },
                        t(game ? 'analysis.back_to_game' : 'analysis.back_to_start')))
                : null);
    }
}
