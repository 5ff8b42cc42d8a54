// The link to the admin area (web/admin.html at /admin) in the client's header: shown to a
// moderator or an admin who is signed in, never to a player or a guest. It only saves typing the
// address: the server authorises /admin's API itself, whoever follows the link. Pure, tested by
// node (tests/web/admin_link.test.mjs).

export const ADMIN_PATH = '/admin';

const STAFF = new Set(['moderator', 'admin']);

// identity: {nick, guest, role} or null (session.js); phase: the session's phase.
export function showsAdminLink(identity, phase) {
    if (!identity || identity.guest || phase === 'signed_out' || phase === 'signing_in') return false;
    return STAFF.has(identity.role);
}
