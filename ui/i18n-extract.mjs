// The UI's message catalogs (src/i18n/index.ts tells how the UI uses them). English lives in the
// code, in calls `t('id', 'English', values)` and `tx('id', 'English', values)` whose first two
// arguments are string literals; this script reads them from src/ and writes src/i18n/en.json
// (id -> English). Each other language is src/i18n/<code>.json (id -> its message, with
// "language.name", the language's name in itself), plus, while helpers translate in parallel,
// src/i18n/<code>-parts/*.json, read as part of it.
//
//   node ui/i18n-extract.mjs                 writes en.json
//   node ui/i18n-extract.mjs --check         fails when en.json is stale, a t() call is not
//                                            literal, an id has two English texts, a language
//                                            misses an id or has one no code uses, or a
//                                            translation's placeholders, tags or plural forms
//                                            do not match its English, or the browser
//                                            extension's _locales differ from English's
//                                            (run by `npm run typecheck`)
//   node ui/i18n-extract.mjs --merge-parts   folds <code>-parts/*.json into <code>.json and
//                                            deletes the parts
//
// build.mjs uses `compileSource` and `compiledCatalog` to ship messages parsed (no parser in the
// bundle).

import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

const root = path.dirname(fileURLToPath(import.meta.url));
const sources = path.join(root, 'src');
export const catalogDir = path.join(sources, 'i18n');
const englishFile = path.join(catalogDir, 'en.json');
/** The id of each catalog's own name ("Français"), which the language switches list. */
export const LANGUAGE_NAME_ID = 'language.name';

// ---------------------------------------------------------------------------------------------
// Reading t() and tx() calls from TypeScript source, without a full parser: comments, strings and
// template literals are skipped (a quote right after a letter, or with no closing one on its
// line, is JSX text: an apostrophe), and every `t(` or `tx(` elsewhere must start with two string
// literals.

const IDENT = /[A-Za-z0-9_$]/;

/** The literal starting at `at` (quote or backtick): its value and where it ends, or null. */
function readLiteral(text, at) {
  const quote = text[at];
  let value = '';
  let i = at + 1;
  while (i < text.length) {
    const c = text[i];
    if (c === quote) return { value, end: i + 1 };
    if (c === '\n' && quote !== '`') return null;
    if (quote === '`' && c === '$' && text[i + 1] === '{') return null;
    if (c === '\\') {
      const [decoded, length] = escape(text, i + 1);
      value += decoded;
      i += 1 + length;
      continue;
    }
    value += c;
    i += 1;
  }
  return null;
}

/** The character an escape sequence after a backslash at `at - 1` stands for, and its length. */
function escape(text, at) {
  const c = text[at];
  const simple = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', 0: '\0' };
  if (c in simple && !(c === '0' && /[0-9]/.test(text[at + 1] ?? ''))) return [simple[c], 1];
  if (c === 'x') return [String.fromCharCode(parseInt(text.slice(at + 1, at + 3), 16)), 3];
  if (c === 'u' && text[at + 1] === '{') {
    const end = text.indexOf('}', at);
    return [String.fromCodePoint(parseInt(text.slice(at + 2, end), 16)), end - at + 1];
  }
  if (c === 'u') return [String.fromCharCode(parseInt(text.slice(at + 1, at + 5), 16)), 5];
  if (c === '\r' && text[at + 1] === '\n') return ['', 2];
  if (c === '\n' || c === '\r') return ['', 1];
  return [c, 1];
}

/** The line and column (1-based) of `at` in `text`. */
function position(text, at) {
  const before = text.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - before.lastIndexOf('\n') };
}

/** Skips white space and comments from `at`. */
function skipBlank(text, at) {
  let i = at;
  for (;;) {
    while (i < text.length && /\s/.test(text[i])) i += 1;
    if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) < 0 ? text.length : text.indexOf('*/', i) + 2;
    else return i;
  }
}

/**
 * The t() and tx() calls of a source file: for each, the function, the id, the English text and
 * where the English literal is in `text` ([start, end)); and the calls that are not literal.
 */
