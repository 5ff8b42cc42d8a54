// What the engine says, as the analysis board shows it (docs/architecture.md, "Analysis"). Pure:
// UCI `info` lines in, the best lines by their MultiPV rank out, and a score turned into White's
// share of the evaluation bar. No worker, no DOM.

// The fields of one `info` line that carries a line of play, or null for any other line
// ("info string ...", "info depth 3 currmove ...", "bestmove ..."). Scores are from the side to
// move, as UCI gives them.
export function parseInfo(line) {
    const words = String(line || '').trim().split(/\s+/u);
    if (words[0] !== 'info') return null;
    const info = { depth: null, multipv: 1, score: null, pv: [] };
    for (let i = 1; i < words.length; ++i) {
        switch (words[i]) {
        case 'depth': info.depth = Number(words[++i]); break;
        case 'multipv': info.multipv = Number(words[++i]); break;
        case 'score': {
            const kind = words[++i];
            const value = Number(words[++i]);
            if ((kind === 'cp' || kind === 'mate') && Number.isFinite(value)) info.score = { [kind]: value };
            // "lowerbound"/"upperbound" follow a score that is not exact: such a line is not shown.
            if (words[i + 1] === 'lowerbound' || words[i + 1] === 'upperbound') return null;
            break;
        }
        case 'pv': info.pv = words.slice(i + 1); i = words.length; break;
        default: break;
        }
    }
    if (info.depth === null || info.score === null || info.pv.length === 0) return null;
    return info;
}

// The lines known so far for one position: a new search starts with none; each info line
// replaces the line of its rank. Lines of a depth lower than the best line's are kept until
// replaced (Stockfish sends them rank by rank).
export function linesAfter(lines, info) {
    if (!info) return lines;
    const next = lines.filter((line) => line.multipv !== info.multipv);
    next.push(info);
    return next.sort((a, b) => a.multipv - b.multipv);
}

// A score from the side to move turned into White's view.
export function whiteScore(score, turn) {
    if (!score) return null;
    const sign = turn === 'black' ? -1 : 1;
    return score.mate !== undefined ? { mate: sign * score.mate } : { cp: sign * score.cp };
}

// White's share of the evaluation bar, 0..1: lichess's winning chances,
// 2 / (1 + e^(-0.00368208 cp)) - 1, mapped from -1..1 to 0..1; a mate fills the bar.
export function whiteShare(score) {
    if (!score) return 0.5;
    if (score.mate !== undefined) return score.mate > 0 ? 1 : 0;
    const chances = 2 / (1 + Math.exp(-0.00368208 * score.cp)) - 1;
    return (chances + 1) / 2;
}

// "+1.25", "−0.40", "0.00", "#3", "#−2", from White's view.
export function scoreText(score) {
    if (!score) return '';
    if (score.mate !== undefined) return score.mate < 0 ? `#−${-score.mate}` : `#${score.mate}`;
    const pawns = Math.abs(score.cp) / 100;
    if (score.cp === 0) return '0.00';
    return `${score.cp > 0 ? '+' : '−'}${pawns.toFixed(2)}`;
}
