// Newline-delimited JSON as lichess streams it (/api/stream/event, /api/bot/game/stream/{id},
// /api/bot/online): one JSON object a line, and an empty line now and then that only keeps the
// connection alive. Bytes come in chunks cut anywhere, also inside a line or inside a multi-byte
// UTF-8 character, so the reader keeps what follows the last newline until the rest arrives.

import { StringDecoder } from 'node:string_decoder';

export class NdjsonLines {
    // onLine(object) for each JSON line; onKeepAlive() for each empty line; onBadLine(text, error)
    // for a line that is not JSON (the stream goes on, as lichess-bot's does after a bad event).
    constructor({ onLine, onKeepAlive = () => {}, onBadLine = () => {} }) {
        this.onLine = onLine;
        this.onKeepAlive = onKeepAlive;
        this.onBadLine = onBadLine;
        this.decoder = new StringDecoder('utf8');
        this.pending = '';
    }

    push(chunk) {
        this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
        let newline;
        while ((newline = this.pending.indexOf('\n')) >= 0) {
            const line = this.pending.slice(0, newline);
            this.pending = this.pending.slice(newline + 1);
            this.take(line);
        }
    }

    // The stream ended: a last line without its newline still counts (a server that closes right
    // after its last object), an empty remainder does not.
    end() {
        this.pending += this.decoder.end();
        const rest = this.pending;
        this.pending = '';
        if (rest.trim() !== '') this.take(rest);
    }

    take(line) {
        const text = line.endsWith('\r') ? line.slice(0, -1) : line;
        if (text.trim() === '') return this.onKeepAlive();
        let object;
        try {
            object = JSON.parse(text);
        } catch (error) {
            return this.onBadLine(text, error);
        }
        this.onLine(object);
    }
}

// The whole body of an NDJSON answer (e.g. /api/bot/online) as a list of objects.
export function parseNdjson(text) {
    const objects = [];
    const reader = new NdjsonLines({
        onLine: (object) => objects.push(object),
        onBadLine: (line, error) => {
            throw new Error(`not a JSON line: ${line.slice(0, 80)} (${error.message})`);
        },
    });
    reader.push(text);
    reader.end();
    return objects;
}
