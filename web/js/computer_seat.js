// A seat's player as lists and boards show it: the computer's seat (a table summary's
// `white_computer`/`black_computer`) is marked as the computer and links to no profile; anyone
// else's is nick_view.js's linked nick (a guest's unlinked).

import { el } from './dom.js';
import { t } from './messages.js';
import { linkedNickNode, nickNode } from './nick_view.js';
import { isGuestAt } from './room_model.js';
import { isComputerAt } from './computer_choice.js';

export function seatNickNode(summary, side) {
    const nick = summary[side];
    if (!isComputerAt(summary, side)) return linkedNickNode(nick, isGuestAt(summary, side));
    return el('span', { class: 'computer-seat', dataset: { computer: side } }, nickNode(nick, false), ' ',
              el('span', { class: 'computer-mark', title: t('computer.mark.title') }, t('computer.mark')));
}
