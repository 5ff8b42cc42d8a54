// Differential test: plays random legal games with chessops (an independent implementation of
// the rules, by the author of python-chess and lichess's rules code) and checks that
// `rochade analyze` agrees on every position: the legal UCI moves, the FEN after each move, the
// SAN of each move, check, and the game status.
//
// usage: node run.mjs [--games N] [--games960 N] [--perft960 N] [--seed S] [--plies P] [--bin PATH]
//   --games  number of random games (default 300); every third starts from a tricky FEN
//   --games960  number of random Chess960 games (default 60), each from a random one of the 960
//            start positions, played and compared like the others with "variant": "chess960"
//   --perft960  number of Chess960 perft positions (default 1200): for each start position in
//            turn, a random playout of 0-40 plies, then perft of the position reached, depth 2
//            (every eighth: depth 3) by chessops and by `rochade perft --chess960 --divide`,
//            compared move by move; plus the published positions of the Chess960 perft suite
//   --seed   PRNG seed (default 20240601): the same seed plays the same games
//   --plies  longest game in plies (default 200)
//   --bin    the rochade binary (default $ROCHADE_BIN, else build/tools/rochade in the repo)
//
// Requests go through `rochade analyze` in two batches, each split over one process per core:
//   1. one per position: {"fen": F, "moves": []}, whose "fen", "legal", "check" and "status"
//      are compared with chessops on that position;
//   2. one per game: {"fen": START, "moves": [every move]}, whose "plies" give the SAN and FEN
//      after each move, and whose final status sees the whole history (fivefold repetition).
//      A game is cut where batch 1 found a dead position that chessops does not (rochade ends
//      the game there and refuses further moves).
//   3. (Chess960 perft) one `rochade perft --chess960 --divide` process per position, one per
//      core at a time, asked ahead while chessops counts the same positions.
// The last line is "N passed, M failed", counting compared positions and games; exit status 1 on
// any mismatch, 0 otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Chess } from 'chessops/chess';
import { perft } from 'chessops/debug';
import { makeFen, parseFen } from 'chessops/fen';
import { makeSan } from 'chessops/san';
import { makeSquare, squareFile, squareRank } from 'chessops/util';

const MAX_REPORTS = 25;
const here = dirname(fileURLToPath(import.meta.url));

// Positions that stress the rules: castling rights, en passant pins, promotions, sparse endings.
const TRICKY_FENS = [
    'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1',
    'r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1',
    'rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8',
    'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3',
    '8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1',
    '8/2p5/3p4/KP5r/1R2Pp1k/8/6P1/8 b - e3 0 1',
    '2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1',
    '8/P1k5/K7/8/8/8/8/8 w - - 0 1',
    'r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1',
    '4k3/8/8/8/8/8/2b5/R3K2R w KQ - 0 1',
    '8/8/4k3/3n4/8/2B5/4K3/8 w - - 0 1',
];

function parseArgs(argv) {
    const opts = {
        games: 300,
        games960: 60,
        perft960: 1200,
        seed: 20240601,
        plies: 200,
        bin: process.env.ROCHADE_BIN || resolve(here, '../../build/tools/rochade'),
    };
    for (let i = 0; i < argv.length; i++) {
        const arg = argv[i];
        if (arg === '--games') opts.games = Number(argv[++i]);
        else if (arg === '--games960') opts.games960 = Number(argv[++i]);
        else if (arg === '--perft960') opts.perft960 = Number(argv[++i]);
        else if (arg === '--seed') opts.seed = Number(argv[++i]);
        else if (arg === '--plies') opts.plies = Number(argv[++i]);
        else if (arg === '--bin') opts.bin = resolve(argv[++i]);
        else {
            console.error(`run.mjs: unknown argument ${arg}`);
            process.exit(2);
        }
    }
    return opts;
}

// mulberry32: a small seeded PRNG, so a failing game can be replayed from its seed.
function mulberry32(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

const PROMOTION_LETTER = { queen: 'q', rook: 'r', bishop: 'b', knight: 'n' };

// Chess960 start position number n (0-959) by Scharnagl's numbering (FIDE Laws, Guidelines II),
// written here apart from the engine's: bishops by n mod 4 (light squares) and (n / 4) mod 4
// (dark), the queen by (n / 16) mod 6 on the free squares, the knights by n / 96, then R K R.
const KNIGHTS = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]];
function chess960Fen(n) {
    const rank = Array(8).fill(null);
    rank[2 * (n % 4) + 1] = 'b';
    rank[2 * (Math.floor(n / 4) % 4)] = 'b';
    const free = () => rank.flatMap((p, f) => (p ? [] : [f]));
    rank[free()[Math.floor(n / 16) % 6]] = 'q';
    const [k1, k2] = KNIGHTS[Math.floor(n / 96)];
    const squares = free();
    rank[squares[k1]] = rank[squares[k2]] = 'n';
    const [r1, k, r2] = free();
    rank[r1] = rank[r2] = 'r';
    rank[k] = 'k';
    const black = rank.join('');
    return `${black}/pppppppp/8/8/8/8/PPPPPPPP/${black.toUpperCase()} w KQkq - 0 1`;
}

