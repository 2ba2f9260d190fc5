/**
 * The screens the references re-implement, taken from the content bundle so they stay the same screen as the
 * app's: the applicant step (`namedScreens.applicant`) and the largest form (most visible fields),
 * resolved for the default market, with en-US labels. Each becomes a plain JSON Schema with titles and a plain
 * uiSchema for rjsf, and a field list for the hand-written React form.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveScreen } from '../../engine/content/resolve.ts';
import type { ContentBundle, Screen } from '../../engine/content/types.ts';
import { loadCatalogues, loadContent } from '../content/load.ts';

type Obj = Record<string, unknown>;

/** One field of a reference form. */
export interface BenchField {
  name: string;
  label: string;
  required: boolean;
  format?: string;
  maxLength?: number;
  options?: Array<{ value: string; label: string }>;
  autocomplete?: string;
}

/** A screen as the references need it. */
export interface BenchScreen {
  id: string;
  title: string;
  submit: string;
  schema: Obj;
  uiSchema: Obj;
  fields: BenchField[];
}

const root = join(import.meta.dirname, '../..');

function visibleFields(screen: Screen): string[] {
  const props = Object.keys(((screen.form?.schema as Obj)?.properties ?? {}) as Obj);
  const ui = (screen.form?.uiSchema ?? {}) as Record<string, Obj>;
  return props.filter((name) => ui[name]?.['ui:widget'] !== 'hidden');
}

/** Screens the benchmark names (NOTES.md targets): landing, applicant and category; BENCH_SCREENS overrides as JSON. */
export const namedScreens: { landing: string; applicant: string; category: string } = {
  landing: 'landing',
  applicant: 'applicant-info',
  category: 'category',
  ...(process.env.BENCH_SCREENS ? (JSON.parse(process.env.BENCH_SCREENS) as object) : {}),
};

/** The benchmarked screens of the bundle for the default market. */
export function benchScreens(): {
  applicant: BenchScreen;
  largest: BenchScreen;
  ids: { applicant: string; largest: string };
} {
  const bundle: ContentBundle = loadContent(root);
  const config = JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as {
    defaultMarket: string;
    markets: Record<string, { currency: string; locales: string[] }>;
    flags: Obj;
  };
  const market = config.defaultMarket;
  const locale = config.markets[market].locales[0];
  const messages = loadCatalogues(root)[locale];
  const context = {
    environment: { market, currency: config.markets[market].currency, locale, portal: 'domain' },
    flags: config.flags,
    application: {},
    applicant: {},
    company: {},
  };
  const resolved = Object.fromEntries(Object.entries(bundle.screens).map(([id, s]) => [id, resolveScreen(s, context)]));

  const firstForm = namedScreens.applicant;
  if (!resolved[firstForm]?.form) throw new Error(`bench: screen ${firstForm} is not a form (set BENCH_SCREENS)`);
  const largest = Object.keys(resolved)
    .filter((id) => resolved[id].form)
    .sort((a, b) => visibleFields(resolved[b]).length - visibleFields(resolved[a]).length || a.localeCompare(b))[0];

  const convert = (id: string): BenchScreen => {
    const screen = resolved[id];
    const prefix = screen.messages ?? id;
    const schema = structuredClone(screen.form!.schema as Obj);
    const sourceUi = (screen.form!.uiSchema ?? {}) as Record<string, Obj>;
    const props = (schema.properties ?? {}) as Record<string, Obj>;
    const required = new Set((schema.required ?? []) as string[]);
    const uiSchema: Obj = {
      'ui:order': [...visibleFields(screen), '*'],
      'ui:submitButtonOptions': { submitText: messages[`${prefix}.submit`] ?? 'Continue' },
    };
    const fields: BenchField[] = [];
    for (const [name, property] of Object.entries(props)) {
      const ui = sourceUi[name] ?? {};
      if (ui['ui:widget'] === 'hidden') {
        uiSchema[name] = { 'ui:widget': 'hidden' };
        continue;
      }
      const label = messages[`${prefix}.${name}.label`] ?? name;
      property.title = label;
      const fieldUi: Obj = {};
      if (typeof ui['ui:autocomplete'] === 'string') fieldUi['ui:autocomplete'] = ui['ui:autocomplete'];
      if (ui['ui:widget'] === 'radio') fieldUi['ui:widget'] = 'radio';
      let options: BenchField['options'];
      if (Array.isArray(property.enum)) {
        const shared = typeof ui['ui:enumLabels'] === 'string' ? ui['ui:enumLabels'] : `${prefix}.${name}.options`;
        options = (property.enum as unknown[]).map((value) => ({
          value: String(value),
          label: messages[`${shared}.${String(value)}`] ?? String(value),
        }));
        fieldUi['ui:enumNames'] = options.map((o) => o.label);
      }
      uiSchema[name] = fieldUi;
      fields.push({
        name,
        label,
        required: required.has(name),
        ...(typeof property.format === 'string' ? { format: property.format } : {}),
        ...(typeof property.maxLength === 'number' ? { maxLength: property.maxLength } : {}),
        ...(options ? { options } : {}),
        ...(typeof ui['ui:autocomplete'] === 'string' ? { autocomplete: ui['ui:autocomplete'] as string } : {}),
      });
    }
    return {
      id,
      title: messages[`${prefix}.title`] ?? id,
      submit: messages[`${prefix}.submit`] ?? 'Continue',
      schema,
      uiSchema,
      fields,
    };
  };
  return { applicant: convert(firstForm), largest: convert(largest), ids: { applicant: firstForm, largest } };
}
