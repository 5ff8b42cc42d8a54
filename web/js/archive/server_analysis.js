// A game's server analysis as the game page shows it (GET /api/games/{id}/analysis; docs/bots.md,
// "Server analysis"): White's winning chances after every move as a line over the game, the
// moves the review marked, and the evaluations in the notation lichess uses (+0.35, #-3). Pure:
// the analysis in, numbers and strings out; server_analysis_view.js draws them.

import { JUDGEMENT_SIGNS } from '../game_replay.js';

// White's chance of winning, 0-100, from an evaluation ({cp} or {mate}) seen from White, by the
// formula the server's review uses (review/game_review.h): mates are certain, centipawns are held
// within ±1000.
export function winPercent(evaluation) {
    if (evaluation && typeof evaluation.mate === 'number') return evaluation.mate > 0 ? 100 : 0;
    const cp = Math.max(-1000, Math.min(1000, (evaluation && evaluation.cp) || 0));
    return 50 + 50 * (2 / (1 + Math.exp(-0.00368208 * cp)) - 1);
}

// "+0.35", "−1.20", "0.00", "#3", "#-2" (a true minus sign for centipawns, as the analysis board).
export function evaluationText(evaluation) {
    if (evaluation && typeof evaluation.mate === 'number') return `#${evaluation.mate}`;
    const pawns = ((evaluation && evaluation.cp) || 0) / 100;
    if (pawns === 0) return '0.00';
    return `${pawns > 0 ? '+' : '−'}${Math.abs(pawns).toFixed(2)}`;
}

// The chart's points in a box of `width` x `height`: one per position, x by ply, y by White's
// winning chances (White winning at the top).
export function chartPoints(analysis, width, height) {
    const evaluations = analysis.evaluations || [];
    const last = Math.max(1, evaluations.length - 1);
    return evaluations.map((evaluation, ply) => ({
        ply,
        x: Math.round((ply / last) * width * 10) / 10,
        y: Math.round((1 - winPercent(evaluation) / 100) * height * 10) / 10,
    }));
}

// The SVG path through the points, and the same closed down to the middle line (the area).
export function chartPath(points) {
    return points.map((point, index) => `${index ? 'L' : 'M'}${point.x} ${point.y}`).join(' ');
}

// The marks by ply for the move list: ply -> judgement, for the marked moves only; empty while
// there is no finished analysis.
export function marksByPly(analysis) {
    const marks = new Map();
    if (!analysis || analysis.state !== 'done') return marks;
    (analysis.judgements || []).forEach((judgement, index) => {
        if (judgement in JUDGEMENT_SIGNS) marks.set(index + 1, judgement);
    });
    return marks;
}

// The marked moves: [{ply, judgement, white}] for every inaccuracy, mistake and blunder, where
// `ply` counts from 1 and `white` says whose move it was.
export function markedMoves(analysis, whiteFirst = true) {
    return (analysis.judgements || []).flatMap((judgement, index) => (judgement === 'good' ? [] : [{
        ply: index + 1,
        judgement,
        white: (index % 2 === 0) === whiteFirst,
    }]));
}

