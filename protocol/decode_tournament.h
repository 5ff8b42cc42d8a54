// The tournament requests' readers (docs/protocol.md, "Tournaments"), for decode.cpp's table of
// message types. Each checks its fields on their face; what needs the stored tournament is the
// service's (server/tournaments/).
#pragma once

#include "protocol/field_reader.h"

namespace rochade::protocol::decoding {

ClientMessage read_create_tournament(FieldReader& f);
ClientMessage read_list_tournaments(FieldReader& f);
ClientMessage read_show_tournament(FieldReader& f);
ClientMessage read_join_tournament(FieldReader& f);
ClientMessage read_withdraw_tournament(FieldReader& f);
ClientMessage read_start_tournament(FieldReader& f);
ClientMessage read_director_withdraw(FieldReader& f);
ClientMessage read_director_readmit(FieldReader& f);
ClientMessage read_director_bye(FieldReader& f);
ClientMessage read_director_pairing(FieldReader& f);
ClientMessage read_request_bye(FieldReader& f);
ClientMessage read_cancel_bye(FieldReader& f);
ClientMessage read_director_result(FieldReader& f);
ClientMessage read_pause_tournament(FieldReader& f);
ClientMessage read_resume_tournament(FieldReader& f);
ClientMessage read_end_tournament(FieldReader& f);

} // namespace rochade::protocol::decoding
