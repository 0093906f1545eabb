// The UI's words in the reader's language (issue 79). English is written in the code where it
// shows, `t('pinForm.titleLabel', 'Title')`; each other language has a catalog,
// src/i18n/<code>.json (id -> ICU message), loaded here before any module that imports this one
// runs (the top-level await below), so that even a constant made as its module loads speaks the
// reader's language. Messages are ICU MessageFormat, compiled at build time (build.mjs, with
// i18n-extract.mjs): the bundle carries FormatJS's formatter, not its parser.
// `node ui/i18n-extract.mjs` writes en.json from the code; `--check` (run by `npm run typecheck`)
// fails on a missing, unused or mismatched translation.

import { Fragment, createElement, type ReactNode } from 'react';
import { formatToParts, type Formats, type Formatters } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { catalogs } from 'corkboard:catalogs';
import { languages } from 'corkboard:languages';
import { browserLanguages, pickLocale } from './pick';

export { languages };

/** A message as the build leaves it: its text when it has no placeholder, else its parsed form. */
type Compiled = string | MessageFormatElement[];

/** What a message's placeholders are given: `{count}`, `{when, date, medium}`... */
export type Values = Record<string, string | number | Date>;
/** A markup tag's rendering in `tx`: `{ b: (chunks) => <b>{chunks}</b> }`. */
export type TagRenderer = (chunks: ReactNode[]) => ReactNode;

async function load(code: string): Promise<Record<string, Compiled> | null> {
  const loader = catalogs[code];
  if (!loader) return null;
  try {
    return (await loader()).default as Record<string, Compiled>;
  } catch (error) {
    // An old cached page asking for a catalog gone from the server, a lost connection: English.
    console.warn(`the ${code} catalog did not load`, error);
    return null;
  }
}

const wanted = typeof document === 'undefined' ? 'en' : pickLocale(languages.map((language) => language.code), document.cookie, browserLanguages());
const loaded = wanted === 'en' ? null : await load(wanted);

/** The language the UI speaks: 'en', 'fr'... */
export const locale: string = loaded ? wanted : 'en';
const catalog: Readonly<Record<string, Compiled>> = loaded ?? {};
if (typeof document !== 'undefined') document.documentElement.lang = locale;

/** Whether `tag` is a locale Intl knows ('en-GB'), so that a formatter made with it does not throw. */
function valid(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/**
 * The locale numbers and dates are written in: the browser's own when it is of the UI's language
 * ('en-GB', 'fr-CA': their dates, their separators), else the UI's language.
 */
const formatLocale: string =
  browserLanguages().find((tag) => {
    const lower = tag.toLowerCase();
    const language = locale.toLowerCase();
    return (lower === language || lower.startsWith(`${language}-`)) && valid(tag);
  }) ?? locale;
/** Where English is written: the browser's English when the UI speaks English. */
const englishLocale = locale === 'en' ? formatLocale : 'en';

/** Makes an Intl formatter once for each set of arguments: making one costs far more than using it. */
function kept<A extends unknown[], T>(make: (...args: A) => T): (...args: A) => T {
  const made = new Map<string, T>();
  return (...args) => {
    const key = JSON.stringify(args);
    let found = made.get(key);
    if (found === undefined) {
      found = make(...args);
      made.set(key, found);
    }
    return found;
  };
}

const formatters: Formatters = {
  getNumberFormat: kept((locales?: string | string[], options?: object) => new Intl.NumberFormat(locales, options as Intl.NumberFormatOptions)),
  getDateTimeFormat: kept((...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
  getPluralRules: kept((...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
};
const relativeTimeFormat = kept((code: string) => new Intl.RelativeTimeFormat(code, { numeric: 'auto' }));

/** The named styles of `{n, number, integer}`, `{d, date, medium}`, `{d, time, short}`. */
const formats: Formats = {
  number: { integer: { maximumFractionDigits: 0 }, percent: { style: 'percent' } },
  date: {
    short: { month: 'numeric', day: 'numeric', year: '2-digit' },
    medium: { month: 'short', day: 'numeric', year: 'numeric' },
    long: { month: 'long', day: 'numeric', year: 'numeric' },
    full: { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' },
  },
  time: {
    short: { hour: 'numeric', minute: 'numeric' },
    medium: { hour: 'numeric', minute: 'numeric', second: 'numeric' },
    long: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
    full: { hour: 'numeric', minute: 'numeric', second: 'numeric', timeZoneName: 'short' },
  },
};

/**
 * The message `id` in the reader's language, as parts (text, and what `tx`'s tags render);
 * English (`english`, compiled by the build) when the catalog lacks it or it cannot be formatted.
 */
function render(id: string, english: string, values: Record<string, unknown> | undefined): unknown[] {
  const own = catalog[id];
  const attempts: [Compiled, string][] = [[english as unknown as Compiled, englishLocale]];
  if (own !== undefined) attempts.unshift([own, formatLocale]);
  for (const [message, code] of attempts) {
    if (typeof message === 'string') return [message];
    try {
      return formatToParts(message, code, formatters, formats, values as Parameters<typeof formatToParts>[4], undefined, id).map(
        (part) => part.value as unknown,
      );
    } catch (error) {
      console.error(`message ${id} (${code}) cannot be formatted`, error);
    }
  }
  return [id];
}

/**
 * The message `id` in the reader's language. `english` is its English text, an ICU message
 * ('{count, plural, one {# pin} other {# pins}}'), and both are string literals, always: the
 * build and `i18n-extract.mjs` read them from the source.
 */
export function t(id: string, english: string, values?: Values): string {
  const message = catalog[id] ?? (english as unknown as Compiled);
  // Most messages are plain text, compiled so by the build.
  if (typeof message === 'string') return message;
  return render(id, english, values).join('');
}

/**
 * `t` for a message with markup: its tags are rendered by the functions of `values`
 * (`tx('firstRun.admin', 'The first account is <b>the admin</b>.', { b: (chunks) => <b>{chunks}</b> })`),
 * which may also hold React nodes for placeholders.
 */
export function tx(id: string, english: string, values: Record<string, string | number | Date | ReactNode | TagRenderer>): ReactNode {
  const parts = render(id, english, values) as ReactNode[];
  return parts.length === 1 ? parts[0] : createElement(Fragment, null, ...parts);
}

/** This language's name in itself ('English', 'Français'): build.mjs reads it from each catalog. */
export function languageName(): string {
  return t('language.name', 'English');
}

/** A number as the reader's language writes it ('1,234.5', '1 234,5'). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return formatters.getNumberFormat(formatLocale, options).format(value);
}

/** A date (and time, as `options` ask) as the reader's language writes it. */
export function formatDate(date: Date | string | number, options?: Intl.DateTimeFormatOptions): string {
  return formatters.getDateTimeFormat(formatLocale, options).format(date instanceof Date ? date : new Date(date));
}

/** 'in 3 days', '3 minutes ago', 'yesterday', in the reader's language. */
export function formatRelativeTime(value: number, unit: Intl.RelativeTimeFormatUnit): string {
  return relativeTimeFormat(formatLocale).format(value, unit);
}
