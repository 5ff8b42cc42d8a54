// A link that opens the main page with the form to challenge one player, the nick filled in:
// `/#challenge=NICK` (a profile page links so). Pure: the location's hash in, the nick or null
// out; the server judges the nick when the challenge is sent.

// The most characters a nick has (protocol/nick.h); a longer one is no nick, and no link.
const MAX_NICK_CHARS = 20;

export function parseChallengeLink(hash) {
    const params = new URLSearchParams(String(hash || '').replace(/^#/, ''));
    const nick = (params.get('challenge') || '').trim();
    if (!nick || [...nick].length > MAX_NICK_CHARS || /[\s<>]/u.test(nick)) return null;
    return nick;
}

export function challengeLink(nick) {
    return `/#challenge=${encodeURIComponent(nick)}`;
}
