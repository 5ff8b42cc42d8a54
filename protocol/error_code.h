// The stable machine codes of error replies. The wire spelling (error_code_name) never
// changes once published; clients switch on it. The human message travels beside it.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

namespace rochade::protocol {

enum class ErrorCode : std::uint8_t {
    // The message itself
    BadRequest,      // malformed JSON, missing or mistyped field, over-long string, deep nesting
    UnknownType,     // `type` names no message
    MessageTooLarge, // frame over the size limit (the connection is closed with 1009)
    RateLimited,     // too many messages (the connection is closed with 1008)
    // Identity
    NotGreeted, // anything but hello/ping before hello
    AlreadyGreeted,
    InvalidNick,
    NickTaken,
    BadResumeToken,
    NoSuchNick,
    BadCredentials,   // a login with an unknown nick or a wrong password (one reply for both)
    InvalidPassword,  // a new password too short or too long
    TooManyAttempts,  // failed logins from this address or for this account: wait
    GuestsNotAllowed, // the server admits accounts only
    NotLoggedIn,      // an account's action without one, or a session cookie that is void
    Busy,             // the password-hashing queue is full: try again shortly
    Forbidden,        // a request above the connection's role
    Muted,            // chat while a moderator's mute stands (the error names its end and reason)
    Banned,           // a login, hello or entry of a banned account or from a banned address
    Kicked,           // a moderator closed the connection (the error names the reason)
    // Rooms
    NoSuchRoom,
    NotInRoom,
    // Tables
    NoSuchTable,
    NoSuchGame, // a game id that names no stored game
    TableFull,
    SeatReserved,  // the table is reserved for an invited nick
    AlreadySeated, // one cannot play oneself
    NotAPlayer,    // a player's action at a table where one does not sit
    GameNotStarted,
    GameInProgress, // leaving a seat mid-game: resign or abort first
    GameOver,
    RatedNeedsAccount, // a guest opening or joining a rated table
    RatedNeedsClock,   // a rated table with an untimed control
    NotInvited,        // decline_invitation at a table where no invitation for the sender stands
    // Game setups (protocol/game_setup.h)
    BadVariant,        // "variant" is none of standard, chess960, from_position, or a field of another variant
    BadChess960Number, // "chess960" is not an integer 0..959
    BadFen,            // the start FEN does not parse or no game can start from it (the message says why)
    RatedFromPosition, // games from a position are casual only