export function scanSource(text) {
  const calls = [];
  const errors = [];
  const fail = (at, message) => errors.push({ ...position(text, at), message });

  /** Reads the call whose name starts at `at` (`t` or `tx`, then `(`); returns where to go on. */
  const readCall = (at, name, open) => {
    let i = skipBlank(text, open + 1);
    const id = text[i] === "'" || text[i] === '"' || text[i] === '`' ? readLiteral(text, i) : null;
    if (!id) {
      fail(at, `${name}(): the id must be a string literal`);
      return open + 1;
    }
    i = skipBlank(text, id.end);
    if (text[i] !== ',') {
      fail(at, `${name}('${id.value}'): the English text must follow the id`);
      return id.end;
    }
    i = skipBlank(text, i + 1);
    const englishStart = i;
    const english = text[i] === "'" || text[i] === '"' || text[i] === '`' ? readLiteral(text, i) : null;
    if (!english) {
      fail(at, `${name}('${id.value}'): the English text must be a string literal`);
      return id.end;
    }
    i = skipBlank(text, english.end);
    if (text[i] !== ',' && text[i] !== ')') {
      fail(at, `${name}('${id.value}'): the English text must be one string literal`);
      return english.end;
    }
    calls.push({ fn: name, id: id.value, english: english.value, start: englishStart, end: english.end, ...position(text, at) });
    return english.end;
  };

  /** Scans code from `at` until a `}` closing a template's `${` (when `inTemplate`) or the end. */
  const scanCode = (at, inTemplate) => {
    let i = at;
    let depth = 0;
    while (i < text.length) {
      const c = text[i];
      if (c === '/' && text[i + 1] === '/') {
        const end = text.indexOf('\n', i);
        i = end < 0 ? text.length : end;
      } else if (c === '/' && text[i + 1] === '*') {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? text.length : end + 2;
      } else if ((c === "'" || c === '"') && !IDENT.test(text[i - 1] ?? '')) {
        // (A quote right after a letter is JSX text: "Don't".)
        i = readLiteral(text, i)?.end ?? i + 1;
      } else if (c === '`') {
        i = scanTemplate(i);
      } else if (c === '{') {
        depth += 1;
        i += 1;
      } else if (c === '}') {
        if (inTemplate && depth === 0) return i + 1;
        depth -= 1;
        i += 1;
      } else if (c === 't' && !IDENT.test(text[i - 1] ?? '') && text[i - 1] !== '.') {
        const match = /^(tx|t)\s*\(/.exec(text.slice(i, i + 8));
        const declared = /\bfunction\s*$/.test(text.slice(Math.max(0, i - 20), i));
        i = match && !declared ? readCall(i, match[1], i + match[0].length - 1) : i + 1;
      } else {
        i += 1;
      }
    }
    return i;
  };

  /** Skips the template literal at `at`, scanning the code of its `${...}`. */
  const scanTemplate = (at) => {
    let i = at + 1;
    while (i < text.length) {
      const c = text[i];
      if (c === '\\') i += 2;
      else if (c === '`') return i + 1;
      else if (c === '$' && text[i + 1] === '{') i = scanCode(i + 2, true);
      else i += 1;
    }
    return i;
  };

  scanCode(0, false);
  return { calls, errors };
}

// ---------------------------------------------------------------------------------------------
// Messages.

/** Parses an ICU message as the UI formats it (tags parsed, `other` required). */
export function parseMessage(message) {
  return parse(message, { shouldParseSkeletons: true, requiresOtherClause: true });
}

/** A message as the bundle carries it: its text when it has no placeholder, else its parsed form. */
export function compileMessage(message) {
  const ast = parseMessage(message);
  if (ast.length === 0) return '';
  if (ast.length === 1 && ast[0].type === TYPE.literal) return ast[0].value;
  return ast;
}

/**
 * What a message's placeholders are: name -> kind ('argument', 'number', 'date', 'time', 'tag',
 * 'select', 'plural', 'selectordinal'), the plural and select options by name ('count' ->
 * ['one', 'other']), and problems (one name of two kinds).
 */
function shape(ast, found = { kinds: new Map(), options: new Map(), problems: [] }) {
  const note = (name, kind) => {
    const known = found.kinds.get(name);
    // A value shown as a date and as a time is one value; a select's or plural's value may show
    // as it is in one of its options.
    const choosing = (one) => ['select', 'plural', 'selectordinal'].includes(one);
    const dateOrTime = (one) => one === 'date' || one === 'time';
    if (known && known !== kind && !(dateOrTime(known) && dateOrTime(kind)) && !(choosing(known) && kind === 'argument')) {
      found.problems.push(`{${name}} is both ${known} and ${kind}`);
    }
    if (!known || (known === 'argument' && choosing(kind))) found.kinds.set(name, kind);
  };
  for (const element of ast) {
    switch (element.type) {
      case TYPE.argument:
        note(element.value, 'argument');
        break;
      case TYPE.number:
        note(element.value, 'number');
        break;
      case TYPE.date:
        note(element.value, 'date');
        break;
      case TYPE.time:
        note(element.value, 'time');
        break;
      case TYPE.tag:
        note(element.value, 'tag');
        shape(element.children, found);
        break;
      case TYPE.select:
      case TYPE.plural: {
        const kind = element.type === TYPE.select ? 'select' : element.pluralType === 'ordinal' ? 'selectordinal' : 'plural';
        note(element.value, kind);
        const keys = found.options.get(element.value) ?? new Set();
        for (const key of Object.keys(element.options)) keys.add(key);
        found.options.set(element.value, keys);
        for (const option of Object.values(element.options)) shape(option.value, found);
        break;
      }
      default:
        break;
    }
  }
  return found;
}

/** The plural forms a language's counts need: those whole numbers up to 1000 fall in ('many' is French's millions, left to 'other'). */
function neededPluralForms(code, ordinal) {
  const rules = new Intl.PluralRules(code, { type: ordinal ? 'ordinal' : 'cardinal' });
  const forms = new Set();
  for (let n = 0; n <= 1000; n += 1) forms.add(rules.select(n));
  return { needed: forms, allowed: new Set(rules.resolvedOptions().pluralCategories) };
}

/**
 * Whether a translation may show a value English shows as `ours` as `theirs`: the same way (a
 * date as a time too), or, for a plain value, by its number's plural form, as a number or by a
 * select (French agrees '1 créée', '2 créées' where English writes '{created} created').
 */
function compatible(ours, theirs) {
  const dateOrTime = (kind) => kind === 'date' || kind === 'time';
  if (ours === theirs || (dateOrTime(ours) && dateOrTime(theirs))) return true;
  return ours === 'argument' && ['plural', 'selectordinal', 'number', 'select'].includes(theirs);
}

/** What is wrong with `translation` (in language `code`) as the translation of `english`. */
export function translationProblems(code, english, translation) {
  let theirs;
  try {
    theirs = shape(parseMessage(translation));
  } catch (error) {
    return [`does not parse: ${error.message}`];
  }
  const ours = shape(parseMessage(english));
  const problems = [...theirs.problems];
  for (const [name, kind] of ours.kinds) {
    const their = theirs.kinds.get(name);
    if (!their) problems.push(`lacks {${name}}`);
    else if (!compatible(kind, their)) problems.push(`has {${name}} as ${their}, English as ${kind}`);
  }
  for (const name of theirs.kinds.keys()) if (!ours.kinds.has(name)) problems.push(`has {${name}}, which English has not`);
  for (const [name, keys] of theirs.options) {
    const kind = theirs.kinds.get(name);
    if (kind === 'select' && ours.kinds.get(name) === 'select') {
      const englishKeys = ours.options.get(name) ?? new Set();
      for (const key of keys) if (!englishKeys.has(key)) problems.push(`{${name}} has the option ${key}, which English has not`);
      for (const key of englishKeys) if (!keys.has(key) && key !== 'other') problems.push(`{${name}} lacks the option ${key}`);
    } else if (kind === 'plural' || kind === 'selectordinal') {
      const { needed, allowed } = neededPluralForms(code, kind === 'selectordinal');
      for (const key of keys) if (!key.startsWith('=') && !allowed.has(key)) problems.push(`{${name}} has the plural form ${key}, which ${code} has not`);
      for (const key of needed) if (!keys.has(key) && key !== 'other') problems.push(`{${name}} lacks the plural form ${key}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// Files.

/** Every .ts and .tsx file under src/, relative to it, sorted (generated code left out). */
async function sourceFiles() {
  const files = await readdir(sources, { recursive: true });
  return files
    .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts') && !file.split(path.sep).includes('generated'))
    .sort();
}

/** Every call of the code, with the problems of reading them. */
export async function scanAll() {
  const calls = [];
  const errors = [];
  for (const file of await sourceFiles()) {
    const scanned = scanSource(await readFile(path.join(sources, file), 'utf8'));
    for (const call of scanned.calls) calls.push({ ...call, file: `src/${file}` });
    for (const error of scanned.errors) errors.push(`src/${file}:${error.line}:${error.column}: ${error.message}`);
  }
  return { calls, errors };
}

/** id -> English, sorted by id, and the problems: an id with two texts, a message that does not parse. */
function english(calls) {
  const texts = new Map();
  const problems = [];
  for (const call of calls) {
    const where = `${call.file}:${call.line}`;
    const known = texts.get(call.id);
    if (known && known.english !== call.english) {
      problems.push(`${where}: '${call.id}' is '${call.english}' here but '${known.english}' at ${known.where}`);
      continue;
    }
    if (known) continue;
    texts.set(call.id, { english: call.english, where });
    try {
      const tags = shape(parseMessage(call.english));
      if (call.fn === 't' && [...tags.kinds.values()].includes('tag')) problems.push(`${where}: '${call.id}' has markup: use tx()`);
    } catch (error) {
      problems.push(`${where}: '${call.id}' does not parse: ${error.message}`);
    }
  }
  const sorted = Object.fromEntries([...texts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, { english }]) => [id, english]));
  return { messages: sorted, problems };
}

const toJson = (object) => `${JSON.stringify(object, null, 2)}\n`;
const readJson = async (file) => JSON.parse(await readFile(file, 'utf8'));

/** The codes of the languages with a catalog, English first. */
export async function languageCodes() {
  const files = await readdir(catalogDir);
  const codes = files.filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length));
  return ['en', ...codes.filter((code) => code !== 'en').sort()];
}

/** A parts folder's messages, one file after another; problems when two files disagree. */
async function readParts(code) {
  const folder = path.join(catalogDir, `${code}-parts`);
  const files = (await readdir(folder).catch(() => [])).filter((file) => file.endsWith('.json')).sort();
  const messages = {};
  const problems = [];
  for (const file of files) {
    for (const [id, message] of Object.entries(await readJson(path.join(folder, file)))) {
      if (id in messages && messages[id] !== message) problems.push(`${code}-parts/${file}: '${id}' differs from another part's`);
      messages[id] = message;
    }
  }
  return { folder, files, messages, problems };
}

/** A language's messages: its catalog and its parts (a part's message wins). */
export async function readCatalog(code) {
  const own = code === 'en' ? await readJson(englishFile).catch(() => ({})) : await readJson(path.join(catalogDir, `${code}.json`));
  const parts = await readParts(code);
  return { messages: { ...own, ...parts.messages }, problems: parts.problems };
}

/** A language's catalog as the bundle carries it: id -> compiled message. */
export async function compiledCatalog(code) {
  const { messages } = await readCatalog(code);
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}

/** A language's name in itself, from its catalog. */
export async function languageName(code) {
  const { messages } = await readCatalog(code);
  const name = messages[LANGUAGE_NAME_ID];
  if (typeof name !== 'string' || !name) throw new Error(`src/i18n/${code}.json has no "${LANGUAGE_NAME_ID}"`);
  return name;
}

/**
 * `text` (a source file) with each t() and tx() call's English literal replaced by its compiled
 * form, for the bundle; throws on a call that is not literal.
 */
export function compileSource(text) {
  const { calls, errors } = scanSource(text);
  if (errors.length > 0) return { errors };
  let out = '';
  let at = 0;
  for (const call of calls) {
    out += text.slice(at, call.start) + JSON.stringify(compileMessage(call.english));
    at = call.end;
  }
  return { contents: out + text.slice(at), errors: [] };
}

/** Writes en.json from the code (untouched when unchanged: build.rs watches src/); throws on a problem. */
export async function writeEnglish() {
  const { calls, errors } = await scanAll();
  const { messages, problems } = english(calls);
  if (errors.length + problems.length > 0) throw new Error(`i18n: ${[...errors, ...problems].join('\n  ')}`);
  const text = toJson(messages);
  if ((await readFile(englishFile, 'utf8').catch(() => null)) !== text) await writeFile(englishFile, text);
}

/** Every problem of the catalogs against the code. */
async function check() {
  const { calls, errors } = await scanAll();
  const { messages, problems } = english(calls);
  problems.unshift(...errors);
  const written = await readFile(englishFile, 'utf8').catch(() => null);
  if (written !== toJson(messages)) problems.push('src/i18n/en.json is not what the code says: run `node ui/i18n-extract.mjs`');
  for (const code of await languageCodes()) {
    if (code === 'en') continue;
    const catalog = await readCatalog(code);
    problems.push(...catalog.problems);
    for (const id of Object.keys(messages)) {
      if (!(id in catalog.messages)) problems.push(`${code}: '${id}' is missing (English: '${messages[id]}')`);
    }
    for (const [id, message] of Object.entries(catalog.messages)) {
      if (!(id in messages)) problems.push(`${code}: '${id}' is used by no code`);
      else if (typeof message !== 'string') problems.push(`${code}: '${id}' is not a string`);
      else for (const problem of translationProblems(code, messages[id], message)) problems.push(`${code}: '${id}' ${problem}`);
    }
  }
  problems.push(...(await extensionProblems()));
  return problems;
}

/** The browser extension's catalogs (Chrome's `extension/_locales/<code>/messages.json`): each
 * language has exactly English's messages, with the same placeholders. */
async function extensionProblems() {
  const folder = path.join(root, '..', 'extension', '_locales');
  const read = async (code) => readJson(path.join(folder, code, 'messages.json'));
  const english = await read('en');
  const problems = [];
  for (const code of await readdir(folder)) {
    if (code === 'en') continue;
    const theirs = await read(code);
    const where = `extension/_locales/${code}`;
    for (const name of Object.keys(english)) if (!(name in theirs)) problems.push(`${where}: '${name}' is missing`);
    for (const [name, entry] of Object.entries(theirs)) {
      if (!(name in english)) problems.push(`${where}: '${name}' is not in English`);
      else if (JSON.stringify(Object.keys(entry.placeholders ?? {})) !== JSON.stringify(Object.keys(english[name].placeholders ?? {})))
        problems.push(`${where}: '${name}' has other placeholders than English`);
    }
  }
  return problems;
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes('--merge-parts')) {
    for (const code of await languageCodes()) {
      if (code === 'en') continue;
      const parts = await readParts(code);
      if (parts.files.length === 0) continue;
      if (parts.problems.length > 0) throw new Error(parts.problems.join('\n'));
      const file = path.join(catalogDir, `${code}.json`);
      const merged = { ...(await readJson(file)), ...parts.messages };
      const sorted = Object.fromEntries(Object.entries(merged).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      await writeFile(file, toJson(sorted));
      await rm(parts.folder, { recursive: true });
      console.log(`i18n: ${parts.files.length} part(s) merged into src/i18n/${code}.json`);
    }
  }
  if (args.includes('--check')) {
    const problems = await check();
    if (problems.length > 0) {
      console.error(`i18n: ${problems.length} problem(s) in the message catalogs:\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    return;
  }
  await writeEnglish();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
