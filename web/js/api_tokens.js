// Personal API tokens (issue 29 §3; docs/bots.md, "Tokens"): what the account panel sends to
// POST /api/tokens and how it reads GET /api/tokens. Pure functions of the form's values and of
// the server's answer, so what the form refuses before asking the server is testable in node.

// The scopes a token may hold, in the server's order (server/bots/api_scope.h all_scopes).
export const TOKEN_SCOPES = ['bot:play', 'board:play', 'challenge:read', 'challenge:write'];

// The server refuses a longer description (TokenApi::max_description_bytes); it counts UTF-8 bytes.
export const MAX_DESCRIPTION_BYTES = 100;

// The catalogue's name for a scope: "bot:play" -> "bot_play" (tokens.scope.bot_play, ...).
export function scopeKey(scope) {
    return String(scope).replace(/[^a-z]+/g, '_');
}

// The fields of a creation from the form's values ({description, scopes}), or {error: catalogue
// key, input: 'description' | 'scopes'} for what the server would refuse. The description is sent
// trimmed; the scopes each once, in the server's order.
export function tokenFields({ description, scopes }) {
    const text = (description || '').trim();
    if (!text) return { error: 'tokens.form.no_description', input: 'description' };
    if (new TextEncoder().encode(text).length > MAX_DESCRIPTION_BYTES) return { error: 'tokens.form.description_long', input: 'description' };
    const chosen = new Set(scopes || []);
    const known = TOKEN_SCOPES.filter((scope) => chosen.has(scope));
    if (!known.length) return { error: 'tokens.form.no_scope', input: 'scopes' };
    return { fields: { description: text, scopes: known } };
}

// The tokens of a GET /api/tokens answer, newest first; entries that are not tokens are left out.
export function tokensOf(answer) {
    const listed = answer && Array.isArray(answer.tokens) ? answer.tokens : [];
    return listed
        .filter((token) => token && typeof token.id === 'string' && typeof token.description === 'string')
        .map((token) => ({
            id: token.id,
            description: token.description,
            scopes: Array.isArray(token.scopes) ? token.scopes.filter((scope) => typeof scope === 'string') : [],
            created_ms: Number.isFinite(token.created_ms) ? token.created_ms : null,
            last_used_ms: Number.isFinite(token.last_used_ms) ? token.last_used_ms : null,
        }))
        .sort((a, b) => (b.created_ms ?? 0) - (a.created_ms ?? 0));
}
