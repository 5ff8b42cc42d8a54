// The public game page's body: the game's title, the players (each with a link to the profile
// and, after a rated game, the rating change), the result and its reason in words with a
// flag fall's proof, the facts, the PGN download, and the board with the moves and the clocks
// after each move (../game_replay_view.js, shared with the admin's game log). Or, while the game
// loads or when it cannot be shown, one sentence saying so.

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { errorNodes } from '../alerts_view.js';
import { GameReplayView } from '../game_replay_view.js';
import { pgnPath } from '../archive_link.js';
import { analysisPath } from '../analysis/analysis_link.js';
import { profilePath } from '../profile_link.js';
import { gamePage, loadProblem } from './archive_texts.js';
import { ServerAnalysisView } from './server_analysis_view.js';

export class ArchiveView {
    // `api`: an AccountApi, for the server analysis (server_analysis_view.js).
    constructor(root, api) {
        this.root = root;
        this.serverAnalysis = new ServerAnalysisView(api, () => this.render());
        this.log = null;
        this.problem = null; // {error, gameId} when the game cannot be shown
        this.notation = 'en';
        this.replay = new GameReplayView({ boardClass: 'archive-board', changed: () => this.render() });
    }

    show(log) {
        this.log = log;
        this.problem = null;
        this.replay.load(log);
        this.render();
    }

    fail(error, gameId) {
        this.log = null;
        this.problem = { error, gameId };
        this.render();
    }

    // The game's server analysis, read once the game is shown; `loggedIn`: may ask for one.
    loadAnalysis(loggedIn) {
        if (this.log) this.serverAnalysis.load(this.log.id, loggedIn);
    }

    onKey(event) {
        return this.log ? this.replay.onKey(event) : false;
    }

    // The page's title for the document.
    title() {
        return this.log ? t('archive.page_title', { id: this.log.id }) : t('archive.page_title', { id: '' }).trim();
    }

    render(notation = this.notation) {
        this.notation = notation;
        if (this.problem) {
            const { error, gameId } = this.problem;
            const sentence = loadProblem(error, gameId);
            fill(this.root, el('p', { class: 'archive-problem', role: 'alert', dataset: { code: (error && error.code) || 'bad_address' } },
                               sentence !== null ? sentence : errorNodes(error)));
            return;
        }
        const log = this.log;
        if (!log) {
            fill(this.root, el('p', { class: 'archive-loading', role: 'status' }, t('archive.loading')));
            return;
        }
        const page = gamePage(log, notation);
        const players = el('p', { class: 'archive-players' }, page.players.flatMap((player, index) => [
            index ? ' – ' : null,
            el('span', { class: 'archive-player', dataset: { side: player.side } },
               log[player.side] ? el('a', { class: 'nick profile-link', href: profilePath(log[player.side]) }, player.nick)
                   : el('span', { class: 'nick' }, player.nick),
               ` (${player.sideName})`,
               player.change ? el('span', { class: 'rating-change', dataset: { diff: log.rating_changes[player.side].diff } },
                                  ' ', player.change) : null),
        ]));
        const result = page.result
            ? el('div', { class: 'result-banner archive-result', dataset: { result: log.result } },
                 el('div', { class: 'result-title' }, page.result.title),
                 page.result.reason ? el('div', { class: 'result-reason' }, page.result.reason) : null,
                 page.result.proof ? el('div', { class: 'result-proof', title: page.result.line || null }, page.result.proof) : null)
            : null;
        const facts = el('dl', { class: 'game-facts' },
                         page.facts.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value)]));
        fill(this.root,
             el('div', { class: 'game-log-header' },
                el('h2', {}, page.title), players, result, facts,
                log.replay_problem ? el('p', { class: 'form-error', role: 'alert' },
                                        t('game.replay_problem', { problem: log.replay_problem })) : null,
                el('a', { class: 'pgn-download', href: pgnPath(log.id), download: `rochade-game-${log.id}.pgn` }, t('game.pgn')),
                ' ', el('a', { class: 'analysis-link', href: analysisPath({ game: log.id }) }, t('analysis.link')),
                this.serverAnalysis.element(!/ b /.test(log.start_fen || ''))),
             el('div', { class: 'game-log-body' },
                this.replay.boardColumn(notation),
                el('div', { class: 'game-log-lists' }, el('h3', {}, t('game.moves')), this.replay.moveList(notation, this.serverAnalysis.marks()))));
        this.replay.draw(this.root);
    }
}
