/**
 * What the browser shows for a failed call (doc2 §8): the message comes from details[0].description, then
 * message, then error; a message that leaks an internal failure (Unhandled error, TypeError:, ValidationError:)
 * is replaced by the default message; an `errors` array shows each item. Pure.
 */
const LEAKS = ['Unhandled error', 'TypeError:', 'ValidationError:'];

export interface ApiFailure {
  /** HTTP status; 0 for a network failure. */
  status: number;
  /** Message texts to show, already localised by the API; an empty list, or an empty text, means the default message. */
  messages: string[];
  /** Field errors the API named (JSON pointer and message key). */
  fields: Array<{ field: string; key?: string; description?: string }>;
  body: unknown;
}

/** A non-empty text, or undefined. */
function chosen(text: unknown): string | undefined {
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** The text to show: '' (the default message) when it leaks an internal failure. */
function shown(text: string): string {
  return LEAKS.some((leak) => text.includes(leak)) ? '' : text;
}

export function failureFrom(status: number, body: unknown): ApiFailure {
  const record = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const details = Array.isArray(record.details) ? (record.details as Array<Record<string, unknown>>) : [];
  const messages: string[] = [];
  if (Array.isArray(record.errors)) {
    // Each item shows; an item that leaks an internal failure shows the default message in its place.
    for (const item of record.errors) {
      const text = chosen(
        typeof item === 'string'
          ? item
          : ((item as Record<string, unknown>)?.description ?? (item as Record<string, unknown>)?.message),
      );
      if (text !== undefined) messages.push(shown(text));
    }
  } else {
    // The first text present is the message; if it leaks, the default message replaces it (it does not fall
    // through to the next field).
    const first = chosen(details[0]?.description) ?? chosen(record.message) ?? chosen(record.error);
    if (first !== undefined && shown(first) !== '') messages.push(first);
  }
  const fields = details
    .filter((detail) => typeof detail.field === 'string')
    .map((detail) => ({
      field: detail.field as string,
      key: typeof detail.key === 'string' ? detail.key : undefined,
      description: typeof detail.description === 'string' ? detail.description : undefined,
    }));
  return { status, messages, fields, body };
}

/**
 * Whether a failure's field errors land on a form with these bindings (field name -> document path): the form then
 * shows them in its summary and at the fields, and nothing else repeats them (no toast). Pure.
 */
export function failureShownOnForm(failure: ApiFailure, bind: Record<string, string | undefined> | undefined): boolean {
  const pointers = new Set(
    Object.values(bind ?? {})
      .filter(Boolean)
      .map((path) => `/${String(path).replace(/\./g, '/')}`),
  );
  return failure.fields.some((field) => pointers.has(field.field));
}
