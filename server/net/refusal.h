// The answer to a socket the server will not give a session: past max_connections with
// max_refused_connections sockets already being answered, or accepted on the spare descriptor
// at the open-file limit. A fixed 503 is written without waiting (a fresh socket's send buffer
// takes it) and the caller closes the socket: no session, no timer, no buffer, so a flood costs
// the server nothing but the accept. The request is never read; a client whose request is
// still unread may see the connection reset instead of the 503, but never a hang.
#pragma once

namespace rochade::server {

void refuse_at_once(int socket_descriptor);

} // namespace rochade::server
