/**
 * The named checks a format step may call (`{"check": "<name>", "params": {...}}` in
 * rules/validation/formats.json). A check returns null when the value passes, or a failure code that the
 * step maps to a message key (`keys[code]`, else the step's `key`). A registry, not a switch: add a check
 * here (a named export, and an entry of `checks`) and name it in the data.
 */
import { isDateOrder, parseStrictDate } from './dates.ts';
import { isRepeatedOrSequential, luhnValid, weightedChecksumValid } from './digits.ts';
import { isMobileNumberOf } from './phone.ts';
import { isPoBox } from './po-box.ts';

/** What a check may read besides the value. */
export interface CheckContext {
  now: () => Date;
}

/** A named check: null when the value passes, else a failure code ('invalid' unless more specific). */
export type Check = (value: string, params: Record<string, unknown>, context: CheckContext) => string | null;

const digitsOnly = (value: string): string => value.replace(/\D/g, '');
const numberParam = (params: Record<string, unknown>, name: string, fallback: number): number =>
  typeof params[name] === 'number' ? (params[name] as number) : fallback;
const stringsParam = (params: Record<string, unknown>, name: string): string[] =>
  Array.isArray(params[name])
    ? (params[name] as unknown[]).filter((item): item is string => typeof item === 'string')
    : [];

/** Luhn checksum over the digits (SIN, card number). */
export const luhn: Check = (value) => (luhnValid(value) ? null : 'invalid');

/** Weighted checksum: params.weights, params.modulus (routing number: [3, 7, 1], 10). */
export const weightedChecksum: Check = (value, params) => {
  const weights = Array.isArray(params.weights) ? (params.weights as number[]) : [];
  return weightedChecksumValid(value, weights, numberParam(params, 'modulus', 10)) ? null : 'invalid';
};

/** Not all the same digit (so not zero) and not an ascending or descending run (EIN, government id). */
export const notRepeatedOrSequential: Check = (value) => (isRepeatedOrSequential(digitsOnly(value)) ? 'invalid' : null);

/** A US SSN that parses: area not 000, 666 or 9xx; group not 00; serial not 0000; not in params.refused. */
export const ssn: Check = (value, params) => {
  const digits = digitsOnly(value);
  if (digits.length !== 9) return 'invalid';
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  if (area === 0 || area === 666 || area >= 900 || group === 0 || serial === 0) return 'invalid';
  return stringsParam(params, 'refused').includes(digits) ? 'invalid' : null;
};

/** Not a PO box in any spelling of rules/validation/po-box.json. */
export const notPoBox: Check = (value) => (isPoBox(value) ? 'invalid' : null);

/** A valid mobile-type number of one of params.regions. */
export const mobilePhone: Check = (value, params) =>
  isMobileNumberOf(value, stringsParam(params, 'regions')) ? null : 'invalid';

/**
 * A date of birth written strictly in params.order; the year before the current year
 * ('notBeforeThisYear'); the age by year difference at least params.minAge ('tooYoung') and at most
 * params.maxAge ('tooOld').
 */
export const dateOfBirth: Check = (value, params, context) => {
  const order = isDateOrder(params.order) ? params.order : 'MDY';
  const date = parseStrictDate(value, order);
  if (!date) return 'invalid';
  const thisYear = context.now().getFullYear();
  if (date.year >= thisYear) return 'notBeforeThisYear';
  const age = thisYear - date.year;
  if (age < numberParam(params, 'minAge', 0)) return 'tooYoung';
  if (age > numberParam(params, 'maxAge', Number.POSITIVE_INFINITY)) return 'tooOld';
  return null;
};

/** MM/YY, this month or later ('past' otherwise), at most params.maxYearsAhead years ahead. */
export const cardExpiry: Check = (value, params, context) => {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value);
  if (!match) return 'invalid';
  const today = context.now();
  const expiry = (2000 + Number(match[2])) * 12 + Number(match[1]) - 1;
  const current = today.getFullYear() * 12 + today.getMonth();
  if (expiry < current) return 'past';
  return expiry - current > numberParam(params, 'maxYearsAhead', 20) * 12 ? 'invalid' : null;
};

/** Every check by the name a step gives it (named exports too, so a build can take only those its formats use). */
export const checks: Record<string, Check> = {
  luhn,
  weightedChecksum,
  notRepeatedOrSequential,
  ssn,
  notPoBox,
  mobilePhone,
  dateOfBirth,
  cardExpiry,
};
