// The keys that lichess-bot reads with `x["key"]` rather than `x.get("key")`: a server's answer
// without one of them stops lichess-bot with a KeyError (in its main loop or a game's process).
// From lichess-bot's lib/lichess_bot.py, lib/model.py, lib/matchmaking.py, lib/engine_wrapper.py,
// lib/conversation.py and lib/lichess.py; a path "a.b" is x["a"]["b"].

const CHALLENGE = ['id', 'rated', 'variant.key', 'perf.name', 'speed', 'color', 'timeControl']; // model.Challenge
const GAME_STATE = ['moves', 'status', 'wtime', 'btime', 'winc', 'binc']; // play_game, engine_wrapper

export const LICHESS_BOT_REQUIRES = {
    profile: ['username', 'id', 'perfs'], // get_profile, check_online_status, Matchmaking.perf
    playing: ['nowPlaying'], // get_ongoing_games
    playingGame: ['gameId', 'speed', 'opponent.username'], // lichess_bot_main's active_games
    challenge: CHALLENGE,
    challengeDeclined: [...CHALLENGE, 'declineReason', 'declineReasonKey'], // Matchmaking.declined_challenge
    challengeCanceled: ['id'],
    gameStart: ['id'], // start_game: event["game"]["id"]
    gameFull: ['id', 'variant.name', 'white', 'black', 'state', 'createdAt'], // model.Game
    gameState: GAME_STATE,
    chatLine: ['room', 'username', 'text'], // ChatLine
    onlineBot: ['username'], // Matchmaking.choose_opponent
};

function has(object, path) {
    let value = object;
    for (const key of path.split('.')) {
        if (value === null || typeof value !== 'object' || !(key in value)) return false;
        value = value[key];
    }
    return true;
}

// The keys of LICHESS_BOT_REQUIRES[kind] that `object` lacks.
export function missingKeys(kind, object) {
    const missing = LICHESS_BOT_REQUIRES[kind].filter((path) => !has(object, path));
    // model.Challenge reads finalColor when the colour is random.
    if ((kind === 'challenge' || kind === 'challengeDeclined') && object?.color === 'random' && !has(object, 'finalColor'))
        missing.push('finalColor');
    return missing;
}
