// What the browser tests share: a `rochade serve` on a free port with a temporary database, a
// headless Debian chromium with the flags CI needs (no internet: nothing may try to download),
// steps that screenshot every page when they fail, the ways into the client (register, log in,
// guest), and moves on the chessground board by drag-and-drop or by two clicks.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

import { squareCenter } from '../../web/js/board_model.js';

const here = dirname(fileURLToPath(import.meta.url));
// The web client's folder: its build (dist/) and its npm packages, playwright-core among them
// (these tests live apart from the pages, in tests/browser/, and take it from there).
const webFolder = join(here, '..', '..', 'web');
const { chromium } = createRequire(join(webFolder, 'package.json'))('playwright-core');
export const timeout = 10_000;
export const short = { timeout: 3000 };

export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
                               '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export function launchBrowser() {
    return chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: CHROMIUM_FLAGS });
}

// A laptop-sized English page in a context of its own (its own cookies: one player each),
// watched by `run` under `name` for its screenshots and console errors.
export const LAPTOP = { viewport: { width: 1400, height: 1000 }, locale: 'en-US' };
export async function laptopPage(browser, run, name) {
    return run.watch(name, await (await browser.newContext(LAPTOP)).newPage());
}

export function freePort() {
    return new Promise((resolve, reject) => {
        const server = createServer();
        server.listen(0, '127.0.0.1', () => {
            const { port } = server.address();
            server.close(() => resolve(port));
        });
        server.on('error', reject);
    });
}

// The built client (scripts/build-web.sh), unless ROCHADE_WEB_ROOT names another.
export function webRoot() {
    return process.env.ROCHADE_WEB_ROOT || join(webFolder, 'dist');
}

// Starts ROCHADE_BIN serve with `config` (written to a file next to a fresh database) and waits
// for /health. Returns {url, child, port, db, configPath}.
export async function startServer(config, { prefix = 'rochade-browser-', port: wanted, db: existing } = {}) {
    const db = existing || join(mkdtempSync(join(tmpdir(), prefix)), 'rochade.db');
    const port = wanted || await freePort();
    const configPath = join(dirname(db), 'config.json');
    writeFileSync(configPath, JSON.stringify(config));
    const child = spawn(process.env.ROCHADE_BIN,
                        ['serve', '--bind', '127.0.0.1', '--port', String(port), '--db', db, '--web-root', webRoot(),
                         '--config', configPath],
                        { stdio: ['ignore', 'inherit', 'inherit'] });
    const url = `http://127.0.0.1:${port}/`;
    for (let attempt = 0; attempt < 100; attempt++) {
        try {
            const response = await fetch(url + 'health');
            if (response.ok) return { url, child, port, db, configPath };
        } catch { /* not listening yet */ }
        await new Promise((resolve) => setTimeout(resolve, 100));
    }
    child.kill('SIGTERM');
    throw new Error(`rochade serve did not answer /health on port ${port} within 10 s`);
}

export async function stopServer(server) {
    if (!server || server.child.exitCode !== null) return;
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await exited;
}

// Steps and checks that count, print and screenshot. A step's failure ends the run (the later
// steps build on it); a check's failure is counted and the run goes on. Screenshots are kept in
// `shots` (a directory), named by step.
export class Run {
    constructor(shots) {
        this.shots = shots;
        mkdirSync(shots, { recursive: true });
        this.pages = {};
        this.passed = 0;
        this.failed = 0;
    }

    watch(name, page) {
        this.pages[name] = page;
        page.on('pageerror', (error) => console.log(`page error (${name}): ${error.message}`));
        return page;
    }

    async shot(page, name) {
        await page.screenshot({ path: join(this.shots, `${name}.png`) });
    }

    async step(name, body, { fatal = true } = {}) {
        try {
            await body();
            this.passed++;
            console.log(`ok   ${name}`);
        } catch (error) {
            this.failed++;
            const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 40);
            for (const [who, page] of Object.entries(this.pages)) {
                await page.screenshot({ path: join(this.shots, `failed-${slug}-${who}.png`) }).catch(() => {});
            }
            console.log(`FAIL ${name}: ${error.message.split('\n').slice(0, 3).join(' ')}`);
            if (fatal) throw error;
        }
    }

    check(name, body) {
        return this.step(name, body, { fatal: false });
    }

    // The end of a run: closes the browser and stops the server, prints the count, and makes
    // the process's exit status non-zero when anything failed.
    async finish(browser, server) {
        await browser.close();
        await stopServer(server);
        console.log(`${this.passed} passed, ${this.failed} failed; screenshots in ${this.shots}`);
        if (this.failed) process.exitCode = 1;
    }

    // Runs `main`; an error outside any step (the server did not start, ...) fails the run too.
    start(main) {
        main().catch((error) => {
            if (!this.passed && !this.failed) console.log(`FAIL ${error.message}`);
            process.exitCode = 1;
        });
    }
}

