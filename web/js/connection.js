// The WebSocket connection to the server: says hello, matches replies to requests by id, and
// comes back after a dropped connection. The browser is identified by its session cookie, which
// the WebSocket's upgrade carries: hello has no nick and no token, and no secret is kept by the
// page (a reload, a drop and a restart of the server all come back with the same empty hello).
//
// Events (dispatched on the Connection, an EventTarget):
//   status   {detail: "connecting" | "open" | "ready" | "closed"}
//   session  {detail: hello_ok}        after every successful hello
//   visit    {detail: welcome}         a visitor's socket is ready (visit(): no hello is said)
//   refused  {detail: error frame}     the hello was refused (not_logged_in: the session ended)
//   message  {detail: frame}           every frame from the server, replies included
//   problem  {detail: error frame}     an error not tied to a pending request
//   goodbye  {detail: {code, reason}}  the connection closed (before a reconnect is planned)

// The page talks to the server that served it: the session cookie is SameSite=Strict and the
// server admits a WebSocket only from its own origin.
export function serverUrl(location) {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws`;
}

// A hello refused with one of these is said again after a moment on the same connection: the
// server did not greet, and nothing was wrong with the request (docs/protocol.md 9a).
const HELLO_AGAIN = new Set(['busy', 'storage_unavailable']);

export class Connection extends EventTarget {
    constructor(url) {
        super();
        this.url = url;
        this.socket = null;
        this.nextId = 1;
        this.pending = new Map(); // id -> {resolve, reject, type}
        this.welcome = null;
        this.greeted = false;
        this.wanted = false; // logged in (or visiting): stay online and reconnect after drops
        // A visitor's socket says no hello: the server lets it look into rooms and watch games
        // (docs/protocol.md, "Visitors"). `visiting` is true while such a socket is ready.
        this.anonymous = false;
        this.visiting = false;
        this.retryDelayMs = 500;
        this.retryTimer = null;
        this.helloTimer = null;
    }

    // Goes online (the session cookie says who we are). While online or reconnecting it does
    // nothing: the reconnection after a drop keeps its back-off.
    start() {
        if (this.wanted && !this.anonymous) return;
        // A visitor who logged in: the new socket's upgrade carries the new session cookie.
        if (this.anonymous) this.stop();
        this.wanted = true;
        this.retryDelayMs = 500;
        if (!this.socket) this.open();
    }

    // Goes online as a visitor, without hello (and comes back after drops as one). A logged-in
    // socket is closed first.
    visit() {
        if (this.wanted && this.anonymous) return;
        if (this.wanted) this.stop();
        this.anonymous = true;
        this.wanted = true;
        this.retryDelayMs = 500;
        if (!this.socket) this.open();
    }

    // Goes offline: closes the socket and stops reconnecting. The socket is let go at once (its
    // close is no news: no goodbye), so a start() right after opens a new one.
    stop() {
        this.wanted = false;
        this.anonymous = false;
        this.visiting = false;
        clearTimeout(this.retryTimer);
        clearTimeout(this.helloTimer);
        const socket = this.socket;
        if (!socket) return;
        this.socket = null;
        this.greeted = false;
        this.failPending();
        socket.close(1000, 'bye');
        this.emit('status', 'closed');
    }

    open() {
        clearTimeout(this.retryTimer);
        this.greeted = false;
        this.visiting = false;
        this.emit('status', 'connecting');
        const socket = new WebSocket(this.url);
        this.socket = socket;
        socket.addEventListener('open', () => { if (this.socket === socket) this.emit('status', 'open'); });
        socket.addEventListener('message', (event) => { if (this.socket === socket) this.receive(event.data); });
        socket.addEventListener('close', (event) => {
            if (this.socket !== socket) return;
            this.socket = null;
            this.greeted = false;
            this.visiting = false;
            clearTimeout(this.helloTimer);
            this.failPending();
            this.emit('status', 'closed');
            this.emit('goodbye', { code: event.code, reason: event.reason });
            if (this.wanted) this.scheduleReconnect();
        });
    }

    scheduleReconnect() {
        const delay = this.retryDelayMs;
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 10_000);
        clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => { if (this.wanted && !this.socket) this.open(); }, delay);
    }

    failPending() {
        for (const [, waiter] of this.pending) waiter.reject({ code: 'disconnected', message: '' });
        this.pending.clear();
    }

    receive(text) {
        let frame;
        try {
            frame = JSON.parse(text);
        } catch {
            this.emit('problem', { code: 'bad_frame', message: String(text).slice(0, 200) });
            return;
        }
        if (frame.type === 'welcome') {
            this.welcome = frame;
            if (!this.anonymous) {
                this.hello();
                return;
            }
            this.visiting = true;
            this.retryDelayMs = 500;
            this.emit('status', 'ready');
            this.emit('visit', frame);
            return;
        }
        const waiter = frame.id !== undefined ? this.pending.get(frame.id) : undefined;
        if (waiter) {
            this.pending.delete(frame.id);
            if (frame.type === 'error') waiter.reject(frame);
            else waiter.resolve(frame);
        } else if (frame.type === 'error') {
            this.emit('problem', frame);
        }
        this.emit('message', frame);
    }

    // The empty hello of a browser: the upgrade carried the session cookie.
    async hello() {
        const socket = this.socket;
        try {
            const reply = await this.request('hello');
            if (this.socket !== socket) return;
            this.greeted = true;
            this.retryDelayMs = 500;
            this.emit('status', 'ready');
            this.emit('session', reply);
        } catch (error) {
            if (this.socket !== socket || error.code === 'disconnected') return;
            if (HELLO_AGAIN.has(error.code)) {
                clearTimeout(this.helloTimer);
                this.helloTimer = setTimeout(() => { if (this.socket === socket) this.hello(); }, this.retryDelayMs);
                this.retryDelayMs = Math.min(this.retryDelayMs * 2, 10_000);
                return;
            }
            this.wanted = false;
            this.emit('refused', error);
            if (this.socket) this.socket.close(1000, 'hello refused');
        }
    }

    // Sends a request with an id; resolves with the reply, rejects with the error frame.
    request(type, fields = {}) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
                reject({ code: 'disconnected', message: '' });
                return;
            }
            this.pending.set(id, { resolve, reject, type });
            this.socket.send(JSON.stringify({ type, id, ...fields }));
        });
    }

    emit(name, detail) {
        this.dispatchEvent(new CustomEvent(name, { detail }));
    }
}
