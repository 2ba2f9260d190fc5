/**
 * The flow graph (scripts/flow-graph): conditions in words, variants decided per market and portal, the graph of
 * the fixture trees (edges through routing tables, unreachable screens and dead ends in red), the layout and the
 * pictures of the real tree.
 */
import {
  buildGraph,
  conditionWords,
  contextsOf,
  decide,
  flowSvg,
  picturesOf,
  problemOf,
  readModel,
  type FlowContext,
} from '../../../scripts/flow-graph/index.ts';
import { layout } from '../../../scripts/flow-graph/layout.ts';
import { REPO, tree } from '../check-content/tree.ts';

const CA: FlowContext = {
  name: 'CA-domain',
  environment: { market: 'CA', currency: 'CAD', portal: 'domain' },
  flags: { phoneAuth: false },
  known: true,
};
const US: FlowContext = { ...CA, name: 'US-domain', environment: { market: 'US', currency: 'USD', portal: 'domain' } };

describe('conditionWords', () => {
  it.each([
    [undefined, 'always'],
    [{ '==': [{ var: 'application.decision' }, 'ERROR'] }, 'application.decision is ERROR'],
    [{ '!=': [{ var: 'environment.market' }, 'CA'] }, 'environment.market is not CA'],
    [{ in: [{ var: 'error.status' }, [0, 408, 503]] }, 'error.status is one of 0, 408, 503'],
    [
      { and: [{ var: 'flags.phoneAuth' }, { '!': { '==': [{ var: 'environment.currency' }, 'CAD'] } }] },
      'flags.phoneAuth is set and not (environment.currency is CAD)',
    ],
    [
      { '==': [{ firstStepUp: [{ var: 'application.stepUpDetails' }, ['BO_VERIFICATION']] }, 'BO_INFO'] },
      'first step-up of application.stepUpDetails (ignoring BO_VERIFICATION) is BO_INFO',
    ],
    [{ '!': { present: { var: 'company.name' } } }, 'not (company.name is filled in)'],
    [{ someNewOperator: [1] }, '{"someNewOperator":[1]}'],
  ])('%j reads "%s"', (condition, words) => {
    expect(conditionWords(condition)).toBe(words);
  });
});

describe('decide', () => {
  it('decides environment and flag conditions for a market and portal, and leaves the rest open', () => {
    const isCa = { '==': [{ var: 'environment.market' }, 'CA'] };
    expect(decide(isCa, CA)).toBe('yes');
    expect(decide(isCa, US)).toBe('no');
    expect(decide({ var: 'flags.phoneAuth' }, CA)).toBe('no');
    expect(decide({ '==': [{ var: 'application.decision' }, 'APPROVED'] }, CA)).toBe('maybe');
    expect(decide({ and: [isCa, { '==': [{ var: 'application.decision' }, 'APPROVED'] }] }, US)).toBe('no');
    expect(decide(isCa, { name: 'any', environment: {}, flags: {}, known: false })).toBe('maybe');
  });

  it('makes one context per market and portal of the configuration', () => {
    const contexts = contextsOf({
      markets: { US: { currency: 'USD' }, CA: { currency: 'CAD' } },
      defaultPortal: 'domain',
      portalRules: [{ hostContains: 'x', portal: 'terminal' }],
      flags: {},
    });
    expect(contexts.map((context) => context.name)).toEqual(['US-domain', 'US-terminal', 'CA-domain', 'CA-terminal']);
    expect(contextsOf(undefined).map((context) => context.name)).toEqual(['any']);
  });
});

