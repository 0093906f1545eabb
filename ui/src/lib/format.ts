// How numbers and dates read on screen: file sizes with units up to PB, relative times
// ('3 minutes ago'), and local date-times.

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** '512 B', '1.2 MB', '340 KB': one decimal below 100, none above. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < BYTE_UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${Number(value.toFixed(digits))} ${BYTE_UNITS[unit]}`;
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

/** Makes a formatter on its first use and keeps it: making one costs the browser far more than using it. */
function kept<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const relativeTime = kept(() => new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' }));
const dateTime = kept(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));

/** '3 minutes ago', 'yesterday', 'now': how long ago `date` was (never in the future). */
export function timeAgo(date: string | Date, now: number = Date.now()): string {
  const format = relativeTime();
  let value = Math.min(0, (new Date(date).getTime() - now) / 1000);
  for (const [unit, size] of TIME_STEPS) {
    if (Math.abs(value) < size) return format.format(Math.round(value), unit);
    value /= size;
  }
  return format.format(Math.round(value), 'year');
}

/** A date and time in the reader's locale, or the text itself when it is not a date. */
export function formatDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return dateTime().format(date);
}
