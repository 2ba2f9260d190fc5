/**
 * Draws one flow of a graph (graph.ts) as a standalone SVG: screens as boxes (final screens with a double
 * border, entries marked ▶), routing tables as dashed boxes, transitions as arrows labelled with their conditions
 * in words; unreachable screens and dead ends in red with the reason. Pure: returns the SVG text.
 */
import type { FlowGraph, GraphEdge, GraphNode } from './graph.ts';
import { layout, METRICS, type Placed } from './layout.ts';

const RED = '#b3261e';
const INK = '#1d1d1f';
const MUTED = '#5f6368';

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Shortens a label so it stays readable on the picture (the full text is in the arrow's tooltip). */
const shorten = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What is wrong with a node, in words, or undefined. */
export function problemOf(node: GraphNode, onlyAsConfigured: ReadonlySet<string> = new Set()): string | undefined {
  if (node.kind !== 'screen') return undefined;
  if (!node.reachable)
    return onlyAsConfigured.has(node.id) ? 'not reached with the configured markets, portals and flags' : 'unreachable';
  if (node.deadEnd !== undefined) return node.deadEnd === '' ? 'dead end' : `dead end at ${node.deadEnd}`;
  return undefined;
}

/** The nodes and edges of one flow: its screens that are reachable here or `alwaysShown`, and the tables they use. */
export function flowPart(
  graph: FlowGraph,
  flow: string,
  alwaysShown: ReadonlySet<string> = new Set(),
): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const included = new Set<string>();
  for (const node of graph.nodes.values()) {
    if (node.kind === 'screen' && node.flow === flow && (node.reachable || alwaysShown.has(node.id)))
      included.add(node.id);
  }
  let grew = true;
  while (grew) {
    grew = false;
    for (const edge of graph.edges) {
      if (included.has(edge.from) && !included.has(edge.to) && graph.nodes.get(edge.to)?.kind === 'table') {
        included.add(edge.to);
        grew = true;
      }
    }
  }
  // Screens of other flows that this flow leads to are drawn too, so an arrow never points nowhere.
  for (const edge of graph.edges) if (included.has(edge.from) && graph.nodes.has(edge.to)) included.add(edge.to);
  const nodes = [...graph.nodes.values()].filter((node) => included.has(node.id));
  return { nodes, edges: graph.edges.filter((edge) => included.has(edge.from) && included.has(edge.to)) };
}

