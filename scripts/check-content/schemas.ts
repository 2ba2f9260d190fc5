/**
 * Meta-schema validation: each content file names its meta-schema in `$schema` (a relative path into
 * schemas/content/); the path must resolve to a file and the content must validate against it (ajv, draft 2020-12,
 * all errors, each reported with its JSON pointer).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import draft7 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' };
import type { ContentFile } from './files.ts';
import { pointer, type Problem } from './problem.ts';

const posix = (path: string): string => path.split(sep).join('/');

/** The meta-schema a file must name, by where it lives; undefined where any meta-schema in schemas/content/ will do. */
export function expectedMetaSchema(file: string): string | undefined {
  if (file === 'flows/calls.json') return 'schemas/content/calls.schema.json';
  if (/^flows\/[^/]+\/flow\.json$/.test(file)) return 'schemas/content/flow.schema.json';
  if (/^flows\/[^/]+\/screens\/[^/]+\.json$/.test(file)) return 'schemas/content/screen.schema.json';
  if (/^rules\/routing\/[^/]+\.json$/.test(file)) return 'schemas/content/routing-table.schema.json';
  if (/^locales\/[^/]+\/[^/]+\.json$/.test(file)) return 'schemas/content/catalogue.schema.json';
  return undefined;
}

function schemaFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .sort()
    .flatMap((name) => {
      const path = join(folder, name);
      return statSync(path).isDirectory() ? schemaFiles(path) : name.endsWith('.json') ? [path] : [];
    });
}

/** ajv loaded with every schema under schemas/ (content and entities), so references between them resolve. */
export class MetaSchemas {
  private readonly ajv: Ajv2020;
  private readonly idOfFile = new Map<string, string>();
  private readonly compiled = new Map<string, ValidateFunction | Error>();

  constructor(
    private readonly root: string,
    problems: Problem[],
  ) {
    this.ajv = new Ajv2020({ allErrors: true, strict: false, logger: false, verbose: true });
    addFormats(this.ajv);
    // Some rules meta-schemas are written in draft-07; its meta-schema lets ajv load them.
    this.ajv.addMetaSchema(draft7);
    for (const absolute of schemaFiles(join(root, 'schemas'))) {
      const file = posix(relative(root, absolute));
      try {
        const schema = JSON.parse(readFileSync(absolute, 'utf8')) as Record<string, unknown>;
        const id = typeof schema.$id === 'string' ? schema.$id : pathToFileURL(absolute).href;
        this.ajv.addSchema(schema, id);
        this.idOfFile.set(file, id);
      } catch (error) {
        problems.push({
          file,
          pointer: '',
          message: `cannot be loaded as a JSON Schema: ${(error as Error).message}`,
          fix: 'Fix the schema.',
        });
      }
    }
  }

  /** The validator of a schema file (relative to the root), or the error that stopped it compiling. */
  validatorOf(file: string): ValidateFunction | Error | undefined {
    const id = this.idOfFile.get(file);
    if (id === undefined) return undefined;
    if (!this.compiled.has(id)) {
      try {
        this.compiled.set(id, this.ajv.getSchema(id) as ValidateFunction);
      } catch (error) {
        this.compiled.set(id, error as Error);
      }
    }
    return this.compiled.get(id);
  }

  /** The validator of a schema by `$id` and fragment (`https://…/screen-kinds.schema.json#/$defs/message`), undefined when there is none. */
  validatorOfRef(ref: string): ValidateFunction | undefined {
    try {
      return this.ajv.getSchema(ref);
    } catch {
      return undefined;
    }
  }

  /** A loaded schema by `$id`. */
  schemaOf(id: string): Record<string, unknown> | undefined {
    return this.ajv.getSchema(id)?.schema as Record<string, unknown> | undefined;
  }

  /** Checks a JSON Schema embedded in content (a screen's form schema) against the draft 2020-12 meta-schema. */
  schemaErrors(schema: unknown): ErrorObject[] {
    return this.ajv.validateSchema(schema as object) ? [] : [...(this.ajv.errors ?? [])];
  }

  /** Validates every file against the meta-schema its `$schema` names. */
  check(files: readonly ContentFile[], problems: Problem[]): void {
    for (const content of files) this.checkOne(content, problems);
  }

