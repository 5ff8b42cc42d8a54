// The browser client's entry point: owns the client's state (rooms, the room one is in, the
// tables one watches), routes every server frame to it, and redraws the views. The views only
// draw and turn clicks into requests.

import { el, fill } from './dom.js';
import { Connection, defaultServerUrl } from './connection.js';
import { LobbyView } from './lobby_view.js';
import { TableView } from './table_view.js';
import { TABLE_EVENTS, applyTableEvent, emptyTable, seatOf, tableIdOf } from './table_model.js';

const ROOM_KEY = 'rochade.room';
const TABLES_KEY = 'rochade.tables';
const LANG_KEY = 'rochade.lang';

const $ = (id) => document.getElementById(id);

const app = {
    connection: new Connection(defaultServerUrl(window.location)),
    rooms: [],
    room: null,             // {room, name, secret, members, tables: Map, chat}
    tables: new Map(),      // table id -> table model, for every table we watch or sit at
    shownTable: null,
    lang: localStorage.getItem(LANG_KEY) || 'en',
};

// ---- messages to the user -------------------------------------------------------------------

function showError(error) {
    // While the connection is being re-established the header says so; requests that failed
    // because the socket was gone are not news.
    if (error.code === 'disconnected' && app.connection.wanted) return;
    const text = error.code ? `${error.code}: ${error.message || ''}` : String(error.message || error);
    const item = el('li', { class: 'error', role: 'alert' }, text,
                    el('button', { type: 'button', class: 'link', 'aria-label': 'Dismiss', onclick: () => item.remove() }, '×'));
    $('messages').append(item);
    setTimeout(() => item.remove(), 12_000);
}

function showInfo(text) {
    const item = el('li', { class: 'info' }, text);
    $('messages').append(item);
    setTimeout(() => item.remove(), 6_000);
}

// Sends a request; an error reply is shown and passed on to the caller.
function request(type, fields) {
    return app.connection.request(type, fields).catch((error) => {
        showError(error);
        throw error;
    });
}

// A request whose failure the caller need not handle (it has been shown).
function act(type, fields) {
    request(type, fields).catch(() => {});
}

// ---- remembered per tab, so a reload comes back to the same place ----------------------------

function remember() {
    sessionStorage.setItem(ROOM_KEY, app.room ? String(app.room.room) : '');
    sessionStorage.setItem(TABLES_KEY, JSON.stringify([...app.tables.keys()]));
}

function rememberedRoom() {
    const value = Number(sessionStorage.getItem(ROOM_KEY));
    return Number.isInteger(value) && value !== 0 ? value : null;
}

function rememberedTables() {
    try {
        return JSON.parse(sessionStorage.getItem(TABLES_KEY) || '[]').filter(Number.isInteger);
    } catch {
        return [];
    }
}

// ---- rooms ------------------------------------------------------------------------------------

function listRooms() {
    request('list_rooms').then((reply) => {
        app.rooms = reply.rooms || [];
        drawRooms();
    }, () => {});
}

// The counts in the room list change with every entry, exit and table; one list_rooms after a
// burst of such events keeps them current without a request per event.
let roomsRefresh = null;
function refreshRoomsSoon() {
    clearTimeout(roomsRefresh);
    roomsRefresh = setTimeout(listRooms, 500);
}

function enterRoom(number) {
    request('enter_room', { room: number }).then((reply) => {
        const previous = app.room && app.room.room !== reply.room ? app.room.room : null;
        app.room = { room: reply.room, name: reply.name, secret: reply.secret, members: reply.members || [],
                     tables: new Map((reply.tables || []).map((t) => [t.table, t])), chat: app.room && app.room.room === reply.room ? app.room.chat : [] };
        remember();
        drawRoom();
        // One room at a time on screen: leave the one before, then list the counts as they are now.
        if (previous !== null) request('leave_room', { room: previous }).finally(listRooms).catch(() => {});
        else listRooms();
    }, () => {});
}

function leaveRoom(number) {
    request('leave_room', { room: number }).finally(() => {
        app.room = null;
        remember();
        drawRoom();
        listRooms();
    }).catch(() => {});
}

