// The clocks as a player sees them: the server's last reading, counted down locally for the side
// whose clock runs. The server's clock is the only truth; this only animates between readings.

// `reading` is the wire form {white_ms, black_ms, running, untimed}; `receivedAt` and `now` are
// performance.now() values. Returns the milliseconds each side has left, never below zero.
export function remaining(reading, receivedAt, now, running = true) {
    if (!reading) return { white: 0, black: 0 };
    const elapsed = running && reading.running ? Math.max(0, now - receivedAt) : 0;
    return {
        white: Math.max(0, reading.white_ms - (reading.running === 'white' ? elapsed : 0)),
        black: Math.max(0, reading.black_ms - (reading.running === 'black' ? elapsed : 0)),
    };
}

// "1:05:00", "4:59", "0:09.7": tenths only in the last ten seconds, when they matter.
export function format(ms) {
    const total = Math.max(0, ms);
    if (total < 10_000) {
        const tenths = Math.floor(total / 100);
        return `0:0${Math.floor(tenths / 10)}.${tenths % 10}`;
    }
    const seconds = Math.floor(total / 1000);
    const h = Math.floor(seconds / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const s = seconds % 60;
    const ss = String(s).padStart(2, '0');
    return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
