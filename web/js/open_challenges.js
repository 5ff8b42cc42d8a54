// Open challenges (docs/protocol.md, "Open challenges"): a link /challenge/<token> that the first
// person to open it accepts. Pure: the address's token, the fields of a create request from the
// form's values, and the player's standing links from the server's frames. No DOM, no socket.

// A nick's shape as the login forms check it; the server judges the rest (protocol/nick.h).
const NICK_PATTERN = /^[\p{L}\p{N}_-]{2,20}$/u;

// The validities the form offers, in hours (the server takes 1 to 168; lichess keeps 24).
export const LINK_HOURS = [1, 24, 72, 168];
export const DEFAULT_LINK_HOURS = 24;
// At most this many players may be named as the only ones who may accept.
export const MAX_LINK_PLAYERS = 2;

// The token of an address /challenge/<token> (base64url, as the server makes them), or null.
export function challengeTokenFromPath(pathname) {
    const match = /^\/challenge\/([A-Za-z0-9_-]{1,64})\/?$/.exec(String(pathname || ''));
    return match ? match[1] : null;
}

// The nicks typed into the "only for" box: separated by commas or spaces, at most two.
export function namedPlayers(text) {
    return String(text || '').split(/[\s,;]+/u).map((nick) => nick.trim()).filter(Boolean);
}

// The fields of create_open_challenge from the form's values ({time_control (time_control.js's
// object form), color, rated, players (text), hours}), or {error: catalogue key, input} for what
// the server would refuse.
export function openLinkFields({ time_control: timeControl, color, rated, players, hours }) {
    if (!timeControl) return { error: 'challenge.form.no_time_control', input: 'time_control' };
    if (rated && timeControl.kind === 'untimed') return { error: 'challenge.form.rated_untimed', input: 'rated' };
    const named = namedPlayers(players);
    if (named.length > MAX_LINK_PLAYERS) return { error: 'open_link.form.too_many_players', input: 'players' };
    if (named.some((nick) => !NICK_PATTERN.test(nick))) return { error: 'open_link.form.bad_player', input: 'players' };
    const validHours = LINK_HOURS.includes(Number(hours)) ? Number(hours) : DEFAULT_LINK_HOURS;
    const fields = { time_control: timeControl, color: color || 'random', rated: Boolean(rated), valid_hours: validHours };
    if (named.length) fields.players = named;
    return { fields };
}

// The address to send a friend: the page's origin and the path the server gave.
export function linkUrl(origin, path) {
    return `${origin}${path}`;
}

// What the page knows of open challenges: my standing links (from open_challenges), the one I
// made last with its address (the token is shown only once), and the one this page was opened
// for (/challenge/<token>): its terms or why it cannot be accepted.
export function noLinks(token = null) {
    return { mine: [], made: null, opened: token ? { token, challenge: null, error: null } : null };
}

export function linksAfter(links, frame) {
    switch (frame && frame.type) {
    case 'open_challenges': {
        const standing = new Set((frame.links || []).map((link) => link.link));
        // The link made last stays shown while it stands.
        const made = links.made && standing.has(links.made.link.link) ? links.made : null;
        return { ...links, mine: frame.links || [], made };
    }
    case 'open_challenge':
        if (!links.opened || links.opened.token !== frame.token) return links;
        return { ...links, opened: { ...links.opened, challenge: frame.challenge, error: null } };
    default:
        return links;
    }
}

// The reply to create_open_challenge: the new link and its address.
export function withMadeLink(links, reply, origin) {
    return { ...links, made: { link: reply.link, url: linkUrl(origin, reply.path) },
             mine: [...links.mine.filter((link) => link.link !== reply.link.link), reply.link] };
}

export function withoutLink(links, id) {
    return { ...links, mine: links.mine.filter((link) => link.link !== id),
             made: links.made && links.made.link.link === id ? null : links.made };
}

// The opened link could not be shown or accepted: `error` is the server's ({code, message}).
export function withOpenedError(links, error) {
    return links.opened ? { ...links, opened: { ...links.opened, error } } : links;
}

// The opened link is done with (accepted, or dismissed): the page is the lobby again.
export function withoutOpened(links) {
    return { ...links, opened: null };
}

// The accepter's colour, from the creator's.
export function accepterColour(color) {
    return { white: 'black', black: 'white' }[color] || 'random';
}
