/**
 * Every required field says what to do (issue 22 item 11): a form field that the screen's schema can make required
 * (its `required` lists, nested objects and array items, and what `then`/`else`, `dependentRequired` and the like
 * add) has a message of its own for a missing value: `ui:messages.required` on its uiSchema (the catalogue check
 * requires that key), or `<screen.messages>.<path>.required` in every locale (engine/content/required-fields.ts).
 * Without one the applicant reads "This field is required." and has to guess what is wanted.
 */
import { ownRequiredKey, requiredFieldsOf } from '../../engine/content/required-fields.ts';
import { LOCALES } from './catalogues.ts';
import { asObject, type ContentModel, type Obj } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { viewsOf } from './screens.ts';

/** Checks that each field a form screen can require has its own "what to do" message in all three locales. */
export function checkRequiredMessages(model: ContentModel, resolved: Map<string, Obj>, problems: Problem[]): void {
  const keysOf = new Map<string, Set<string>>();
  for (const catalogue of model.catalogues) {
    const keys = keysOf.get(catalogue.locale) ?? new Set<string>();
    for (const key of Object.keys(catalogue.messages)) keys.add(key);
    keysOf.set(catalogue.locale, keys);
  }
  for (const entry of model.screens.values()) {
    const screen = resolved.get(entry.file) ?? entry.data;
    const said = new Set<string>();
    for (const { at, screen: view } of viewsOf(screen)) {
      const form = asObject(view.form);
      if (view.kind !== 'form' || typeof view.messages !== 'string' || !form) continue;
      for (const field of requiredFieldsOf(form.schema, form.uiSchema)) {
        const name = field.path.join('.');
        const { key, declared } = ownRequiredKey(view.messages, form.uiSchema, name);
        if (declared) continue;
        const lacking = LOCALES.filter((locale) => !keysOf.get(locale)?.has(key));
        if (lacking.length === 0 || said.has(key)) continue;
        said.add(key);
        const namespace = key.split('.')[0];
        problems.push({
          file: entry.file,
          // The `required` entry in the screen as written; a variant's requirement at the variant.
          pointer: at === '' ? pointer('form', 'schema', ...field.at) : at,
          message:
            `screen "${entry.id}": field "${name}" is required${field.conditional ? ' (when its condition holds)' : ''} ` +
            `but has no message of its own, so an applicant who leaves it empty reads only "This field is required."; ` +
            `"${key}" is missing from ${lacking.map((locale) => `locales/${locale}/`).join(', ')}`,
          fix:
            `Add "${key}" to ${lacking.map((locale) => `locales/${locale}/${namespace}.json`).join(', ')}: ` +
            'an instruction that names what to give ("Enter the account number.", "Choose a bundle."), real French in ' +
            `fr-CA; or point the field's uiSchema at a shared message with "ui:messages": { "required": "<key>" }.`,
        });
      }
    }
  }
}
