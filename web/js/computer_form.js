// "Play the computer": the form that asks for a game against the computer (docs/protocol.md,
// "Playing the computer"): the level 1-8, the player's colour, the time control (untimed too) and
// the game setup (game_setup_form.js, as the lobby's table form). The first page shows it to a
// visitor, who plays as a guest with the nick above it; the lobby shows it to everyone signed in.
// The computer's games are casual: there is no rated box.

import { el } from './dom.js';
import { t } from './messages.js';
import { GameSetupForm } from './game_setup_form.js';
import { PRESETS, presetLabel } from './time_control.js';
import { COMPUTER_LEVELS, playComputerFields } from './computer_choice.js';

// The time control chosen first: 5+3, a game that fits an evening's spare minutes.
const DEFAULT_PRESET = 2;

let formCount = 0;

export class ComputerForm {
    // onPlay(fields): the play_computer fields, once the form is sent.
    constructor(onPlay) {
        this.onPlay = onPlay;
        const id = `computer-form-${++formCount}`;
        this.level = el('select', { name: 'computer_level', id: `${id}-level` },
                        COMPUTER_LEVELS.map((level) => el('option', { value: String(level) })));
        this.colour = el('select', { name: 'computer_color', id: `${id}-colour` },
                         ['random', 'white', 'black'].map((colour) => el('option', { value: colour })));
        this.preset = el('select', { name: 'computer_time_control', id: `${id}-time` },
                         PRESETS.map((preset, index) => el('option', { value: String(index), selected: index === DEFAULT_PRESET })));
        this.setup = new GameSetupForm();
        this.title = el('h3', {});
        this.levelLabel = el('label', { for: this.level.id });
        this.colourLabel = el('label', { for: this.colour.id });
        this.presetLabel = el('label', { for: this.preset.id });
        this.submitButton = el('button', { type: 'submit', class: 'play-computer-submit' });
        this.node = el('form', { class: 'play-computer', onsubmit: (event) => this.submit(event) },
                       this.title,
                       el('div', { class: 'computer-choices' },
                          el('span', { class: 'computer-choice' }, this.levelLabel, this.level),
                          el('span', { class: 'computer-choice' }, this.colourLabel, this.colour),
                          el('span', { class: 'computer-choice' }, this.presetLabel, this.preset)),
                       this.setup.node, this.submitButton);
        this.relabel();
    }

    // The texts, in the page's current language.
    relabel() {
        this.title.textContent = t('computer.title');
        this.levelLabel.textContent = t('computer.level');
        this.colourLabel.textContent = t('open.colour');
        this.presetLabel.textContent = t('open.time_control');
        for (const option of this.level.options) option.textContent = t('computer.level.option', { level: option.value });
        for (const option of this.colour.options) option.textContent = t(`open.colour.${option.value}`);
        [...this.preset.options].forEach((option, index) => { option.textContent = presetLabel(PRESETS[index]); });
        this.submitButton.textContent = t('computer.submit');
        this.setup.relabel();
    }

    submit(event) {
        event.preventDefault();
        const setup = this.setup.fields();
        if (!setup) return;
        const fields = playComputerFields({ level: this.level.value, colour: this.colour.value, preset: this.preset.value, setup });
        if (fields) this.onPlay(fields);
    }
}
