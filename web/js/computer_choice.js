// The pure decisions of "Play the computer" (no DOM): which levels there are, the play_computer
// fields a form's values ask for, and whether a table summary's seat is the computer's.

import { PRESETS } from './time_control.js';

export const COMPUTER_LEVELS = [1, 2, 3, 4, 5, 6, 7, 8];

// The play_computer fields for {level, colour, preset (an index of PRESETS), setup (the setup
// form's fields)}, or null when the level or the time control is none the server offers.
export function playComputerFields({ level, colour, preset, setup }) {
    const number = Number(level);
    if (!COMPUTER_LEVELS.includes(number)) return null;
    const chosen = PRESETS[Number(preset)];
    if (!chosen || String(preset).trim() === '') return null;
    const color = ['white', 'black', 'random'].includes(colour) ? colour : 'random';
    return { level: number, color, time_control: chosen.value, ...(setup || {}) };
}

// Whether the player on `side` of a table summary (or table state) is the computer.
export function isComputerAt(summary, side) {
    return Boolean(summary && summary[`${side}_computer`]);
}
