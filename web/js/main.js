// The browser client's entry point: owns the client's state (the session, rooms, the room one is
// in, the tables one watches), routes every server frame to it, and redraws the views. The views
// only draw and turn clicks into requests.
//
// Who one is lives in the HttpOnly session cookie that POST /api/login, /api/register and
// /api/guest set; page scripts never see it, and nothing secret is kept in localStorage or
// sessionStorage (only the room and the watched tables, to come back to them after a reload).

import { el, fill } from './dom.js';
import { AccountApi } from './account_api.js';
import { AccountView } from './account_view.js';
import { AlertsView } from './alerts_view.js';
import { BotListView } from './bot_list_view.js';
import { fetchOnlineBots } from './bot_list.js';
import { ChallengeView } from './challenge_view.js';
import { FriendChallengeView, OpenedChallengeView } from './open_challenge_view.js';
import {
    challengeTokenFromPath, linksAfter, noLinks, withMadeLink, withOpenedError, withoutLink, withoutOpened,
} from './open_challenges.js';
import { PoolView } from './pool_view.js';
import { noPools, poolLeftNotice, poolsAfter, waitingIn } from './pools.js';
import { answerOf, challengesAfter, noChallenges, withOutgoing, withoutChallenge } from './challenges.js';
import { Connection, serverUrl } from './connection.js';
import { HeaderView } from './header_view.js';
import { InvitationView } from './invitation_view.js';
import { invitationsAfter, rematchOffers, withoutTables } from './invitations.js';
import { LobbyView } from './lobby_view.js';
import { LoginView } from './login_view.js';
import { LANGUAGE_KEY, NOTATION_KEY, initialLanguage, language, notationFor, setLanguage, t, toggledNotation } from './messages.js';
import {
    MEMBER_PAGE_SIZE, ROOM_EVENTS, addChatLine, applyMemberPage, applyRoomEvent, isLargeRoom, roomFromReply,
} from './room_model.js';
import { pageTitle } from './page_title.js';
import { initialSession, nextSession, showsLobby, showsLogin, visits, wantsSocket } from './session.js';
import { TableView } from './table_view.js';
import { TournamentView } from './tournament_view.js';
import { TournamentRoomView } from './tournament_room_view.js';
import {
    enteredOrNot, entering, headingForRoom, isTournamentRoom, noTournamentRoom, panelOf, roomOfTournament, roomToEnter, saysClosed,
    wanting, wishSpent,
} from './tournament_room.js';
import { isArena } from './arena.js';
import {
    myNewGames, noTournaments, roomOfRefusal, showing, shownTournament, tournamentOfPath, tournamentsAfter, withRound,
} from './tournaments.js';
import { TABLE_EVENTS, applyTableEvent, emptyTable, seatOf, tableIdOf } from './table_model.js';
import { pendingMoveFate } from './table_play.js';
import { playSound, soundForMove } from './sounds.js';
import { parseChallengeLink } from './challenge_link.js';
import { parseWatchLink } from './watch_link.js';
import { visitorRoom } from './visitor.js';
import { WelcomeView } from './welcome_view.js';

const ROOM_KEY = 'rochade.room';
const TABLES_KEY = 'rochade.tables';
const VIEW_KEY = 'rochade.view';
const SHOWN_KEY = 'rochade.shownTable';
const LOBBY_TAB_KEY = 'rochade.lobbyTab';
const TOURNAMENT_KEY = 'rochade.tournament';

const $ = (id) => document.getElementById(id);

document.documentElement.lang = setLanguage(initialLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages));

const app = {
    api: new AccountApi(),
    connection: new Connection(serverUrl(window.location)),
    session: initialSession(),
    rooms: [],
    room: null,             // the room model (room_model.js)
    tables: new Map(),      // table id -> table model, for every table we watch or sit at
    // The table on screen; after a reload the one that was (its id, until the tables are back).
    shownTable: rememberedShownTable(),
    notation: notationFor(language(), localStorage.getItem(NOTATION_KEY)), // the move list's SAN: "en" or "de"
    // What the page shows: 'lobby' (rooms, the room) or 'game' (the shown table). Wide screens
    // show both side by side; narrower ones one at a time, with the switch in the header.
    view: sessionStorage.getItem(VIEW_KEY) === 'game' ? 'game' : 'lobby',
    // Moves made while the connection was down, by table: {move, typed, plies, resolve, reject}.
    pendingMoves: new Map(),
    accountOpen: false,
    // Invitations to a table that stand for me: table id -> its summary (invitations.js).
    invitations: new Map(),
    // Challenges to me and mine that stand (challenges.js).
    challenges: noChallenges(),
    // The pools' counts and the pool I wait in (pools.js).
    pools: noPools(),
    // My challenge links, and the one this page was opened for (open_challenges.js).
    links: noLinks(challengeTokenFromPath(window.location.pathname)),
    // "Challenge a friend" pressed on the first page: the form opens once the guest is online.
    friendFormWanted: false,
    // The lobby's tab: 'rooms' (the rooms and the room one is in) or 'tournaments'; a
    // tournament's public address (/tournaments/{id}) opens it.
    lobbyTab: tournamentOfPath(window.location.pathname) || sessionStorage.getItem(LOBBY_TAB_KEY) === 'tournaments'
        ? 'tournaments' : 'rooms',
    // The tournaments' lists, those shown in full and the one on screen (tournaments.js).
    tournaments: showing(noTournaments(), tournamentOfPath(window.location.pathname) ?? rememberedTournament()),
    // The room of the tournament on screen: to enter, being entered, or found closed
    // (tournament_room.js). A page that opens on a tournament's page enters its room.
    tournamentRoom: noTournamentRoom(),
    // The bots online (bot_list.js): the list as last read (null before), and why the last read failed.
    bots: { list: null, error: null },
};
if (app.lobbyTab === 'tournaments' && app.tournaments.shown !== null) app.tournamentRoom = wanting(app.tournamentRoom, app.tournaments.shown);

// The page's own title, to go back to when it is not my move (page_title.js).
const BASE_TITLE = document.title;

function myNick() {
    return app.session.identity ? app.session.identity.nick : '';
}

// ---- messages to the user -------------------------------------------------------------------

const alerts = new AlertsView($('messages'));

function showError(error) {
    // While the connection is being re-established the header says so; requests that failed
    // because the socket was gone are not news.
    if (error.code === 'disconnected' && wantsSocket(app.session)) return;
    alerts.error(error);
}

