// Who the browser is logged in as, and where the login stands, as a pure state machine: the
// page's code turns what happens (an HTTP answer, a hello_ok, a closed socket, a click) into an
// event, and nextSession says the new state. main.js then shows the login view or the lobby and
// opens or closes the WebSocket to match. The secret is the HttpOnly session cookie, which page
// scripts never see; this state holds only the identity the server reported.
//
// phase:
//   checking      GET /api/session is under way (nothing is shown yet)
//   signed_out    the login view (log in, register, play as guest)
//   signing_in    a login, registration or guest entry is under way
//   connecting    logged in; the WebSocket is opening or its hello is under way
//   online        hello_ok received
//   reconnecting  the connection dropped; the same empty hello follows when it is back
//   displaced     this session said hello in another tab or window (close 4000); offline
//                 here until the user asks to connect here again
//
// identity: {nick, guest, role} or null. error: the error to show on the login view, or null.

export function initialSession() {
    return { phase: 'checking', identity: null, error: null };
}

function identityOf(fields) {
    return { nick: fields.nick, guest: Boolean(fields.guest), role: fields.role || 'player' };
}

const LOGGED_IN = new Set(['connecting', 'online', 'reconnecting', 'displaced']);

// A hello refused for one of these reasons is tried again; any other refusal ends the session.
const HELLO_RETRY = new Set(['busy', 'storage_unavailable', 'disconnected']);

export function nextSession(state, event) {
    switch (event.type) {
    case 'session_found': // GET /api/session answered 200
        return { phase: 'connecting', identity: identityOf(event.identity), error: null };
    case 'session_missing': // 401 not_logged_in: the usual first visit
        return { phase: 'signed_out', identity: null, error: null };
    case 'unreachable': // GET /api/session failed otherwise
        return { phase: 'signed_out', identity: null, error: event.error };
    case 'submit':
        return state.phase === 'signed_out' ? { ...state, phase: 'signing_in', error: null } : state;
    case 'signed_in': // POST /api/login, /api/register or /api/guest answered 200
        return state.phase === 'signing_in' ? { phase: 'connecting', identity: identityOf(event.identity), error: null } : state;
    case 'refused':
        return state.phase === 'signing_in' ? { ...state, phase: 'signed_out', error: event.error } : state;
    case 'hello_ok':
        if (!LOGGED_IN.has(state.phase)) return state;
        return { phase: 'online', identity: identityOf(event.hello), error: null };
    case 'hello_refused':
        if (!LOGGED_IN.has(state.phase)) return state;
        if (HELLO_RETRY.has(event.error.code)) return { ...state, phase: 'reconnecting' };
        // not_logged_in: the session ended elsewhere (a logout, a password change, expiry).
        return { phase: 'signed_out', identity: null,
                 error: event.error.code === 'not_logged_in' ? { code: 'session_ended', message: event.error.message } : event.error };
    case 'ended': // the server ended the session with a last error frame (a ban): the login view says why
        if (!LOGGED_IN.has(state.phase)) return state;
        return { phase: 'signed_out', identity: null, error: event.error };
    case 'closed':
        if (state.phase !== 'online' && state.phase !== 'connecting' && state.phase !== 'reconnecting') return state;
        return { ...state, phase: event.code === 4000 ? 'displaced' : 'reconnecting' };
    case 'reconnect': // the user asks to connect this tab again after being displaced
        return state.phase === 'displaced' ? { ...state, phase: 'connecting' } : state;
    case 'logout':
        return { phase: 'signed_out', identity: null, error: null };
    case 'password_changed': // the server set a new cookie; the identity is the same
        return state.identity ? { ...state, identity: identityOf(event.identity) } : state;
    default:
        return state;
    }
}

// Whether the WebSocket should be open (or coming back after a drop).
export function wantsSocket(state) {
    return state.phase === 'connecting' || state.phase === 'online' || state.phase === 'reconnecting';
}

export function showsLogin(state) {
    return state.phase === 'signed_out' || state.phase === 'signing_in';
}

export function showsLobby(state) {
    return LOGGED_IN.has(state.phase);
}

// Whether the page is a visitor's: nobody is logged in (or a login is under way), and the rooms,
// their members and games are shown read only over a socket that says no hello (docs/protocol.md,
// "Visitors"), beside the ways in. Not while the session is still being checked: a player who
// is logged in would see the visitor's page flash first.
export function visits(state) {
    return state.phase === 'signed_out' || state.phase === 'signing_in';
}
