// The part of a form that sets up a game: the variant (standard, Chess960, from a position),
// Chess960's start number (empty: the server draws one) and the FEN box, with a small board that
// previews the position and says what is wrong with an invalid FEN. The lobby's table form uses
// it, and so does the challenge form; each puts `node` into its own <form> and merges fields()
// into its request. The preview asks the server (GET /api/position), which checks a FEN exactly
// as it checks a table's or a challenge's, so the client holds no second set of chess rules.

import { Chessground } from 'chessground';
import { el } from './dom.js';
import { has, t } from './messages.js';
import { sideToMove } from './fen.js';
import { VARIANTS, previewQuery, setupFields } from './game_setup.js';

// How long the FEN box waits for the typing to stop before it asks the server.
const PREVIEW_DELAY_MS = 250;

// What is wrong with a FEN in the page's language: the catalogue's sentence for the server's
// reason code, or the server's English message for a reason this client does not know yet.
function fenErrorText(answer) {
    const key = `fen_error.${answer.reason}`;
    return answer.reason && has(key) ? t(key) : answer.error || '';
}

// GET /api/position?<query>: {valid: true, fen, variant} or {valid: false, error}. A malformed
// query is answered 400 {error, message}; no answer at all becomes {unreachable: true}.
export async function fetchPosition(query) {
    let response;
    try {
        response = await fetch(`/api/position?${query}`, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    } catch {
        return { unreachable: true };
    }
    const answer = await response.json().catch(() => null);
    if (!answer) return { unreachable: true };
    if (!response.ok) return { valid: false, error: answer.message || answer.error || `HTTP ${response.status}` };
    return answer;
}

let formCount = 0;

export class GameSetupForm {
    // options: {onChange(variant)}: called when the variant changes (the lobby's rated box then
    // says why a game from a position cannot be rated); fetchPosition(query): for tests.
    constructor({ onChange = () => {}, fetchPosition: fetcher = fetchPosition } = {}) {
        this.onChange = onChange;
        this.fetchPosition = fetcher;
        this.asked = 0;         // the number of the last preview question (older answers are dropped)
        this.timer = null;
        this.previewBoard = null;
        this.previewed = null;  // {query, answer} of the preview shown
        const id = `game-setup-${++formCount}`;
        this.variantSelect = el('select', { name: 'variant', onchange: () => this.changed() },
                                VARIANTS.map((variant) => el('option', { value: variant })));
        this.numberInput = el('input', { type: 'text', name: 'chess960', inputmode: 'numeric', maxlength: 3,
                                         autocomplete: 'off', oninput: () => this.typed(this.numberInput) });
        this.numberLabel = el('label', { class: 'setup-chess960' }, el('span', {}), this.numberInput);
        this.fenInput = el('textarea', { name: 'fen', rows: 2, maxlength: 200, spellcheck: false, autocomplete: 'off',
                                         oninput: () => this.typed(this.fenInput) });
        this.fenLabel = el('label', { class: 'setup-fen' }, el('span', {}), this.fenInput);
        this.boardHost = el('div', { class: 'setup-preview-board', dataset: { previewBoard: '' } });
        this.previewText = el('p', { class: 'setup-preview-text', id: `${id}-preview`, role: 'status', 'aria-live': 'polite' });
        this.preview = el('div', { class: 'setup-preview', hidden: true }, this.boardHost, this.previewText);
        this.node = el('fieldset', { class: 'game-setup' }, el('legend', { class: 'visually-hidden' }), this.variantSelect,
                       this.numberLabel, this.fenLabel, this.preview);
        this.fenInput.setAttribute('aria-describedby', `${id}-preview`);
        this.numberInput.setAttribute('aria-describedby', `${id}-preview`);
        this.relabel();
        this.showInputs();
    }

    get variant() {
        return this.variantSelect.value;
    }

    // What the inputs hold: {variant, number, fen} (game_setup.js reads it).
    choice() {
        return { variant: this.variant, number: this.numberInput.value, fen: this.fenInput.value };
    }

    // The fields for the request ({variant, chess960, fen} as the contract spells them), or null
    // when an input is wrong: then that input says why (the browser shows it) and has the focus.
    fields() {
        const result = setupFields(this.choice());
        const inputs = { chess960: this.numberInput, fen: this.fenInput, variant: this.variantSelect };
        for (const input of Object.values(inputs)) input.setCustomValidity('');
        if (result.fields) return result.fields;
        const input = inputs[result.input];
        input.setCustomValidity(t(result.error));
        input.reportValidity();
        return null;
    }

    // The texts in the page's current language (the preview's too).
    relabel() {
        this.node.querySelector('legend').textContent = t('setup.legend');
        this.variantSelect.setAttribute('aria-label', t('setup.variant'));
        this.variantSelect.title = t('setup.variant');
        for (const option of this.variantSelect.options) option.textContent = t(`setup.variant.${option.value}`);
        this.numberLabel.firstChild.textContent = t('setup.chess960');
        this.numberInput.placeholder = t('setup.chess960.placeholder');
        this.numberInput.title = t('setup.chess960.title');
        this.fenLabel.firstChild.textContent = t('setup.fen');
        this.fenInput.placeholder = t('setup.fen.placeholder');
        this.showPreview();
    }

    changed() {
        this.showInputs();
        this.askPreview(0);
        this.onChange(this.variant);
    }

    typed(input) {
        input.setCustomValidity('');
        this.askPreview(PREVIEW_DELAY_MS);
    }

    showInputs() {
        this.numberLabel.hidden = this.variant !== 'chess960';
        this.fenLabel.hidden = this.variant !== 'from_position';
    }

    // Asks the server about the position after `delay` ms; the answer to the last question only
    // is shown (a slow answer to an earlier text does not overwrite a later one).
    askPreview(delay) {
        clearTimeout(this.timer);
        const query = previewQuery(this.choice());
        const asked = ++this.asked;
        if (!query) {
            this.previewed = null;
            this.showPreview();
            return;
        }
        if (this.previewed && this.previewed.query === query) {
            this.showPreview();
            return;
        }
        this.timer = setTimeout(async () => {
            const answer = await this.fetchPosition(query);
            if (asked !== this.asked) return;
            this.previewed = { query, answer };
            this.showPreview();
        }, delay);
    }

    // The preview: the position on a small board, with who is to move, or what is wrong; for a
    // random Chess960 start or an empty FEN box, a line that says so.
    showPreview() {
        const variant = this.variant;
        const answer = this.previewed && this.previewed.answer;
        this.preview.hidden = variant === 'standard';
        this.preview.classList.toggle('invalid', Boolean(answer && !answer.valid && !answer.unreachable));
        const board = answer && answer.valid ? answer.fen : null;
        this.boardHost.hidden = !board;
        if (board) this.drawBoard(board);
        if (!answer) {
            this.previewText.textContent = t(variant === 'chess960' ? 'setup.preview.random' : 'setup.preview.empty');
        } else if (answer.unreachable) {
            this.previewText.textContent = t('setup.preview.unreachable');
        } else if (!answer.valid) {
            this.previewText.textContent = t('setup.preview.invalid', { error: fenErrorText(answer) });
        } else {
            this.previewText.textContent = t(`setup.preview.to_move.${sideToMove(answer.fen)}`);
        }
    }

    // The lobby relabels the form on every redraw of the room: the same position is not drawn again.
    drawBoard(fen) {
        if (this.previewBoard && this.boardHost.dataset.fen === fen) return;
        const config = { fen: fen.split(' ')[0], viewOnly: true, coordinates: false, animation: { enabled: false },
                         drawable: { enabled: false, visible: false } };
        if (this.previewBoard) this.previewBoard.set(config);
        else this.previewBoard = Chessground(this.boardHost, config);
        this.boardHost.dataset.fen = fen;
    }
}
