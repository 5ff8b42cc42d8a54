// The sentences a table shows (its result, the lines of its log, its status), made from the
// table model's values and the message catalogue. Pure, so they are tested without a browser.

import { has, language, t } from './messages.js';

export function sideName(side) {
    return side === 'white' || side === 'black' ? t(`side.${side}`) : side || '';
}

function otherSide(side) {
    return side === 'white' ? 'black' : side === 'black' ? 'white' : null;
}

// The notation a text uses when its caller does not say: the interface language's.
function defaultNotation() {
    return language() === 'de' ? 'de' : 'en';
}

// The score as players write it: "1-0", "0-1", "½-½", "*".
export function scoreText(result) {
    return result === '1/2-1/2' ? '½-½' : result || '';
}

// A move in the reader's notation: German SAN (KDTLS) or English (KQRBN), UCI if neither came.
function sanOf(move, notation) {
    if (!move) return '';
    return (notation === 'de' ? move.san_de || move.san : move.san || move.san_de) || move.uci || '';
}

// A line of moves numbered as a score sheet numbers them: ply 1 is White's first move, so
// ply 81 is White's 41st and ply 82 Black's 41st. A line that starts with Black's move gets the
// ellipsis ("41...Sf2+ 42.Kg1 Sh3#"); every White move gets its number ("41.Kh1 Sf2+ 42.Kg1").
export function proofLine(line, firstPly, notation = defaultNotation(), { longest = PROOF_PLIES_SHOWN } = {}) {
    const first = Number.isInteger(firstPly) && firstPly > 0 ? firstPly : 1;
    const moves = line || [];
    const numbered = (move, index, opening) => {
        const ply = first + index;
        const number = Math.ceil(ply / 2);
        const san = sanOf(move, notation);
        if (ply % 2 === 1) return `${number}.${san}`;
        return opening ? `${number}...${san}` : san;
    };
    if (moves.length <= longest) return moves.map((move, index) => numbered(move, index, index === 0)).join(' ');
    // The engine's lines are sound but seldom the shortest: a long one is shown by its first
    // moves and its mate, the whole line is in the banner's title.
    const head = moves.slice(0, 4).map((move, index) => numbered(move, index, index === 0));
    const tailStart = moves.length - 2;
    const tail = moves.slice(tailStart).map((move, index) => numbered(move, tailStart + index, index === 0));
    return `${head.join(' ')} … ${tail.join(' ')}`;
}

// How many half-moves of a proof's line the banner spells out in full.
export const PROOF_PLIES_SHOWN = 10;

// The side whose flag fell: the loser of a won game, else the opponent of the side whose mating
// chances were examined, else the clocks (the one at zero), else the server's own message
// ("White's flag fell; ..."); null when none of them says.
function flaggedSide(result) {
    if (result.winner) return otherSide(result.winner);
    if (result.proof && result.proof.side) return otherSide(result.proof.side);
    const clocks = result.clocks;
    if (clocks && clocks.white_ms === 0 && clocks.black_ms !== 0) return 'white';
    if (clocks && clocks.black_ms === 0 && clocks.white_ms !== 0) return 'black';
    const said = /^(White|Black)'s flag fell/.exec(result.message || '');
    return said ? said[1].toLowerCase() : null;
}

// Why a side cannot mate, as a phrase ("only a bare king"), or '' for a reason the catalogue
// does not know.
function whyPhrase(proof) {
    const key = proof && proof.reason ? `proof.reason.${proof.reason}` : null;
    return key && has(key) ? t(key) : '';
}

