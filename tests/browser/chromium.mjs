// What the browser tests share: the server address and the screenshot
// folder from the environment, and Debian's chromium launched headless in a
// throw-away profile (playwright-core never downloads a browser).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';
import { chromium } from 'playwright-core';

export const url = process.env.ASTERISM_URL;
export const shots = process.env.ASTERISM_SHOTS || path.resolve('../../build/browser');
if (!url) throw new Error('set ASTERISM_URL to the address of a running asterism serve');
fs.mkdirSync(shots, { recursive: true });

export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
export const chromiumArgs = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic',
  '--no-first-run', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--lang=en-US'];

// A persistent context in a fresh profile folder; close() closes it and
// removes the folder. `options` go to Playwright (viewport, downloads).
// The pages follow the browser's language (web/i18n.js): the tests read
// English words, so the browser is English (--lang above, and the context's
// locale) unless a test asks for another.
// A test that fails before it closes a context it opened would leave the
// browser running, and the file's process (and the whole run) waiting for
// it: every context still open when the file's tests end is closed here.
export async function openContext(options) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'asterism-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumArgs, locale: 'en-US', ...options,
  });
  const opened = {
    context,
    async close() {
      stillOpen.delete(opened);
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
  stillOpen.add(opened);
  return opened;
}
/** @type {Set<{close: () => Promise<void>}>} */
const stillOpen = new Set();
after(async () => {
  for (const c of [...stillOpen]) await c.close();
});

// A new page of `context` at `address` (relative to the server's URL) that
// waits `timeout` ms for what it is asked, collects its script errors in
// `page.errors`, and answers dialogs: yes to a confirmation, and a prompt
// with `page.promptAnswer` ('' unless the test sets it).
export async function openPage(context, address, timeout) {
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  page.on('dialog', (d) => d.accept(d.type() === 'prompt' ? (page.promptAnswer ?? '') : undefined));
  await page.goto(new URL(address, url).href);
  return page;
}

// A server of its own on a copy of the web folder, for a test that changes
// the site's files: the shared server's folder changed would make every
// other test's open page take a new service worker and reload under it.
// Resolves to {url, web, stop()} once the server says its address (within
// 20 s); stop() ends it and removes its folders.
export async function ownServer() {
  const bin = process.env.ASTERISM_BIN;
  if (!bin) throw new Error('set ASTERISM_BIN to the asterism binary');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'asterism-own-server-'));
  const web = path.join(dir, 'web');
  fs.cpSync(path.resolve('../../web'), web, { recursive: true });
  const server = spawn(bin, ['serve', '--port', '0', '--data', path.join(dir, 'data'), '--web', web],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => {
    server.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    const address = await new Promise((resolve, reject) => {
      let said = '';
      const timer = setTimeout(() => reject(new Error(`asterism serve said no address in 20 s: ${said}`)), 20000);
      const read = (chunk) => {
        said = (said + chunk).slice(-4000);
        const m = said.match(/http:\/\/\S+\//);
        if (m) { clearTimeout(timer); resolve(m[0]); }
      };
      server.stdout.on('data', read);
      server.stderr.on('data', read);
      server.on('exit', (code) => { clearTimeout(timer); reject(new Error(`asterism serve exited (${code}): ${said}`)); });
    });
    return { url: address, web, stop };
  } catch (e) {
    stop();
    throw e;
  }
}
