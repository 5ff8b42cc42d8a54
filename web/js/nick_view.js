// A player's nick as every list shows it: accounts plain, guests in italics with a small
// "guest" mark, so that a registered player is told apart from someone who only chose the nick
// for this visit.

import { el } from './dom.js';
import { t } from './messages.js';

// nick: the nick; guest: whether it is a guest's; extra: children after the nick (" (you)").
export function nickNode(nick, guest, ...extra) {
    return el('span', { class: guest ? 'nick guest' : 'nick account', dataset: { nick } },
              el('span', { class: 'nick-name' }, nick),
              guest ? el('span', { class: 'guest-mark', title: t('nick.guest.title') }, t('nick.guest')) : null,
              extra);
}
