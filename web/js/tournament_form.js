// The form to create a tournament (docs/protocol.md, "create_tournament"), for tournament
// directors, moderators and admins: name, system (Swiss with its rounds, round robin single or
// double, played at once or as a season with days per round; an arena with its minutes and
// whether berserk is allowed), time control, rated, late
// entries until a round, a start time (empty: the director starts it), password, and the
// director's rules (a Swiss's first board, forbidden pairs and tie-breaks, the first move for
// draw offers). Made once and kept across
// redraws, so what a director types survives a tournament's update; what cannot be sent is said
// beside the button (tournaments.js createFields), what the server refuses as every error is.

import { el } from './dom.js';
import { t } from './messages.js';
import { PRESETS, presetLabel } from './time_control.js';
import { TIE_BREAK_CODES } from './tournament_format.js';
import { MAX_ARENA_MINUTES, MIN_ARENA_MINUTES } from './arena.js';
import { DEFAULT_TIE_BREAKS, createFields } from './tournaments.js';
import { FIRST_BOARD_CHOICES } from './tournament_start.js';
import { MAX_ROUND_DAYS } from './tournament_season.js';

export class TournamentForm {
    // create(fields): a promise, resolved when the server made it (the form then closes).
    constructor(create) {
        this.create = create;
        this.name = el('input', { type: 'text', name: 'tournament-name', maxlength: 60, required: true });
        this.system = el('select', { name: 'tournament-system', onchange: () => this.showSystem() },
                         el('option', { value: 'swiss' }), el('option', { value: 'round_robin' }), el('option', { value: 'arena' }));
        this.rounds = el('input', { type: 'number', name: 'tournament-rounds', min: '1', max: '20', step: '1', value: '5' });
        // An hour, the length of many clubs' online blitz arenas.
        this.minutes = el('input', { type: 'number', name: 'tournament-minutes', min: String(MIN_ARENA_MINUTES),
                                     max: String(MAX_ARENA_MINUTES), step: '1', value: '60' });
        this.berserk = el('input', { type: 'checkbox', name: 'tournament-berserk', checked: true });
        this.berserkText = el('span', {});
        // Bot accounts (the Bot API) stay out unless the director admits them, as on lichess.
        this.bots = el('input', { type: 'checkbox', name: 'tournament-bots' });
        this.botsText = el('span', {});
        this.firstBoard = el('select', { name: 'tournament-first-board' },
                             FIRST_BOARD_CHOICES.map((choice) => el('option', { value: choice })));
        this.cycles = el('select', { name: 'tournament-cycles' }, el('option', { value: '1' }), el('option', { value: '2' }));
        // Empty: the rounds follow each other at once; 7 a club's round a week (tournament_season.js).
        this.roundDays = el('input', { type: 'number', name: 'tournament-round-days', min: '0', max: String(MAX_ROUND_DAYS),
                                       step: '1', inputmode: 'numeric' });
        this.roundDaysHint = el('p', { class: 'hint field-hint', dataset: { hint: 'round_days' } });
        // The presets the lobby offers; 3+2 blitz first chosen, as clubs' evening events are.
        this.timeControl = el('select', { name: 'tournament-time-control' },
                              PRESETS.map((preset, index) => el('option', { value: String(index), selected: index === 1 })));
        this.rated = el('input', { type: 'checkbox', name: 'tournament-rated' });
        this.late = el('input', { type: 'number', name: 'tournament-late-entry', min: '0', max: '20', step: '1', value: '0' });
        // In the browser's time zone, to the minute (tournament_start.js localTimeMs).
        this.startsAt = el('input', { type: 'datetime-local', name: 'tournament-starts-at', step: '60' });
        this.password = el('input', { type: 'text', name: 'tournament-password', maxlength: 64, autocomplete: 'off' });
        this.forbidden = el('textarea', { name: 'tournament-forbidden-pairs', rows: 2, autocomplete: 'off', spellcheck: 'false' });
        this.tieBreaks = el('input', { type: 'text', name: 'tournament-tie-breaks', autocomplete: 'off', spellcheck: 'false',
                                       value: DEFAULT_TIE_BREAKS.join(', ') });
        this.drawsFrom = el('input', { type: 'number', name: 'tournament-draw-offers-from', min: '0', max: '100', step: '1', value: '0' });
        const number = (name, max) => el('input', { type: 'number', name, min: '0', max, step: '1' });
        this.minRating = number('tournament-min-rating', '4000');
        this.maxRating = number('tournament-max-rating', '4000');
        this.minGames = number('tournament-min-rated-games', '1000');
        this.invited = el('textarea', { name: 'tournament-invited', rows: 2, autocomplete: 'off', spellcheck: 'false' });
        this.error = el('p', { class: 'form-error', role: 'alert', hidden: true });
        this.texts = {};
        const label = (name, input) => {
            this.texts[name] = el('span', {});
            return el('label', { class: `field field-${name}` }, this.texts[name], input);
        };
        this.roundsField = label('rounds', this.rounds);
        this.firstBoardField = label('first_board', this.firstBoard);
        this.cyclesField = label('cycles', this.cycles);
        this.roundDaysField = label('round_days', this.roundDays);
        this.minutesField = label('minutes', this.minutes);
        this.berserkField = el('label', { class: 'field field-berserk' }, this.berserk, ' ', this.berserkText);
        this.lateField = label('late', this.late);
        this.forbiddenField = label('forbidden', this.forbidden);
        this.tieBreaksField = label('tie_breaks', this.tieBreaks);
        this.submit = el('button', { type: 'submit' });
        this.cancel = el('button', { type: 'button', class: 'link', onclick: () => this.close() });
        this.title = el('h3', {});
        this.ratedText = el('span', {});
        // novalidate: the form's own check says what is wrong in the page's language, not the browser's.
        this.node = el('form', { class: 'tournament-create', hidden: true, novalidate: true, onsubmit: (event) => this.send(event) },
                       this.title, label('name', this.name), label('system', this.system), this.roundsField, this.firstBoardField,
                       this.cyclesField, this.roundDaysField, this.roundDaysHint,
                       this.minutesField, this.berserkField,
                       label('time', this.timeControl), el('label', { class: 'field field-rated' }, this.rated, ' ', this.ratedText),
                       this.lateField, label('starts_at', this.startsAt), label('password', this.password), this.forbiddenField, this.tieBreaksField,
                       label('draws', this.drawsFrom), label('min_rating', this.minRating), label('max_rating', this.maxRating),
                       label('min_games', this.minGames), label('invited', this.invited),
                       el('label', { class: 'field field-bots' }, this.bots, ' ', this.botsText),
                       el('div', { class: 'form-buttons' }, this.submit, this.cancel), this.error);
        this.relabel();
        this.showSystem();
    }

