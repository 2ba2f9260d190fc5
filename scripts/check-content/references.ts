/**
 * Cross-references: screen ids equal file names and are unique; flow ids equal folder names; every `entry`, `to`,
 * `table`, `call` and progress flow exists; bindings name form fields; call path parameters can be filled;
 * embedded form schemas are JSON Schemas; conditions use known operators.
 */
import { evaluate } from '../../engine/conditions/index.ts';
import type { ContentModel, Obj } from './model.ts';
import { asArray, asObject } from './model.ts';
import { pointer, type Problem } from './problem.ts';
import { rowsOf, viewsOf } from './screens.ts';
import type { MetaSchemas } from './schemas.ts';
import { didYouMean } from './suggest.ts';

/** Checks that a condition only uses operators the evaluator knows. */
export function checkCondition(condition: unknown, file: string, at: string, problems: Problem[]): void {
  if (condition === undefined) return;
  try {
    evaluate(condition as Parameters<typeof evaluate>[0], {});
  } catch (error) {
    const message = (error as Error).message;
    if (/Unrecognized operation/.test(message)) {
      problems.push({
        file,
        pointer: at,
        message: `condition fails: ${message}`,
        fix: 'Use a JSON Logic operator or a custom operator from engine/conditions/operators.ts.',
      });
    }
  }
}

function checkRowTargets(row: Obj, file: string, at: string, model: ContentModel, problems: Problem[]): void {
  if (typeof row.to === 'string' && !model.screens.has(row.to)) {
    problems.push({
      file,
      pointer: `${at}/to`,
      message: `goes to screen "${row.to}", which does not exist`,
      fix: `${didYouMean(row.to, model.screens.keys()).trim()} Create flows/<flow>/screens/${row.to}.json or name an existing screen.`.trim(),
    });
  }
  if (typeof row.table === 'string' && !model.tables.has(row.table)) {
    problems.push({
      file,
      pointer: `${at}/table`,
      message: `names routing table "${row.table}", which does not exist`,
      fix: `${didYouMean(row.table, model.tables.keys()).trim()} Create rules/routing/${row.table}.json or name an existing table.`.trim(),
    });
  }
  checkCondition(row.when, file, `${at}/when`, problems);
}

const pathParams = (path: unknown): Set<string> =>
  new Set(typeof path === 'string' ? [...path.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1]) : []);

function checkCall(name: unknown, file: string, at: string, screen: Obj, calls: Obj, problems: Problem[]): void {
  if (typeof name !== 'string') return;
  const call = asObject(calls[name]);
  if (!call) {
    problems.push({
      file,
      pointer: at,
      message: `names call "${name}", which flows/calls.json does not define`,
      fix: `${didYouMean(name, Object.keys(calls)).trim()} Add "${name}" to flows/calls.json or name an existing call.`.trim(),
    });
    return;
  }
  const params = asObject(call.params) ?? {};
  const route = pathParams(screen.path);
  for (const [, param] of String(call.path ?? '').matchAll(/\{([^}]+)\}/g)) {
    if (!(param in params) && !route.has(param) && param !== 'referralUrlId') {
      problems.push({
        file,
        pointer: at,
        message: `call "${name}" needs path parameter "${param}", which neither its params nor this screen's path (${String(screen.path)}) give`,
        fix: `Add "${param}" to the call's params in flows/calls.json, or use the call on a screen whose path has :${param}.`,
      });
    }
  }
}

