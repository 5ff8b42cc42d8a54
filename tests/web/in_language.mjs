// Runs `body` with the interface in `lang`, then goes back to English whatever happens: the
// catalogue's language is module state, and one test must not leave it for the next.
import { setLanguage } from '../../web/js/messages.js';

export function inLanguage(lang, body) {
    setLanguage(lang);
    try {
        return body();
    } finally {
        setLanguage('en');
    }
}
