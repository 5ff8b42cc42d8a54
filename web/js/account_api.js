// The server's account endpoints under /api/ (same origin, JSON in and out). A successful login,
// registration or guest entry sets the HttpOnly session cookie, which the browser then sends
// with every request and with the WebSocket's upgrade; this module never sees it.
//
// The session's methods resolve with the identity {nick, guest, role} (session() with null when
// nobody is logged in), the others with the server's answer; every method rejects with {code, message, status}: the server's error body, or
// {code: "unreachable"} when no answer came. A refusal for a moderator's sanction (banned) also
// carries the server's `reason` and `until` (Unix ms, or null for good).

export class AccountApi {
    constructor(fetchImpl = (...args) => fetch(...args)) {
        this.fetch = fetchImpl;
    }

    async call(method, path, body) {
        const options = { method, credentials: 'same-origin', headers: { Accept: 'application/json' } };
        if (body !== undefined) {
            options.headers['Content-Type'] = 'application/json';
            options.body = JSON.stringify(body);
        }
        let response;
        try {
            response = await this.fetch(path, options);
        } catch (error) {
            throw { code: 'unreachable', message: String((error && error.message) || error), status: 0 };
        }
        let answer = null;
        try {
            answer = await response.json();
        } catch {
            answer = null;
        }
        if (!response.ok) {
            const error = {
                code: (answer && answer.error) || `http_${response.status}`,
                message: (answer && answer.message) || '',
                status: response.status,
            };
            if (answer && answer.reason !== undefined) error.reason = answer.reason;
            if (answer && answer.until !== undefined) error.until = answer.until;
            throw error;
        }
        return answer || {};
    }

    // Who the cookie names, or null: the server answers {"logged_in": false} to a visitor (no
    // error, so the browser logs none); an older server's 401 not_logged_in means the same.
    async session() {
        try {
            const answer = await this.call('GET', '/api/session');
            return answer.logged_in === false || !answer.nick ? null : answer;
        } catch (error) {
            if (error.code === 'not_logged_in') return null;
            throw error;
        }
    }

    login(nick, password) {
        return this.call('POST', '/api/login', { nick, password });
    }

    register(nick, password) {
        return this.call('POST', '/api/register', { nick, password });
    }

    guest(nick) {
        return this.call('POST', '/api/guest', { nick });
    }

    logout() {
        return this.call('POST', '/api/logout', {});
    }

    changePassword(password, newPassword) {
        return this.call('POST', '/api/password', { password, new_password: newPassword });
    }

    // From whom the account takes challenges: {accept: 'everyone' | 'registered' | 'nobody', guest}.
    challengeSetting() {
        return this.call('GET', '/api/account/challenges');
    }

    setChallengeSetting(accept) {
        return this.call('POST', '/api/account/challenges', { accept });
    }

    // The account's personal API tokens (issue 29 §3): {tokens: [{id, description, scopes,
    // created_ms, last_used_ms}]}; a new one answers with its secret `token`, shown this once.
    tokens() {
        return this.call('GET', '/api/tokens');
    }

    createToken(description, scopes) {
        return this.call('POST', '/api/tokens', { description, scopes });
    }

    revokeToken(id) {
        return this.call('DELETE', `/api/tokens/${encodeURIComponent(id)}`);
    }
}
