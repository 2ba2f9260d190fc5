/**
 * A simple layered layout: each node's layer is its distance from the flow's roots (breadth first), nodes that
 * cannot be reached go to a last layer of their own; nodes in a layer sit side by side in order of discovery.
 * Enough for flows of tens of screens and needs no layout library. Pure.
 */

export interface LayoutNode {
  id: string;
  label: string;
}

export interface Placed {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  layer: number;
}

export interface Layout {
  placed: Map<string, Placed>;
  width: number;
  height: number;
}

/** Box sizes and gaps, in SVG pixels. */
export const METRICS = {
  charWidth: 7.4,
  padding: 16,
  height: 40,
  layerGap: 110,
  nodeGap: 48,
  margin: 40,
  top: 70,
} as const;

/** Places nodes in layers by breadth-first distance from `roots` along `edges`. */
export function layout(
  nodes: readonly LayoutNode[],
  edges: ReadonlyArray<{ from: string; to: string }>,
  roots: readonly string[],
): Layout {
  const ids = new Set(nodes.map((node) => node.id));
  const layerOf = new Map<string, number>();
  const queue = roots.filter((id) => ids.has(id));
  for (const id of queue) layerOf.set(id, 0);
  for (let index = 0; index < queue.length; index += 1) {
    const id = queue[index];
    for (const edge of edges) {
      if (edge.from !== id || !ids.has(edge.to) || layerOf.has(edge.to)) continue;
      layerOf.set(edge.to, (layerOf.get(id) ?? 0) + 1);
      queue.push(edge.to);
    }
  }
  const last = Math.max(-1, ...layerOf.values()) + 1;
  for (const node of nodes) if (!layerOf.has(node.id)) layerOf.set(node.id, last);
  const layers: LayoutNode[][] = [];
  const ordered = [...nodes].sort((a, b) => {
    const qa = queue.indexOf(a.id);
    const qb = queue.indexOf(b.id);
    return (qa < 0 ? Infinity : qa) - (qb < 0 ? Infinity : qb);
  });
  for (const node of ordered) (layers[layerOf.get(node.id) as number] ??= []).push(node);
  const widthOf = (node: LayoutNode): number =>
    Math.max(90, Math.ceil(node.label.length * METRICS.charWidth) + 2 * METRICS.padding);
  const rowWidths = layers.map(
    (layer) =>
      (layer ?? []).reduce((sum, node) => sum + widthOf(node), 0) +
      Math.max(0, (layer ?? []).length - 1) * METRICS.nodeGap,
  );
  const width = Math.max(480, ...rowWidths) + 2 * METRICS.margin;
  const placed = new Map<string, Placed>();
  layers.forEach((layer, index) => {
    let x = (width - rowWidths[index]) / 2;
    for (const node of layer ?? []) {
      const w = widthOf(node);
      placed.set(node.id, {
        id: node.id,
        x,
        y: METRICS.top + index * (METRICS.height + METRICS.layerGap),
        width: w,
        height: METRICS.height,
        layer: index,
      });
      x += w + METRICS.nodeGap;
    }
  });
  const height = METRICS.top + layers.length * (METRICS.height + METRICS.layerGap) + METRICS.margin;
  return { placed, width, height };
}
