// The analysis board's address (served at /analysis, web/analysis.html): a stored game by its
// number, or a position by its FEN. Pure.

export function analysisPath({ game, fen } = {}) {
    if (game !== undefined && game !== null) return `/analysis?game=${encodeURIComponent(game)}`;
    if (fen) return `/analysis?fen=${encodeURIComponent(fen)}`;
    return '/analysis';
}

// {game} or {fen} from the address's query, or {} for the standard start.
export function analysisTarget(search) {
    const params = new URLSearchParams(String(search || ''));
    const game = params.get('game');
    if (game && /^\d{1,18}$/.test(game) && Number.isSafeInteger(Number(game)) && Number(game) > 0) return { game: Number(game) };
    const fen = params.get('fen');
    if (fen && fen.length <= 100) return { fen };
    return {};
}