function onRoomEvent(frame) {
    const room = app.room;
    if (frame.type === 'whisper') {
        const line = { whisper: true, from: frame.from, to: frame.to, text: frame.text };
        if (room) room.chat.push(line);
        else showInfo(`${frame.from} whispers: ${frame.text}`);
        drawRoom();
        return;
    }
    if (!room || frame.room !== room.room) return;
    switch (frame.type) {
    case 'member_entered':
        if (!room.members.includes(frame.nick)) room.members.push(frame.nick);
        break;
    case 'member_left':
        room.members = room.members.filter((nick) => nick !== frame.nick);
        break;
    case 'room_chat':
        room.chat.push({ from: frame.from, text: frame.text });
        break;
    case 'table_opened':
    case 'table_updated':
        room.tables.set(frame.table.table, frame.table);
        break;
    case 'table_closed':
        room.tables.delete(frame.table);
        break;
    default:
        return;
    }
    if (frame.type !== 'room_chat') refreshRoomsSoon();
    drawRoom();
}

// ---- tables -----------------------------------------------------------------------------------

function watchTable(id, since) {
    const fields = { table: id };
    if (since) fields.since = since;
    if (!app.tables.has(id)) app.tables.set(id, emptyTable(id));
    return request('watch_table', fields).then(() => {
        app.shownTable ??= id;
        remember();
    }, (error) => {
        if (error.code === 'no_such_table') {
            app.tables.delete(id);
            if (app.shownTable === id) app.shownTable = null;
            remember();
            drawTable();
        }
        throw error;
    });
}

function showTable(id) {
    watchTable(id).then(() => {
        app.shownTable = id;
        drawTable();
    }, () => {});
}

function openTable(fields) {
    request('open_table', fields).then((reply) => {
        if (reply.table !== undefined) showTable(reply.table);
    }, () => {});
}

function joinTable(id) {
    watchTable(id).then(() => request('join_table', { table: id })).then(() => {
        app.shownTable = id;
        drawTable();
    }, () => {});
}

function closeTable(id) {
    const state = app.tables.get(id);
    const seat = state ? seatOf(state, app.connection.nick) : null;
    if (!seat || state.status !== 'playing') act('leave_table', { table: id });
    if (seat && state.status === 'playing') {
        showInfo('You play at this table: resign or abort before you leave it. It stays in your list.');
        app.shownTable = null;
    } else {
        app.tables.delete(id);
        if (app.shownTable === id) app.shownTable = app.tables.keys().next().value ?? null;
    }
    remember();
    drawTable();
}

function onTableEvent(frame) {
    const id = tableIdOf(frame);
    if (id === undefined || id === null) return;
    const before = app.tables.get(id);
    if (!before) {
        if (frame.type !== 'table_state' && frame.type !== 'game_started') return;
    }
    const { state, resync } = applyTableEvent(before || emptyTable(id), frame, performance.now());
    if (resync) {
        watchTable(id, before.seq).catch(() => {});
        return;
    }
    app.tables.set(id, state);
    if (app.shownTable === null) app.shownTable = id;
    if (frame.type === 'game_started' && seatOf(state, app.connection.nick)) app.shownTable = id;
    remember();
    drawTable();
}

// ---- drawing ----------------------------------------------------------------------------------

const lobbyView = new LobbyView($('rooms'), $('room'), {
    enterRoom, leaveRoom, listRooms, openTable, joinTable, watchTable: showTable,
    roomChat: (room, text) => request('room_chat', { room, text }),
    whisper: (to, text) => request('whisper', { to, text }).then(() => {
        if (app.room) app.room.chat.push({ whisper: true, from: app.connection.nick, to, text });
        drawRoom();
    }),
});
const tableView = new TableView($('table'), request, closeTable);

function drawRooms() {
    lobbyView.renderRooms(app.rooms, app.room ? app.room.room : null);
}

function drawRoom() {
    lobbyView.renderRoom(app.room, app.connection.nick);
}

