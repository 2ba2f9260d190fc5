/**
 * The states the preview can open a screen in, without walking the flow: a new application; every fixture of
 * every routing table (the decisions and step-ups content already tests); and error states (the screen's read
 * fails, the submit fails with field errors, with a server error or without a network, and the form's own
 * validation messages). Pure: derived from the routing tables' fixtures.
 */

import shell from '../../rules/shell.json' with { type: 'json' };
import { isObject } from '../content/json.ts';

type Obj = Record<string, unknown>;

/** The application id previews use (doc1 §2.1 shape: urn:app: and five dash-separated groups of 4 to 12 word characters, as rules/shell.json checks). */
export const PREVIEW_APPLICATION_ID = 'urn:app:prev0000-0000-0000-0000-000000000001';

/** Parts of the context that are the application document, each with its empty value (rules/shell.json). */
const DOCUMENT_PARTS: Obj = shell.documentParts;

export interface PreviewState {
  id: string;
  /** Shown in the state list (a tool for editors; content words stay in the catalogues). */
  label: string;
  /** The application document the screen's reads answer with. */
  document: Obj;
  /** The status every read of the document answers with instead (an error state). */
  loadStatus?: number;
  /** The status every write answers with instead; 0 is a network failure. */
  submitStatus?: number;
  /** The failed submit names each of the screen's bound fields with the API's own message (api-errors.ts). */
  fieldErrors?: boolean;
  /** Submit the empty form once it shows, so the form's own validation messages appear. */
  validate?: boolean;
}

/** Deep merge of plain objects (arrays and values replace). */
export function deepMerge(base: Obj, extra: Obj): Obj {
  const out: Obj = { ...base };
  for (const [key, value] of Object.entries(extra))
    out[key] = isObject(value) && isObject(out[key]) ? deepMerge(out[key] as Obj, value) : value;
  return out;
}

/** `path = value` pairs of an object's leaves, for a short label. */
export function leaves(value: unknown, prefix = ''): string[] {
  if (isObject(value))
    return Object.entries(value).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
  return [`${prefix} = ${JSON.stringify(value)}`];
}

/** The new application every state starts from; `id` defaults to PREVIEW_APPLICATION_ID. */
export function baseDocument(id = PREVIEW_APPLICATION_ID): Obj {
  return { ...structuredClone(DOCUMENT_PARTS), application: { id, decision: 'PENDING', stepUpDetails: [] } };
}

/** Each state's own application id, so cached reads of one state never answer for another. */
const idOf = (index: number): string => `${PREVIEW_APPLICATION_ID.slice(0, -12)}${String(index + 1).padStart(12, '0')}`;

/** Every routing table's fixtures, by table (virtual:preview-fixtures). */
export type TableFixtures = Record<string, Array<{ context?: unknown }>>;

/** Every state of the preview, in the order the list shows them. */
export function previewStates(fixtures: TableFixtures): PreviewState[] {
  const base = baseDocument();
  const list: PreviewState[] = [
    { id: 'new', label: 'New application', document: base },
    {
      id: 'validation',
      label: 'Error: the form’s validation messages (empty form submitted)',
      document: base,
      validate: true,
    },
    {
      id: 'submit-fields',
      label: 'Error on submit: the API refuses each field (400, the API’s own message per field)',
      document: base,
      submitStatus: 400,
      fieldErrors: true,
    },
    { id: 'submit-server', label: 'Error on submit: server unavailable (503)', document: base, submitStatus: 503 },
    { id: 'submit-network', label: 'Error on submit: no network', document: base, submitStatus: 0 },
    { id: 'load-failed', label: 'Error: the application cannot be read (500)', document: base, loadStatus: 500 },
  ];
  for (const [name, rows] of Object.entries(fixtures)) {
    rows.forEach((fixture, index) => {
      const context = isObject(fixture.context) ? fixture.context : {};
      const documentPart = Object.fromEntries(Object.entries(context).filter(([key]) => key in DOCUMENT_PARTS));
      if (Object.keys(documentPart).length === 0) return;
      list.push({
        id: `${name}#${index}`,
        label: `${name} fixture ${index}: ${leaves(documentPart).join(', ')}`,
        document: deepMerge(base, documentPart),
      });
    });
  }
  return list.map((state, index) => ({
    ...state,
    document: deepMerge(state.document, { application: { id: idOf(index) } }),
  }));
}