    relabel() {
        this.title.textContent = t('tournament.create.title');
        this.texts.name.textContent = t('tournament.create.name');
        this.texts.system.textContent = t('tournament.create.system');
        this.texts.rounds.textContent = t('tournament.create.rounds');
        this.texts.cycles.textContent = t('tournament.create.cycles');
        this.texts.first_board.textContent = t('tournament.create.first_board');
        [...this.firstBoard.options].forEach((option) => { option.textContent = t(`tournament.create.first_board.${option.value}`); });
        this.texts.starts_at.textContent = t('tournament.create.starts_at');
        this.startsAt.title = t('tournament.create.starts_at.title');
        this.texts.time.textContent = t('tournament.create.time_control');
        this.texts.late.textContent = t('tournament.create.late_entry');
        this.texts.password.textContent = t('tournament.create.password');
        this.password.placeholder = t('tournament.create.password.placeholder');
        this.ratedText.textContent = t('tournament.create.rated');
        this.system.options[0].textContent = t('tournament.create.system.swiss');
        this.system.options[1].textContent = t('tournament.create.system.round_robin');
        this.system.options[2].textContent = t('tournament.create.system.arena');
        this.texts.minutes.textContent = t('tournament.create.minutes');
        this.berserkText.textContent = t('tournament.create.berserk');
        this.berserkField.title = t('tournament.create.berserk.title');
        this.cycles.options[0].textContent = t('tournament.create.cycles.single');
        this.cycles.options[1].textContent = t('tournament.create.cycles.double');
        this.texts.round_days.textContent = t('tournament.create.round_days');
        this.roundDays.placeholder = t('tournament.create.round_days.placeholder');
        this.roundDaysHint.textContent = t('tournament.create.round_days.hint');
        [...this.timeControl.options].forEach((option, index) => { option.textContent = presetLabel(PRESETS[index]); });
        this.submit.textContent = t('tournament.create.submit');
        this.cancel.textContent = t('tournament.create.cancel');
        this.late.title = t('tournament.create.late_entry.title');
        this.texts.forbidden.textContent = t('tournament.create.forbidden_pairs');
        this.forbidden.placeholder = t('tournament.create.forbidden_pairs.placeholder');
        this.texts.tie_breaks.textContent = t('tournament.create.tie_breaks');
        this.tieBreaks.title = t('tournament.create.tie_breaks.title', { codes: TIE_BREAK_CODES.join(', ') });
        this.texts.draws.textContent = t('tournament.create.draw_offers');
        this.drawsFrom.title = t('tournament.create.draw_offers.title');
        this.texts.min_rating.textContent = t('tournament.create.min_rating');
        this.texts.max_rating.textContent = t('tournament.create.max_rating');
        this.texts.min_games.textContent = t('tournament.create.min_rated_games');
        this.texts.invited.textContent = t('tournament.create.invited');
        this.invited.placeholder = t('tournament.create.invited.placeholder');
        this.botsText.textContent = t('tournament.create.bots_allowed');
    }