function arrow(edge: GraphEdge, from: Placed, to: Placed, index: number): string {
  const x1 = from.x + from.width / 2;
  const y1 = from.y + from.height;
  const x2 = to.x + to.width / 2;
  const y2 = to.y;
  let path: string;
  let lx: number;
  let ly: number;
  if (from.id === to.id) {
    path = `M ${from.x + from.width} ${from.y + 12} C ${from.x + from.width + 60} ${from.y - 20}, ${from.x + from.width + 60} ${from.y + 60}, ${from.x + from.width} ${from.y + 28}`;
    lx = from.x + from.width + 50;
    ly = from.y + 20;
  } else if (to.layer === from.layer) {
    const leftToRight = to.x > from.x;
    const sx = leftToRight ? from.x + from.width : from.x;
    const ex = leftToRight ? to.x : to.x + to.width;
    const y = from.y + from.height / 2;
    path = `M ${sx} ${y} L ${ex} ${y}`;
    lx = (sx + ex) / 2;
    ly = y - 8;
  } else if (to.layer > from.layer) {
    const mid = (y1 + y2) / 2;
    path = `M ${x1} ${y1} C ${x1} ${mid}, ${x2} ${mid}, ${x2} ${y2}`;
    lx = (x1 + x2) / 2;
    ly = mid + (index % 3) * 12 - 6;
  } else {
    // An arrow back up (a loop) or sideways goes round the right of both boxes.
    const side = Math.max(from.x + from.width, to.x + to.width) + 40 + (index % 3) * 14;
    path = `M ${from.x + from.width} ${from.y + from.height / 2} C ${side} ${from.y + from.height / 2}, ${side} ${to.y + to.height / 2}, ${to.x + to.width} ${to.y + to.height / 2}`;
    lx = side - 10;
    ly = (from.y + to.y) / 2 + from.height / 2;
  }
  const lines = edge.label ? edge.label.split('\n').map((line) => shorten(line)) : [];
  const title = `<title>${escape(`${edge.from} → ${edge.to}: ${edge.label.replace(/\n/g, '; ') || 'always'} (${edge.file}#${edge.pointer})`)}</title>`;
  const top = ly - ((lines.length - 1) * 13) / 2;
  const text = lines
    .map(
      (line, row) =>
        `<text x="${lx.toFixed(1)}" y="${(top + row * 13).toFixed(1)}" class="label" text-anchor="middle">${escape(line)}</text>`,
    )
    .join('');
  return `<g class="edge">${title}<path d="${path}" fill="none" stroke="${MUTED}" stroke-width="1.4" marker-end="url(#arrow)"/>${text}</g>`;
}

function box(node: GraphNode, at: Placed, onlyAsConfigured: ReadonlySet<string>): string {
  const problem = problemOf(node, onlyAsConfigured);
  const stroke = problem ? RED : INK;
  const fill = problem ? '#fde7e6' : node.kind === 'table' ? '#f3f6fb' : '#ffffff';
  const dash = node.kind === 'table' ? ' stroke-dasharray="6 4"' : '';
  const rx = node.kind === 'table' ? 4 : 10;
  const double = node.final
    ? `<rect x="${at.x + 3}" y="${at.y + 3}" width="${at.width - 6}" height="${at.height - 6}" rx="${rx - 2}" fill="none" stroke="${stroke}" stroke-width="1"/>`
    : '';
  const label = `${node.entry ? '▶ ' : ''}${node.kind === 'table' ? `table ${node.label}` : node.label}`;
  const note = problem
    ? `<text x="${at.x + at.width / 2}" y="${at.y + at.height + 14}" class="problem" text-anchor="middle">${escape(problem)}</text>`
    : '';
  return (
    `<g class="node${problem ? ' node--problem' : ''}" data-id="${escape(node.id)}"><title>${escape(`${node.id} (${node.file})`)}</title>` +
    `<rect x="${at.x}" y="${at.y}" width="${at.width}" height="${at.height}" rx="${rx}" fill="${fill}" stroke="${stroke}" stroke-width="${problem ? 2.5 : 1.5}"${dash}/>` +
    `${double}<text x="${at.x + at.width / 2}" y="${at.y + at.height / 2 + 5}" class="name" text-anchor="middle" fill="${problem ? RED : INK}">${escape(label)}</text>${note}</g>`
  );
}

/** Arrows between the same two boxes become one arrow with one label line per row. */
export function mergeParallel(edges: readonly GraphEdge[]): GraphEdge[] {
  const merged = new Map<string, GraphEdge>();
  for (const edge of edges) {
    const key = `${edge.from}\u0000${edge.to}`;
    const found = merged.get(key);
    if (!found) merged.set(key, { ...edge });
    else {
      found.label = [found.label || 'always', edge.label || 'always'].join('\n');
      found.pointer = `${found.pointer}, ${edge.pointer}`;
    }
  }
  return [...merged.values()];
}

/** The SVG picture of one flow in one context. */
export function flowSvg(
  graph: FlowGraph,
  flow: string,
  alwaysShown: ReadonlySet<string> = new Set(),
  onlyAsConfigured: ReadonlySet<string> = new Set(),
): string {
  const part = flowPart(graph, flow, alwaysShown);
  const nodes = part.nodes;
  const edges = mergeParallel(part.edges);
  const roots = nodes.filter((node) => node.entry && node.reachable).map((node) => node.id);
  const labelled = nodes.map((node) => ({
    id: node.id,
    label: `${node.entry ? '▶ ' : ''}${node.kind === 'table' ? `table ${node.label}` : node.label}`,
  }));
  const { placed, width, height } = layout(labelled, edges, roots);
  const extra = Math.max(0, ...edges.map((edge) => Math.min(60, edge.label.length) * 3.4)) + 140;
  const title = `Flow "${flow}": ${graph.context.name}`;
  const legend =
    'boxes: screens (double border: final, ▶ entry) · dashed: routing tables · red: unreachable or dead end · hover an arrow for its file and pointer';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width + extra)}" height="${Math.ceil(height)}" viewBox="0 0 ${Math.ceil(width + extra)} ${Math.ceil(height)}" role="img" aria-label="${escape(title)}">`,
    `<style>text{font-family:system-ui,-apple-system,"Segoe UI",sans-serif}.name{font-size:13px;font-weight:600}.label{font-size:11px;fill:${MUTED};paint-order:stroke;stroke:#fff;stroke-width:4px}.problem{font-size:11px;fill:${RED};font-weight:600}.title{font-size:16px;font-weight:700;fill:${INK}}.legend{font-size:11px;fill:${MUTED}}</style>`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="${MUTED}"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="${METRICS.margin}" y="28" class="title">${escape(title)}</text>`,
    `<text x="${METRICS.margin}" y="48" class="legend">${escape(legend)}</text>`,
    ...edges.map((edge, index) => {
      const from = placed.get(edge.from);
      const to = placed.get(edge.to);
      return from && to ? arrow(edge, from, to, index) : '';
    }),
    ...nodes.map((node) => {
      const at = placed.get(node.id);
      return at ? box(node, at, onlyAsConfigured) : '';
    }),
    '</svg>',
    '',
  ].join('\n');
}