/** Runs the cross-reference checks over the model. */
export function checkReferences(
  model: ContentModel,
  resolved: Map<string, Obj>,
  schemas: MetaSchemas,
  problems: Problem[],
): void {
  const calls = asObject(model.calls?.data.calls) ?? {};
  const seen = new Map<string, string>();
  for (const { id, file, data } of [...model.flows.values()]) {
    if (typeof data.id === 'string' && data.id !== id) {
      problems.push({
        file,
        pointer: '/id',
        message: `flow id "${data.id}" differs from its folder name "${id}"`,
        fix: `Set "id": "${id}" or rename the folder.`,
      });
    }
    if (typeof data.entry === 'string' && !model.screens.has(data.entry)) {
      problems.push({
        file,
        pointer: '/entry',
        message: `entry screen "${data.entry}" does not exist`,
        fix: `Create flows/${id}/screens/${data.entry}.json or name an existing screen.`,
      });
    }
  }
  for (const entry of model.allScreens) {
    const { id, file, data } = entry;
    const screen = resolved.get(file) ?? data;
    if (typeof data.id === 'string' && data.id !== id) {
      problems.push({
        file,
        pointer: '/id',
        message: `screen id "${data.id}" differs from its file name "${id}"`,
        fix: `Set "id": "${id}" or rename the file.`,
      });
    }
    const first = seen.get(id);
    if (first !== undefined) {
      problems.push({
        file,
        pointer: '/id',
        message: `screen id "${id}" is also used by ${first}`,
        fix: 'Give each screen a unique file name (screen ids are unique across flows).',
      });
      continue;
    }
    seen.set(id, file);
    for (const { at, row } of rowsOf(screen)) checkRowTargets(row, file, at, model, problems);
    asArray(screen.load).forEach((name, index) =>
      checkCall(name, file, pointer('load', index), screen, calls, problems),
    );
    asArray(screen.actions).forEach((action, index) => {
      checkCall(asObject(action)?.call, file, pointer('actions', index, 'call'), screen, calls, problems);
      checkCondition(asObject(action)?.when, file, pointer('actions', index, 'when'), problems);
    });
    asArray(screen.variants).forEach((variant, index) =>
      checkCondition(asObject(variant)?.when, file, pointer('variants', index, 'when'), problems),
    );
    const progress = asObject(screen.progress);
    if (progress && typeof progress.flow === 'string') {
      const flow = model.flows.get(progress.flow);
      const steps = asObject(flow?.data.progress)?.steps;
      if (!flow) {
        problems.push({
          file,
          pointer: '/progress/flow',
          message: `progress names flow "${progress.flow}", which does not exist`,
          fix: 'Name an existing flow folder.',
        });
      } else if (typeof steps !== 'number') {
        problems.push({
          file,
          pointer: '/progress/flow',
          message: `progress names flow "${progress.flow}", which declares no progress steps`,
          fix: `Add "progress": {"steps": <n>} to ${flow.file}.`,
        });
      } else {
        if (typeof progress.step === 'number' && progress.step > steps) {
          problems.push({
            file,
            pointer: '/progress/step',
            message: `progress step ${progress.step} is beyond the ${steps} steps of flow "${progress.flow}"`,
            fix: `Use a step from 1 to ${steps}, or raise the flow's progress.steps.`,
          });
        }
        // A walked flow lists its steps by name beside the form (engine/flow/progress.ts progressStepKeys).
        const flowProgress = asObject(flow.data.progress);
        if (flowProgress?.start !== undefined && typeof asObject(flowProgress.stepKeys)?.[id] !== 'string') {
          problems.push({
            file,
            pointer: '/progress/flow',
            message: `screen "${id}" is a step of flow "${progress.flow}", which gives it no name in progress.stepKeys`,
            fix: `Add "${id}": "shell.steps.<name>" to progress.stepKeys in ${flow.file}, with the name in every locale.`,
          });
        }
      }
    }
    const said = new Set<string>();
    const once = (problem: Problem): void => {
      if (said.has(problem.message)) return;
      said.add(problem.message);
      problems.push(problem);
    };
    for (const { at, screen: view } of viewsOf(screen)) {
      const form = asObject(view.form);
      if (!form) continue;
      const formSchema = asObject(form.schema);
      if (formSchema) {
        for (const error of schemas.schemaErrors(formSchema)) {
          once({
            file,
            pointer: `${at}/form/schema${error.instancePath}`,
            message: `is not a valid JSON Schema: ${error.message ?? error.keyword}`,
            fix: 'Correct the form schema (JSON Schema draft 2020-12).',
          });
        }
      }
      checkEnumTypes(formSchema, `${at}/form/schema`, file, once);
      const fields = formFields(formSchema);
      for (const field of Object.keys(asObject(form.bind) ?? {})) {
        if (!fields.has(field)) {
          once({
            file,
            pointer: `${at}${pointer('form', 'bind', field)}`,
            message: `binds field "${field}", which the form schema does not have`,
            fix: `Add "${field}" to form.schema.properties or remove the binding.`,
          });
        }
      }
    }
  }
  for (const { file, data } of model.tables.values()) {
    asArray(data.rows).forEach((row, index) => {
      const object = asObject(row);
      if (object) checkRowTargets(object, file, pointer('rows', index), model, problems);
    });
  }
}

/** The JSON type of a value, as JSON Schema names it. */
const jsonType = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? Number.isInteger(value)
          ? 'integer'
          : 'number'
        : typeof value;

/**
 * A value of a list (`enum`) that is not of its field's `type`: the browser can never show it as chosen, and only
 * its message key would be asked for, so adding the key would make the mistake pass. Names the type it needs.
 */
function checkEnumTypes(schema: Obj | undefined, at: string, file: string, report: (problem: Problem) => void): void {
  if (!schema) return;
  for (const [name, value] of Object.entries(asObject(schema.properties) ?? {})) {
    const property = asObject(value);
    const types = [property?.type].flat().filter((type): type is string => typeof type === 'string');
    const list = property?.enum;
    if (types.length > 0 && Array.isArray(list)) {
      list.forEach((item, index) => {
        const actual = jsonType(item);
        if (types.includes(actual) || (actual === 'integer' && types.includes('number'))) return;
        const wanted = types.join(' or ');
        report({
          file,
          pointer: `${at}${pointer('properties', name, 'enum', index)}`,
          message: `list value ${JSON.stringify(item)} is ${actual === 'integer' || actual === 'array' || actual === 'object' ? 'an' : 'a'} ${actual}, but field "${name}" has type ${wanted}`,
          fix: `Write it as ${wanted === 'integer' || wanted === 'number' ? `a number (${typeof item === 'string' && item.trim() !== '' && !Number.isNaN(Number(item)) ? Number(item) : 'without quotes'})` : `a ${wanted}`}, or change the field's type.`,
        });
      });
    }
    if (property) checkEnumTypes(property, `${at}${pointer('properties', name)}`, file, report);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    asArray(schema[key]).forEach((part, index) =>
      checkEnumTypes(asObject(part), `${at}${pointer(key, index)}`, file, report),
    );
  for (const key of ['if', 'then', 'else']) checkEnumTypes(asObject(schema[key]), `${at}${pointer(key)}`, file, report);
}

/**
 * The top-level fields of a form schema: its properties and those a conditional part adds (allOf, anyOf, oneOf
 * items, if/then/else, dependentSchemas), which rjsf shows when the condition holds (the order screen's address
 * appears for a device order only).
 */
function formFields(schema: Record<string, unknown> | undefined, into = new Set<string>()): Set<string> {
  if (!schema) return into;
  for (const name of Object.keys(asObject(schema.properties) ?? {})) into.add(name);
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const parts = schema[key];
    if (Array.isArray(parts)) for (const part of parts) formFields(asObject(part), into);
  }
  for (const key of ['if', 'then', 'else']) formFields(asObject(schema[key]), into);
  for (const part of Object.values(asObject(schema.dependentSchemas) ?? {})) formFields(asObject(part), into);
  return into;
}
