// The WebSocket connection to the server: says hello, matches replies to requests by id, and
// comes back after a dropped connection or a reload with the resume token kept in
// sessionStorage (per browser tab, so two tabs are two players).
//
// Events (dispatched on the Connection, an EventTarget):
//   status   {detail: "connecting" | "open" | "ready" | "closed"}
//   session  {detail: hello_ok}        after every successful hello (resumed or new)
//   message  {detail: frame}           every frame from the server, replies included
//   problem  {detail: error frame}     an error not tied to a pending request
//   goodbye  {detail: {code, reason}}  the connection closed

const TOKEN_KEY = 'rochade.resume_token';
const NICK_KEY = 'rochade.nick';

export function defaultServerUrl(location) {
    const override = new URLSearchParams(location.search).get('server');
    if (override) return override;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}/ws`;
}

export class Connection extends EventTarget {
    constructor(url, storage = sessionStorage) {
        super();
        this.url = url;
        this.storage = storage;
        this.socket = null;
        this.nextId = 1;
        this.pending = new Map(); // id -> {resolve, reject, type}
        this.welcome = null;
        this.nick = storage.getItem(NICK_KEY) || '';
        this.greeted = false;
        this.wanted = false; // the user asked to be online: reconnect after drops
        this.retryDelayMs = 500;
        this.retryTimer = null;
    }

    get resumeToken() {
        return this.storage.getItem(TOKEN_KEY);
    }

    // A stored session from before a reload: the caller may connect without asking for a nick.
    hasStoredSession() {
        return Boolean(this.resumeToken);
    }

    // Goes online as `nick` (or with the stored resume token when nick is empty).
    start(nick) {
        if (nick) this.nick = nick;
        this.wanted = true;
        this.open();
    }

    // Forgets the session: closes the socket and drops the resume token.
    stop() {
        this.wanted = false;
        this.storage.removeItem(TOKEN_KEY);
        clearTimeout(this.retryTimer);
        if (this.socket) this.socket.close(1000, 'bye');
    }

    open() {
        clearTimeout(this.retryTimer);
        this.greeted = false;
        this.emit('status', 'connecting');
        const socket = new WebSocket(this.url);
        this.socket = socket;
        socket.addEventListener('open', () => this.emit('status', 'open'));
        socket.addEventListener('message', (event) => this.receive(event.data));
        socket.addEventListener('close', (event) => {
            if (this.socket !== socket) return;
            this.socket = null;
            this.greeted = false;
            this.failPending('the connection closed');
            this.emit('status', 'closed');
            this.emit('goodbye', { code: event.code, reason: event.reason });
            if (this.wanted) this.scheduleReconnect();
        });
    }

    scheduleReconnect() {
        const delay = this.retryDelayMs;
        this.retryDelayMs = Math.min(this.retryDelayMs * 2, 10_000);
        this.retryTimer = setTimeout(() => this.open(), delay);
    }

    failPending(why) {
        for (const [, waiter] of this.pending) waiter.reject({ code: 'disconnected', message: why });
        this.pending.clear();
    }

    receive(text) {
        let frame;
        try {
            frame = JSON.parse(text);
        } catch {
            this.emit('problem', { code: 'bad_frame', message: `The server sent text that is not JSON: ${text}` });
            return;
        }
        if (frame.type === 'welcome') {
            this.welcome = frame;
            this.hello();
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

    // Resumes with the stored token when there is one; a token the server no longer knows
    // (after its grace period or a restart without the session) falls back to the nick.
    async hello() {
        const token = this.resumeToken;
        try {
            const reply = token
                ? await this.request('hello', this.nick ? { nick: this.nick, resume_token: token } : { resume_token: token })
                : await this.request('hello', { nick: this.nick });
            this.acceptHello(reply);
        } catch (error) {
            if (token && error.code === 'bad_resume_token' && this.nick) {
                this.storage.removeItem(TOKEN_KEY);
                return this.hello();
            }
            this.wanted = false;
            this.emit('problem', error);
            if (this.socket) this.socket.close(1000, 'hello refused');
        }
    }

    acceptHello(reply) {
        this.nick = reply.nick;
        this.greeted = true;
        this.retryDelayMs = 500;
        this.storage.setItem(TOKEN_KEY, reply.resume_token);
        this.storage.setItem(NICK_KEY, reply.nick);
        this.emit('status', 'ready');
        this.emit('session', reply);
    }

    // Sends a request with an id; resolves with the reply, rejects with the error frame.
    request(type, fields = {}) {
        const id = this.nextId++;
        return new Promise((resolve, reject) => {
            if (!this.socket || this.socket.readyState !== WebSocket.OPEN) {
                reject({ code: 'disconnected', message: 'Not connected to the server.' });
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
