/**
 * The preview's "the API refuses each field" state: for each field a screen binds, the error the reference API
 * would answer for a refused value of it, from the same rules the API applies (rules/validation/fields.json: the
 * document path's format in the market, else the format the screen's own schema names), as the message key and
 * its text in the chosen locale. The frame answers the screen's submit with them (doc2 §8 shape), so the screen
 * shows them through the app's own error display. Pure.
 */
import fieldsData from '../../rules/validation/fields.json' with { type: 'json' };
import messagesData from '../../rules/validation/messages.json' with { type: 'json' };
import { formatRules, type Reason } from '../validation/index.ts';
import type { FieldsFile } from '../validation/types.ts';

const fieldsFile: FieldsFile = fieldsData;
const fields = fieldsFile.fields;

/** A field error as the API answers it. */
export interface ApiFieldError {
  field: string;
  key: string;
  description: string;
}

type Translate = (key: string, args?: Record<string, string | number>) => string;

/** The API's rule for a bound document path (`owners.0.email` reads the `owners[].email` row) in a market. */
function formatOfPath(path: string, market: string, document: Record<string, unknown>): string | undefined {
  const row = path.replace(/\.\d+(?=\.|$)/g, '[]');
  const spec = fields[row]?.[market] ?? fields[row]?.['*'];
  if (typeof spec === 'string') return spec;
  if (!spec) return undefined;
  // A format chosen by another answer (a government id by its source type): the document's, else the first.
  const chosen = spec.by
    .split('.')
    .reduce<unknown>((value, part) => (value as Record<string, unknown>)?.[part], document);
  return spec.formats[String(chosen)] ?? Object.values(spec.formats)[0];
}

/** Why the API refuses a value of one field: its format's message, else the schema keyword's, else the fallback. */
function reasonOf(format: string | undefined, property: Record<string, unknown> | undefined): Reason {
  if (format && formatRules[format]) return formatRules[format].fallback;
  if (property && Array.isArray(property.enum)) return { key: messagesData.keywords.enum.key };
  return { key: messagesData.fallback };
}

/** One error per bound field, in the order the form binds them. */
export function apiFieldErrors(
  form: { schema?: unknown; bind?: Record<string, unknown> } | undefined,
  market: string,
  document: Record<string, unknown>,
  translate: Translate,
): ApiFieldError[] {
  const properties = ((form?.schema as { properties?: Record<string, Record<string, unknown>> } | undefined)
    ?.properties ?? {}) as Record<string, Record<string, unknown>>;
  return Object.entries(form?.bind ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, path]) => {
      const property = properties[name];
      const format =
        formatOfPath(path, market, document) ?? (typeof property?.format === 'string' ? property.format : undefined);
      const reason = reasonOf(format, property);
      return {
        field: `/${path.replace(/\./g, '/')}`,
        key: reason.key,
        description: translate(reason.key, reason.args),
      };
    });
}
