/**
 * `npm run flow:graph [-- [--out] <out folder>]`: draws every flow for every market and portal of rules/config.json as an
 * SVG (default folder reports/flow-graph/, which git ignores), one file per flow and context, and an index.html
 * that shows them all. `graphsOf` is the pure entry for tests and the preview page.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readContent } from '../check-content/files.ts';
import { buildModel, type ContentModel, type Obj } from '../check-content/model.ts';
import { resolveIncludes } from '../check-content/includes.ts';
import type { Problem } from '../check-content/problem.ts';
import { contextsOf, readContexts } from './contexts.ts';
import { buildGraph, type FlowGraph } from './graph.ts';
import { flowSvg } from './svg.ts';

export { buildGraph, decide, screenSuccessors, tableNode } from './graph.ts';
export type { FlowGraph, GraphEdge, GraphNode, ConditionAt } from './graph.ts';
export { contextsOf, readContexts, type FlowContext } from './contexts.ts';
export { problemOf } from './svg.ts';
export { conditionWords } from './words.ts';
export { flowSvg, flowPart } from './svg.ts';

/** The content model of a tree and its screens with `$rules` includes resolved (problems are left to check:content). */
export function readModel(root: string): { model: ContentModel; resolved: Map<string, Obj> } {
  const ignored: Problem[] = [];
  const model = buildModel(readContent(root, ignored));
  const resolved = new Map<string, Obj>();
  for (const screen of model.allScreens)
    resolved.set(screen.file, resolveIncludes(screen.data, model, screen.file, '', ignored) as Obj);
  return { model, resolved };
}

/** Every context's graph of a tree. */
export function graphsOf(root: string): FlowGraph[] {
  const { model, resolved } = readModel(root);
  return readContexts(root).map((context) => buildGraph(model, resolved, context));
}

/** Screens that no context reaches: drawn (in red) on every picture of their flow. */
export function unreachableEverywhere(graphs: readonly FlowGraph[]): Set<string> {
  const ids = new Set<string>();
  for (const node of graphs[0]?.nodes.values() ?? []) {
    if (node.kind === 'screen' && graphs.every((graph) => graph.nodes.get(node.id)?.reachable !== true))
      ids.add(node.id);
  }
  return ids;
}

/** One picture: a flow in a context. */
export interface Picture {
  flow: string;
  context: string;
  file: string;
  svg: string;
}

/** Every picture of a tree. */
export function picturesOf(root: string): Picture[] {
  const { model, resolved } = readModel(root);
  const graphs = readContexts(root).map((context) => buildGraph(model, resolved, context));
  const lost = unreachableEverywhere(graphs);
  // Reachable when nothing about the environment is decided: only the configuration keeps it away.
  const open = buildGraph(model, resolved, contextsOf(undefined)[0]);
  const onlyAsConfigured = new Set([...lost].filter((id) => open.nodes.get(id)?.reachable === true));
  const flows = [
    ...new Set(
      [...(graphs[0]?.nodes.values() ?? [])].map((node) => node.flow).filter((flow): flow is string => !!flow),
    ),
  ].sort();
  return graphs.flatMap((graph) =>
    flows.map((flow) => ({
      flow,
      context: graph.context.name,
      file: `${flow}.${graph.context.name}.svg`,
      svg: flowSvg(graph, flow, lost, onlyAsConfigured),
    })),
  );
}

const USAGE = 'usage: npm run flow:graph [-- [--out] <folder>]   (default folder reports/flow-graph/)';

/**
 * The output folder the arguments name: `--out DIR`, `--out=DIR` or a bare `DIR`; undefined for none. An unknown
 * flag, a missing value or a second folder is an error (never a folder named after the flag).
 */
export function outFolderOf(args: readonly string[]): { out?: string } | { error: string } {
  let out: string | undefined;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    let value: string | undefined;
    if (arg === '--out' || arg === '-o') {
      value = args[++index];
      if (value === undefined || value.startsWith('-')) return { error: `${arg} needs a folder` };
    } else if (arg.startsWith('--out=')) value = arg.slice('--out='.length);
    else if (arg === '--help' || arg === '-h') return { error: 'help' };
    else if (arg.startsWith('-')) return { error: `unknown option ${arg}` };
    else value = arg;
    if (out !== undefined) return { error: `two output folders: ${out} and ${value}` };
    if (!value) return { error: 'an empty output folder' };
    out = value;
  }
  return out === undefined ? {} : { out };
}

function main(): void {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const parsed = outFolderOf(process.argv.slice(2));
  if ('error' in parsed) {
    if (parsed.error !== 'help') console.error(`flow:graph: ${parsed.error}`);
    console.error(USAGE);
    process.exit(parsed.error === 'help' ? 0 : 2);
  }
  const out = resolve(parsed.out ?? join(root, 'reports', 'flow-graph'));
  mkdirSync(out, { recursive: true });
  const pictures = picturesOf(root);
  for (const picture of pictures) writeFileSync(join(out, picture.file), picture.svg);
  const list = pictures
    .map((p) => `<h2>${p.flow}: ${p.context}</h2>\n<img src="${p.file}" alt="Flow ${p.flow} for ${p.context}">`)
    .join('\n');
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Flow graphs</title><body style="font-family:system-ui">\n<h1>Flow graphs</h1>\n${list}\n</body></html>\n`,
  );
  console.log(`Wrote ${pictures.length} pictures to ${out} (open index.html).`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
