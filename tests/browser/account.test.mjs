// Browser tests of the account page (web/account.html, docs/accounts.md):
// signing up and in with a password and with a passkey, adding a passkey,
// signing out, and a guest's online game claimed by the account made
// afterwards. Each person is a browser context of their own. Passkeys are
// made and used by Chromium's virtual authenticator (the DevTools
// protocol's WebAuthn domain), which answers as a platform authenticator
// with a user who is present and verified. WebAuthn needs a secure context
// and a relying-party id that is a domain, so the server is reached as
// http://localhost:PORT/, never as 127.0.0.1. Screenshots (desktop, and a
// 390 x 844 phone) go to ASTERISM_SHOTS as account-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { url, shots, chromiumPath, chromiumArgs } from './chromium.mjs';

const site = url.replace('127.0.0.1', 'localhost');
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

let browser;
before(async () => {
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: chromiumArgs });
});
after(async () => {
  if (browser) await browser.close();
});

// A person: a browser context of their own, and a page in it at `where`,
// with page errors collected. `passkeys` gives the page a virtual
// authenticator that holds discoverable credentials.
async function person(where = 'account.html', { passkeys = false, options = {} } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  if (passkeys) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true,
        hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
    });
    page.authenticator = { cdp, id: authenticatorId };
  }
  await page.goto(new URL(where, site).href);
  return page;
}

const shot = (page, name) => page.screenshot({ path: path.join(shots, `account-${name}.png`), fullPage: true });
const state = (page, s) => page.waitForSelector(`body[data-state="${s}"]`);
const text = async (page, sel) => (await page.textContent(sel)).trim();

// The server's words in the message line, once a request has ended.
async function messageAfter(page, act) {
  await page.evaluate(() => { document.getElementById('message').textContent = ''; });
  await act();
  await page.waitForFunction(() => !window.asterismAccount.busy &&
    document.getElementById('message').textContent !== '');
  return text(page, '#message');
}

async function signUp(page, name, password) {
  await state(page, 'signed-out');
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', password);
  await page.click('[data-testid="signup-button"]');
  await state(page, 'signed-in');
}

async function signIn(page, name, password) {
  await page.fill('#signin-name', name);
  await page.fill('#signin-password', password);
  await page.click('[data-testid="signin-button"]');
}

async function signOut(page) {
  await page.click('#signout');
  await state(page, 'signed-out');
}