// chessops represents castling as "king takes own rook" (e1h1); our UCI is the king's
// two-square move (e1g1) in standard chess, as the UCI protocol says, and king takes rook in
// Chess960, as UCI_Chess960 does.
function toUci(pos, move, chess960 = false) {
    const piece = pos.board.get(move.from);
    let to = move.to;
    const target = pos.board.get(move.to);
    if (!chess960 && piece.role === 'king' && target && target.color === piece.color && target.role === 'rook') {
        const file = squareFile(move.to) > squareFile(move.from) ? 6 : 2;
        to = squareRank(move.from) * 8 + file;
    }
    return makeSquare(move.from) + makeSquare(to) + (move.promotion ? PROMOTION_LETTER[move.promotion] : '');
}

// Every legal move as a chessops move, promotions expanded to the four pieces.
function legalMoves(pos) {
    const moves = [];
    for (const [from, dests] of pos.allDests()) {
        const piece = pos.board.get(from);
        for (const to of dests) {
            const lastRank = piece.color === 'white' ? 7 : 0;
            if (piece.role === 'pawn' && squareRank(to) === lastRank) {
                for (const promotion of ['queen', 'rook', 'bishop', 'knight']) moves.push({ from, to, promotion });
            } else {
                moves.push({ from, to });
            }
        }
    }
    return moves;
}

// FEN as we write it. Our FEN records the en passant square only when a legal en passant
// capture exists (so equal FENs mean equal positions, FIDE 9.2.3). chessops keeps the square
// after every double push internally; its toSetup() already narrows it to legal captures, but we
// recompute the field here from the legal move list so the comparison does not rest on that.
function ourFen(pos, legal) {
    const fields = makeFen(pos.toSetup()).split(' ');
    const ep = pos.epSquare;
    const epLegal =
        ep !== undefined && legal.some((m) => m.to === ep && pos.board.get(m.from)?.role === 'pawn');
    fields[3] = epLegal ? makeSquare(ep) : '-';
    return fields.join(' ');
}

// The statuses we accept from rochade for a position. `repetitions` counts occurrences of the
// position in the game so far (1 when there is no history). Where two automatic endings hold at
// once (stalemate in a dead position, a fivefold repetition at move 75), either is accepted.
// chessops's "insufficient material" is a sufficient test for a dead position, not a necessary
// one, so rochade may also say dead_position where chessops sees play (counted, not failed).
function acceptedStatuses(pos, repetitions) {
    if (pos.isCheckmate()) return ['checkmate'];
    const endings = [];
    if (pos.isStalemate()) endings.push('stalemate');
    if (pos.isInsufficientMaterial()) endings.push('dead_position');
    if (repetitions >= 5) endings.push('fivefold_repetition');
    if (pos.halfmoves >= 150) endings.push('seventyfive_moves');
    if (endings.length === 0) endings.push('ongoing');
    if (!endings.includes('dead_position')) endings.push('dead_position');
    return endings;
}

function repetitionKey(fen) {
    return fen.split(' ').slice(0, 4).join(' ');
}

// Plays one random game. Returns the moves, the FEN after each, and each position's facts.
function playGame(startFen, random, maxPlies, chess960 = false) {
    const pos = Chess.fromSetup(parseFen(startFen).unwrap()).unwrap();
    const positions = [];
    const plies = [];
    const seen = new Map();
    for (;;) {
        const legal = legalMoves(pos);
        const fen = ourFen(pos, legal);
        const key = repetitionKey(fen);
        seen.set(key, (seen.get(key) || 0) + 1);
        const repetitions = seen.get(key);
        positions.push({
            fen,
            legal: legal.map((m) => toUci(pos, m, chess960)).sort(),
            check: pos.isCheck(),
            statusNoHistory: acceptedStatuses(pos, 1),
            status: acceptedStatuses(pos, repetitions),
            insufficient: pos.isInsufficientMaterial(),
        });
        const over =
            legal.length === 0 || pos.isInsufficientMaterial() || repetitions >= 5 || pos.halfmoves >= 150;
        if (over || plies.length >= maxPlies) break;
        const move = legal[Math.floor(random() * legal.length)];
        const uci = toUci(pos, move, chess960);
        const san = makeSan(pos, move);
        pos.play(move);
        plies.push({ uci, san, fen: ourFen(pos, legalMoves(pos)) });
    }
    return { startFen, plies, positions, chess960 };
}

