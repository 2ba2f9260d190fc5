/** Strict calendar-date parsing for the date-of-birth and card-expiry formats (doc2 §5 Date of birth, Order and card). */

/** Field order of a date written with slashes. */
export type DateOrder = 'MDY' | 'DMY' | 'YMD';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const shapes: Record<DateOrder, RegExp> = {
  MDY: /^(?<month>\d{2})\/(?<day>\d{2})\/(?<year>\d{4})$/,
  DMY: /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{4})$/,
  YMD: /^(?<year>\d{4})\/(?<month>\d{2})\/(?<day>\d{2})$/,
};

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Parses `value` written strictly in `order` (two-digit day and month, four-digit year); null if it is not a real date. */
export function parseStrictDate(value: string, order: DateOrder): CalendarDate | null {
  const groups = shapes[order].exec(value)?.groups;
  if (!groups) return null;
  const year = Number(groups.year);
  const month = Number(groups.month);
  const day = Number(groups.day);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** True when `order` names a supported date order. */
export function isDateOrder(order: unknown): order is DateOrder {
  return order === 'MDY' || order === 'DMY' || order === 'YMD';
}
