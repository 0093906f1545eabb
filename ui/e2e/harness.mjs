// Helpers for the browser tests: start the real corkboard binary on a free port with a fresh
// data directory, drive Debian's Chromium through playwright-core, and talk GraphQL over HTTP
// to set up data.
//
//   CORKBOARD_BIN=../target/release/corkboard npm run e2e

import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { after, afterEach, before } from 'node:test';
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

/** Every browser comes from 127.0.0.1: the per-address limits are raised for the many accounts
 * a test makes (the server's own tests check the limits). */
const TEST_LIMITS = {
  CORKBOARD_LIMITS__SIGN_UPS_PER_HOUR: '10000',
  CORKBOARD_LIMITS__MAILS_PER_HOUR: '10000',
  CORKBOARD_LIMITS__MAILS_PER_EMAIL_PER_HOUR: '10000',
};

/**
 * Start `$CORKBOARD_BIN serve` on 127.0.0.1 with a free port and a fresh temporary data dir.
 * Resolves once it prints its listening line. `env` adds settings, e.g.
 * `{ CORKBOARD_FETCH__ALLOW_PRIVATE_NETWORKS: 'true' }`; `seed` fills the data dir first with
 * `corkboard seed` and these arguments; `listen` '0.0.0.0' makes a server that serves the public
 * (reached at 127.0.0.1); `publicUrl` gives it a port chosen beforehand and that address as its
 * public_url (share links need one). `log()` is the end of what it wrote to standard error.
 * @param {{ env?: Record<string, string>, seed?: string[], listen?: string, publicUrl?: boolean }} [options]
 * @returns {Promise<{ baseUrl: string, dataDir: string, stop: () => Promise<void>, log: () => string }>}
 */
export async function startServer({ env: extraEnv = {}, seed, listen = '127.0.0.1', publicUrl = false } = {}) {
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
  // (CORKBOARD_PUBLIC_URL above all: the server must derive its URL from the request);
  // only the test's own `env` is added.
  const env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CORKBOARD_'))),
    ...TEST_LIMITS,
    ...extraEnv,
  };
  if (seed) await promisify(execFile)(bin, ['seed', '--data-dir', dataDir, ...seed], { env });
  const port = publicUrl ? await freePort() : 0;
  if (publicUrl) env.CORKBOARD_PUBLIC_URL = `http://127.0.0.1:${port}`;
  const child = spawn(bin, ['serve', '--listen', `${listen}:${port}`, '--data-dir', dataDir], {
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
          resolve(match[1].replace(/\/+$/, '').replace('0.0.0.0', '127.0.0.1'));
        }
      });
    });
    return { baseUrl, dataDir, stop, log: () => stderr };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A port free on 127.0.0.1 a moment ago. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
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
 * What went wrong in the pages opened during the current test: uncaught errors, console errors
 * (except those a test said it expects) and Content-Security-Policy violations. The
 * `afterEach` hook of serverAndBrowser() fails the test when any is left.
 * @type {Set<{ label: string, problems: string[], allowed: RegExp[] }>}
 */
const watchedPages = new Set();

/** Throws when a page opened since the last call saw an error; forgets those pages. */
export function checkPagesRanCleanly() {
  const found = [...watchedPages].flatMap((watch) => watch.problems.map((problem) => `${watch.label}: ${problem}`));
  watchedPages.clear();
  if (found.length > 0) throw new Error(`the pages did not run cleanly:\n  ${found.join('\n  ')}`);
}

/**
 * A fresh browser context (own cookies) with one page on `baseUrl`. Uncaught page errors are
 * collected in `errors` so that a test can assert the page ran cleanly; they, console errors
 * and CSP violations also fail the test after it ends (see checkPagesRanCleanly), except the
 * console errors matching a pattern given to `allowConsoleErrors` (a refused upload's 413...).
 * `locale` is the browser's language ('fr-FR': navigator.languages and Accept-Language).
 * @param {import('playwright-core').Browser} browser
 * @param {string} baseUrl
 * @param {{ cookie?: string, viewport?: { width: number, height: number }, hasTouch?: boolean, serviceWorkers?: 'allow' | 'block', locale?: string }} [options]
 */
