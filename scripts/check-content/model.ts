/**
 * The content model the cross-checks read: flows, screens, calls, routing tables and catalogues, each with the
 * file it came from. Built defensively from parsed files (a file that failed its meta-schema is still read where
 * it can be, so one mistake does not hide the rest).
 */
import type { ContentFile } from './files.ts';

export type Obj = Record<string, unknown>;

/** A value that is a plain object, else undefined. */
export const asObject = (value: unknown): Obj | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : undefined;

/** A value that is an array, else []. */
export const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

export interface Located<T> {
  file: string;
  data: T;
}

export interface FlowEntry extends Located<Obj> {
  id: string;
}

export interface ScreenEntry extends Located<Obj> {
  /** The screen id from the file name. */
  id: string;
  /** The flow folder the screen lives in. */
  flow: string;
}

export interface CatalogueEntry extends Located<Obj> {
  locale: string;
  namespace: string;
  messages: Record<string, unknown>;
}

export interface ContentModel {
  flows: Map<string, FlowEntry>;
  /** Screens by id; a duplicate id keeps the first file (the duplicate is reported). */
  screens: Map<string, ScreenEntry>;
  allScreens: ScreenEntry[];
  calls: Located<Obj> | undefined;
  tables: Map<string, Located<Obj>>;
  catalogues: CatalogueEntry[];
  /** Every rules/<name>.json by name (without .json), for `$rules` includes. */
  rules: Map<string, unknown>;
}

/** Sorts the parsed files into the model by where they live. */
export function buildModel(files: readonly ContentFile[]): ContentModel {
  const model: ContentModel = {
    flows: new Map(),
    screens: new Map(),
    allScreens: [],
    calls: undefined,
    tables: new Map(),
    catalogues: [],
    rules: new Map(),
  };
  for (const { file, data } of files) {
    const object = asObject(data) ?? {};
    let match: RegExpMatchArray | null;
    if (file === 'flows/calls.json') model.calls = { file, data: object };
    else if ((match = file.match(/^flows\/([^/]+)\/flow\.json$/)))
      model.flows.set(match[1], { file, data: object, id: match[1] });
    else if ((match = file.match(/^flows\/([^/]+)\/screens\/([^/]+)\.json$/))) {
      const entry = { file, data: object, id: match[2], flow: match[1] };
      model.allScreens.push(entry);
      if (!model.screens.has(entry.id)) model.screens.set(entry.id, entry);
    } else if ((match = file.match(/^locales\/([^/]+)\/([^/]+)\.json$/))) {
      model.catalogues.push({
        file,
        data: object,
        locale: match[1],
        namespace: match[2],
        messages: asObject(object.messages) ?? {},
      });
    }
    if ((match = file.match(/^rules\/routing\/([^/]+)\.json$/))) model.tables.set(match[1], { file, data: object });
    if ((match = file.match(/^rules\/(.+)\.json$/))) model.rules.set(match[1], data);
  }
  return model;
}
