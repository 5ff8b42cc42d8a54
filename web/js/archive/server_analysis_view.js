// The server analysis on the public game page (/games/{id}; docs/bots.md, "Server analysis"):
// for a finished game, where its analysis stands. Not asked yet: a button for a logged-in player
// (POST /api/games/{id}/analysis), or a word that one must log in. Under way: how far, read again
// every two seconds. Done: the chart of White's winning chances with the marked moves, and each
// side's accuracy with its inaccuracies, mistakes and blunders. Refusals show the server's words.

import { el, fill } from '../dom.js';
import { t } from '../messages.js';
import { errorNodes } from '../alerts_view.js';
import { chartPath, chartPoints, evaluationText, markedMoves, marksByPly } from './server_analysis.js';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 600;
const HEIGHT = 120;
const POLL_MS = 2000;

function svg(tag, attributes = {}, ...children) {
    const node = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    for (const child of children) if (child) node.append(child);
    return node;
}

export class ServerAnalysisView {
    // `api`: an AccountApi; `changed`: called after every change of what is shown.
    constructor(api, changed) {
        this.api = api;
        this.changed = changed;
        this.gameId = null;
        this.analysis = null; // the last answer
        this.error = null;
        this.loggedIn = false;
        this.asking = false;
        this.timer = null;
    }

    load(gameId, loggedIn) {
        this.gameId = gameId;
        this.loggedIn = loggedIn;
        this.read();
    }

    read() {
        clearTimeout(this.timer);
        this.api.call('GET', `/api/games/${this.gameId}/analysis`).then((analysis) => {
            this.analysis = analysis;
            if (analysis.state === 'queued' || analysis.state === 'running') this.timer = setTimeout(() => this.read(), POLL_MS);
            this.changed();
        }, (error) => {
            this.error = error;
            this.changed();
        });
    }

    ask() {
        this.asking = true;
        this.error = null;
        this.changed();
        this.api.call('POST', `/api/games/${this.gameId}/analysis`, {}).then(() => {
            this.asking = false;
            this.read();
        }, (error) => {
            this.asking = false;
            this.error = error;
            this.changed();
        });
    }

    // The section, or nothing for a game that is not finished.
    // The finished analysis's marks by ply (ply -> judgement), for the move list.
    marks() {
        return marksByPly(this.analysis);
    }

    element(whiteFirst = true) {
        const analysis = this.analysis;
        if (!analysis || analysis.finished === false) return null;
        const section = el('section', { class: 'server-analysis', dataset: { state: analysis.state } },
                           el('h3', {}, t('server_analysis.title')));
        if (this.error) section.append(el('p', { class: 'form-error', role: 'alert' }, errorNodes(this.error)));
        if (analysis.state === 'none') {
            section.append(this.loggedIn
                ? el('button', { type: 'button', class: 'server-analysis-request', disabled: this.asking, onclick: () => this.ask() },
                     t('server_analysis.request'))
                : el('p', { class: 'server-analysis-login' }, t('server_analysis.login')));
        } else if (analysis.state === 'queued') {
            section.append(el('p', { class: 'server-analysis-progress', role: 'status' }, t('server_analysis.queued')));
        } else if (analysis.state === 'running') {
            const progress = analysis.progress || { positions_done: 0, positions: 0 };
            section.append(el('p', { class: 'server-analysis-progress', role: 'status' },
                              t('server_analysis.running', { done: progress.positions_done, total: progress.positions })));
        } else if (analysis.state === 'done') {
            section.append(this.chart(analysis, whiteFirst), this.summary(analysis));
        }
        return section;
    }

    chart(analysis, whiteFirst) {
        const points = chartPoints(analysis, WIDTH, HEIGHT);
        const marks = markedMoves(analysis, whiteFirst).map((mark) => {
            const point = points[mark.ply];
            const title = svg('title');
            title.textContent = `${t(`server_analysis.judgement.${mark.judgement}`)} (${evaluationText(analysis.evaluations[mark.ply])})`;
            return point ? svg('circle', { class: `chart-mark ${mark.judgement}`, cx: point.x, cy: point.y, r: 4,
                                           'data-ply': mark.ply }, title) : null;
        });
        const label = t('server_analysis.chart');
        const chart = svg('svg', { class: 'server-analysis-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img',
                                   'aria-label': label, preserveAspectRatio: 'none' },
                          svg('rect', { class: 'chart-black', x: 0, y: 0, width: WIDTH, height: HEIGHT }),
                          svg('path', { class: 'chart-white',
                                        d: `${chartPath(points)} L${WIDTH} ${HEIGHT} L0 ${HEIGHT} Z` }),
                          svg('line', { class: 'chart-middle', x1: 0, y1: HEIGHT / 2, x2: WIDTH, y2: HEIGHT / 2 }),
                          ...marks);
        return chart;
    }

    summary(analysis) {
        return el('dl', { class: 'server-analysis-summary' }, ['white', 'black'].flatMap((side) => {
            const numbers = analysis[side];
            return [el('dt', {}, t(`side.${side}`)),
                    el('dd', { dataset: { side } }, t('server_analysis.side', {
                        accuracy: numbers.accuracy, inaccuracies: numbers.inaccuracies, mistakes: numbers.mistakes,
                        blunders: numbers.blunders, loss: numbers.average_centipawn_loss,
                    }))];
        }));
    }

    // Fills `root` (its own node in the page) with the section.
    draw(root, whiteFirst) {
        fill(root, this.element(whiteFirst));
    }
}