test('a password: sign up, sign out, a wrong password refused, sign in again', async () => {
  const page = await person();
  await state(page, 'signed-out');
  await shot(page, 'signed-out-desktop');
  // The server judges a password, and says why it refuses one.
  const short = await messageAfter(page, async () => {
    await page.fill('#signup-name', 'Anna');
    await page.fill('#signup-password', 'anna1');
    await page.click('[data-testid="signup-button"]');
  });
  assert.equal(short, 'a password needs at least 8 characters');
  await signUp(page, 'Anna', 'a quiet river at dawn');
  assert.equal(await text(page, '#who'), 'Anna');
  assert.match(await text(page, '#message'), /Welcome, Anna/);
  assert.match(await text(page, '#passkeys-none'), /No passkeys yet/);
  await signOut(page);
  // A name is one name whatever its case; a wrong password gets the
  // server's one line.
  assert.equal(await text(page, '#message'), 'Signed out.');
  const refused = await messageAfter(page, () => signIn(page, 'anna', 'a loud river at dusk'));
  assert.equal(refused, 'no account with that name and password');
  assert.equal(await page.locator('#message *').count(), 0, 'the error is text, not HTML');
  assert.equal(await page.getAttribute('body', 'data-state'), 'signed-out');
  // A name taken shows the server's words too, as text.
  const taken = await messageAfter(page, async () => {
    await page.fill('#signup-name', 'ANNA');
    await page.fill('#signup-password', 'another long phrase');
    await page.click('[data-testid="signup-button"]');
  });
  assert.equal(taken, "the name 'ANNA' is taken");
  await signIn(page, 'anna', 'a quiet river at dawn');
  await state(page, 'signed-in');
  assert.equal(await text(page, '#who'), 'Anna');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a passkey only: sign up with just a name, sign out, sign in with the passkey', async () => {
  const page = await person('account.html', { passkeys: true });
  await state(page, 'signed-out');
  await page.fill('#signup-name', 'Boris');
  await page.click('#signup-passkey');
  await state(page, 'signed-in');
  assert.equal(await text(page, '#who'), 'Boris');
  assert.match(await text(page, '#message'), /made with a passkey/);
  assert.equal(await page.locator('#passkeys li').count(), 1);
  assert.match(await text(page, '#passkeys li'), /^passkey \((ES256|EdDSA)\), added on /);
  const { credentials } = await page.authenticator.cdp.send('WebAuthn.getCredentials',
    { authenticatorId: page.authenticator.id });
  assert.equal(credentials.length, 1);
  assert.equal(credentials[0].isResidentCredential, true);
  await signOut(page);
  // No password: the password form refuses, the passkey signs in.
  await page.click('#signin-passkey');
  await state(page, 'signed-in');
  assert.equal(await text(page, '#who'), 'Boris');
  assert.equal(await text(page, '#message'), 'Signed in as Boris.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a password account adds a passkey, then signs in with it', async () => {
  const page = await person('account.html', { passkeys: true });
  await signUp(page, 'Clara', 'seven green bottles');
  await page.fill('#passkey-label', 'laptop <b>1</b>');
  await page.click('#add-passkey');
  await page.waitForSelector('#passkeys li');
  assert.match(await text(page, '#passkeys li'), /^laptop <b>1<\/b> \((ES256|EdDSA)\)/);
  assert.equal(await page.locator('#passkeys li b').count(), 0, 'a label is text, not HTML');
  assert.equal(await page.locator('#passkeys-none').isVisible(), false);
  // The same authenticator cannot add a second passkey of the account.
  const again = await messageAfter(page, () => page.click('#add-passkey'));
  assert.match(again, /^No passkey was made: /);
  assert.equal(await page.locator('#passkeys li').count(), 1);
  await shot(page, 'passkeys-desktop');
  await signOut(page);
  await page.click('#signin-passkey');
  await state(page, 'signed-in');
  assert.equal(await text(page, '#who'), 'Clara');
  // Sign out everywhere ends this session too.
  await page.click('#signout-all');
  await state(page, 'signed-out');
  assert.match(await text(page, '#message'), /^Signed out everywhere \(1 session ended\)\.$/);
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a guest plays online, signs up, and claims the game', async () => {
  const page = await person('online.html');
  await page.waitForSelector('#game option', { state: 'attached' });
  await page.selectOption('#game', 'starstar');
  await page.fill('#name', 'guest');
  await page.selectOption('#seat', 'first');
  await page.selectOption('#opponent', 'computer');
  await page.click('#create-button');
  await page.waitForSelector('#status[data-you="0"]');
  const id = await page.evaluate(() => window.asterismOnline.id);
  // Signed out, nobody's cookie: the game knows the seat only by its secret.
  const before = await page.evaluate((g) => fetch(`/api/games/${g}`).then((r) => r.json()), id);
  assert.equal(before.you ?? -1, -1);

  await page.click('[data-testid="to-account"]');
  await signUp(page, 'Dmitri', 'tea with lemon, please');
  assert.match(await text(page, '#guest-note'), /holds the seat of 1 game/);
  await page.click('#claim');
  await page.waitForSelector(`#claimed li[data-id="${id}"]`);
  await page.waitForFunction(() => !window.asterismAccount.busy);
  const row = page.locator(`#claimed li[data-id="${id}"]`);
  assert.equal(await row.getAttribute('class'), 'claimed');
  assert.equal(await row.getAttribute('data-seat'), '0');
  assert.ok((await row.textContent()).startsWith('*Star'), await row.textContent());
  assert.match(await row.textContent(), new RegExp(`: your seat ${before.players[0].name}, in progress$`));
  assert.equal(await row.locator('a').getAttribute('href'), `online.html#game=${id}`);
  assert.equal(await text(page, '#message'), 'Claimed 1 game.');
  await shot(page, 'claimed-desktop');

  // The account's cookie alone now holds the seat, under the account's name,
  // and the game is among "my games", a link to it, marked as my turn.
  const after = await page.evaluate((g) => fetch(`/api/games/${g}`).then((r) => r.json()), id);
  assert.equal(after.you, 0);
  assert.equal(after.seats[0].name, 'Dmitri');
  const mine = page.locator(`#my-games li[data-id="${id}"]`);
  assert.equal(await mine.locator('a[data-testid="game-link"]').getAttribute('href'), `online.html#game=${id}`);
  assert.equal(await mine.getAttribute('data-my-turn'), 'true');
  assert.match(await mine.textContent(), /^Your move:/);
  // Claiming again changes nothing and says so.
  // (busy ends before the account is read again and the message set: wait for the message.)
  await page.click('#claim');
  await page.waitForFunction(() => !window.asterismAccount.busy &&
    document.querySelector('#message').textContent !== '');
  assert.equal(await text(page, '#message'), 'Claimed 1 game.');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});

test('a phone: the page fits 390 px, signed out and signed in', async () => {
  const page = await person('account.html', { options: PHONE });
  await state(page, 'signed-out');
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= screen.width && innerWidth <= screen.width);
  assert.ok(await fits(), 'no sideways scrolling when signed out');
  await shot(page, 'signed-out-phone');
  await signIn(page, 'Anna', 'a quiet river at dawn');
  await state(page, 'signed-in');
  assert.ok(await fits(), 'no sideways scrolling when signed in');
  const box = await page.locator('#add-passkey').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, 'the buttons are on screen');
  await shot(page, 'signed-in-phone');
  assert.deepEqual(page.errors, []);
  await page.context().close();
});