    // A Swiss has rounds, late entries and a first board; a round robin cycles (its rounds follow from its
    // players) and may be a season; an arena lasts its minutes, and players join until it ends.
    showSystem() {
        const swiss = this.system.value === 'swiss';
        const arena = this.system.value === 'arena';
        this.roundsField.hidden = !swiss;
        this.lateField.hidden = !swiss;
        this.firstBoardField.hidden = !swiss;
        this.forbiddenField.hidden = !swiss;
        this.tieBreaksField.hidden = !swiss;
        this.cyclesField.hidden = this.system.value !== 'round_robin';
        this.roundDaysField.hidden = this.cyclesField.hidden;
        this.roundDaysHint.hidden = this.cyclesField.hidden;
        this.minutesField.hidden = !arena;
        this.berserkField.hidden = !arena;
    }

    get open() {
        return !this.node.hidden;
    }

    show() {
        this.node.hidden = false;
        this.name.focus();
    }

    close() {
        this.node.hidden = true;
        this.error.hidden = true;
    }

    send(event) {
        event.preventDefault();
        const made = createFields({
            name: this.name.value, system: this.system.value, rounds: this.rounds.value, cycles: this.cycles.value,
            round_days: this.roundDays.value,
            minutes: this.minutes.value, berserk: this.berserk.checked,
            time_control: PRESETS[Number(this.timeControl.value)].value, rated: this.rated.checked,
            late_entry_until_round: this.late.value, first_board: this.firstBoard.value, starts_at: this.startsAt.value,
            password: this.password.value,
            forbidden_pairs: this.forbidden.value, tie_breaks: this.tieBreaks.value, draw_offers_from_move: this.drawsFrom.value,
            min_rating: this.minRating.value, max_rating: this.maxRating.value, min_rated_games: this.minGames.value,
            invited: this.invited.value, bots_allowed: this.bots.checked,
        });
        if (made.error) {
            this.error.textContent = t(made.error);
            this.error.hidden = false;
            return;
        }
        this.error.hidden = true;
        this.submit.disabled = true;
        this.create(made.fields).then(() => {
            this.name.value = '';
            this.password.value = '';
            this.startsAt.value = '';
            this.forbidden.value = '';
            this.invited.value = '';
            this.bots.checked = false;
            this.close();
        }, () => {}).finally(() => { this.submit.disabled = false; });
    }
}