export async function openPage(
  browser,
  baseUrl,
  { cookie, viewport = { width: 1280, height: 800 }, hasTouch = false, serviceWorkers = 'block', locale } = {},
) {
  // The UI registers a service worker; tests that route requests want them seen by the page, so
  // it is blocked unless a test asks for it (serviceWorkers: 'allow').
  const context = await browser.newContext({ baseURL: baseUrl, viewport, hasTouch, serviceWorkers, ...(locale ? { locale } : {}) });
  if (cookie) {
    await context.addCookies(
      cookie.split(/;\s*/).filter(Boolean).map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
      }),
    );
  }
  await holdToCsp(context, baseUrl);
  const page = await context.newPage();
  /** @type {Error[]} */
  const errors = [];
  const watch = { label: `page ${watchedPages.size + 1}`, problems: /** @type {string[]} */ ([]), allowed: /** @type {RegExp[]} */ ([]) };
  watchedPages.add(watch);
  const at = () => {
    try {
      return new URL(page.url()).pathname;
    } catch {
      return page.url();
    }
  };
  page.on('pageerror', (error) => {
    errors.push(error);
    watch.problems.push(`uncaught error at ${at()}: ${error.stack ?? error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith(CSP_VIOLATION)) {
      watch.problems.push(`${text} at ${at()}`);
    } else if (!watch.allowed.some((pattern) => pattern.test(text))) {
      const source = message.location().url ? ` (${message.location().url})` : '';
      watch.problems.push(`console error at ${at()}: ${text}${source}`);
    }
  });
  /** Console errors matching one of `patterns` are expected in this page. @param {RegExp[]} patterns */
  const allowConsoleErrors = (...patterns) => {
    watch.allowed.push(...patterns);
  };
  return { context, page, errors, allowConsoleErrors };
}

const CSP_VIOLATION = 'securitypolicyviolation:';

/** Whether the server at a base URL sends its Content-Security-Policy. @type {Map<string, Promise<boolean>>} */
const serverCsp = new Map();

/**
 * Reports every `securitypolicyviolation` event as a console error starting with CSP_VIOLATION,
 * so that a test fails when the UI breaks the server's Content-Security-Policy (which it must send).
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} baseUrl
 */
async function holdToCsp(context, baseUrl) {
  await context.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`${prefix} ${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  }, CSP_VIOLATION);
  if (!serverCsp.has(baseUrl)) serverCsp.set(baseUrl, fetch(`${baseUrl}/`).then((response) => response.headers.has('content-security-policy')));
  if (!(await serverCsp.get(baseUrl))) throw new Error('the server sends no Content-Security-Policy with its pages');
}

/**
 * POST one GraphQL operation to `${baseUrl}/api/graphql`, from the app's own origin (the server
 * refuses cookie-authenticated mutations from elsewhere; a browser would send this Origin).
 * `cookie` is sent as the Cookie header; the answer's `cookie` is the one to use from now on
 * (the Set-Cookie values the server sent, else the one given).
 * @returns {Promise<{ data: any, errors: any[] | undefined, cookie: string | undefined, status: number }>}
 */
export async function gql(baseUrl, query, variables = {}, cookie = undefined) {
  const operationName = /\b(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? null;
  const response = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, ...(cookie ? { cookie } : {}) },
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

/**
 * The newest mail the server wrote to `<dataDir>/outbox/` (no SMTP configured), as text with
 * quoted-printable soft line breaks and escapes decoded. Waits for one newer than `since` (ms).
 * @param {string} dataDir
 * @param {{ since?: number, timeout?: number }} [options]
 * @returns {Promise<string>}
 */
export async function latestMail(dataDir, { since = 0, timeout = 10_000 } = {}) {
  const outbox = path.join(dataDir, 'outbox');
  const file = await waitFor(
    async () => {
      let names;
      try {
        names = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
      } catch {
        return null; // no outbox yet
      }
      const files = await Promise.all(
        names.map(async (name) => ({ name, mtime: (await stat(path.join(outbox, name))).mtimeMs })),
      );
      const newest = files.filter((f) => f.mtime >= since).sort((a, b) => b.mtime - a.mtime)[0];
      return newest ? path.join(outbox, newest.name) : null;
    },
    { timeout, message: `a mail in ${outbox}` },
  );
  return decodeQuotedPrintable(await readFile(file, 'utf8'));
}

/** Undo quoted-printable: soft line breaks, then =XX escapes (UTF-8 aware). */
export function decodeQuotedPrintable(text) {
  const joined = text.replace(/=\r?\n/g, '');
  return joined.replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(run.slice(1).split('=').map((hex) => parseInt(hex, 16))).toString('utf8'),
  );
}

/**
 * A valid PNG of `width` x `height` RGB pixels (a diagonal gradient), built with zlib: enough
 * for upload tests without shipping a fixture. A `seed` changes the first pixels, so that
 * pictures of the same size differ.
 * @returns {Buffer}
 */
export function makePng(width = 96, height = 96, seed = 0) {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      raw[at] = (x * 255) / width;
      raw[at + 1] = (y * 255) / height;
      raw[at + 2] = 160;
    }
  }
  for (let byte = 0; byte < 3 && byte < width * 3; byte += 1) raw[1 + byte] = (seed >> (8 * byte)) & 0xff;
  return rgbPng(width, height, raw);
}

