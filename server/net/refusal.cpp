#include "server/net/refusal.h"

#include <sys/socket.h>

#include <string_view>

namespace rochade::server {

namespace {

constexpr std::string_view server_full_answer = "HTTP/1.1 503 Service Unavailable\r\n"
                                                "Server: Rochade\r\n"
                                                "X-Content-Type-Options: nosniff\r\n"
                                                "Content-Type: application/json\r\n"
                                                "Content-Length: 24\r\n"
                                                "Connection: close\r\n"
                                                "\r\n"
                                                R"({"error":"server full"}
)";
static_assert(server_full_answer.size() - server_full_answer.find("\r\n\r\n") - 4 == 24);

} // namespace

void refuse_at_once(int socket_descriptor)
{
    // Best effort: a socket that cannot take the answer now is closed without it.
    [[maybe_unused]] const auto sent =
        ::send(socket_descriptor, server_full_answer.data(), server_full_answer.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
}

} // namespace rochade::server
