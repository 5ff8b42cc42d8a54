// The notices that ask the player to play, wherever the player is in the client: an invitation
// to a table (who invites, the time control, rated or casual) and a rematch offer at a finished
// table that is not on screen, each with Accept and Decline. They stand in the page's flow above
// the lobby and the game, never over other controls, until answered or gone.

import { el, fill, keepingFocus } from './dom.js';
import { inviterOf } from './invitations.js';
import { t } from './messages.js';
import { describe } from './time_control.js';

export class InvitationView {
    // actions: {accept(summary), decline(summary), acceptRematch(offer), declineRematch(offer)}
    constructor(root, actions) {
        this.root = root;
        this.actions = actions;
    }

    // invitations: Map(table id -> summary) (invitations.js); rematches: rematchOffers(...).
    render(invitations, rematches) {
        keepingFocus(() => this.redraw(invitations, rematches));
    }

    redraw(invitations, rematches) {
        const mode = (rated) => t(rated ? 'invitation.rated' : 'invitation.casual');
        const answer = (kind, table, accept, decline) => [
            el('button', { type: 'button', class: 'accept', dataset: { answer: 'accept', table }, onclick: accept }, t('invitation.accept')),
            el('button', { type: 'button', dataset: { answer: 'decline', table }, onclick: decline }, t('invitation.decline')),
        ];
        const items = [
            ...[...invitations.values()].map((summary) => el('li', { class: 'invitation', dataset: { kind: 'invitation', table: summary.table } },
                el('span', { class: 'invitation-text' }, t('invitation.text', {
                    inviter: inviterOf(summary), table: summary.table, room: summary.room,
                    time: describe(summary.time_control), mode: mode(summary.rated),
                })),
                el('span', { class: 'invitation-answers' }, answer('invitation', summary.table,
                    () => this.actions.accept(summary), () => this.actions.decline(summary))))),
            ...rematches.map((offer) => el('li', { class: 'invitation', dataset: { kind: 'rematch', table: offer.table } },
                el('span', { class: 'invitation-text' }, t('rematch.text', {
                    by: offer.by, table: offer.table, time: describe(offer.time_control), mode: mode(offer.rated),
                })),
                el('span', { class: 'invitation-answers' }, answer('rematch', offer.table,
                    () => this.actions.acceptRematch(offer), () => this.actions.declineRematch(offer))))),
        ];
        fill(this.root, items);
        this.root.hidden = items.length === 0;
        this.root.setAttribute('aria-label', t('invitation.label'));
    }
}
