// A UCI engine process, as lichess-bot drives one (through python-chess) for each game: `uci`
// until `uciok`, the options (`setoption name Skill Level value N`), `isready` until `readyok`,
// `ucinewgame` at a game's start, then per move `position startpos moves ...` (or
// `position fen <initial FEN> moves ...`) and `go movetime M` until `bestmove`.
// Debian's stockfish 15.1 (/usr/games/stockfish) by default.

import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

export const STOCKFISH = process.env.STOCKFISH || '/usr/games/stockfish';

export class UciEngine {
    constructor({ path = STOCKFISH, name = 'engine' } = {}) {
        this.path = path;
        this.name = name;
        this.waiters = [];
        this.queue = Promise.resolve();
        this.exited = null;
        this.id = null;
        this.sent = []; // the commands, in order (for the self-check and for failures)
    }

    // Starts the process and waits for `uciok`; `options` are set before the first `isready`.
    async start(options = {}) {
        this.child = spawn(this.path, [], { stdio: ['pipe', 'pipe', 'ignore'] });
        this.child.on('exit', (code, signal) => {
            this.exited = { code, signal };
            const waiters = this.waiters;
            this.waiters = [];
            for (const w of waiters) w.reject(new Error(`${this.name}: the engine exited (${signal || code}) before "${w.prefix}"`));
        });
        this.child.on('error', (error) => {
            const waiters = this.waiters;
            this.waiters = [];
            for (const w of waiters) w.reject(new Error(`${this.name}: ${error.message}`));
        });
        this.child.stdin.on('error', () => {}); // a write after exit: reported through the waiters
        createInterface({ input: this.child.stdout }).on('line', (line) => this.hear(line));
        this.send('uci');
        await this.expect('uciok', 10_000);
        for (const [name, value] of Object.entries(options)) this.send(`setoption name ${name} value ${value}`);
        await this.ready();
        return this;
    }

    hear(line) {
        if (line.startsWith('id name ')) this.id = line.slice(8);
        const index = this.waiters.findIndex((w) => line === w.prefix || line.startsWith(w.prefix + ' '));
        if (index < 0) return;
        const [waiter] = this.waiters.splice(index, 1);
        clearTimeout(waiter.timer);
        waiter.resolve(line);
    }

    send(command) {
        if (this.exited) throw new Error(`${this.name}: the engine has exited (${this.exited.signal || this.exited.code})`);
        this.sent.push(command);
        this.child.stdin.write(command + '\n');
    }

    expect(prefix, ms) {
        return new Promise((resolve, reject) => {
            if (this.exited) return reject(new Error(`${this.name}: the engine has exited`));
            const waiter = { prefix, resolve, reject };
            waiter.timer = setTimeout(() => {
                this.waiters = this.waiters.filter((w) => w !== waiter);
                reject(new Error(`${this.name}: no "${prefix}" within ${ms} ms`));
            }, ms);
            this.waiters.push(waiter);
        });
    }

    // One command exchange at a time: a second search waits for the first's bestmove.
    exclusive(body) {
        const turn = this.queue.then(body);
        this.queue = turn.catch(() => {});
        return turn;
    }

    ready() {
        return this.exclusive(async () => {
            this.send('isready');
            await this.expect('readyok', 10_000);
        });
    }

    setOption(name, value) {
        return this.exclusive(async () => {
            this.send(`setoption name ${name} value ${value}`);
            this.send('isready');
            await this.expect('readyok', 10_000);
        });
    }

    newGame() {
        return this.exclusive(async () => {
            this.send('ucinewgame');
            this.send('isready');
            await this.expect('readyok', 10_000);
        });
    }

    // The engine's move (UCI) in the position after `moves` (UCI, from `initialFen`, "startpos"
    // or absent for the standard start), or null when it has none (mate or stalemate on the board).
    bestMove({ initialFen = 'startpos', moves = [], movetimeMs = 50 }) {
        return this.exclusive(async () => {
            const start = !initialFen || initialFen === 'startpos' ? 'startpos' : `fen ${initialFen}`;
            this.send(`position ${start}${moves.length ? ' moves ' + moves.join(' ') : ''}`);
            this.send(`go movetime ${movetimeMs}`);
            const line = await this.expect('bestmove', movetimeMs + 10_000);
            const move = line.split(/\s+/)[1];
            return !move || move === '(none)' || move === '0000' ? null : move;
        });
    }

    async quit() {
        if (!this.child || this.exited) return;
        const exited = new Promise((resolve) => this.child.once('exit', resolve));
        try {
            this.send('quit');
        } catch { /* gone already */ }
        const timer = setTimeout(() => this.child.kill('SIGKILL'), 2000);
        await exited;
        clearTimeout(timer);
    }
}