    // Challenges
    ChallengeSelf,     // a challenge addressed to its sender
    NoSuchChallenge,   // an id that names no challenge standing for the sender
    ChallengesRefused, // the challenged player takes no challenges (from guests, or at all)
    // Open challenges (docs/protocol.md, "Open challenges")
    NoSuchOpenChallenge,    // a token (or link id) that names no link: mistyped, forged, or pruned
    OpenChallengeUsed,      // someone accepted the link first
    OpenChallengeExpired,   // the link's time ran out, or its creator canceled it
    OpenChallengeNotForYou, // the link names the players who alone may accept it
    ChallengerOffline,      // the link's creator is not online: it stays valid until it expires
    // Quick pairing (docs/protocol.md, "Pools")
    NoSuchPool,    // join_pool naming no pool of the catalogue
    AlreadyInPool, // join_pool while waiting in a pool (this one or another): leave_pool first
    NotInPool,     // leave_pool while waiting in no pool
    // The computer (docs/protocol.md, "Playing the computer")
    EnginesBusy,        // every engine of the pool is busy: try again
    ComputerCasualOnly, // play_computer with rated: true
    // Tournaments (docs/protocol.md, "Tournaments")
    NoSuchTournament,        // a tournament id that names no tournament
    AlreadyInTournament,     // join_tournament by a registered player (or one whose entry is being stored)
    NotInTournament,         // withdrawing or readmitting a player who is not registered (or not withdrawn)
    TournamentClosed,        // joining a finished event, or a running one past its late entry
    WrongTournamentPassword, // the event needs a password and this is not it (or none was given)
    TournamentStarted,       // start_tournament on an event that is not registering any more
    TooFewPlayers,           // start_tournament with fewer players than the system needs
    EntryConditions,         // join_tournament by a player the event's conditions leave out
    TournamentMoving,        // a cluster's node that ran the event is gone and another takes it over: try again
    // Moves and game actions
    NotYourTurn,
    IllegalMove,
    AmbiguousMove,
    InvalidMove, // not a move in any notation the server reads
    NoDrawOffer,
    DrawOfferNotAllowed,
    ClaimInvalid,
    CannotAbort,
    OpponentConnected, // claim_win before the opponent's grace period ran out
    RematchUnavailable,
    // Takebacks and more time (docs/protocol.md, "Takebacks and more time")
    TakebacksNotAllowed,   // the table (or who decides there) forbids takebacks
    NothingToTakeBack,     // the asker has made no move that could go back
    TakebackRequestStands, // a takeback request stands already: answer or withdraw it first
    NoTakebackRequest,     // nothing to accept, decline or withdraw
    TakebackTooSoon,       // asked again too soon after a decline (the wait grows per decline)
    GiveTimeNotAllowed,    // an untimed game, or one whose time is not the players' to give
    GiveTimeTooSoon,       // more time given too soon after the last
    BerserkNotAllowed,     // not an arena game that allows it, or not before one's first move
    // Server
    LimitReached, // a player limit: tables waiting, rooms opened, chat messages per minute
    ShuttingDown,
    StorageUnavailable, // the store could not keep the change now: nothing changed; try again later
    InternalError,
};

constexpr std::string_view error_code_name(ErrorCode code)
{
    switch (code) {
    case ErrorCode::BadRequest: return "bad_request";
    case ErrorCode::UnknownType: return "unknown_type";
    case ErrorCode::MessageTooLarge: return "message_too_large";
    case ErrorCode::RateLimited: return "rate_limited";
    case ErrorCode::NotGreeted: return "not_greeted";
    case ErrorCode::AlreadyGreeted: return "already_greeted";
    case ErrorCode::InvalidNick: return "invalid_nick";
    case ErrorCode::NickTaken: return "nick_taken";
    case ErrorCode::BadResumeToken: return "bad_resume_token";
    case ErrorCode::NoSuchNick: return "no_such_nick";
    case ErrorCode::BadCredentials: return "bad_credentials";
    case ErrorCode::InvalidPassword: return "invalid_password";
    case ErrorCode::TooManyAttempts: return "too_many_attempts";
    case ErrorCode::GuestsNotAllowed: return "guests_not_allowed";
    case ErrorCode::NotLoggedIn: return "not_logged_in";
    case ErrorCode::Busy: return "busy";
    case ErrorCode::Forbidden: return "forbidden";
    case ErrorCode::Muted: return "muted";
    case ErrorCode::Banned: return "banned";
    case ErrorCode::Kicked: return "kicked";
    case ErrorCode::NoSuchRoom: return "no_such_room";
    case ErrorCode::NotInRoom: return "not_in_room";
    case ErrorCode::NoSuchTable: return "no_such_table";
    case ErrorCode::NoSuchGame: return "no_such_game";
    case ErrorCode::TableFull: return "table_full";
    case ErrorCode::SeatReserved: return "seat_reserved";
    case ErrorCode::AlreadySeated: return "already_seated";
    case ErrorCode::NotAPlayer: return "not_a_player";
    case ErrorCode::GameNotStarted: return "game_not_started";
    case ErrorCode::GameInProgress: return "game_in_progress";
    case ErrorCode::GameOver: return "game_over";
    case ErrorCode::NotYourTurn: return "not_your_turn";
    case ErrorCode::IllegalMove: return "illegal_move";
    case ErrorCode::AmbiguousMove: return "ambiguous_move";
    case ErrorCode::InvalidMove: return "invalid_move";
    case ErrorCode::NoDrawOffer: return "no_draw_offer";
    case ErrorCode::DrawOfferNotAllowed: return "draw_offer_not_allowed";
    case ErrorCode::ClaimInvalid: return "claim_invalid";
    case ErrorCode::CannotAbort: return "cannot_abort";
    case ErrorCode::OpponentConnected: return "opponent_connected";
    case ErrorCode::RematchUnavailable: return "rematch_unavailable";
    case ErrorCode::TakebacksNotAllowed: return "takebacks_not_allowed";
    case ErrorCode::NothingToTakeBack: return "nothing_to_take_back";
    case ErrorCode::TakebackRequestStands: return "takeback_request_stands";
    case ErrorCode::NoTakebackRequest: return "no_takeback_request";
    case ErrorCode::TakebackTooSoon: return "takeback_too_soon";
    case ErrorCode::GiveTimeNotAllowed: return "give_time_not_allowed";
    case ErrorCode::GiveTimeTooSoon: return "give_time_too_soon";
    case ErrorCode::BerserkNotAllowed: return "berserk_not_allowed";
    case ErrorCode::RatedNeedsAccount: return "rated_needs_account";
    case ErrorCode::RatedNeedsClock: return "rated_needs_clock";
    case ErrorCode::NotInvited: return "not_invited";
    case ErrorCode::BadVariant: return "bad_variant";
    case ErrorCode::BadChess960Number: return "bad_chess960_number";
    case ErrorCode::BadFen: return "bad_fen";
    case ErrorCode::RatedFromPosition: return "rated_from_position";

    case ErrorCode::ChallengeSelf: return "challenge_self";
    case ErrorCode::NoSuchChallenge: return "no_such_challenge";
    case ErrorCode::ChallengesRefused: return "challenges_refused";
    case ErrorCode::NoSuchOpenChallenge: return "no_such_open_challenge";
    case ErrorCode::OpenChallengeUsed: return "open_challenge_used";
    case ErrorCode::OpenChallengeExpired: return "open_challenge_expired";
    case ErrorCode::OpenChallengeNotForYou: return "open_challenge_not_for_you";
    case ErrorCode::ChallengerOffline: return "challenger_offline";
    case ErrorCode::NoSuchPool: return "no_such_pool";
    case ErrorCode::AlreadyInPool: return "already_in_pool";
    case ErrorCode::NotInPool: return "not_in_pool";
    case ErrorCode::EnginesBusy: return "engines_busy";
    case ErrorCode::ComputerCasualOnly: return "computer_casual_only";
    case ErrorCode::NoSuchTournament: return "no_such_tournament";
    case ErrorCode::AlreadyInTournament: return "already_in_tournament";
    case ErrorCode::NotInTournament: return "not_in_tournament";
    case ErrorCode::TournamentClosed: return "tournament_closed";
    case ErrorCode::WrongTournamentPassword: return "wrong_tournament_password";
    case ErrorCode::TournamentStarted: return "tournament_started";
    case ErrorCode::TooFewPlayers: return "too_few_players";
    case ErrorCode::EntryConditions: return "entry_conditions";
    case ErrorCode::TournamentMoving: return "tournament_moving";
    case ErrorCode::LimitReached: return "limit_reached";
    case ErrorCode::ShuttingDown: return "shutting_down";
    case ErrorCode::StorageUnavailable: return "storage_unavailable";
    case ErrorCode::InternalError: return "internal_error";
    }
    return "internal_error";
}

// The code a name spells (error_code_name's inverse), or nothing: for codes that travel
// between the nodes of a cluster, where a name from another version must not become a wrong code.
constexpr std::optional<ErrorCode> parse_error_code(std::string_view name)
{
    for (int code = 0; code <= static_cast<int>(ErrorCode::InternalError); ++code)
        if (error_code_name(static_cast<ErrorCode>(code)) == name) return static_cast<ErrorCode>(code);
    return std::nullopt;
}

} // namespace rochade::protocol
