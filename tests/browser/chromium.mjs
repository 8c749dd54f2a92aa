// What the browser tests share: the server address and the screenshot
// folder from the environment, and Debian's chromium launched headless in a
// throw-away profile (playwright-core never downloads a browser).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
export async function openContext(options) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'asterism-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath, headless: true, args: chromiumArgs, locale: 'en-US', ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

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
