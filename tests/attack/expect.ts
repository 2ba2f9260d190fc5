/**
 * What every refusal must look like: a 4xx (never a 5xx), and a body that names the problem: the common JSON
 * error shape with a known code and, for a field, a detail for that field with a localised description; or, for
 * the sign-on sandbox's HTML pages, a page with its error summary.
 */
import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { errorCodes } from '../../server/http/errors.ts';

/** Asserts a 4xx that names `field` (a JSON pointer with the request part prefix) and, when given, its key. */
export function expectRefusal(res: LightMyRequestResponse, field?: string, key?: string): void {
  expect(res.statusCode, res.body.slice(0, 400)).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (type.startsWith('text/html')) {
    expect(res.body).toMatch(/role="alert"/);
    return;
  }
  expect(type).toMatch(/^application\/json/);
  const body = res.json() as {
    error: string;
    message: string;
    details: Array<{ field: string; key: string; description: string }>;
  };
  expect(Object.keys(errorCodes), `not the common error shape: ${res.body.slice(0, 200)}`).toContain(body.error);
  expect(body.message.length).toBeGreaterThan(0);
  for (const detail of body.details) expect(detail.description.length).toBeGreaterThan(0);
  if (field !== undefined) {
    // The API writes property names into pointers unescaped (`/a/b` for the property "a/b"); accept both.
    const plain = field.replace(/~1/g, '/').replace(/~0/g, '~');
    const named = body.details.filter((d) => d.field === field || d.field === plain);
    expect(
      named.length,
      `${res.statusCode} ${body.error}: expected ${field} in ${JSON.stringify(body.details)}`,
    ).toBeGreaterThan(0);
    if (key) expect(named.map((d) => d.key)).toContain(key);
  }
}

/** Asserts no server error and, for HTML, that no injected markup came back unescaped. */
export function expectHandled(res: LightMyRequestResponse, injected?: string): void {
  expect(res.statusCode, res.body.slice(0, 400)).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  if (injected && /[<>"]/.test(injected) && type.startsWith('text/html')) expect(res.body).not.toContain(injected);
}
