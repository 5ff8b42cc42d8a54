// Steps and checks that several browser tests share: the lobby on a narrow screen, the form to
// challenge a player, the notice of a challenge, a message in the page's message list, and the
// page's width on a phone.

import { timeout } from './browser_harness.mjs';

// A narrow screen showing a game goes back to the lobby (the rooms, the forms above them).
export async function showLobby(page) {
    if (await page.isVisible('#view-switch button[data-view="lobby"]')) await page.click('#view-switch button[data-view="lobby"]');
    await page.waitForSelector('#room .member-list', { state: 'visible', timeout });
}

// Opens "Challenge a player" (if it is closed) and fills in the nick.
export async function openChallengeForm(page, to) {
    if (!(await page.getAttribute('.challenge-details', 'open').then((open) => open !== null))) await page.click('.challenge-details > summary');
    if (to) await page.fill('.challenge-form input[name=challenge_to]', to);
}

// The text of the notice of a challenge made to the page's player.
export async function challengeNoticeText(page) {
    const notice = page.locator('#challenges li[data-kind="challenge"]');
    await notice.waitFor({ timeout });
    return notice.textContent();
}

// Waits until the page's message list (errors and notices) holds a line containing `text`.
export async function messageShown(page, text) {
    await page.waitForFunction((expected) => [...document.querySelectorAll('#messages li')].some((li) => li.textContent.includes(expected)),
                               text, { timeout });
}

// Nothing sticks out sideways: the page is at most `width` pixels wide (a 390 px phone by default).
export async function fitsWidth(page, width = 390) {
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    if (wide > width) throw new Error(`the page is ${wide} px wide on a ${width} px screen`);
}