// ---- ways in ------------------------------------------------------------------------------------

export async function openLoginView(page, url, choice) {
    await page.goto(url);
    await page.waitForSelector('#login:not([hidden]) #login-form', { timeout });
    await page.click(`.login-choices button[data-choice="${choice}"]`);
    await page.waitForSelector(`#login-form[data-form="${choice}"]`, { timeout });
}

export async function waitOnline(page) {
    await page.waitForSelector('#connection-state.online', { timeout });
    await page.waitForSelector('.room-button[data-room="34"]', { timeout });
}

export async function register(page, url, nick, password) {
    await openLoginView(page, url, 'register');
    await page.fill('#nick', nick);
    await page.fill('#password', password);
    await page.fill('#password-repeat', password);
    await page.click('#login-form button[type=submit]');
    await waitOnline(page);
}

export async function logIn(page, url, nick, password) {
    await openLoginView(page, url, 'login');
    await page.fill('#nick', nick);
    await page.fill('#password', password);
    await page.click('#login-form button[type=submit]');
}

// Submits the guest form (the caller waits for what it expects: online, or a refusal).
export async function enterAsGuest(page, url, nick) {
    await openLoginView(page, url, 'guest');
    await page.fill('#nick', nick);
    await page.click('#login-form button[type=submit]');
}

export async function enterRoom34(page) {
    await page.click('.room-button[data-room="34"]');
    await page.waitForSelector('#room h2:has-text("Halle der Koenige")', { timeout });
}

// Any listed room: its heading starts with its number.
export async function enterRoom(page, number) {
    await page.click(`.room-button[data-room="${number}"]`);
    await page.waitForSelector(`#room h2:has-text("${number} ")`, { timeout });
}

// For page.addInitScript: counts the oscillators the page's sounds start (sounds.js synthesises
// every sound with them) in window.soundsStarted.
export function countSounds() {
    window.soundsStarted = 0;
    const original = window.AudioContext.prototype.createOscillator;
    window.AudioContext.prototype.createOscillator = function createOscillator() {
        window.soundsStarted += 1;
        return original.call(this);
    };
}

// ---- the board ----------------------------------------------------------------------------------

// The board the helpers below act on unless told another: the shown table's. The analysis page
// passes its own ('.analysis-board [data-board]').
const TABLE_BOARD = '#table [data-board]';

// The centre of `square` on the board, in page coordinates, scrolled into view. chessground
// draws no element per square: the square follows from the board's box and the orientation
// class chessground puts on its wrapper ([data-board]).
export async function squarePoint(page, square, board = TABLE_BOARD) {
    const squares = page.locator(`${board} cg-board`);
    await squares.scrollIntoViewIfNeeded({ timeout });
    return squareCenter(await squares.boundingBox(), square, await boardOrientation(page, board));
}

// The side the board has at the bottom: "white" or "black".
export async function boardOrientation(page, board = TABLE_BOARD) {
    const classes = await page.getAttribute(board, 'class', { timeout });
    return classes.includes('orientation-black') ? 'black' : 'white';
}

export async function dragMove(page, from, to, board = TABLE_BOARD) {
    const a = await squarePoint(page, from, board);
    const b = await squarePoint(page, to, board);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
    await page.mouse.move(b.x, b.y, { steps: 4 });
    await page.mouse.up();
}

export async function clickMove(page, from, to, board = TABLE_BOARD) {
    const a = await squarePoint(page, from, board);
    await page.mouse.click(a.x, a.y);
    const b = await squarePoint(page, to, board);
    await page.mouse.click(b.x, b.y);
}

// Waits until the shown table's move list holds `count` moves, the last one `san`.
export async function waitForMove(page, count, san) {
    await page.waitForSelector(`#table .move-list .move[data-ply="${count}"]:text-is("${san}")`, { timeout });
}

// Whether `selector` is wholly inside the viewport, without scrolling.
export async function inViewport(page, selector) {
    return page.$eval(selector, (node) => {
        const box = node.getBoundingClientRect();
        return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
    });
}

// Plays a move through the table's move box and waits until the player's list shows it.
export async function typeMove(page, move, ply) {
    await page.fill('#table input[name=move]', move);
    await page.press('#table input[name=move]', 'Enter');
    await page.waitForSelector(`#table .move-list .move[data-ply="${ply}"]`, { timeout });
}

// An account registers on page `a` and opens a table in room 34 as White; a guest on page `b`
// joins it as Black.
export async function accountOpensGuestJoins(a, b, url, { anna, password, bob }) {
    await register(a, url, anna, password);
    await enterRoom34(a);
    await a.selectOption('select[name=color]', 'white');
    await a.click('.open-table button[type=submit]');
    await enterAsGuest(b, url, bob);
    await waitOnline(b);
    await enterRoom34(b);
    await b.click('#room button[data-action="join"]');
    await b.waitForSelector('#table .cg-wrap.orientation-black', { timeout });
}
