// Wall-clock times as the page shows them: the server sends Unix milliseconds, the page writes
// them in the viewer's time zone and the page's language. Pure (Intl only), so node tests it with
// a fixed time zone.

const LOCALES = { de: 'de-DE', en: 'en-GB' };

// "24.11.2026, 14:05:09" / "24/11/2026, 14:05:09"; '' for a missing time. `timeZone` is for
// tests; the page leaves it to the browser.
export function dateTime(ms, lang, timeZone) {
    if (ms === undefined || ms === null || !Number.isFinite(Number(ms))) return '';
    return new Intl.DateTimeFormat(LOCALES[lang] || LOCALES.en, {
        year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
        hour12: false, timeZone,
    }).format(new Date(Number(ms)));
}

// "24.11.2026" / "24/11/2026": the day alone, for a chart's axis and a member's first day.
export function dateOnly(ms, lang, timeZone) {
    if (ms === undefined || ms === null || !Number.isFinite(Number(ms))) return '';
    return new Intl.DateTimeFormat(LOCALES[lang] || LOCALES.en, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone })
        .format(new Date(Number(ms)));
}
