// The server's one instantiation of the WebSocket session: over TCP (ws_session.h says why the
// session is a template).
#include "server/net/ws_session_impl.h"

namespace rochade::server {

template class BasicWsSession<TcpWsStream>;

} // namespace rochade::server