function drawTable() {
    const tabs = [...app.tables.values()].map((t) => el('button', {
        type: 'button', class: t.table === app.shownTable ? 'current' : '', dataset: { table: t.table },
        onclick: () => { app.shownTable = t.table; drawTable(); },
    }, `#${t.table} ${t.white || '?'}–${t.black || '?'}`));
    // The tabs are the way back to a table that is not on screen.
    fill($('table-tabs'), tabs.length > 1 || (tabs.length === 1 && app.shownTable === null) ? tabs : []);
    tableView.render(app.tables.get(app.shownTable) || null, { nick: app.connection.nick, lang: app.lang });
    $('table').hidden = !app.tables.get(app.shownTable);
    $('table-panel').hidden = app.tables.size === 0;
}

function drawHeader(status) {
    const labels = { connecting: 'connecting…', open: 'connected', ready: 'online',
                     closed: app.connection.wanted ? 'disconnected — reconnecting…' : 'offline' };
    const stateNode = $('connection-state');
    stateNode.textContent = labels[status] || status;
    $('logout').hidden = !app.connection.greeted && !app.connection.wanted;
    stateNode.className = `connection ${status}`;
    $('me').textContent = app.connection.greeted ? app.connection.nick : '';
    $('lang').textContent = app.lang === 'de' ? 'SAN: Deutsch' : 'SAN: English';
}

// ---- wiring -----------------------------------------------------------------------------------

const connection = app.connection;

connection.addEventListener('status', (event) => {
    drawHeader(event.detail);
    if (event.detail === 'closed' && !connection.wanted) {
        $('login').hidden = false;
        $('app').hidden = true;
    }
});

// After every hello (first, resumed after a drop, or after a reload): come back to the room and
// the tables, asking each table only for the events missed since the last one seen.
connection.addEventListener('session', (event) => {
    const hello = event.detail;
    $('login').hidden = true;
    $('app').hidden = false;
    drawHeader('ready');
    if (hello.resumed) showInfo(`Welcome back, ${hello.nick}.`);
    listRooms();
    const room = app.room ? app.room.room : rememberedRoom();
    if (room) enterRoom(room);
    const ids = new Set([...rememberedTables(), ...app.tables.keys(), ...(hello.tables || [])]);
    for (const id of ids) {
        const known = app.tables.get(id);
        watchTable(id, known && known.seq ? known.seq : undefined).then(drawTable, () => {});
    }
    drawRoom();
    drawTable();
});

connection.addEventListener('message', (event) => {
    const frame = event.detail;
    if (TABLE_EVENTS.has(frame.type)) onTableEvent(frame);
    else onRoomEvent(frame);
});

connection.addEventListener('problem', (event) => {
    showError(event.detail);
    if (!connection.greeted) {
        $('login').hidden = false;
        $('app').hidden = true;
    }
});

connection.addEventListener('goodbye', (event) => {
    const { code, reason } = event.detail;
    if (code === 4000) {
        connection.wanted = false;
        showError({ code: 'replaced', message: 'This nick connected again elsewhere; this tab is now offline.' });
    } else if (code === 1006) {
        showInfo('The connection was lost; reconnecting…');
    } else if (code !== 1000 && code !== 1005) {
        showError({ code: `closed ${code}`, message: reason || 'The connection was closed.' });
    }
});

$('login-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const nick = $('nick').value.trim();
    if (nick) connection.start(nick);
});

$('logout').addEventListener('click', () => {
    connection.stop();
    app.room = null;
    app.tables.clear();
    app.shownTable = null;
    remember();
    $('login').hidden = false;
    $('app').hidden = true;
});

$('lang').addEventListener('click', () => {
    app.lang = app.lang === 'de' ? 'en' : 'de';
    localStorage.setItem(LANG_KEY, app.lang);
    drawHeader(connection.greeted ? 'ready' : 'open');
    drawTable();
});

setInterval(() => tableView.tick(performance.now()), 100);
setInterval(() => { if (connection.greeted && !document.hidden) listRooms(); }, 15_000);

drawRooms();
drawRoom();
drawTable();
if (connection.hasStoredSession()) connection.start('');
else $('nick').value = connection.nick;
