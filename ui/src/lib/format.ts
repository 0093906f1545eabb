// How numbers and dates read on screen, in the reader's language (src/i18n): file sizes with
// units up to PB, relative times ('3 minutes ago'), and local date-times.

import { formatDate, formatNumber, formatRelativeTime, t } from '../i18n';

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** '512 B', '1.2 MB', '340 KB' ('1,2 Mo' in French): one decimal below 100, none above. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const size = formatNumber(Number(value.toFixed(digits)), { maximumFractionDigits: digits, useGrouping: false });
  return t('format.bytes', '{size} {unit, select, B {B} KB {KB} MB {MB} GB {GB} TB {TB} other {PB}}', { size, unit: BYTE_UNITS[unit] ?? 'PB' });
}

const TIME_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
  ['week', 4.35],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** '3 minutes ago', 'yesterday', 'now': how long ago `date` was (never in the future). */
export function timeAgo(date: string | Date, now: number = Date.now()): string {
  let value = Math.min(0, (new Date(date).getTime() - now) / 1000);
  for (const [unit, size] of TIME_STEPS) {
    if (Math.abs(value) < size) return formatRelativeTime(Math.round(value), unit);
    value /= size;
  }
  return formatRelativeTime(Math.round(value), 'year');
}

/** A date and time in the reader's locale, or the text itself when it is not a date. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatDate(date, { dateStyle: 'medium', timeStyle: 'short' });
}
