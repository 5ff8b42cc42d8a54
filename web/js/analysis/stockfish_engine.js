// Stockfish in the browser (WebAssembly, the npm package "stockfish", single-threaded "lite"
// build: no SharedArrayBuffer, so no special headers), in a Web Worker that only this page
// starts. The worker's files are copied by build.mjs to /engine/ under their own names; the
// script finds its .wasm beside itself. One search at a time: a new position stops the last and
// is sent only once the stopped search has said "bestmove" (the single-threaded engine must not
// take a new position mid-search), and what the stopped search still prints is not passed on.

export const ENGINE_SCRIPT = '/engine/stockfish-18-lite-single.js';
export const LINES = 3;
export const DEPTH = 18;

export class StockfishEngine {
    // onLine(text): every line the engine prints; onProblem(error): it could not start.
    constructor({ onLine, onProblem }) {
        this.onLine = onLine;
        this.onProblem = onProblem;
        this.worker = null;
        this.ready = false;
        this.queued = null; // the position asked for before the engine was ready
        this.searching = false;
        this.stopping = false; // a search was told to stop; its "bestmove" has not come yet
    }

    start({ chess960 = false } = {}) {
        try {
            this.worker = new Worker(ENGINE_SCRIPT);
        } catch (error) {
            this.onProblem(error);
            return;
        }
        this.worker.onerror = (event) => this.onProblem(new Error(event.message || 'the engine failed'));
        this.worker.onmessage = (event) => {
            const line = String(event.data);
            if (line === 'readyok' && !this.ready) {
                this.ready = true;
                if (this.queued) this.analyse(this.queued);
                return;
            }
            if (line.startsWith('bestmove')) {
                this.searching = false;
                this.stopping = false;
                if (this.queued) this.analyse(this.queued);
                return;
            }
            if (!this.stopping) this.onLine(line);
        };
        this.send('uci');
        this.send(`setoption name MultiPV value ${LINES}`);
        if (chess960) this.send('setoption name UCI_Chess960 value true');
        this.send('isready');
    }

    // Searches `fen` to DEPTH; the info lines come to onLine.
    analyse(fen) {
        if (!this.ready || this.stopping) {
            this.queued = fen;
            return;
        }
        if (this.searching) {
            this.queued = fen;
            this.stopping = true;
            this.send('stop');
            return;
        }
        this.queued = null;
        this.searching = true;
        this.send(`position fen ${fen}`);
        this.send(`go depth ${DEPTH}`);
    }

    // Nothing to search (the game is over on the board): the running search stops.
    stop() {
        this.queued = null;
        if (!this.worker || !this.searching || this.stopping) return;
        this.stopping = true;
        this.send('stop');
    }

    send(command) {
        this.worker.postMessage(command);
    }
}
