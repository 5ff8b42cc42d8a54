#include "server/lobby/table_opening.h"

#include "server/identity/secrets.h"

namespace rochade::server {

Table::Opening with_chances_drawn(Table::Opening opening)
{
    switch (opening.opener_color) {
    case protocol::ColorChoice::White: opening.opener_side = protocol::Side::White; break;
    case protocol::ColorChoice::Black: opening.opener_side = protocol::Side::Black; break;
    case protocol::ColorChoice::Random:
        opening.opener_side = identity::coin_flip() ? protocol::Side::White : protocol::Side::Black;
        break;
    }
    if (opening.setup.variant == protocol::GameVariant::Chess960 && !opening.setup.chess960)
        opening.setup.chess960 = static_cast<int>(identity::uniform_below(protocol::chess960_positions));
    return opening;
}

} // namespace rochade::server
