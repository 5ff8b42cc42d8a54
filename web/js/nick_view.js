// A player's nick as every list shows it: accounts plain, guests in italics with a small
// "guest" mark, so that a registered player is told apart from someone who only chose the nick
// for this visit. An account's nick may link to its profile (/@/{nick}); a guest has none.

import { el } from './dom.js';
import { t } from './messages.js';
import { profilePath } from './profile_link.js';
import { ratingText } from './rating_format.js';

// nick: the nick; guest: whether it is a guest's; extra: children after the nick (" (you)").
export function nickNode(nick, guest, ...extra) {
    return el('span', { class: guest ? 'nick guest' : 'nick account', dataset: { nick } },
              el('span', { class: 'nick-name' }, nick),
              guest ? el('span', { class: 'guest-mark', title: t('nick.guest.title') }, t('nick.guest')) : null,
              extra);
}

// The nick as a link to the profile, opened in a tab of its own so a game on screen stays; a
// guest's nick stays plain.
export function linkedNickNode(nick, guest, ...extra) {
    const node = nickNode(nick, guest, ...extra);
    if (guest) return node;
    return el('a', { class: 'profile-link', href: profilePath(nick), target: '_blank', rel: 'noopener',
                     title: t('nick.profile.title', { nick }) }, node);
}

// A seated player's rating as a table summary gives it, {rating, provisional}: "1523", or "1500?"
// with the provisional mark explained; null when the seat has none.
export function ratingNode(rating) {
    const text = ratingText(rating);
    if (!text) return null;
    return el('span', { class: 'seat-rating', title: rating.provisional ? t('rating.provisional.title') : null }, text);
}
