// The client's visible text. Every sentence, label and title the page shows comes from a
// catalogue per language (messages_en.js, ...), looked up by key; the views hold no text of their
// own. A catalogue entry is a string with {name} placeholders, or a function of the parameters
// where a sentence depends on them in ways a placeholder cannot say. Another language is a new
// file with the same keys, listed in CATALOGUES; a key it lacks falls back to English.

import en from './messages_en.js';

export const CATALOGUES = { en };

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

// A server error as the user reads it: a sentence from the catalogue for its code, and the code
// with the server's own message as a detail (for a bug report, and because the server's message
// sometimes says more, such as why a draw claim failed). Takes a WebSocket error frame
// {code, message} or an HTTP error body {error, message}.
export function errorText(error) {
    const code = (error && (error.code || error.error)) || 'unknown';
    const message = (error && error.message) || '';
    const seconds = secondsIn(message);
    let sentence;
    if (code === 'too_many_attempts' && seconds === undefined) {
        sentence = t('error.too_many_attempts.later');
    } else if (has(`error.${code}`)) {
        sentence = t(`error.${code}`, { message, seconds });
    } else {
        sentence = message ? t('error.unknown.with_message', { message }) : t('error.unknown');
    }
    return { sentence, code, detail: message ? `${code}: ${message}` : code };
}
