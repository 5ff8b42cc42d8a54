// The challenges the client knows (docs/protocol.md, "Challenges"): those made to me, which I
// answer, and those I made, which I may cancel. Pure functions of the frames and of the form's
// values, so what makes a notice appear and go, and what a challenge request carries, is
// testable without a browser.
//
// challenges: {incoming: Map(id -> offer as the server sent it), outgoing: Map(id -> {id, to})}.

// lichess's reasons to decline, in the server's order (protocol/challenge.h).
export const DECLINE_REASONS = ['generic', 'later', 'too_fast', 'too_slow', 'time_control', 'rated', 'casual',
    'standard', 'variant', 'no_bot', 'only_bot'];

// The server refuses longer messages (max_challenge_message_bytes).
export const MAX_MESSAGE_BYTES = 200;

export function noChallenges() {
    return { incoming: new Map(), outgoing: new Map() };
}

function without(challenges, id) {
    if (!challenges.incoming.has(id) && !challenges.outgoing.has(id)) return challenges;
    const incoming = new Map(challenges.incoming);
    const outgoing = new Map(challenges.outgoing);
    incoming.delete(id);
    outgoing.delete(id);
    return { incoming, outgoing };
}

// The challenges after one server frame; frames that do not concern them leave the same object.
// What the other side said is for the caller to show (answerOf).
export function challengesAfter(challenges, frame) {
    switch (frame && frame.type) {
    case 'challenge': {
        const offer = frame.challenge;
        if (!offer || typeof offer !== 'object' || typeof offer.id !== 'string') return challenges;
        const incoming = new Map(challenges.incoming);
        incoming.set(offer.id, offer);
        return { incoming, outgoing: challenges.outgoing };
    }
    case 'challenge_accepted':
    case 'challenge_declined':
    case 'challenge_canceled':
    case 'challenge_expired':
        return without(challenges, frame.challenge);
    default:
        return challenges;
    }
}

// A challenge I sent stands (the server's ok carried its id).
export function withOutgoing(challenges, id, to) {
    const outgoing = new Map(challenges.outgoing);
    outgoing.set(id, { id, to });
    return { incoming: challenges.incoming, outgoing };
}

// Answered or withdrawn by me: gone.
export function withoutChallenge(challenges, id) {
    return without(challenges, id);
}

// The catalogue key and parameters of what a challenge frame tells the player, or null for a
// frame that tells nothing: the answer to my challenge, or the end of one made to me.
export function answerOf(challenges, frame) {
    const id = frame && frame.challenge;
    const mine = challenges.outgoing.get(id);
    const made = challenges.incoming.get(id);
    switch (frame && frame.type) {
    case 'challenge_declined':
        return mine ? { key: 'challenge.declined', params: { nick: frame.by, reason: `challenge.reason.${frame.reason}` } } : null;
    case 'challenge_canceled':
        return made ? { key: 'challenge.canceled', params: { nick: frame.by } } : null;
    case 'challenge_expired':
        if (mine) return { key: 'challenge.expired.mine', params: { nick: mine.to } };
        return made ? { key: 'challenge.expired.theirs', params: { nick: made.from } } : null;
    default:
        return null;
    }
}

// The fields of a `challenge` request from the form's values ({to, time_control, color, rated,
// message}; time_control in the object form of time_control.js), or {error: catalogue key, input: the field's name} for what the server would refuse.
export function challengeFields({ to, time_control: timeControl, color, rated, message }) {
    const nick = (to || '').trim();
    if (!nick) return { error: 'challenge.form.no_nick', input: 'to' };
    if (!timeControl) return { error: 'challenge.form.no_time_control', input: 'time_control' };
    if (rated && timeControl.kind === 'untimed') return { error: 'challenge.form.rated_untimed', input: 'rated' };
    const text = (message || '').trim();
    if (new TextEncoder().encode(text).length > MAX_MESSAGE_BYTES) return { error: 'challenge.form.message_long', input: 'message' };
    const fields = { to: nick, time_control: timeControl, color: color || 'random', rated: Boolean(rated) };
    if (text) fields.message = text;
    return { fields };
}