// What happened and how it decides the game, in plain words: {reason, proof}. The proof is
// the sentence that shows a flag fall's verdict ("Black could still have checkmated, e.g. ..."),
// '' when there is none to show.
function explain(result, notation) {
    const winner = result.winner || null;
    const params = { winner: sideName(winner), loser: sideName(otherSide(winner)) };
    const termination = result.termination;
    const proof = result.proof && typeof result.proof === 'object' ? result.proof : null;
    if (termination === 'flag_fall') {
        if (!winner) {
            const flagged = flaggedSide(result);
            if (!flagged) return { reason: t('termination.flag_fall.draw.unknown'), proof: '' };
            const why = whyPhrase(proof);
            const key = why ? 'termination.flag_fall.draw.why' : 'termination.flag_fall.draw';
            return { reason: t(key, { flagged: sideName(flagged), opponent: sideName(otherSide(flagged)), why }), proof: '' };
        }
        if (result.winnability === 'undetermined') return { reason: t('termination.flag_fall.undetermined', params), proof: '' };
        let shown = '';
        let whole = '';
        if (proof && Array.isArray(proof.line) && proof.line.length > 0) {
            shown = t('proof.could_mate.line', { side: sideName(proof.side || winner),
                                                 line: proofLine(proof.line, proof.first_ply, notation) });
            if (proof.line.length > PROOF_PLIES_SHOWN) whole = proofLine(proof.line, proof.first_ply, notation, { longest: Infinity });
        } else if (result.winnability === 'can_mate') {
            shown = t('proof.could_mate', { side: sideName(winner) });
        }
        return { reason: t('termination.flag_fall', params), proof: shown, line: whole };
    }
    if (termination === 'no_first_move') {
        // result.late: who did not move (the side to move at the end; first_move.js's lateSide).
        const late = result.late === 'white' || result.late === 'black' ? result.late : null;
        if (late && result.forfeit) return { reason: t('termination.no_first_move.tournament', { late: sideName(late) }), proof: '' };
        return { reason: late ? t('termination.no_first_move', { late: sideName(late) })
            : t('termination.no_first_move.unknown'), proof: '' };
    }
    if (termination === 'dead_position') {
        const why = whyPhrase(proof);
        return { reason: t(why ? 'termination.dead_position.why' : 'termination.dead_position', { why }), proof: '' };
    }
    // Both players banned: a forfeit without a winner.
    const key = termination === 'forfeit' && !winner ? 'termination.forfeit.both' : `termination.${termination}`;
    if (!has(key)) return { reason: result.message || termination || '', proof: '' };
    return { reason: t(key, params), proof: '' };
}

// The result banner: {title, players, reason, proof}, all plain strings in the page's language.
// result: {result, winner, termination, message, winnability?, proof?, clocks?, late?} as game_over
// and table_state carry it; names: {white, black} (nicks, or null for a seat nobody holds);
// notation: "en" | "de", the letters of the proof's moves.
//   title:   "Weiß gewinnt" / "Remis" / "Partie abgebrochen"
//   players: "anna (Weiß) – Jürgen (Schwarz): 1-0"
//   reason:  "Zeitüberschreitung, aber Schwarz kann nicht mehr mattsetzen (nur noch der König): remis."
//   proof:   "Schwarz hätte noch mattsetzen können, z. B. 41...Sf2+ 42.Kg1 Sh3#", or ''
//   line:    only when the proof shows its line shortened: the whole line
export function bannerText(result, names = {}, notation = defaultNotation()) {
    const { reason, proof, line = '' } = explain(result, notation);
    let title;
    if (result.forfeit && (result.winner === 'white' || result.winner === 'black')) title = t(`banner.title.forfeit.${result.winner}`);
    else if (result.result === '*' || result.termination === 'aborted' || result.termination === 'no_first_move') title = t('banner.title.aborted');
    else if (result.winner === 'white' || result.winner === 'black') title = t(`banner.title.${result.winner}`);
    else title = t('banner.title.draw');
    const players = t('banner.players', { white: (names && names.white) || sideName('white'),
                                          black: (names && names.black) || sideName('black'),
                                          score: scoreText(result.result) });
    return line ? { title, players, reason, proof, line } : { title, players, reason, proof };
}

// How the game ended, in plain words, with the proof of a flag fall's verdict when there is one:
// "Black resigned.", "White ran out of time. Black could still have checkmated, e.g. ...".
// result: as for bannerText.
export function endingText(result, notation = defaultNotation()) {
    const { reason, proof } = explain(result, notation);
    return proof ? `${reason} ${proof}` : reason;
}

// "1-0 — Black resigned."
export function resultText(result, notation = defaultNotation()) {
    return t('result.line', { result: scoreText(result.result), ending: endingText(result, notation) });
}

// A line of the table's log: a notice {key, params} from table_model.noticeOf.
export function noticeText(notice, notation = defaultNotation()) {
    const params = { ...(notice.params || {}) };
    if (params.side !== undefined) params.who = params.nick || sideName(params.side);
    if (params.side !== undefined) params.side = sideName(params.side);
    if (notice.key === 'notice.game_over') {
        params.ending = endingText(notice.params, notation);
        params.result = scoreText(notice.params.result);
    }
    return t(notice.key, params);
}

export function statusName(status) {
    return has(`status.${status}`) ? t(`status.${status}`) : status;
}
