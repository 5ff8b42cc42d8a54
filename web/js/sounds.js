// The game's sounds, synthesised with Web Audio (no sound files to ship or license): a move, a
// capture, a check, the start and the end of a game, low time, a draw offer and an invitation (to
// a table, or to a rematch). Browsers refuse
// to play audio before the page has had a user gesture, so the audio context is made only after
// one (the first sound asked for before it is dropped). The mute switch is remembered per
// browser in localStorage ("rochade.sound": "off" or "on"). Nothing here touches the DOM when
// the module is imported, so node can import it.

const SOUND_KEY = 'rochade.sound';
export const SOUND_KINDS = ['move', 'capture', 'check', 'game_start', 'game_end', 'low_time', 'draw_offer', 'invitation'];

let context = null;
let gestureSeen = false;
let listening = false;
let mutedFallback = false; // where there is no localStorage (node, a locked-down browser)

function storage() {
    try {
        return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
        return null;
    }
}

export function isMuted() {
    const store = storage();
    if (!store) return mutedFallback;
    try {
        return store.getItem(SOUND_KEY) === 'off';
    } catch {
        return mutedFallback;
    }
}

export function setMuted(muted) {
    mutedFallback = !!muted;
    const store = storage();
    try {
        if (store) store.setItem(SOUND_KEY, muted ? 'off' : 'on');
    } catch { /* private mode: remembered for this page only */ }
    if (!muted) unlockSounds();
}

// The sound for a move event (or anything with a `san`): a check, a capture or a plain move.
export function soundForMove(move) {
    const san = typeof move === 'string' ? move : (move && (move.san || move.san_de)) || '';
    if (/[+#]/.test(san)) return 'check';
    if (san.includes('x')) return 'capture';
    return 'move';
}

// Call from a user gesture's handler (a click, a key) to make sounds possible at once; sounds
// also unlock themselves at the first gesture after the first playSound.
export function unlockSounds() {
    gestureSeen = true;
    const audio = audioContext();
    if (audio && audio.state === 'suspended') audio.resume().catch(() => {});
}

function hadGesture() {
    if (gestureSeen) return true;
    const activation = typeof navigator !== 'undefined' ? navigator.userActivation : undefined;
    return !!(activation && activation.hasBeenActive);
}

function listenForGesture() {
    if (listening || typeof window === 'undefined') return;
    listening = true;
    const unlock = () => {
        window.removeEventListener('pointerdown', unlock, true);
        window.removeEventListener('keydown', unlock, true);
        unlockSounds();
    };
    window.addEventListener('pointerdown', unlock, true);
    window.addEventListener('keydown', unlock, true);
}

function audioContext() {
    if (context) return context;
    if (!hadGesture()) return null;
    const AudioContextClass = typeof window !== 'undefined' ? window.AudioContext || window.webkitAudioContext : undefined;
    if (!AudioContextClass) return null;
    try {
        context = new AudioContextClass();
    } catch {
        return null;
    }
    return context;
}

// One note: an oscillator that starts at `at` seconds from now with `gain`, glides from `freq` to
// `to` and dies away over `length` seconds.
function note(audio, out, { freq, to = freq, at = 0, length = 0.12, gain = 0.3, type = 'sine' }) {
    const start = audio.currentTime + at;
    const osc = audio.createOscillator();
    const env = audio.createGain();
    osc.type = type;
    osc.frequency.setValueAtTime(freq, start);
    if (to !== freq) osc.frequency.exponentialRampToValueAtTime(to, start + length);
    env.gain.setValueAtTime(0.0001, start);
    env.gain.exponentialRampToValueAtTime(gain, start + 0.005);
    env.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(env).connect(out);
    osc.start(start);
    osc.stop(start + length + 0.02);
}

// A knock of filtered noise, the wooden part of a piece set down.
function knock(audio, out, { at = 0, length = 0.06, gain = 0.5, freq = 1200 }) {
    const start = audio.currentTime + at;
    const frames = Math.ceil(audio.sampleRate * length);
    const buffer = audio.createBuffer(1, frames, audio.sampleRate);
    const data = buffer.getChannelData(0);
    for (let i = 0; i < frames; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / frames) ** 3;
    const source = audio.createBufferSource();
    source.buffer = buffer;
    const filter = audio.createBiquadFilter();
    filter.type = 'bandpass';
    filter.frequency.value = freq;
    filter.Q.value = 1.2;
    const env = audio.createGain();
    env.gain.value = gain;
    source.connect(filter).connect(env).connect(out);
    source.start(start);
}

const SOUNDS = {
    move: (a, out) => {
        knock(a, out, { freq: 1400, gain: 0.6 });
        note(a, out, { freq: 190, to: 120, length: 0.08, gain: 0.25, type: 'triangle' });
    },
    capture: (a, out) => {
        knock(a, out, { freq: 900, gain: 0.8, length: 0.09 });
        note(a, out, { freq: 150, to: 80, length: 0.12, gain: 0.35, type: 'triangle' });
        knock(a, out, { at: 0.05, freq: 1800, gain: 0.4 });
    },
    check: (a, out) => {
        knock(a, out, { freq: 1400, gain: 0.5 });
        note(a, out, { freq: 880, length: 0.15, gain: 0.18, type: 'square', at: 0.02 });
        note(a, out, { freq: 1175, length: 0.2, gain: 0.15, type: 'square', at: 0.12 });
    },
    game_start: (a, out) => {
        note(a, out, { freq: 523, length: 0.18, gain: 0.2 });
        note(a, out, { freq: 659, length: 0.18, gain: 0.2, at: 0.12 });
        note(a, out, { freq: 784, length: 0.3, gain: 0.22, at: 0.24 });
    },
    game_end: (a, out) => {
        note(a, out, { freq: 784, length: 0.25, gain: 0.2 });
        note(a, out, { freq: 659, length: 0.25, gain: 0.2, at: 0.18 });
        note(a, out, { freq: 523, length: 0.5, gain: 0.22, at: 0.36 });
    },
    low_time: (a, out) => {
        note(a, out, { freq: 1000, length: 0.08, gain: 0.15, type: 'square' });
        note(a, out, { freq: 1000, length: 0.08, gain: 0.15, type: 'square', at: 0.15 });
    },
    draw_offer: (a, out) => {
        note(a, out, { freq: 698, length: 0.35, gain: 0.18 });
        note(a, out, { freq: 880, length: 0.45, gain: 0.15, at: 0.1 });
    },
    // A door bell, rising: someone asks you to sit down.
    invitation: (a, out) => {
        note(a, out, { freq: 587, length: 0.3, gain: 0.2 });
        note(a, out, { freq: 784, length: 0.3, gain: 0.2, at: 0.15 });
        note(a, out, { freq: 988, length: 0.5, gain: 0.18, at: 0.3 });
    },
};

// Plays one of SOUND_KINDS, unless muted or before the page has had a user gesture.
export function playSound(kind) {
    const sound = SOUNDS[kind];
    if (!sound || isMuted()) return false;
    listenForGesture();
    const audio = audioContext();
    if (!audio) return false;
    if (audio.state === 'suspended') audio.resume().catch(() => {});
    const out = audio.createGain();
    out.gain.value = 0.8;
    out.connect(audio.destination);
    sound(audio, out);
    return true;
}