describe('buildGraph', () => {
  it('draws the fixture flow with its routing table and labelled rows', () => {
    const { model, resolved } = readModel(tree());
    const graph = buildGraph(model, resolved, contextsOf(undefined)[0]);
    expect(graph.edges.map(({ from, to, label }) => `${from} -> ${to}: ${label}`).sort()).toEqual([
      'start -> table:pick: ',
      'table:pick -> done: always',
      'table:pick -> other: form.color is red',
    ]);
    expect([...graph.nodes.values()].every((node) => node.reachable)).toBe(true);
  });

  it('marks an unreachable screen and shows it in red on the picture', () => {
    const { model, resolved } = readModel(tree('unreachable'));
    const graph = buildGraph(model, resolved, contextsOf(undefined)[0]);
    expect(graph.nodes.get('orphan')?.reachable).toBe(false);
    const svg = flowSvg(graph, 'demo', new Set(['orphan']));
    expect(svg).toMatch(
      /<g class="node node--problem" data-id="orphan">[\s\S]*?stroke="#b3261e"[\s\S]*?unreachable<\/text>/,
    );
    expect(svg).not.toMatch(/data-id="start"[^>]*node--problem/);
  });

  it('tells a screen no path reaches from one only the configuration keeps away', () => {
    const { model, resolved } = readModel(tree('unreachable'));
    const orphan = buildGraph(model, resolved, contextsOf(undefined)[0]).nodes.get('orphan');
    expect(orphan && problemOf(orphan)).toBe('unreachable');
    expect(orphan && problemOf(orphan, new Set(['orphan']))).toBe(
      'not reached with the configured markets, portals and flags',
    );
  });

  it('marks a dead end', () => {
    const { model, resolved } = readModel(tree('dead-end'));
    const graph = buildGraph(model, resolved, contextsOf(undefined)[0]);
    expect(graph.nodes.get('other')?.deadEnd).toBe('');
    expect(flowSvg(graph, 'demo')).toContain('dead end</text>');
  });

  it('applies a market variant only in that market', () => {
    const { model, resolved } = readModel(tree('market-dead-end'));
    expect(buildGraph(model, resolved, CA).nodes.get('other')?.deadEnd).toBe('');
    expect(buildGraph(model, resolved, US).nodes.get('other')?.deadEnd).toBeUndefined();
  });
});

describe('layout', () => {
  it('puts each node one layer below its nearest root and never overlaps boxes', () => {
    const nodes = ['a', 'b', 'c', 'd', 'lost'].map((id) => ({ id, label: `screen ${id}` }));
    const { placed } = layout(
      nodes,
      [
        { from: 'a', to: 'b' },
        { from: 'a', to: 'c' },
        { from: 'c', to: 'd' },
        { from: 'd', to: 'a' },
      ],
      ['a'],
    );
    expect(['a', 'b', 'c', 'd', 'lost'].map((id) => placed.get(id)?.layer)).toEqual([0, 1, 1, 2, 3]);
    const boxes = [...placed.values()];
    for (const one of boxes) {
      for (const other of boxes) {
        if (one === other) continue;
        const apart =
          one.x + one.width <= other.x ||
          other.x + other.width <= one.x ||
          one.y + one.height <= other.y ||
          other.y + other.height <= one.y;
        expect(apart).toBe(true);
      }
    }
  });
});

describe('picturesOf the real tree', () => {
  // Markets and portals of rules/config.json, and the portal a co-brand launch makes the visit (rules/accounts.json).
  it('draws every flow for every market and portal, each screen reachable there as a box', () => {
    const pictures = picturesOf(REPO);
    const { model } = readModel(REPO);
    const flows = new Set([...model.flows.keys()]);
    expect(new Set(pictures.map((picture) => picture.flow))).toEqual(flows);
    expect(new Set(pictures.map((picture) => picture.context))).toEqual(
      new Set(['US-domain', 'US-terminal', 'US-reseller', 'CA-domain', 'CA-terminal', 'CA-reseller']),
    );
    for (const picture of pictures) {
      expect(picture.svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(picture.svg.trim().endsWith('</svg>')).toBe(true);
      const entry = model.flows.get(picture.flow)?.data.entry;
      expect(picture.svg).toContain(`data-id="${String(entry)}"`);
    }
  });
});
