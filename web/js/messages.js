// The client's visible text. Every sentence, label and title the page shows comes from a
// catalogue per language (messages_en.js, messages_de.js), looked up by key; the views hold no
// text of their own. A catalogue entry is a string with {name} placeholders, or a function of the
// parameters where a sentence depends on them in ways a placeholder cannot say (plurals). Another
// language is a new file with the same keys, listed in CATALOGUES; a key it lacks falls back to
// English.

import en from './messages_en.js';
import de from './messages_de.js';
import { dateTime } from './time_format.js';

export const CATALOGUES = { en, de };

// The languages the header offers, in the order it lists them; each is named in itself.
export const LANGUAGES = ['de', 'en'];

// localStorage keys: the interface language the user chose, and the move notation ("en" or
// "de", the SAN piece letters KQRBN or KDTLS) when the user chose one apart from the language.
export const LANGUAGE_KEY = 'rochade.language';
export const NOTATION_KEY = 'rochade.lang';

let current = 'en';

// The first of the browser's preferred languages (navigator.languages) that has a catalogue:
// "de-AT" picks "de" when there is one. English otherwise.
export function chooseLanguage(preferred, available = Object.keys(CATALOGUES)) {
    for (const tag of preferred || []) {
        const base = String(tag).toLowerCase().split('-')[0];
        if (available.includes(base)) return base;
    }
    return 'en';
}

// The language to start with: the one the user chose before (localStorage), if it still has a
// catalogue, otherwise the browser's.
export function initialLanguage(stored, browserLanguages, available = Object.keys(CATALOGUES)) {
    if (stored && available.includes(stored)) return stored;
    return chooseLanguage(browserLanguages, available);
}

// The move notation: the one the user chose with the notation button, or else the interface
// language's own (German letters for a German page, English ones for every other language).
export function notationFor(interfaceLang, storedNotation) {
    if (storedNotation === 'en' || storedNotation === 'de') return storedNotation;
    return interfaceLang === 'de' ? 'de' : 'en';
}

// The notation after a click on the notation button (then stored as the user's choice).
export function toggledNotation(notation) {
    return notation === 'de' ? 'en' : 'de';
}

export function setLanguage(lang) {
    current = CATALOGUES[lang] ? lang : 'en';
    return current;
}

export function language() {
    return current;
}

export function has(key) {
    return CATALOGUES[current][key] !== undefined || CATALOGUES.en[key] !== undefined;
}

// The text for `key` with `params` filled in. A missing key shows itself, so a forgotten entry
// is visible on the page instead of an empty space.
export function t(key, params = {}) {
    const template = CATALOGUES[current][key] ?? CATALOGUES.en[key];
    if (template === undefined) return key;
    if (typeof template === 'function') return template(params);
    return template.replace(/\{(\w+)\}/g, (whole, name) => (params[name] !== undefined && params[name] !== null
        ? String(params[name]) : whole));
}

// The seconds to wait named in a server message ("... try again in 8 s"), or undefined.
export function secondsIn(message) {
    const match = /(\d+)\s*s\b/.exec(message || '');
    return match ? Number(match[1]) : undefined;
}

// What the server's message says beyond its code, for the codes whose sentence can say more:
// which character a nick may not have, who is not online, which limit was reached. Each reader
// gets the message and the parameters so far, adds the ones it finds and names the variant
// (error.<code>.<variant> in the catalogues), or returns null for the general sentence. The
// messages are the server's (server/*.cpp); a variant is chosen only when everything its
// sentence needs was found, so a changed message falls back to the general sentence.
const quotedNick = (message) => (/'([^'\s]+)'/.exec(message) || [])[1];