// The first positions of the Chess960 perft suite (chessprogramming wiki, "Chess960 Perft
// Results"), with their published counts at depth 3.
const PERFT960_PUBLISHED = [
    ['bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9', 3, 12189],
    ['2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9', 3, 18002],
    ['b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9', 3, 10471],
];

// Perft below each legal move, by chessops: UCI (king takes rook) -> leaves.
function chessopsDivide(pos, depth) {
    const divide = new Map();
    for (const move of legalMoves(pos)) {
        const child = pos.clone();
        child.play(move);
        divide.set(toUci(pos, move, true), perft(child, depth - 1));
    }
    return divide;
}

// Runs `bin args...` with `input` on its standard input; resolves to { status, error, stdout,
// stderr } when it ends (asynchronously, so that several run at once: the machine's cores).
function run(bin, args, input = '') {
    return new Promise((resolve) => {
        // Without input no stdin at all: closing an unread pipe raced the process's exit (EPIPE,
        // seen once on `rochade perft` in a fresh-clone run).
        const child = spawn(bin, args, { stdio: [input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
        const out = [];
        const err = [];
        let error;
        child.stdout.on('data', (chunk) => out.push(chunk));
        child.stderr.on('data', (chunk) => err.push(chunk));
        child.on('error', (e) => (error = e));
        if (input) child.stdin.on('error', (e) => (error = error ?? e));
        // A hung process fails the run rather than the CI's time limit.
        const timer = setTimeout(() => {
            error = error ?? new Error('no answer within 900 s');
            child.kill('SIGKILL');
        }, 900_000);
        child.on('close', (status) => {
            clearTimeout(timer);
            resolve({ status, error, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
        });
        if (input) child.stdin.end(input);
    });
}

// How many rochade processes run at once: one per core.
const WORKERS = Math.max(1, availableParallelism());

// `rochade perft --chess960 --divide FEN DEPTH`: UCI -> leaves, or an error text.
async function rochadeDivide(bin, fen, depth) {
    const result = await run(bin, ['perft', '--chess960', '--divide', fen, String(depth)]);
    if (result.error || result.status !== 0)
        return `rochade perft failed (${result.error ?? 'exit ' + result.status}): ${result.stderr}`;
    const divide = new Map();
    for (const line of result.stdout.split('\n')) {
        const match = /^(\S+): (\d+)$/.exec(line);
        if (match) divide.set(match[1], Number(match[2]));
    }
    return divide;
}

// Chess960 perft: the published positions, then opts.perft960 positions reached by random
// playouts from each of the 960 starts in turn, compared move by move.
async function comparePerft960(opts, random, fail) {
    const positions = PERFT960_PUBLISHED.map(([fen, depth, count]) => ({ fen, depth, count }));
    for (let i = 0; i < opts.perft960; i++) {
        const start = chess960Fen(i % 960);
        const pos = Chess.fromSetup(parseFen(start).unwrap()).unwrap();
        const plies = Math.floor(random() * 41);
        for (let p = 0; p < plies; p++) {
            const legal = legalMoves(pos);
            if (legal.length === 0) break;
            pos.play(legal[Math.floor(random() * legal.length)]);
        }
        positions.push({ fen: ourFen(pos, legalMoves(pos)), depth: i % 8 === 7 ? 3 : 2 });
    }
    let passed = 0;
    let failed = 0;
    let nodes = 0;
    // rochade's answers are asked WORKERS at a time ahead of the comparison, so its processes
    // run while chessops counts here.
    const ahead = [];
    let next = 0;
    const askAhead = () => {
        while (next < positions.length && ahead.length < WORKERS) {
            const { fen, depth } = positions[next++];
            ahead.push(rochadeDivide(opts.bin, fen, depth));
        }
    };
    for (const { fen, depth, count } of positions) {
        askAhead();
        const pos = Chess.fromSetup(parseFen(fen).unwrap()).unwrap();
        const theirs = chessopsDivide(pos, depth);
        const ours = await ahead.shift();
        const total = [...theirs.values()].reduce((a, b) => a + b, 0);
        nodes += total;
        let same = true;
        if (typeof ours === 'string') (same = false), fail(`${fen}: ${ours}`);
        else {
            const moves = new Set([...theirs.keys(), ...ours.keys()]);
            const differ = [...moves].filter((m) => theirs.get(m) !== ours.get(m));
            if (differ.length > 0)
                (same = false),
                    fail(`${fen} depth ${depth}: ` + differ.map((m) => `${m} ours ${ours.get(m)} chessops ${theirs.get(m)}`).join(', '));
        }
        if (count !== undefined && total !== count) (same = false), fail(`${fen}: chessops ${total}, published ${count}`);
        same ? passed++ : failed++;
    }
    return { passed, failed, nodes, positions: positions.length };
}

function sameList(a, b) {
    return a.length === b.length && a.every((x, i) => x === b[i]);
}

// Sends the requests through `rochade analyze`, split in WORKERS consecutive parts with a process
// each, and returns the parsed answers, one per request, in order. A crash or a wrong number of
// answers ends the run as a failure.
async function analyze(bin, requests) {
    const size = Math.ceil(requests.length / WORKERS);
    const parts = [];
    for (let start = 0; start < requests.length; start += size) parts.push(requests.slice(start, start + size));
    const runs = await Promise.all(
        parts.map((part) => run(bin, ['analyze'], part.map((r) => JSON.stringify(r)).join('\n') + '\n')),
    );
    const lines = [];
    runs.forEach((result, i) => {
        const answers = result.stdout.split('\n').filter((l) => l.length > 0);
        if (result.error || result.status !== 0 || answers.length !== parts[i].length) {
            console.error(
                `run.mjs: rochade analyze failed (${result.error ?? 'exit ' + result.status}, ` +
                    `${answers.length} answers to ${parts[i].length} requests): ${result.stderr}`,
            );
            console.log(`0 passed, ${requests.length} failed`);
            process.exit(1);
        }
        lines.push(...answers);
    });
    return lines.map((line) => {
        try {
            return JSON.parse(line);
        } catch {
            return { ok: false, error: `unparsable answer: ${line}` };
        }
    });
}

async function main() {
    const opts = parseArgs(process.argv.slice(2));
    if (!existsSync(opts.bin)) {
        console.error(`run.mjs: ${opts.bin} does not exist; build first (scripts/test.sh does)`);
        process.exit(2);
    }
    // Skip only when the binary has no analyze command at all: every other problem fails.
    const probe = spawnSync(opts.bin, ['analyze'], { input: '', encoding: 'utf8' });
    if (probe.status !== 0 && /unknown command/.test(probe.stderr)) {
        console.log(`differential: SKIPPED: ${opts.bin} has no 'analyze' command yet`);
        process.exit(0);
    }

    const random = mulberry32(opts.seed);
    const games = [];
    const started = Date.now();
    for (let g = 0; g < opts.games; g++) {
        const startFen = g % 3 === 2 ? TRICKY_FENS[Math.floor(g / 3) % TRICKY_FENS.length] : undefined;
        games.push(playGame(startFen ?? makeFen(Chess.default().toSetup()), random, opts.plies));
        games[g].fromStart = startFen === undefined;
    }
    for (let g = 0; g < opts.games960; g++) {
        const startFen = chess960Fen(Math.floor(random() * 960));
        games.push(playGame(startFen, random, opts.plies, true));
    }
    const chessopsMs = Date.now() - started;

    let passed = 0;
    let failed = 0;
    let movesCompared = 0;
    let deadBeyondInsufficient = 0;
    const reports = [];
    const fail = (g, what) => {
        if (reports.length < MAX_REPORTS) reports.push(`game ${g} (${games[g].startFen}): ${what}`);
    };

    // Phase 1, one request per position: legal moves, check, status without history.
    const analyzeStarted = Date.now();
    const positionAnswers = await analyze(
        opts.bin,
        games.flatMap((game) =>
            game.positions.map((p) => (game.chess960 ? { variant: 'chess960', fen: p.fen, moves: [] } : { fen: p.fen, moves: [] })),
        ),
    );
    let answer = 0;
    games.forEach((game, g) => {
        // rochade ends a game at a dead position that chessops's insufficient-material test does
        // not see (and refuses further moves); the game request of phase 2 stops there.
        game.cut = game.plies.length;
        game.positions.forEach((p, i) => {
            const ours = positionAnswers[answer++];
            let same = ours.ok === true;
            if (!same) fail(g, `position ${p.fen}: ${ours.error ?? 'not ok'}`);
            else {
                const legal = [...ours.legal].sort();
                if (ours.fen !== p.fen) (same = false), fail(g, `FEN round trip: ${p.fen} -> ${ours.fen}`);
                if (!sameList(legal, p.legal))
                    (same = false),
                        fail(g, `legal moves of ${p.fen}: only ours ${legal.filter((m) => !p.legal.includes(m))}, ` +
                                `only chessops ${p.legal.filter((m) => !legal.includes(m))}`);
                if (ours.check !== p.check) (same = false), fail(g, `check in ${p.fen}: ours ${ours.check}`);
                if (!p.statusNoHistory.includes(ours.status))
                    (same = false),
                        fail(g, `status of ${p.fen}: ours ${ours.status}, accepted ${p.statusNoHistory.join('|')}`);
                if (ours.status === 'dead_position' && !p.insufficient) {
                    deadBeyondInsufficient++;
                    game.cut = Math.min(game.cut, i);
                }
            }
            same ? passed++ : failed++;
        });
    });

    // Phase 2, one request per game: SAN and FEN after every move, and the status with history
    // (fivefold repetition).
    const gameAnswers = await analyze(
        opts.bin,
        games.map((game) => {
            const moves = game.plies.slice(0, game.cut).map((p) => p.uci);
            if (game.chess960) return { variant: 'chess960', fen: game.startFen, moves };
            return game.fromStart ? { moves } : { fen: game.startFen, moves };
        }),
    );
    const analyzeMs = Date.now() - analyzeStarted;
    games.forEach((game, g) => {
        const whole = gameAnswers[g];
        let ok = whole.ok === true && Array.isArray(whole.plies) && whole.plies.length === game.cut;
        if (!ok) {
            fail(g, `game request: ${whole.error ?? `expected ${game.cut} plies`}`);
        } else {
            // Only the first difference of a game is reported: the rest usually follow from it.
            for (const [i, p] of game.plies.slice(0, game.cut).entries()) {
                const ours = whole.plies[i];
                movesCompared++;
                const where = `ply ${i + 1} ${p.uci}`;
                if (ours.uci !== p.uci) fail(g, `${where}: uci ${ours.uci}`);
                else if (ours.san !== p.san) fail(g, `${where}: SAN ours ${ours.san}, chessops ${p.san}`);
                else if (ours.fen !== p.fen) fail(g, `${where}: FEN ours ${ours.fen}, chessops ${p.fen}`);
                else continue;
                ok = false;
                break;
            }
            const last = game.positions[game.cut];
            if (!last.status.includes(whole.status))
                (ok = false), fail(g, `final status ours ${whole.status}, accepted ${last.status.join('|')}`);
        }
        ok ? passed++ : failed++;
    });
    const requests = positionAnswers.length + gameAnswers.length;

    const perftStarted = Date.now();
    const perftResult = await comparePerft960(opts, random, (what) => {
        if (reports.length < MAX_REPORTS) reports.push(`Chess960 perft: ${what}`);
    });
    passed += perftResult.passed;
    failed += perftResult.failed;
    const perftMs = Date.now() - perftStarted;

    const plies = games.reduce((n, g) => n + g.plies.length, 0);
    const endings = {};
    for (const game of games) {
        const last = game.positions[game.positions.length - 1];
        const key = game.plies.length >= opts.plies && last.status[0] === 'ongoing' ? 'ply limit' : last.status[0];
        endings[key] = (endings[key] || 0) + 1;
    }
    console.log(
        `differential: ${games.length} games (seed ${opts.seed}), ${plies} plies, ` +
            `${requests} requests; chessops ${chessopsMs} ms, rochade analyze ${analyzeMs} ms`,
    );
    console.log(`differential: game endings ${JSON.stringify(endings)}`);
    console.log(
        `differential: ${movesCompared} moves compared (SAN, FEN); ` +
            `rochade found ${deadBeyondInsufficient} dead positions beyond chessops's insufficient material`,
    );
    console.log(
        `differential: Chess960 perft: ${perftResult.positions} positions from all 960 starts, ` +
            `${perftResult.nodes} leaves compared, ${perftMs} ms`,
    );
    for (const r of reports) console.log(`MISMATCH ${r}`);
    if (reports.length === MAX_REPORTS) console.log(`(only the first ${MAX_REPORTS} mismatches shown)`);
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed === 0 ? 0 : 1);
}

await main();