/**
 * A PNG of waves of light whose look is its own for each `seed`, the same at any size: pictures
 * of one seed at two sizes look alike (a resized copy), of two seeds they do not. `crop` keeps
 * a part of the picture (a cropped copy).
 * @returns {Buffer}
 */
export function makeScenePng(width, height, seed = 0, crop = { x: 0, y: 0, width, height }) {
  const raw = Buffer.alloc((crop.width * 3 + 1) * crop.height);
  for (let y = 0; y < crop.height; y += 1) {
    const row = y * (crop.width * 3 + 1);
    for (let x = 0; x < crop.width; x += 1) {
      const [u, v] = [(x + crop.x) / width, (y + crop.y) / height];
      const waves = Math.sin(u * (9 + 3 * seed) + seed) * Math.cos(v * (4 + seed)) + 0.6 * Math.sin(u * 5 - v * (7 + 2 * seed) + 1.7 * seed);
      const light = Math.min(255, Math.max(0, 128 + 70 * waves));
      raw.set([light, light * 0.8, 255 - light * 0.6], row + 1 + x * 3);
    }
  }
  return rgbPng(crop.width, crop.height, raw);
}

/** A PNG of rows of RGB pixels, each row after its filter byte (0: none). */
export function rgbPng(width, height, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export const PASSWORD = 'correct horse battery';

/** A fresh username (letters, digits, hyphens, 30 at most) and email. */
export function newAccount(prefix = 'u') {
  const username = `${prefix}-${randomBytes(5).toString('hex')}`;
  return { username, email: `${username}@example.com`, password: PASSWORD };
}

/** Create an account over GraphQL; returns it with its session cookie. */
export async function signUpByApi(baseUrl, prefix) {
  const account = newAccount(prefix);
  const { cookie } = await gqlOk(
    baseUrl,
    `mutation AddUser($email: String!, $password: String!, $username: String!) {
      addUser(email: $email, password: $password, username: $username) { id username }
    }`,
    account,
  );
  if (!cookie) throw new Error('addUser did not set a session cookie');
  return { ...account, cookie };
}

/** Create a board over GraphQL as the user of `cookie`; returns its id and slug. */
export async function addBoardByApi(baseUrl, cookie, title, { folder = null, secret = false } = {}) {
  const { data } = await gqlOk(
    baseUrl,
    `mutation AddBoard($title: String!, $folder: ID, $secret: Boolean!) {
      addBoard(title: $title, folder: $folder, secret: $secret) { id slug }
    }`,
    { title, folder, secret },
    cookie,
  );
  return data.addBoard;
}

/**
 * Create a pin over HTTP as the user of `cookie`: upload `png` (default: a small picture made
 * from `seed`) to /api/upload/pin, then addPin on `boards`. Returns the new pin's id.
 * @param {string} baseUrl
 * @param {string} cookie
 * @param {{ boards: string[], caption?: string, title?: string | null, seed?: number, png?: Buffer, unsafe?: boolean, tags?: string[] }} pin
 */
export async function addPinByApi(baseUrl, cookie, { boards, caption = 'A pin', title = null, seed = 0, png, unsafe = false, tags = [] }) {
  const form = new FormData();
  form.append('pin', new Blob([png ?? makePng(40, 30, seed)], { type: 'image/png' }), `pin-${seed}.png`);
  const response = await fetch(`${baseUrl}/api/upload/pin`, { method: 'POST', headers: { origin: baseUrl, cookie }, body: form });
  const upload = await response.json();
  if (!response.ok) throw new Error(`POST /api/upload/pin answered ${response.status}: ${JSON.stringify(upload)}`);
  const { data } = await gqlOk(
    baseUrl,
    `mutation AddPin($tempFileName: String!, $title: String, $caption: String!, $unsafe: Boolean, $tags: [String!], $boards: [ID!]) {
      addPin(tempFileName: $tempFileName, title: $title, caption: $caption, unsafe: $unsafe, tags: $tags, boards: $boards) { id }
    }`,
    { tempFileName: upload.tempFileName, title, caption, unsafe, tags, boards },
    cookie,
  );
  return data.addPin.id;
}

/**
 * Run `task(i)` for i from 0 to count - 1, `limit` at a time; resolves to the results in order.
 * @template T
 * @param {number} count
 * @param {(index: number) => Promise<T>} task
 * @param {number} [limit]
 * @returns {Promise<T[]>}
 */
export async function inBatches(count, task, limit = 4) {
  const results = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
  return results;
}

/** @param {import('playwright-core').Page} page */
export const pathOf = (page) => new URL(page.url()).pathname;

/**
 * Wait until the page's path is `path`.
 * @param {import('playwright-core').Page} page
 * @param {string} path
 */
export function waitForPath(page, path) {
  return waitFor(() => pathOf(page) === path, {
    timeout: 10_000,
    message: `the page to reach ${path} (at ${page.url()})`,
  });
}

/**
 * Choose `item` in the signed-in user's header menu.
 * @param {import('playwright-core').Page} page
 * @param {string} item
 */
export async function headerMenu(page, item) {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * Choose `item` in a page's owner menu, e.g. ownerMenu(page, 'Board menu', 'Edit board').
 * @param {import('playwright-core').Page} page
 * @param {string} menu
 * @param {string} item
 */
export async function ownerMenu(page, menu, item) {
  await page.getByRole('button', { name: menu }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: item, exact: true }).click();
}

/**
 * A web site on 127.0.0.1 answering with `handle`, up for the enclosing `describe` block: the
 * pages and pictures a test has the server fetch. `site.url` is its base URL once it listens.
 * @param {import('node:http').RequestListener} handle
 * @returns {{ url: string }}
 */
export function testSite(handle) {
  const site = { url: '' };
  const server = createServer(handle);
  before(async () => {
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    const address = server.address();
    site.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(() => resolve(undefined)));
  });
  return site;
}

/**
 * Starts a server (given `options`, see startServer) and a browser before the enclosing
 * `describe` block's tests and stops them after. `open()` gives a fresh context and page where
 * a missing element fails in 10 s.
 * @param {{ env?: Record<string, string>, seed?: string[], listen?: string }} [options]
 */
export function serverAndBrowser(options = {}) {
  const app = {
    /** @type {Awaited<ReturnType<typeof startServer>>} */
    server: /** @type {any} */ (undefined),
    /** @type {import('playwright-core').Browser} */
    browser: /** @type {any} */ (undefined),
    /**
     * A fresh context and page (see openPage): its errors fail the test that opened it.
     * @param {{ cookie?: string, viewport?: { width: number, height: number }, hasTouch?: boolean, serviceWorkers?: 'allow' | 'block', locale?: string }} options
     */
    async open(options = {}) {
      const opened = await openPage(app.browser, app.server.baseUrl, options);
      opened.context.setDefaultTimeout(10_000);
      return opened;
    },
  };
  before(async () => {
    app.server = await startServer(options);
    app.browser = await launchBrowser();
  });
  afterEach(() => checkPagesRanCleanly());
  after(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}