  private checkOne({ file, absolute, data }: ContentFile, problems: Problem[]): void {
    const expected = expectedMetaSchema(file);
    const suggestion = expected
      ? posix(relative(dirname(file), expected))
      : '<relative path to a meta-schema in schemas/content/>';
    const named = (data as Record<string, unknown> | null)?.$schema;
    if (typeof named !== 'string') {
      problems.push({
        file,
        pointer: '/$schema',
        message: 'has no $schema naming its meta-schema',
        fix: `Add "$schema": "${suggestion}".`,
      });
      return;
    }
    const target = resolve(dirname(absolute), named);
    const schemaFile = posix(relative(this.root, target));
    if (!existsSync(target) || !statSync(target).isFile()) {
      problems.push({
        file,
        pointer: '/$schema',
        message: `$schema "${named}" does not resolve to a file (looked for ${schemaFile})`,
        fix: `Correct the path; it is relative to the file: "${suggestion}".`,
      });
      return;
    }
    if (expected && schemaFile !== expected) {
      problems.push({
        file,
        pointer: '/$schema',
        message: `$schema names ${schemaFile}, but a file here must follow ${expected}`,
        fix: `Use "$schema": "${suggestion}".`,
      });
      return;
    }
    if (!schemaFile.startsWith('schemas/content/')) {
      problems.push({
        file,
        pointer: '/$schema',
        message: `$schema names ${schemaFile}, which is not a meta-schema in schemas/content/`,
        fix: 'Point $schema at the meta-schema in schemas/content/ that describes this kind of file.',
      });
      return;
    }
    const validate = this.validatorOf(schemaFile);
    if (validate === undefined || validate instanceof Error) {
      problems.push({
        file,
        pointer: '/$schema',
        message: `its meta-schema ${schemaFile} does not compile: ${validate?.message ?? 'not loaded'}`,
        fix: `Fix ${schemaFile}.`,
      });
      return;
    }
    if (!validate(data)) {
      for (const error of collapse(validate.errors ?? [])) problems.push(describe(file, schemaFile, error));
    }
  }
}

/** Leaves out the `required` errors of oneOf/anyOf branches: the oneOf/anyOf error itself says what is wanted. */
function collapse(errors: ErrorObject[]): ErrorObject[] {
  return errors.filter((error) => !(error.keyword === 'required' && /\/(oneOf|anyOf)\/\d+\//.test(error.schemaPath)));
}

/** The alternatives of a oneOf/anyOf of `required` branches, as "a" or "b"; undefined when they are other shapes. */
function alternatives(branches: unknown): string | undefined {
  if (!Array.isArray(branches)) return undefined;
  const names = branches.map((branch) => (branch as { required?: unknown }).required);
  if (!names.every((required) => Array.isArray(required) && required.length === 1)) return undefined;
  return names.map((required) => `"${String((required as unknown[])[0])}"`).join(' or ');
}

/** Turns an ajv error into a problem with a plain message and a fix. */
export function describe(file: string, schemaFile: string, error: ErrorObject): Problem {
  const params = error.params as Record<string, unknown>;
  const at = error.instancePath;
  switch (error.keyword) {
    case 'required':
      return {
        file,
        pointer: at,
        message: `is missing required property "${String(params.missingProperty)}"`,
        fix: `Add "${String(params.missingProperty)}" (see ${schemaFile}).`,
      };
    case 'additionalProperties':
      return {
        file,
        pointer: `${at}${pointer(String(params.additionalProperty))}`,
        message: `property "${String(params.additionalProperty)}" is not allowed here`,
        fix: `Remove it or correct its spelling; ${schemaFile} lists the allowed properties.`,
      };
    case 'enum':
      return {
        file,
        pointer: at,
        message: `must be one of ${(params.allowedValues as unknown[]).map((value) => JSON.stringify(value)).join(', ')}`,
        fix: 'Use one of the allowed values.',
      };
    case 'oneOf':
    case 'anyOf': {
      const choice = alternatives(error.schema);
      if (choice) {
        return {
          file,
          pointer: at,
          message: `must have ${error.keyword === 'oneOf' ? 'exactly one' : 'at least one'} of ${choice}`,
          fix: `Give it ${error.keyword === 'oneOf' ? 'exactly one' : 'one'} of ${choice}.`,
        };
      }
      return {
        file,
        pointer: at,
        message: `matches none of the allowed shapes (${error.schemaPath})`,
        fix: `Give it one of the shapes ${schemaFile} allows at ${error.schemaPath}.`,
      };
    }
    case 'propertyNames':
      return {
        file,
        pointer: `${at}${pointer(String(params.propertyName))}`,
        message: `property name "${String(params.propertyName)}" is not allowed`,
        fix: `Rename it to match ${schemaFile} (${error.schemaPath}).`,
      };
    default:
      return {
        file,
        pointer: at,
        message: error.message ?? `fails ${error.keyword}`,
        fix: `Correct the value so that it satisfies ${schemaFile} (${error.schemaPath}).`,
      };
  }
}