function showInfo(text) {
    alerts.info(text);
}

// Sends a request; an error reply is shown and passed on to the caller.
function request(type, fields) {
    return app.connection.request(type, fields).catch((error) => {
        // A request cut off because the session has ended (a ban, a logout) is no news of its
        // own: the login view says why the session ended, once.
        if (!(error.code === 'disconnected' && showsLogin(app.session))) showError(error);
        throw error;
    });
}

// A request whose failure the caller need not handle (it has been shown).
function act(type, fields) {
    request(type, fields).catch(() => {});
}

// ---- remembered per tab, so a reload comes back to the same place ----------------------------

function remember() {
    sessionStorage.setItem(VIEW_KEY, app.view);
    sessionStorage.setItem(SHOWN_KEY, app.shownTable === null ? '' : String(app.shownTable));
    sessionStorage.setItem(ROOM_KEY, app.room ? String(app.room.room) : '');
    sessionStorage.setItem(TABLES_KEY, JSON.stringify([...app.tables.keys()]));
    sessionStorage.setItem(LOBBY_TAB_KEY, app.lobbyTab);
    sessionStorage.setItem(TOURNAMENT_KEY, app.tournaments.shown === null ? '' : String(app.tournaments.shown));
}

function rememberedTournament() {
    const value = Number(sessionStorage.getItem(TOURNAMENT_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
}

function rememberedShownTable() {
    const value = Number(sessionStorage.getItem(SHOWN_KEY));
    return Number.isInteger(value) && value > 0 ? value : null;
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

// Forgets the rooms and tables of a session that ended, so the next login starts afresh.
function forgetPlaces() {
    app.invitations = new Map();
    app.challenges = noChallenges();
    app.links = { ...noLinks(), opened: app.links.opened };
    app.pools = { ...noPools(), counts: app.pools.counts };
    app.tournaments = { ...noTournaments(), lists: app.tournaments.lists, shown: app.tournaments.shown };
    app.rooms = [];
    app.room = null;
    app.bots = { list: null, error: null };
    app.tables.clear();
    app.shownTable = null;
    remember();
    drawRooms();
    drawRoom();
    drawTable();
}

// ---- the session ------------------------------------------------------------------------------

// Every change of the session goes through here: the state machine says the new state, and the
// page follows it (which view is shown, whether the WebSocket is open).
function sessionEvent(event) {
    const before = app.session;
    app.session = nextSession(before, event);
    if (before.identity && !app.session.identity) {
        forgetPlaces();
        app.accountOpen = false;
    }
    if (wantsSocket(app.session)) app.connection.start();
    else if (visits(app.session)) app.connection.visit(); // the rooms and games, read only
    else if (app.connection.wanted) app.connection.stop();
    drawSession();
}

function signIn(phase) {
    sessionEvent({ type: 'submit' });
    phase.then((identity) => sessionEvent({ type: 'signed_in', identity }),
               (error) => sessionEvent({ type: 'refused', error }));
}

// Logging out closes the socket first (the session is signed out before the server is told),
// so the server's end of the session is not mistaken for a dropped connection; if the server
// cannot be told, the session goes on.
function logOut() {
    const identity = app.session.identity;
    alerts.clear();
    sessionEvent({ type: 'logout' });
    app.api.logout().catch((error) => {
        showError(error);
        if (identity && app.session.phase === 'signed_out') sessionEvent({ type: 'session_found', identity });
    });
}

function changePassword(password, newPassword) {
    return app.api.changePassword(password, newPassword).then((identity) => {
        sessionEvent({ type: 'password_changed', identity });
        showInfo(t('account.password.done'));
    });
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
    return request('enter_room', { room: number }).then(roomEntered, () => {});
}

function roomEntered(reply) {
    const previous = app.room && app.room.room !== reply.room ? app.room.room : null;
    app.room = roomFromReply(reply, app.room);
    noteInvitations(reply);
    remember();
    drawRoom();
    if (isLargeRoom(app.room)) memberPage(app.room.room, 0);
    // One room at a time on screen: leave the one before, then list the counts as they are now.
    if (previous !== null) request('leave_room', { room: previous }).finally(listRooms).catch(() => {});
    else listRooms();
}

function leaveRoom(number) {
    request('leave_room', { room: number }).finally(() => {
        app.room = null;
        remember();
        drawRoom();
        listRooms();
    }).catch(() => {});
}

// A large room lists its members a page at a time (room_model.js).
function memberPage(room, offset) {
    request('room_members', { room, offset, limit: MEMBER_PAGE_SIZE }).then((reply) => {
        app.room = applyMemberPage(app.room, reply);
        drawRoom();
    }, () => {});
}

function onRoomEvent(frame) {
    if (frame.type === 'notice') {
        alerts.notice(t(frame.room !== undefined ? 'notice.moderator.room' : 'notice.moderator.all',
                        { from: frame.from, text: frame.text, room: frame.room }));
        return;
    }
    if (frame.type === 'whisper') {
        const line = { whisper: true, from: frame.from, to: frame.to, text: frame.text };
        if (app.room) app.room = addChatLine(app.room, line);
        else showInfo(t('chat.whisper.info', { from: frame.from, text: frame.text }));
        drawRoom();
        return;
    }
    if (frame.type === 'table_opened' || frame.type === 'room_tables') noteInvitations(frame);
    if (!ROOM_EVENTS.has(frame.type) || !app.room || frame.room !== app.room.room) return;
    const wasLarge = isLargeRoom(app.room);
    app.room = applyRoomEvent(app.room, frame);
    // A room that grew past the list: show its first page.
    if (!wasLarge && isLargeRoom(app.room)) memberPage(app.room.room, 0);
    if (frame.type !== 'room_chat') refreshRoomsSoon();
    drawRoom();
}

// ---- tables -----------------------------------------------------------------------------------

function forgetTable(id) {
    app.tables.delete(id);
    if (app.shownTable === id) app.shownTable = app.tables.keys().next().value ?? null;
    if (app.tables.size === 0) app.view = 'lobby';
    remember();
    drawView();
    drawTable();
}

// Stands up, leaves after a game or stops watching. Once the server agrees the table leaves the
// page: the server sends a table one left nothing more, so what the page showed of it would
// stand still. A table that is gone already (closed, or no_such_table) is let go without a word,
// since going was what the player asked for.
function leaveTable(id) {
    const state = app.tables.get(id);
    if (state && state.closed) {
        forgetTable(id);
        return Promise.resolve();
    }
    return app.connection.request('leave_table', { table: id }).then(() => forgetTable(id), (error) => {
        if (error.code === 'no_such_table') {
            forgetTable(id);
            return;
        }
        showError(error);
        throw error;
    });
}

// The table's requests from its view; leaving goes through leaveTable.
function tableRequest(type, fields) {
    if (type === 'leave_table') return leaveTable(fields.table);
    return request(type, fields);
}

// A table closed (its players left, or a moderator closed it). One whose game was played stays
// on the page as it ended, read only, until closed; one without a game goes at once.
function tableClosed(id) {
    const state = app.tables.get(id);
    if (!state) return;
    if (!state.result) forgetTable(id);
    else app.tables.set(id, { ...state, closed: true });
}

// ---- invitations and rematch offers ------------------------------------------------------------

// Whether a table is on screen now (the game view shows it), where its own buttons answer a
// rematch offer; a table behind the lobby (a narrow screen), in a tab, or closed is not.
function tableOnScreen(id) {
    return app.shownTable === id && !$('table').hidden && $('table').getClientRects().length > 0;
}

// A frame that may bring, change or end an invitation; a new one rings.
function noteInvitations(frame) {
    const before = app.invitations;
    app.invitations = invitationsAfter(before, frame, myNick());
    if ([...app.invitations.keys()].some((id) => !before.has(id))) playSound('invitation');
    if (app.invitations !== before) drawInvitations();
}

function answered(id) {
    app.invitations = withoutTables(app.invitations, [id]);
    drawInvitations();
}

// Accept: into the table's room (a player joins only there), sit down, the game on screen.
function acceptInvitation(summary) {
    answered(summary.table);
    const entered = app.room && app.room.room === summary.room ? Promise.resolve() : enterRoom(summary.room);
    entered.then(() => joinTable(summary.table));
}

function declineInvitation(summary) {
    answered(summary.table);
    app.connection.request('decline_invitation', { table: summary.table }).catch((error) => {
        if (error.code !== 'no_such_table') showError(error);
    });
}

function acceptRematch(offer) {
    request('rematch', { table: offer.table }).then(() => {
        app.shownTable = offer.table;
        showView('game');
        drawTable();
    }, () => {});
}

// Declining a rematch is standing up: the opponent sees the seat go free (notice.seat_left).
function declineRematch(offer) {
    leaveTable(offer.table).catch(() => {});
}

// The opener hears that the invited player said no; the table then closes (table_closed).
function invitationDeclined(frame) {
    showInfo(t('invitation.declined', { nick: frame.nick, table: frame.table }));
}

// ---- challenges (docs/protocol.md, "Challenges") ----------------------------------------------

const CHALLENGE_EVENTS = new Set(['challenge', 'challenge_accepted', 'challenge_declined', 'challenge_canceled',
                                  'challenge_expired']);

// A challenge to me rings; an answer or an end is told. An accepted one needs nothing more: the
// table's state and game_started follow, and a game of one's own comes on screen by itself.
function onChallengeEvent(frame) {
    const answer = answerOf(app.challenges, frame);
    if (answer) showInfo(t(answer.key, { ...answer.params, reason: answer.params.reason ? t(answer.params.reason) : undefined }));
    app.challenges = challengesAfter(app.challenges, frame);
    if (frame.type === 'challenge') playSound('invitation');
    // One of my open challenge links was accepted (its id is the challenge's): it is used up.
    if (frame.type === 'challenge_accepted') app.links = withoutLink(app.links, frame.challenge);
    drawChallenges();
    drawLinks();
}

function sendChallenge(fields) {
    return request('challenge', fields).then((reply) => {
        app.challenges = withOutgoing(app.challenges, reply.challenge, fields.to);
        drawChallenges();
    });
}

function answerChallenge(type, id, fields = {}) {
    app.challenges = withoutChallenge(app.challenges, id);
    drawChallenges();
    act(type, { challenge: id, ...fields });
}

// ---- the bots online (issue 29 §3; GET /api/bot/online) ---------------------------------------

// The list is asked for while it is on screen: the lobby's rooms tab shown (on a narrow screen
// showing a game it is not), the page not hidden, a player signed in (a guest may challenge too).
function botsOnScreen() {
    return showsLobby(app.session) && app.connection.greeted && app.lobbyTab === 'rooms' && !document.hidden
        && botListView.node.getClientRects().length > 0;
}

let botsAsked = false;
function listBots() {
    if (botsAsked || !botsOnScreen()) return;
    botsAsked = true;
    fetchOnlineBots().then((list) => { app.bots = { list, error: null }; }, (error) => { app.bots = { ...app.bots, error }; })
        .finally(() => {
            botsAsked = false;
            drawBots();
        });
}

function drawBots() {
    botListView.render(app.bots, { online: showsLobby(app.session), nick: myNick() });
}

// ---- open challenges (docs/protocol.md, "Open challenges") ------------------------------------

function onLinkEvent(frame) {
    app.links = linksAfter(app.links, frame);
    drawLinks();
}

function createLink(fields) {
    return request('create_open_challenge', fields).then((reply) => {
        app.links = withMadeLink(app.links, reply, window.location.origin);
        drawLinks();
    });
}

function cancelLink(id) {
    app.links = withoutLink(app.links, id);
    drawLinks();
    act('cancel_open_challenge', { link: id });
}

function listLinks() {
    app.connection.request('list_open_challenges').catch(() => {});
}

function copyLink(url) {
    return navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('no clipboard'));
}

// The page was opened at /challenge/<token>: show the challenge (a visitor may look too).
function showOpenedChallenge() {
    const opened = app.links.opened;
    if (!opened || opened.challenge) return drawLinks();
    app.connection.request('show_open_challenge', { token: opened.token })
        .catch((error) => { app.links = withOpenedError(app.links, error); })
        .finally(drawLinks);
}

function acceptOpenedChallenge() {
    const opened = app.links.opened;
    if (!opened) return;
    app.connection.request('accept_open_challenge', { token: opened.token }).then(() => {
        // The game follows by itself (challenge_accepted, then the table's state); a refusal
        // that comes later (another was faster) is shown as any error.
        dismissOpenedChallenge();
    }, (error) => {
        app.links = withOpenedError(app.links, error);
        drawLinks();
    });
}

// The address becomes the page's own again, so a reload does not show the link once more.
function dismissOpenedChallenge() {
    app.links = withoutOpened(app.links);
    if (challengeTokenFromPath(window.location.pathname)) history.replaceState(null, '', '/' + window.location.hash);
    drawLinks();
}

// ---- quick pairing (docs/protocol.md, "Pools") -----------------------------------------------

// The counts now and whenever they change; a paired player's game comes on screen by itself
// (its table_state and game_started follow the pool_left).
function onPoolEvent(frame) {
    const notice = poolLeftNotice(frame);
    if (notice) showInfo(t(notice.key, notice.params));
    app.pools = poolsAfter(app.pools, frame);
    drawPools();
}

function listPools() {
    request('list_pools').catch(() => {});
}

function joinPool(pool) {
    request('join_pool', { pool }).then(() => {
        app.pools = waitingIn(app.pools, pool);
        drawPools();
    }, () => {});
}

function leavePool() {
    request('leave_pool').catch(() => {});
}

// ---- tournaments (docs/protocol.md, "6h. Tournaments") -----------------------------------------

// A round paired with a game of mine is told wherever I am (the game itself comes on screen by
// itself, with its sound); only news, not the state a page gets when it shows a tournament.
function onTournamentEvent(frame) {
    const before = frame.type === 'tournament_updated' && frame.tournament ? app.tournaments.full.get(frame.tournament.id) : undefined;
    app.tournaments = tournamentsAfter(app.tournaments, frame);
    if (before) {
        // An arena's waves are no rounds a player counts, so its notice names none.
        const key = isArena(frame.tournament) ? 'tournament.game_starts.arena' : 'tournament.game_starts';
        for (const game of myNewGames(before, frame.tournament, myNick())) {
            showInfo(t(key, { name: frame.tournament.name, round: game.round, opponent: game.opponent || '?',
                              side: t(`side.${game.colour}`) }));
        }
    }
    drawTournaments();
    followTournamentRoom();
}

// The lists come with the frame `tournaments` after the ok.
function listTournaments() {
    app.connection.request('list_tournaments').catch((error) => {
        if (error.code !== 'disconnected') showError(error);
    });
}

// A tournament's page: the server sends it in full (`tournament`) and from then on every change
// (`tournament_updated`) while this connection lasts.
// Opening a tournament's page (not showing the same page again, as the tab does) enters its room.
function showTournament(id) {
    if (app.tournaments.shown !== id) app.tournamentRoom = wanting(app.tournamentRoom, id);
    app.tournaments = showing(app.tournaments, id);
    // The address is the tournament's public page, to copy and send (a challenge link's stays).
    if (window.location.pathname === '/' || tournamentOfPath(window.location.pathname))
        history.replaceState(null, '', `/tournaments/${Number(id)}${window.location.hash}`);
    remember();
    drawTournaments();
    request('show_tournament', { tournament: id }).catch((error) => {
        if (error.code === 'no_such_tournament') tournamentBack();
    });
    followTournamentRoom();
}

function tournamentBack() {
    app.tournaments = showing(app.tournaments, null);
    // Back at the lists: the address is the lobby's again (a reload shows the lists).
    if (tournamentOfPath(window.location.pathname)) history.replaceState(null, '', '/' + window.location.hash);
    remember();
    drawTournaments();
    listTournaments();
}

function createTournament(fields) {
    return request('create_tournament', fields).then((reply) => {
        if (reply.tournament) {
            app.tournaments = tournamentsAfter(app.tournaments, { type: 'tournament', tournament: reply.tournament });
            showTournament(reply.tournament.id);
        }
    });
}

function joinTournament(id, password) {
    act('join_tournament', password ? { tournament: id, password } : { tournament: id });
}

function chooseRound(round) {
    app.tournaments = withRound(app.tournaments, round);
    drawTournaments();
}

// A board's game, watched as a table of a room is: a spectator must be in the table's room, which
// the board names when the server says it, or else the refusal does ("stands in room 34").
function watchBoard(board) {
    const inRoom = board.room === undefined || (app.room && app.room.room === board.room);
    const entered = inRoom ? Promise.resolve() : enterRoom(board.room);
    entered.then(() => watchTable(board.table, undefined, { quietly: true })).then(() => showWatched(board.table), (error) => {
        const room = error && error.code === 'not_in_room' ? roomOfRefusal(error.message) : null;
        if (room === null) {
            // watchTable has shown every other refusal already.
            if (error && error.code === 'no_such_table') showError(error);
            return;
        }
        enterRoom(room).then(() => showTable(board.table));
    });
}

// The tournament on screen's room, entered once its number is known (its view names it) and the
// connection can ask: the page opened on it wants it (tournament_room.js).
function followTournamentRoom() {
    const number = roomToEnter(app.tournamentRoom, shownTournament(app.tournaments),
                               app.connection.greeted || app.connection.visiting);
    if (number === null) return;
    app.tournamentRoom = wishSpent(app.tournamentRoom);
    enterTournamentRoom(number);
}

// Enters a tournament's room (it becomes the room one is in, as any room entered). A room that is
// not open is no error to show: the panel says it is closed.
function enterTournamentRoom(number) {
    app.tournamentRoom = entering(app.tournamentRoom, number);
    drawTournamentRoom();
    app.connection.request('enter_room', { room: number }).then((reply) => {
        app.tournamentRoom = enteredOrNot(app.tournamentRoom, number, false);
        roomEntered(reply);
    }, (error) => {
        app.tournamentRoom = enteredOrNot(app.tournamentRoom, number, saysClosed(error));
        // Cut off by a dropped connection: the page's room is entered once it is back.
        const shown = shownTournament(app.tournaments);
        if (error.code === 'disconnected' && shown && roomOfTournament(shown) === number) {
            app.tournamentRoom = wanting(app.tournamentRoom, shown.id);
        } else if (!saysClosed(error)) showError(error);
        if (saysClosed(error)) roomClosed(number);
        drawTournamentRoom();
    });
}

// The room was found closed: one coming back to it after a drop is in it no more, and a visitor
// looks into another instead, as on the first page (once the rooms are listed).
function roomClosed(number) {
    if (app.room && app.room.room === number) {
        app.room = null;
        remember();
        drawRoom();
    }
    const other = !app.room && visits(app.session) ? visitorRoom(app.rooms, null) : null;
    if (other !== null) enterRoom(other);
}

function showLobbyTab(tab) {
    app.lobbyTab = tab;
    remember();
    if (tab === 'tournaments') {
        if (app.tournaments.shown !== null) showTournament(app.tournaments.shown);
        else listTournaments();
    }
    drawView();
    if (tab === 'rooms') listBots();
}

// Watches a table (again: with `since`, the last seq seen). `quietly` is for coming back after a
// hello: a table that is gone, or one in a room this tab has left (a spectator must be in the
// table's room; a player always gets back to their own game), is dropped without an error.
function watchTable(id, since, { quietly = false } = {}) {
    const fields = { table: id };
    if (since) fields.since = since;
    if (!app.tables.has(id)) app.tables.set(id, emptyTable(id));
    return app.connection.request('watch_table', fields).then(() => {
        app.shownTable ??= id;
        remember();
    }, (error) => {
        if (error.code === 'no_such_table' || (quietly && error.code === 'not_in_room')) forgetTable(id);
        if (!quietly || (error.code !== 'no_such_table' && error.code !== 'not_in_room')) showError(error);
        throw error;
    });
}

// Shows the game view (on a narrow screen the lobby goes, a tap on "Lobby" brings it back).
function showView(view) {
    app.view = view;
    remember();
    drawView();
    if (view === 'lobby') listBots();
}

// Opening a table (by click, key or link) shows it and puts the focus on its board: the lobby's
// button that had the focus is gone from a narrow screen, and a keyboard user would be left at
// the top of the page.
function showTable(id) {
    watchTable(id).then(() => showWatched(id), () => {});
}

function showWatched(id) {
    app.shownTable = id;
    showView('game');
    drawTable();
    tableView.focusBoard();
}

function openTable(fields) {
    request('open_table', fields).then((reply) => {
        if (reply.table !== undefined) showTable(reply.table);
    }, () => {});
}

// A game against the computer (computer_form.js): the table opens with both seats taken.
function playComputer(fields) {
    request('play_computer', fields).then((reply) => {
        if (reply.table !== undefined) showTable(reply.table);
    }, () => {});
}

// From the first page: sign in as a guest with `nick`, then, once the connection has said hello
// (playComputerAsked, from the session event), play the computer.
function guestPlaysComputer(nick, fields) {
    app.computerAsked = fields;
    signIn(app.api.guest(nick));
}

function playComputerAsked() {
    const fields = app.computerAsked;
    app.computerAsked = null;
    if (fields) playComputer(fields);
}

function joinTable(id) {
    watchTable(id).then(() => request('join_table', { table: id })).then(() => {
        app.shownTable = id;
        showView('game');
        drawTable();
        tableView.focusBoard();
    }, () => {});
}

function closeTable(id) {
    const state = app.tables.get(id);
    const seat = state ? seatOf(state, myNick()) : null;
    if (seat && state.status === 'playing' && !state.closed) {
        showInfo(t('table.close.playing'));
        app.shownTable = null;
        remember();
        drawView();
        drawTable();
        return;
    }
    leaveTable(id).catch(() => {});
}

// ---- moves ------------------------------------------------------------------------------------

// A move from the board or the move box. While the connection is down it is kept (one per table,
// the last one counts) and sent when the table's state is known again, if the position is still
// the one the player saw; otherwise the player is told that it was not played.
function sendMove(table, move, typed) {
    if (app.connection.greeted) {
        return request('move', { table, move }).catch((error) => {
            drawTable(); // the board goes back to the server's position
            throw error;
        });
    }
    const state = app.tables.get(table);
    const previous = app.pendingMoves.get(table);
    if (previous) previous.reject({ code: 'replaced', message: '' });
    return new Promise((resolve, reject) => {
        app.pendingMoves.set(table, { move, typed, plies: state ? state.moves.length : 0, resolve, reject });
        showInfo(t('move.pending', { move }));
    });
}

function settlePendingMove(id) {
    const pending = app.pendingMoves.get(id);
    if (!pending) return;
    app.pendingMoves.delete(id);
    if (pendingMoveFate(pending, app.tables.get(id)) === 'send') {
        request('move', { table: id, move: pending.move }).then(pending.resolve, (error) => {
            pending.reject(error);
            drawTable();
        });
    } else {
        pending.reject({ code: 'refused_offline', message: '' });
        alerts.error({ code: 'move_not_sent', message: t('move.refused_offline', { move: pending.move }) });
        drawTable();
    }
}

// The sound of a table event: only for the table on screen and the tables one plays at, and
// only for news (not for events replayed after a reconnect).
function soundOf(frame, state, seat) {
    switch (frame.type) {
    case 'move': return soundForMove(frame);
    case 'game_started': return 'game_start';
    case 'game_over': return 'game_end';
    case 'draw_offered': return frame.by !== seat ? 'draw_offer' : null;
    case 'takeback_requested': return frame.by !== seat ? 'draw_offer' : null;
    case 'rematch_offered': return seat && frame.by !== seat ? 'invitation' : null;
    default: return null;
    }
}

function onTableEvent(frame) {
    const id = tableIdOf(frame);
    if (id === undefined || id === null) return;
    const before = app.tables.get(id);
    if (!before) {
        if (frame.type !== 'table_state' && frame.type !== 'game_started') return;
    }
    // A gap in the seqs: ask for what was missed (the answer may be a resync, a state alone).
    const { state, resync } = applyTableEvent(before || emptyTable(id), frame, performance.now());
    if (resync) {
        watchTable(id, before.seq).catch(() => {});
        return;
    }
    app.tables.set(id, state);
    const seat = seatOf(state, myNick());
    const news = before && state.seq > before.seq;
    if (news && (seat || app.shownTable === id)) {
        const sound = soundOf(frame, state, seat);
        if (sound) playSound(sound);
    }
    if (app.shownTable === null) app.shownTable = id;
    if (frame.type === 'game_started' && seat) {
        app.shownTable = id;
        app.view = 'game';
    }
    if (frame.type === 'table_state') settlePendingMove(id);
    if (frame.type === 'table_closed') tableClosed(id);
    remember();
    drawView();
    drawTable();
    // A game of one's own begins: the focus goes to its board (news only, not a replayed start).
    if (frame.type === 'game_started' && seat && news) tableView.focusBoard();
}

// ---- drawing ----------------------------------------------------------------------------------

// A whisper I send shows among the chat lines of the room I am in.
function sendWhisper(to, text) {
    return request('whisper', { to, text }).then(() => {
        if (app.room) app.room = addChatLine(app.room, { whisper: true, from: myNick(), to, text });
        drawRoom();
    });
}

const header = new HeaderView($('top-bar'), {
    reconnect: () => sessionEvent({ type: 'reconnect' }),
    toggleAccount: () => {
        app.accountOpen = !app.accountOpen;
        if (app.accountOpen) accountView.reset();
        drawSession();
    },
    toggleNotation: () => {
        app.notation = toggledNotation(app.notation);
        localStorage.setItem(NOTATION_KEY, app.notation);
        drawSession();
        drawTable();
    },
    // The notation follows the language unless the user chose one with the notation button.
    chooseLanguage: (lang) => {
        document.documentElement.lang = setLanguage(lang);
        localStorage.setItem(LANGUAGE_KEY, language());
        app.notation = notationFor(language(), localStorage.getItem(NOTATION_KEY));
        challengeView.relabel();
        friendView.relabel();
        drawSession();
        drawTournaments();
        drawRooms();
        drawRoom();
        drawTable();
    },
    logout: logOut,
});
const loginView = new LoginView($('login'), {
    login: (nick, password) => { welcomeView.forget(); signIn(app.api.login(nick, password)); },
    register: (nick, password) => { welcomeView.forget(); signIn(app.api.register(nick, password)); },
    guest: (nick) => { welcomeView.forget(); signIn(app.api.guest(nick)); },
});
// A visitor's first step to a game: one click as a guest (the second is a table).
const welcomeView = new WelcomeView($('welcome'), {
    guest: (nick) => signIn(app.api.guest(nick)),
    friend: (nick) => { app.friendFormWanted = true; signIn(app.api.guest(nick)); },
    guestPlaysComputer,
});
const accountView = new AccountView($('account-panel'), {
    changePassword,
    challengeSetting: () => app.api.challengeSetting(),
    setChallengeSetting: (accept) => app.api.setChallengeSetting(accept),
    tokens: () => app.api.tokens(),
    createToken: (description, scopes) => app.api.createToken(description, scopes),
    revokeToken: (id) => app.api.revokeToken(id),
    copy: copyLink,
    close: () => {
        app.accountOpen = false;
        drawSession();
    },
}, `${window.location.origin}/`);
// Its Challenge button opens the challenge form with the bot's nick, as a member's does.
const botListView = new BotListView({ challenge: openChallengeForm, refresh: listBots });
const lobbyView = new LobbyView($('rooms'), $('room'), {
    enterRoom, leaveRoom, listRooms, openTable, playComputer, joinTable, watchTable: showTable, memberPage,
    challenge: openChallengeForm,
    roomChat: (room, text) => request('room_chat', { room, text }),
    whisper: sendWhisper,
}, { botPanel: botListView.node });
const tableView = new TableView($('table'), { request: tableRequest, move: sendMove, close: closeTable });
const invitationView = new InvitationView($('invitations'), {
    accept: acceptInvitation, decline: declineInvitation, acceptRematch, declineRematch,
});

const challengeView = new ChallengeView($('challenge-panel'), $('challenges'), {
    challenge: sendChallenge,
    accept: (offer) => answerChallenge('accept_challenge', offer.id),
    decline: (offer, reason) => answerChallenge('decline_challenge', offer.id, { reason }),
    cancel: (sent) => answerChallenge('cancel_challenge', sent.id),
});

// The room's chat and whispers as the lobby's room sends them; a game is watched as from the lobby.
const tournamentRoomView = new TournamentRoomView({
    enter: enterTournamentRoom, watchTable: showTable, memberPage,
    roomChat: (room, text) => request('room_chat', { room, text }),
    whisper: sendWhisper,
});

const tournamentView = new TournamentView($('tournaments'), {
    list: listTournaments, show: showTournament, back: tournamentBack, create: createTournament, join: joinTournament,
    withdraw: (id) => act('withdraw_tournament', { tournament: id }),
    start: (id) => act('start_tournament', { tournament: id }),
    pause: (id) => act('pause_tournament', { tournament: id }),
    resume: (id) => act('resume_tournament', { tournament: id }),
    end: (id) => act('end_tournament', { tournament: id }),
    directorWithdraw: (id, nick) => act('director_withdraw', { tournament: id, nick }),
    directorReadmit: (id, nick) => act('director_readmit', { tournament: id, nick }),
    requestBye: (id) => act('request_bye', { tournament: id }),
    cancelBye: (id) => act('cancel_bye', { tournament: id }),
    directorBye: (id, nick) => act('director_bye', { tournament: id, nick }),
    directorResult: (id, round, board, result, reason) => act('director_result', { tournament: id, round, board, result, reason }),
    directorPairing: (id, pairing) => act('director_pairing', { tournament: id, ...pairing }),
    chooseRound, watch: watchBoard,
}, { roomPanel: tournamentRoomView.node });

function drawTournaments() {
    const online = showsLobby(app.session) && app.connection.greeted;
    tournamentView.render(app.tournaments, { identity: app.session.identity, online, visitor: visits(app.session) });
    drawTournamentRoom();
}

// The panel of the tournament's room on its page: the room one is in, when it is that one.
function drawTournamentRoom() {
    const online = (showsLobby(app.session) && app.connection.greeted) || (visits(app.session) && app.connection.visiting);
    const panel = panelOf(app.tournamentRoom, shownTournament(app.tournaments), app.room, online);
    tournamentRoomView.render(panel, app.room, { nick: myNick(), visitor: visits(app.session) });
}

// The lobby's tabs: the rooms, or the tournaments (each hides the other's panels).
function drawLobbyTabs() {
    const tab = app.lobbyTab;
    const focused = $('lobby-tabs').contains(document.activeElement) ? document.activeElement.dataset.tab : null;
    fill($('lobby-tabs'), ['rooms', 'tournaments'].map((name) => el('button', {
        type: 'button', class: tab === name ? 'current' : '', dataset: { tab: name }, 'aria-pressed': String(tab === name),
        onclick: () => showLobbyTab(name) }, t(`nav.${name}`))));
    if (focused) $('lobby-tabs').querySelector(`[data-tab="${focused}"]`)?.focus();
    $('lobby-tabs').setAttribute('aria-label', t('nav.lobby_tabs'));
    $('rooms').hidden = tab !== 'rooms';
    $('room').hidden = tab !== 'rooms';
    $('tournaments').hidden = tab !== 'tournaments';
}

const poolView = new PoolView($('pools-panel'), { join: joinPool, leave: leavePool });
const friendView = new FriendChallengeView($('friend-panel'), { create: createLink, cancel: cancelLink, copy: copyLink });
const openedView = new OpenedChallengeView($('opened-challenge'), { accept: acceptOpenedChallenge, dismiss: dismissOpenedChallenge });

function drawLinks() {
    const online = showsLobby(app.session);
    friendView.render(app.links, { online, guest: Boolean(app.session.identity && app.session.identity.guest) });
    openedView.render(app.links.opened, { online: online && app.connection.greeted, visitor: visits(app.session) });
}

function drawPools() {
    poolView.render(app.pools, { online: showsLobby(app.session), visitor: visits(app.session) });
}

function drawChallenges() {
    challengeView.render(app.challenges, { online: showsLobby(app.session),
                                           guest: Boolean(app.session.identity && app.session.identity.guest) });
}

function drawInvitations() {
    const online = showsLobby(app.session);
    invitationView.render(online ? app.invitations : new Map(), online ? rematchOffers(app.tables, myNick(), tableOnScreen) : []);
}

// The lobby or the game (both on a wide screen), and the switch between them.
function drawView() {
    const tables = app.tables.size > 0;
    const view = tables ? app.view : 'lobby';
    // Another view starts at its top: the scroll that reached a button low in the lobby would
    // otherwise hide the game's upper clock on a phone.
    if ($('app').dataset.view && $('app').dataset.view !== view) window.scrollTo(0, 0);
    $('app').dataset.view = view;
    const myMove = [...app.tables.values()].some((table) => table.status === 'playing' && table.to_move
        && table.to_move === seatOf(table, myNick()));
    // The switch's buttons are made anew: the one that had the focus hands it to its successor.
    const focusedView = $('view-switch').contains(document.activeElement) ? document.activeElement.dataset.view : null;
    fill($('view-switch'), tables ? [
        el('button', { type: 'button', class: view === 'lobby' ? 'current' : '', dataset: { view: 'lobby' },
                       'aria-pressed': String(view === 'lobby'), onclick: () => showView('lobby') }, t('nav.lobby')),
        el('button', { type: 'button', class: `${view === 'game' ? 'current' : ''} ${myMove && view !== 'game' ? 'attention' : ''}`,
                       dataset: { view: 'game' }, 'aria-pressed': String(view === 'game'), onclick: () => showView('game') },
           t('nav.game')),
    ] : []);
    $('view-switch').hidden = !tables || !(showsLobby(app.session) || visits(app.session));
    if (focusedView) $('view-switch').querySelector(`[data-view="${focusedView}"]`)?.focus();
    $('view-switch').setAttribute('aria-label', t('nav.label'));
    document.title = pageTitle(BASE_TITLE, app.tables, myNick());
    drawInvitations();
    drawChallenges();
    drawPools();
    drawLinks();
    drawLobbyTabs();
    drawTournaments();
    drawBots();
}

// One banner while the connection is gone, however many attempts it takes to come back.
function drawConnectionBanner() {
    const lost = app.session.phase === 'reconnecting';
    const banner = $('connection-banner');
    banner.hidden = !lost;
    banner.textContent = lost ? t('connection.banner.lost') : '';
}

function drawSession() {
    const session = app.session;
    drawConnectionBanner();
    drawView();
    header.render(session, app.notation, language());
    $('login').hidden = !showsLogin(session);
    // The login view shows a refusal only when it asked; the welcome's own form shows its own.
    if (showsLogin(session)) loginView.render(welcomeView.submitted ? { ...session, error: null } : session);
    document.body.classList.toggle('visiting', visits(session));
    $('welcome').hidden = !visits(session);
    if (visits(session)) welcomeView.render(session);
    $('app').hidden = !showsLobby(session) && !visits(session);
    const account = app.accountOpen && session.identity && !session.identity.guest && showsLobby(session);
    $('account-panel').hidden = !account;
    if (account) accountView.render();
}

function drawRooms() {
    lobbyView.renderRooms(app.rooms, app.room ? app.room.room : null);
}

function drawRoom() {
    lobbyView.renderRoom(app.room, myNick(), Boolean(app.session.identity && app.session.identity.guest), visits(app.session));
    drawTournamentRoom();
}

function drawTable() {
    const tabs = [...app.tables.values()].map((table) => el('button', {
        type: 'button', class: table.table === app.shownTable ? 'current' : '', dataset: { table: table.table },
        onclick: () => { app.shownTable = table.table; remember(); drawTable(); },
    }, t('table.tab', { table: table.table, white: table.white || '?', black: table.black || '?' })));
    // The tabs are the way back to a table that is not on screen.
    fill($('table-tabs'), tabs.length > 1 || (tabs.length === 1 && app.shownTable === null) ? tabs : []);
    $('table-tabs').setAttribute('aria-label', t('table.tabs'));
    tableView.render(app.tables.get(app.shownTable) || null, { nick: myNick(), lang: app.notation, online: app.connection.greeted,
                                                               visitor: visits(app.session) });
    $('table').hidden = !app.tables.get(app.shownTable);
    $('table-panel').hidden = app.tables.size === 0;
    // Whether a rematch offer needs a notice depends on what is on screen now.
    drawInvitations();
}

// ---- wiring -----------------------------------------------------------------------------------

const connection = app.connection;

// After every hello (the first, after a drop, after a reload, after a restart of the server):
// come back to the room and to every table: the ones the server says we sit at (also a finished
// game whose seat is still ours, for the rematch) and the ones this tab watched, asking each
// only for the events missed since the last one seen.
connection.addEventListener('session', (event) => {
    const hello = event.detail;
    // A page opened by a player who is seated somewhere starts at the game, not the lobby.
    if (!app.greetedOnce && (hello.tables || []).length && !app.tables.size) {
        app.view = 'game';
        app.shownTable ??= hello.tables[0];
    }
    app.greetedOnce = true;
    sessionEvent({ type: 'hello_ok', hello });
    listRooms();
    // A new connection waits in no pool (a closed one left it).
    app.pools = { ...app.pools, waitingIn: null };
    listPools();
    followTournaments();
    listBots();
    const room = app.room ? app.room.room : rememberedRoom();
    // A tournament's room may have closed meanwhile (the event over, everyone gone): its panel says so.
    if (room && isTournamentRoom(room)) enterTournamentRoom(room);
    else if (room) enterRoom(room);
    const ids = new Set([...rememberedTables(), ...app.tables.keys(), ...(hello.tables || [])]);
    for (const id of ids) {
        const known = app.tables.get(id);
        watchTable(id, known && known.seq ? known.seq : undefined, { quietly: true }).then(drawTable, () => {});
    }
    drawRoom();
    drawTable();
    followWatchLink();
    followChallengeLink();
    listLinks();
    showOpenedChallenge();
    if (app.friendFormWanted) {
        app.friendFormWanted = false;
        showView('lobby');
        drawLinks();
        friendView.open();
    }
    playComputerAsked();
});

// After every hello or visit: the lists again, and the tournament on screen watched again (a new
// connection watches nothing).
function followTournaments() {
    listTournaments();
    const id = app.tournaments.shown;
    if (id === null) return;
    // Opened at its public address: the tournament is what the page is for, so it is in view.
    if (tournamentOfPath(window.location.pathname) === id) requestAnimationFrame(() => $('tournaments').scrollIntoView({ block: 'start' }));
    // Quietly: a tournament remembered from before a reload may be gone (a new database).
    app.connection.request('show_tournament', { tournament: id }).catch((error) => {
        if (error.code === 'no_such_tournament' && app.tournaments.shown === id) tournamentBack();
    });
}

// A link to challenge a player (`/#challenge=Anna`, from a profile page): once online, the form
// opens with the nick filled in; the hash is then cleared. A visitor keeps it until logged in.
function followChallengeLink() {
    const nick = parseChallengeLink(window.location.hash);
    if (!nick) return;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    drawChallenges();
    openChallengeForm(nick);
}

// The form to challenge `nick`: it is the lobby's, so a narrow screen showing a game goes back to
// the lobby first (the game is a tap on "Game" away).
function openChallengeForm(nick) {
    showView('lobby');
    challengeView.challengeNick(nick);
}

// A link to watch a table (`/#watch=12&room=34`, from the admin area's live view): once online,
// enter its room and show the table; the hash is then cleared, so a reload does not repeat it.
function followWatchLink() {
    const link = parseWatchLink(window.location.hash);
    if (!link) return;
    history.replaceState(null, '', window.location.pathname + window.location.search);
    const entered = link.room ? enterRoom(link.room) : Promise.resolve();
    entered.then(() => showTable(link.table), () => {});
}

// A visitor's socket (no hello) is ready, first or after a drop: the rooms, the room this tab
// looked into (or the busiest one), and the tables it watched, read only (docs/protocol.md,
// "Visitors").
connection.addEventListener('visit', () => {
    listPools();
    followTournaments();
    request('list_rooms').then((reply) => {
        app.rooms = reply.rooms || [];
        drawRooms();
        // A page on its way into a tournament's room looks into no other first.
        const room = headingForRoom(app.tournamentRoom) ? null : visitorRoom(app.rooms, app.room ? app.room.room : rememberedRoom());
        if (room !== null) enterRoom(room);
    }, () => {});
    for (const id of new Set([...rememberedTables(), ...app.tables.keys()])) {
        const known = app.tables.get(id);
        watchTable(id, known && known.seq ? known.seq : undefined, { quietly: true }).then(drawTable, () => {});
    }
    drawSession();
    drawTable();
    followWatchLink();
    showOpenedChallenge();
});

const TOURNAMENT_FRAMES = new Set(['tournaments', 'tournament', 'tournament_updated']);

connection.addEventListener('refused', (event) => sessionEvent({ type: 'hello_refused', error: event.detail }));

connection.addEventListener('message', (event) => {
    const frame = event.detail;
    if (frame.type === 'invitation_declined') return invitationDeclined(frame);
    if (CHALLENGE_EVENTS.has(frame.type)) return onChallengeEvent(frame);
    if (frame.type === 'pools' || frame.type === 'pool_left') return onPoolEvent(frame);
    if (frame.type === 'open_challenges' || frame.type === 'open_challenge') return onLinkEvent(frame);
    if (TOURNAMENT_FRAMES.has(frame.type)) return onTournamentEvent(frame);
    // table_closed ends an invitation (to a player outside the room) and a watched table alike.
    if (frame.type === 'table_closed') noteInvitations(frame);
    if (TABLE_EVENTS.has(frame.type)) onTableEvent(frame);
    else onRoomEvent(frame);
});

// A sanction that closes the connection arrives as one error frame before the close. One event,
// one notice: a ban ends the session at once (the login view shows the ban, nothing reconnects
// and no "connection closed" follows); a kick is shown and its close is not reported again.
let kickAnnounced = false;

connection.addEventListener('problem', (event) => {
    const error = event.detail;
    if (error.code === 'banned') {
        sessionEvent({ type: 'ended', error });
        return;
    }
    if (error.code === 'kicked') kickAnnounced = true;
    showError(error);
});

connection.addEventListener('goodbye', (event) => {
    const { code, reason } = event.detail;
    const wasOnline = app.session.phase === 'online';
    const announced = kickAnnounced;
    kickAnnounced = false;
    sessionEvent({ type: 'closed', code });
    if (!wasOnline || announced) return;
    // A dropped connection (1006) is shown by the one connection banner, not by a message each time.
    if (code === 4000) showError({ code: 'replaced', message: reason });
    else if (code === 1006) return;
    else if (code !== 1000 && code !== 1001 && code !== 1005) showError({ code: 'closed', message: `${code} ${reason || ''}`.trim() });
});

setInterval(() => tableView.tick(performance.now()), 100);
setInterval(() => tournamentView.tick(), 1000);
setInterval(() => { if ((connection.greeted || connection.visiting) && !document.hidden) listRooms(); }, 15_000);
// The bots online have no events (they come and go over HTTP): asked again while on screen.
setInterval(listBots, 15_000);
// The lists have no events of their own (a tournament's page has): asked again while they are on screen.
setInterval(() => {
    if ((connection.greeted || connection.visiting) && !document.hidden && app.lobbyTab === 'tournaments'
        && app.tournaments.shown === null) listTournaments();
}, 15_000);

drawSession();
drawRooms();
drawRoom();
drawTable();
app.api.session().then(
    (identity) => sessionEvent(identity ? { type: 'session_found', identity } : { type: 'session_missing' }),
    (error) => sessionEvent({ type: 'unreachable', error }),
);
