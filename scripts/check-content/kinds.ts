/**
 * Screen kinds and widgets against schemas/content/screen-kinds.schema.json: a screen's `kind` is one the
 * registry has ("mesage" fails with "did you mean"), its `options` (and each variant's) follow that kind's
 * schema, every `ui:widget` of a uiSchema is a widget rjsf or our theme has, and the `ui:options` beside a
 * `ui:widget` follow that widget's schema where schemas/content/widget-options.schema.json has one. A `ui:field` may
 * not name a field of rjsf's the build leaves out (engine/form/rjsf-replaced.ts).
 */
import type { ContentModel, Obj } from './model.ts';
import { asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { describe, type MetaSchemas } from './schemas.ts';
import { viewsOf } from './screens.ts';
import { didYouMean } from './suggest.ts';
import { unreachableFromContent } from '../../engine/form/rjsf-replaced.ts';

const KINDS_ID = 'https://schemas.onboarding.local/content/screen-kinds.schema.json';
const KINDS_FILE = 'schemas/content/screen-kinds.schema.json';
const WIDGETS_ID = 'https://schemas.onboarding.local/content/widget-options.schema.json';
const WIDGETS_FILE = 'schemas/content/widget-options.schema.json';

/** Checks every screen's kind, options and widgets. */
export function checkKinds(
  model: ContentModel,
  resolved: Map<string, Obj>,
  schemas: MetaSchemas,
  problems: Problem[],
): void {
  const kindsSchema = schemas.schemaOf(KINDS_ID);
  if (!kindsSchema) return;
  const defs = asObject(kindsSchema.$defs) ?? {};
  const widgets = new Set((asObject(defs.widget)?.enum as string[] | undefined) ?? []);
  const leftOutFields = new Set(
    Object.values(unreachableFromContent)
      .filter((part) => part.kind === 'fields')
      .map((part) => part.name),
  );
  const kinds = Object.keys(defs).filter((name) => name !== 'widget');
  const widgetDefs = asObject(schemas.schemaOf(WIDGETS_ID)?.$defs) ?? {};
  // One mistake, one message: a place the meta-schema check already reported (a kind that is not a name) is left to it.
  const reported = new Set(problems.map((problem) => `${problem.file}\u0000${problem.pointer}`));
  for (const entry of model.allScreens) {
    const screen = resolved.get(entry.file) ?? entry.data;
    const said = new Set<string>();
    const once = (problem: Problem): void => {
      const key = `${problem.pointer}\u0000${problem.message}`;
      if (!said.has(key) && !reported.has(`${problem.file}\u0000${problem.pointer}`)) problems.push(problem);
      said.add(key);
    };
    for (const { at, screen: view } of viewsOf(screen)) {
      const kind = view.kind;
      // A kind or options the variant itself writes are reported at the variant; the rest at the screen.
      const merge = at ? asObject(pointerGet(screen, at)) : undefined;
      if (typeof kind === 'string' && !kinds.includes(kind)) {
        once({
          file: entry.file,
          pointer: `${merge && 'kind' in merge ? at : ''}/kind`,
          message: `kind "${kind}" is not a registered screen kind`,
          fix: `${didYouMean(kind, kinds).trim() || `Use one of ${kinds.join(', ')}.`} Kinds are registered in engine/screens/registry.ts and described in ${KINDS_FILE}.`,
        });
      } else if (typeof kind === 'string' && view.options !== undefined) {
        const validate = schemas.validatorOfRef(`${KINDS_ID}#/$defs/${kind}`);
        if (validate && !validate(view.options)) {
          const base = `${merge && 'options' in merge ? at : ''}/options`;
          for (const error of validate.errors ?? []) {
            const name =
              error.keyword === 'additionalProperties'
                ? pointer(String((error.params as { additionalProperty?: string }).additionalProperty))
                : '';
            // A variant is answerable only for what it writes; the rest is the screen's own mistake, reported there.
            if (merge && 'options' in merge && pointerGet(merge.options, `${error.instancePath}${name}`) === undefined)
              continue;
            const problem = describe(entry.file, KINDS_FILE, {
              ...error,
              instancePath: `${base}${error.instancePath}`,
            });
            if (error.keyword === 'additionalProperties') {
              const name = String((error.params as { additionalProperty?: string }).additionalProperty);
              const known = Object.keys(asObject(asObject(defs[kind])?.properties) ?? {});
              problem.message = `option "${name}" is not a setting of the ${kind} kind`;
              problem.fix = `${didYouMean(name, known).trim() || `Its settings: ${known.join(', ')}.`} (${KINDS_FILE}#/$defs/${kind})`;
            }
            once(problem);
          }
        }
      }
      const walk = (node: unknown, where: string): void => {
        const object = asObject(node);
        if (!object) return;
        const widget = object['ui:widget'];
        if (typeof widget === 'string' && widget in widgetDefs) {
          const validate = schemas.validatorOfRef(`${WIDGETS_ID}#/$defs/${widget}`);
          if (validate && !validate(object['ui:options'] ?? {}))
            for (const error of validate.errors ?? [])
              once(
                describe(entry.file, WIDGETS_FILE, {
                  ...error,
                  instancePath: `${where}${pointer('ui:options')}${error.instancePath}`,
                }),
              );
        }
        for (const [key, value] of Object.entries(object)) {
          if (key === 'ui:widget' && typeof value === 'string' && !widgets.has(value)) {
            once({
              file: entry.file,
              pointer: `${where}${pointer(key)}`,
              message: `names widget "${value}", which neither rjsf nor engine/form/theme.tsx has`,
              fix: `${didYouMean(value, widgets).trim() || `Use one of ${[...widgets].join(', ')}.`} New widgets are registered in engine/form/theme.tsx and listed in ${KINDS_FILE}#/$defs/widget.`,
            });
          } else if (key === 'ui:field' && typeof value === 'string' && leftOutFields.has(value)) {
            once({
              file: entry.file,
              pointer: `${where}${pointer(key)}`,
              message: `names rjsf's field "${value}", which the build leaves out of the form chunk`,
              fix: `Use the theme's fields and widgets, or take "${value}" out of engine/form/rjsf-replaced.ts unreachableFromContent (the form chunk grows by it).`,
            });
          } else walk(value, `${where}${pointer(key)}`);
        }
      };
      const uiSchema = asObject(merge ? asObject(merge.form)?.uiSchema : asObject(view.form)?.uiSchema);
      walk(uiSchema, `${at}/form/uiSchema`);
    }
  }
}

/** The value at a JSON pointer. */
function pointerGet(root: unknown, at: string): unknown {
  let node = root;
  for (const part of at.split('/').slice(1))
    node = (node as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  return node;
}
