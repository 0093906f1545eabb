// Helpers for the browser tests: start the real corkboard binary on a free port with a fresh
// data directory, drive Debian's Chromium through playwright-core, and talk GraphQL over HTTP
// to set up data.
//
//   CORKBOARD_BIN=../target/release/corkboard npm run e2e

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
const START_TIMEOUT_MS = 30_000;
const LISTENING_LINE = /corkboard listening on (https?:\/\/\S+)/;

/**
 * Why the browser tests cannot run here, or false when they can. Pass it as `{ skip }` to
 * `describe`. Under CI a missing Chromium is not a reason to skip: launchBrowser() then fails.
 */
export const browserSkip =
  existsSync(CHROMIUM_PATH) || process.env.CI
    ? false
    : `Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium); skipping browser tests`;

/**
 * Start `$CORKBOARD_BIN serve` on 127.0.0.1 with a free port and a fresh temporary data dir.
 * Resolves once it prints its listening line.
 * @returns {Promise<{ baseUrl: string, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startServer() {
  const bin = process.env.CORKBOARD_BIN;
  if (!bin) {
    throw new Error(
      'CORKBOARD_BIN is not set: point it at the corkboard binary, e.g. ' +
        'CORKBOARD_BIN=$PWD/../target/release/corkboard npm run e2e',
    );
  }
  if (!existsSync(bin)) throw new Error(`CORKBOARD_BIN=${bin} does not exist`);

  const dataDir = await mkdtemp(path.join(tmpdir(), 'corkboard-e2e-'));
  // No CORKBOARD_* setting of the caller's may leak into the server's layered config
  // (CORKBOARD_PUBLIC_URL above all: the server must derive its URL from the request).
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CORKBOARD_')));
  const child = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-20_000);
    if (process.env.CORKBOARD_E2E_LOG) process.stderr.write(chunk);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    const baseUrl = await new Promise((resolve, reject) => {
      let stdout = '';
      const timer = setTimeout(
        () => reject(new Error(`corkboard did not print its listening line within ${START_TIMEOUT_MS / 1000} s.\n` +
          `stdout so far:\n${stdout}\nstderr so far:\n${stderr}`)),
        START_TIMEOUT_MS,
      );
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(new Error(`could not start ${bin}: ${error.message}`));
      });
      exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`corkboard exited (code ${code}, signal ${signal}) before listening.\nstderr:\n${stderr}`));
      });
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk) => {
        if (process.env.CORKBOARD_E2E_LOG) process.stdout.write(chunk);
        if (stdout === null) return; // already listening: keep draining the pipe
        stdout += chunk;
        const match = LISTENING_LINE.exec(stdout);
        if (match) {
          clearTimeout(timer);
          stdout = null;
          resolve(match[1].replace(/\/+$/, ''));
        }
      });
    });
    return { baseUrl, dataDir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Launch headless Chromium from Debian's package. */
export async function launchBrowser() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium fonts-liberation`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/**
 * A fresh browser context (own cookies) with one page on `baseUrl`. Uncaught page errors are
 * collected in `errors` so that a test can assert the page ran cleanly.
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {{ cookie?: string, viewport?: { width: number, height: number } }} [options]
 */
export async function openPage(browser, baseUrl, { cookie, viewport = { width: 1280, height: 800 } } = {}) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport });
  if (cookie) {
    await context.addCookies(
      cookie.split(/;\s*/).filter(Boolean).map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
  }
  const page = await context.newPage();
  /** @type {Error[]} */
  const errors = [];
  page.on('pageerror', (error) => errors.push(error));
  return { context, page, errors };
}

/**
 * POST one GraphQL operation to `${baseUrl}/api/graphql`.
 * `cookie` is sent as the Cookie header; the answer's `cookie` is the one to use from now on
 * (the Set-Cookie values the server sent, else the one given).
 * @returns {Promise<{ data: any, errors: any[] | undefined, cookie: string | undefined, status: number }>}
 */
export async function gql(baseUrl, query, variables = {}, cookie = undefined) {
  const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? null;
  const response = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ operationName, variables, query }),
  });
  const text = await response.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`POST /api/graphql answered ${response.status} with non-JSON: ${text.slice(0, 500)}`);
  }
  const setCookies = response.headers.getSetCookie().map((header) => header.split(';')[0]);
  return {
    data: body.data,
    errors: body.errors,
    cookie: setCookies.length > 0 ? setCookies.join('; ') : cookie,
    status: response.status,
  };
}

/** Like gql(), but throws with the server's messages when the answer has errors. */
export async function gqlOk(baseUrl, query, variables = {}, cookie = undefined) {
  const result = await gql(baseUrl, query, variables, cookie);
  if (result.errors?.length) {
    throw new Error(`GraphQL errors: ${result.errors.map((e) => `${e.message} (${e.extensions?.code})`).join('; ')}`);
  }
  return result;
}

/**
 * Poll `check` until it returns a truthy value, and return that value.
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeout?: number, interval?: number, message?: string }} [options]
 * @returns {Promise<T>}
 */
export async function waitFor(check, { timeout = 5_000, interval = 50, message = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (;;) {
    last = await check();
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${message} (last: ${last})`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
