// The table form's "Takebacks allowed" box (docs/protocol.md, "Takebacks and more time"): it
// follows the server's default (on for a casual table, off for a rated one) until the player
// sets it himself; from then on his choice stands.
export function takebacksChecked(rated, touched, checked) {
    return touched ? checked : !rated;
}