const ERROR_READERS = {
    invalid_nick(message, params) {
        params.invited = /^open_table: invite:/.test(message);
        const char = /; '(.+?)' at character \d+ is none of them/u.exec(message);
        if (char) return (params.char = char[1], 'char');
        if (/must not contain a space/.test(message)) return 'space';
        if (/control character/.test(message)) return 'control';
        const length = /characters long, not (\d+)/.exec(message);
        if (length) return (params.count = Number(length[1]), 'length');
        return null;
    },
    nick_taken(message, params) {
        params.nick = quotedNick(message);
        if (!params.nick) return null;
        if (/registered/.test(message)) return 'registered';
        if (/is online already/.test(message)) return 'online';
        if (/sits at a game/.test(message)) return 'seated';
        return null;
    },
    challenger_offline(message, params) {
        params.nick = quotedNick(message);
        return params.nick ? 'nick' : null;
    },
    open_challenge_not_for_you(message, params) {
        const names = /is only for (.+)$/.exec(message || '');
        if (!names) return null;
        params.nicks = names[1].replace(/'/g, '');
        return 'named';
    },
    no_such_nick(message, params) {
        params.nick = quotedNick(message);
        if (!params.nick) return null;
        if (/^open_table: invite:/.test(message)) return 'invite';
        if (/^whisper:/.test(message)) return 'whisper';
        return 'nick';
    },
    too_many_attempts(message, params) {
        return params.seconds === undefined ? 'later' : null;
    },
    takeback_too_soon(message, params) {
        return params.seconds === undefined ? 'later' : null;
    },
    // Why a game cannot be aborted: both sides have moved, or it is a tournament's (the general
    // sentence names neither, for a reason the client does not know).
    cannot_abort(message) {
        if (/a tournament game cannot be aborted/.test(message)) return 'tournament';
        if (/both sides have moved/.test(message)) return 'moved';
        return null;
    },
    give_time_not_allowed(message) {
        return /in a tournament game/.test(message) ? 'tournament' : null;
    },
    give_time_too_soon(message, params) {
        return params.seconds === undefined ? 'later' : null;
    },
    limit_reached(message, params) {
        const tokens = /^tokens: at most (\d+) tokens/.exec(message);
        if (tokens) return (params.limit = Number(tokens[1]), 'tokens');
        const limit = /the most one player may \((\d+)\)/.exec(message);
        if (limit) params.limit = Number(limit[1]);
        if (/^enter_room:/.test(message) && limit) return 'rooms';
        if (/^open_table:/.test(message) && limit) return 'tables';
        if (/chat messages a minute/.test(message) && params.seconds !== undefined) return 'chat';
        if (/have not said hello/.test(message)) return 'connections';
        return null;
    },
    seat_reserved(message, params) {
        const nick = /is reserved for (\S+)$/.exec(message);
        return nick ? (params.nick = nick[1], 'nick') : null;
    },
    already_seated(message) {
        return /invite yourself/.test(message) ? 'invite_self' : null;
    },
    rematch_unavailable(message, params) {
        if (/a tournament game has no rematch/.test(message)) return 'tournament';
        if (/not over yet/.test(message)) return 'not_over';
        if (/has left the table/.test(message)) return 'left';
        const away = /^rematch: your opponent (\S+) is away/.exec(message);
        if (away) return (params.nick = away[1], 'away');
        const seat = /^join_table: (\S+), who sits at table/.exec(message);
        if (seat) return (params.nick = seat[1], 'join_away');
        return null;
    },
    opponent_connected(message, params) {
        const connected = /your opponent (\S+) is connected/.exec(message);
        if (connected) return (params.nick = connected[1], 'connected');
        const grace = /: (\S+) may still come back for (\d+) ms/.exec(message);
        if (grace) return (params.nick = grace[1], params.seconds = Math.ceil(Number(grace[2]) / 1000), 'grace');
        return null;
    },
    // A moderator's sanction: the error carries the reason and the end (docs/protocol.md, 13).
    muted: sanctionVariant,
    banned: bannedVariant,
    kicked(message, params) {
        return params.reason ? 'reason' : null;
    },
    // A tournament director's action, or a guest's token, refused: not the moderators' sentence.
    forbidden(message) {
        if (/^tokens:/.test(message)) return 'tokens';
        return /^(create_tournament|start_tournament|director_withdraw|director_readmit|director_result|director_pairing|pause_tournament|resume_tournament|end_tournament):/.test(message) ? 'tournament' : null;
    },
    // A director's pairing refused: the server names what is wrong with it (a nick named twice,
    // a forbidden pair, a round still being played), which he needs to read to mend it.
    // The account's tokens refused (a description too long, no such token of yours): the server's
    // words are all there is to say what.
    bad_request(message, params) {
        const reason = /^director_pairing: (.+)$/s.exec(message);
        if (reason) return (params.reason = reason[1], 'director_pairing');
        const tokens = /^tokens: (.+)$/s.exec(message);
        return tokens ? (params.reason = tokens[1], 'tokens') : null;
    },
    draw_offer_not_allowed(message) {
        if (/only on one's own turn/.test(message)) return 'turn';
        if (/draw offer stands/.test(message)) return 'stands';
        return null;
    },
};

// A mute or ban with its reason: 'until' with an end, 'forever' without one (until null);
// the general sentence when the server sent no reason.
function sanctionVariant(message, params) {
    if (!params.reason) return null;
    if (params.until === undefined) return null;
    if (params.until === null) return 'forever';
    params.until = dateTime(params.until, current);
    return 'until';
}

// A ban names what was banned, as the server's "ban" field says: the account or the address the
// player connects from (server/moderation/sanctions.cpp error_sanction), so the player knows
// whether another account would help (it would not, for an address).
function bannedVariant(message, params) {
    const target = params.ban === 'address' || params.ban === 'account' ? params.ban : null;
    if (!target) return sanctionVariant(message, params);
    const end = sanctionVariant(message, params);
    return end ? `${target}.${end}` : target;
}

// The catalogue key and parameters for an error: {key, params}. `sanction` is what a muted,
// banned or kicked error carries besides: {reason, until, ban}.
export function errorKey(code, message = '', sanction = {}) {
    const params = { message, seconds: secondsIn(message) };
    if (sanction.reason) params.reason = sanction.reason;
    if (sanction.until !== undefined) params.until = sanction.until;
    if (sanction.ban) params.ban = sanction.ban;
    const read = ERROR_READERS[code];
    const variant = read ? read(message, params) : null;
    if (variant && has(`error.${code}.${variant}`)) return { key: `error.${code}.${variant}`, params };
    if (has(`error.${code}`)) return { key: `error.${code}`, params };
    const http = /^http_(\d+)$/.exec(code);
    if (http) return { key: 'error.http', params: { ...params, status: http[1] } };
    return { key: message ? 'error.unknown.with_message' : 'error.unknown', params };
}

// A server error as the user reads it: a sentence from the catalogue for its code, and the code
// with the server's own message as a detail (for a bug report, and because the server's message
// sometimes says more, such as why a draw claim failed). Takes a WebSocket error frame
// {code, message, reason?, until?, ban?} or an HTTP error body {error, message, reason?, until?, ban?}.
export function errorText(error) {
    const code = (error && (error.code || error.error)) || 'unknown';
    const message = (error && error.message) || '';
    const { key, params } = errorKey(code, message, { reason: error && error.reason, until: error && error.until,
                                                           ban: error && error.ban });
    let sentence = t(key, params);
    // An invitation to a nick nobody can have: say that the invitation was not sent, and why.
    if (code === 'invalid_nick' && params.invited) sentence = t('error.invalid_nick.invited', { rule: sentence });
    return { sentence, code, detail: message ? `${code}: ${message}` : code };
}
