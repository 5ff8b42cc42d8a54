// Builds DOM nodes from a tag, properties and children, so the views read like the markup
// they produce and never assemble HTML strings (no text from the server is ever parsed as HTML).

export function el(tag, props = {}, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(props)) {
        if (value === undefined || value === null || value === false) continue;
        if (key.startsWith('on') && typeof value === 'function') {
            node.addEventListener(key.slice(2), value);
        } else if (key === 'class') {
            node.className = value;
        } else if (key === 'dataset') {
            Object.assign(node.dataset, value);
        } else if (key in node && typeof value !== 'string') {
            node[key] = value;
        } else {
            node.setAttribute(key, value === true ? '' : value);
        }
    }
    for (const child of children.flat()) {
        if (child === undefined || child === null || child === false) continue;
        node.append(child instanceof Node ? child : String(child));
    }
    return node;
}

// Replaces every child of `node` with `children`.
export function fill(node, ...children) {
    node.replaceChildren();
    for (const child of children.flat()) {
        if (child === undefined || child === null || child === false) continue;
        node.append(child instanceof Node ? child : String(child));
    }
    return node;
}

// Runs `redraw` and gives the focus back to the element that had it, if the redraw put it back
// into the page. The views keep their text inputs across redraws, so a move or a chat line that
// arrives while the player types does not swallow the keystrokes. (Building the new children
// already detaches a reused input, so the focus must be noted before the redraw starts.)
export function keepingFocus(redraw) {
    const focused = document.activeElement;
    const selection = focused && typeof focused.selectionStart === 'number'
        ? [focused.selectionStart, focused.selectionEnd] : null;
    redraw();
    if (focused && focused !== document.body && focused.isConnected && document.activeElement !== focused) {
        focused.focus();
        if (selection) focused.setSelectionRange(selection[0], selection[1]);
    }
}
