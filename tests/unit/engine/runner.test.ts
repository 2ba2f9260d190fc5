/**
 * The flow runner (engine/flow/runner.ts) with plain objects: a fake API, a small bundle, no React. What it must do
 * is what a screen does (ARCHITECTURE "How a request flows", step 5): run the declared actions in order, merge the
 * document an action answers into the context, follow the first transition that holds; doc1 §4.5 polling (a watch
 * reads again until its condition holds or its reads run out); doc2 §7 (403 on an application read goes to the root
 * with completed=true); a 401 asks for sign-in.
 */
import type { CallEnvironment } from '../../../engine/calls/run.ts';
import { CallError } from '../../../engine/calls/run.ts';
import { failureFrom } from '../../../engine/calls/errors.ts';
import {
  failureOutcome,
  loadedDocument,
  mergeDocument,
  nextTarget,
  performActions,
  watchStep,
  type RunnerContent,
} from '../../../engine/flow/runner.ts';
import type { CallCatalogue, Watch } from '../../../engine/content/types.ts';

const calls: CallCatalogue = {
  getApplication: { method: 'GET', path: '/api/v2/applications/{applicationId}', result: 'document' },
  updateApplication: {
    method: 'PATCH',
    path: '/api/v2/applications/{applicationId}',
    body: { var: 'changes' },
    result: 'document',
  },
  verify: {
    method: 'POST',
    path: '/api/v2/applications/{applicationId}/verify',
    body: { decision: { var: 'application.decision' } },
  },
  listPlans: { method: 'GET', path: '/api/v2/plans' },
};

const shell: RunnerContent['shell'] = {
  documentParts: { application: {}, owners: [] },
  derived: [{ id: 'level', set: 'application.level', value: { var: 'application.applicationLevel' } }],
  loadFailures: [{ when: { '==': [{ var: 'error.status' }, 403] }, to: 'landing', query: { completed: 'true' } }],
};

const bundle = {
  calls,
  shell,
  tables: {
    afterDecision: {
      rows: [{ when: { '==': [{ var: 'application.decision' }, 'APPROVED'] }, to: 'success' }, { to: 'pending' }],
    },
  },
  flows: {},
  screens: {
    landing: { id: 'landing', path: '/' },
    success: { id: 'success', path: '/applications/:applicationId/success' },
    pending: { id: 'pending', path: '/applications/:applicationId/pending' },
    owners: { id: 'owners', path: '/applications/:applicationId/owners' },
  },
};

const route = { applicationId: 'urn:app:aaaa-bbbb-cccc-dddd-eeee' };

/** A fake API: answers in order, and the requests it saw. */
function fakeApi(answers: Array<{ status: number; body?: unknown }>) {
  const seen: Array<{ method: string; url: string; body: unknown }> = [];
  const environment: CallEnvironment = {
    fetch: (async (url: string, init: RequestInit) => {
      seen.push({ method: String(init.method), url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const answer = answers.shift() ?? { status: 500 };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }) as typeof fetch,
    sleep: async () => undefined,
    newKey: () => 'key-1',
  };
  return { environment, seen };
}

describe('mergeDocument: the one way a document enters the context', () => {
  it('places each declared part, with its empty value when neither the document nor the context has one', () => {
    const merged = mergeDocument(bundle, { route }, { application: { applicationLevel: 'FULL' }, other: 1 });
    expect(merged.application).toEqual({ applicationLevel: 'FULL', level: 'FULL' });
    expect(merged.owners).toEqual([]);
    expect(merged).not.toHaveProperty('other');
  });

  it('keeps the context part a document leaves out, and changes neither input', () => {
    const context = { owners: [{ id: 'o1' }], application: { applicationLevel: 'BASIC' } };
    const document = { application: { applicationLevel: 'FULL' } };
    const merged = mergeDocument(bundle, context, document);
    expect(merged.owners).toEqual([{ id: 'o1' }]);
    expect((merged.application as Record<string, unknown>).level).toBe('FULL');
    expect(context.application).toEqual({ applicationLevel: 'BASIC' });
    expect(document.application).toEqual({ applicationLevel: 'FULL' });
  });

  it('places nothing when the content declares no parts', () => {
    expect(mergeDocument({ shell: { loadFailures: [] }, tables: {} }, { a: 1 }, { application: {} })).toEqual({ a: 1 });
  });
});

describe('loadedDocument', () => {
  it('is the answer of the first loaded read whose result is the document', () => {
    expect(
      loadedDocument(['listPlans', 'getApplication'], calls, {
        listPlans: { plans: [] },
        getApplication: { application: { id: 'x' } },
      }),
    ).toEqual({ application: { id: 'x' } });
    expect(loadedDocument(['listPlans'], calls, { listPlans: { plans: [] } })).toEqual({});
    expect(loadedDocument(['getApplication'], calls, undefined)).toEqual({});
  });
});

describe('performActions: the declared calls in order', () => {
  it('skips an action whose condition fails, and a later call reads the document an earlier one answered', async () => {
    const api = fakeApi([
      { status: 200, body: { application: { decision: 'APPROVED', applicationLevel: 'FULL' } } },
      { status: 200, body: { ok: true } },
    ]);
    const documents: unknown[] = [];
    const result = await performActions(
      [
        { call: 'listPlans', when: { '==': [{ var: 'form.wantsPlans' }, true] } },
        { call: 'updateApplication' },
        { call: 'verify' },
      ],
      { route, form: { wantsPlans: false }, changes: { application: { name: 'Shop' } } },
      { content: bundle, environment: api.environment, onDocument: (document) => void documents.push(document) },
    );
    expect(api.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      `PATCH /api/v2/applications/${route.applicationId}`,
      `POST /api/v2/applications/${route.applicationId}/verify`,
    ]);
    expect(api.seen[0].body).toEqual({ application: { name: 'Shop' } });
    expect(api.seen[1].body).toEqual({ decision: 'APPROVED' });
    expect(result.failed).toBeUndefined();
    expect(result.context.response).toEqual({ ok: true });
    expect((result.context.application as Record<string, unknown>).level).toBe('FULL');
    expect(documents).toEqual([{ application: { decision: 'APPROVED', applicationLevel: 'FULL' } }]);
  });

  it('stops at a failed call and gives the context it failed in with its error', async () => {
    const api = fakeApi([
      { status: 200, body: { application: { decision: 'PENDING' } } },
      { status: 422, body: { message: 'Nope' } },
    ]);
    const result = await performActions(
      [{ call: 'updateApplication' }, { call: 'verify' }, { call: 'listPlans' }],
      { route, changes: {} },
      { content: bundle, environment: api.environment },
    );
    expect(api.seen).toHaveLength(2);
    expect(result.failed).toBeInstanceOf(CallError);
    expect(result.failed?.failure.status).toBe(422);
    expect(result.context.application).toMatchObject({ decision: 'PENDING' });
  });
});

describe('nextTarget: the first row that holds', () => {
  it('follows a routing table and adds the row query to the address', () => {
    const context = { route, application: { decision: 'APPROVED' } };
    expect(
      nextTarget(
        [
          { when: false, to: 'owners' },
          { table: 'afterDecision', query: { from: 'x' } },
        ],
        context,
        bundle,
      ),
    ).toEqual({
      screen: 'success',
      href: `/applications/${route.applicationId}/success?from=x`,
    });
    expect(nextTarget([{ when: false, to: 'owners' }], context, bundle)).toBeUndefined();
    expect(nextTarget(undefined, context, bundle)).toBeUndefined();
  });

  // Issue 28 (engine limit): a routing table's own row may carry a value on to its target's address, as a screen's
  // row does; before, only the screen's row query was applied, so the launch's channel name (doc1 §3) never reached
  // the add-channel form the table chose (doc1 §4.3 row 7).
  it("adds the query of the table's row that decides, and the outer row's, the outer one winning", () => {
    const tables = {
      afterDecision: {
        rows: [
          {
            when: { '==': [{ var: 'application.decision' }, 'APPROVED'] },
            to: 'success',
            query: { channelName: { var: 'query.channelName' }, from: 'table' },
          },
        ],
      },
      outer: { rows: [{ table: 'afterDecision', query: { via: 'outer' } }] },
    };
    const context = { route, application: { decision: 'APPROVED' }, query: { channelName: 'Online shop' } };
    const target = nextTarget([{ table: 'outer', query: { from: 'screen' } }], context, { ...bundle, tables });
    expect(target?.screen).toBe('success');
    const search = new URLSearchParams(target?.href?.split('?')[1]);
    expect(Object.fromEntries(search)).toEqual({ channelName: 'Online shop', via: 'outer', from: 'screen' });
  });

  // doc1 §4.3 row 5: 'pending decision on another portal: stay put'. A row that stays is a decision (no address, the
  // rows after it are not read), distinct from no row holding.
  it('a row that stays keeps the applicant where they are, with its notice, and ends the search', () => {
    const tables = {
      afterDecision: {
        rows: [
          {
            when: { '==': [{ var: 'application.decision' }, 'PENDING'] },
            stay: true as const,
            noticeKey: 'signup.pendingReview.notice',
          },
          { to: 'success' },
        ],
      },
    };
    const pending = { route, application: { decision: 'PENDING' } };
    expect(nextTarget([{ table: 'afterDecision' }, { to: 'owners' }], pending, { ...bundle, tables })).toEqual({
      stay: true,
      noticeKey: 'signup.pendingReview.notice',
    });
    expect(
      nextTarget([{ table: 'afterDecision' }], { route, application: { decision: 'APPROVED' } }, { ...bundle, tables })
        ?.screen,
    ).toBe('success');
    // A failure's row that stays keeps the applicant here with the API's message, not the load-failure fallback.
    const failure = failureFrom(403, { message: 'No' });
    expect(failureOutcome(failure, pending, [{ stay: true }], { ...bundle, tables }, true).kind).toBe('notice');
  });
});

describe('watchStep: doc1 §4.5 polling', () => {
  const watch: Watch = {
    call: 'getApplication',
    everyMs: 1000,
    until: { '!=': [{ var: 'application.decision' }, 'PENDING'] },
    maxTries: 3,
    next: [{ table: 'afterDecision' }],
    onTimeout: [{ to: 'pending' }],
  };

  it('reads again while the condition fails and reads remain', async () => {
    const api = fakeApi([{ status: 200, body: { application: { decision: 'PENDING' } } }]);
    expect(await watchStep(watch, { route }, 1, { content: bundle, environment: api.environment })).toEqual({
      next: 'again',
    });
  });

  it('moves on by its rows over the answer, not the document the screen loaded', async () => {
    const api = fakeApi([{ status: 200, body: { application: { decision: 'APPROVED' } } }]);
    const verdict = await watchStep(watch, { route, application: { decision: 'PENDING' } }, 2, {
      content: bundle,
      environment: api.environment,
    });
    expect(verdict.next).toBe('go');
    if (verdict.next !== 'go') return;
    expect(verdict.rows).toBe(watch.next);
    expect(nextTarget(verdict.rows, verdict.context, bundle)?.screen).toBe('success');
  });

  it('gives up by onTimeout after its last read, and stops without onTimeout', async () => {
    const answers = () => fakeApi([{ status: 200, body: { application: { decision: 'PENDING' } } }]).environment;
    const last = await watchStep(watch, { route }, 3, { content: bundle, environment: answers() });
    expect(last.next === 'go' && last.rows).toBe(watch.onTimeout);
    expect(
      await watchStep({ ...watch, onTimeout: undefined }, { route }, 3, { content: bundle, environment: answers() }),
    ).toEqual({ next: 'stop' });
  });

  it('stops quietly when the screen went away during the read', async () => {
    const api = fakeApi([{ status: 200, body: { application: { decision: 'APPROVED' } } }]);
    expect(
      await watchStep(watch, { route }, 1, { content: bundle, environment: api.environment }, () => false),
    ).toEqual({ next: 'stop' });
  });
});

describe('failureOutcome: where a failed call sends the applicant', () => {
  it('asks for sign-in on 401', () => {
    expect(failureOutcome(failureFrom(401, {}), { route }, [{ to: 'owners' }], bundle)).toEqual({ kind: 'signIn' });
  });

  it('follows the onError rows, which read the error', () => {
    const outcome = failureOutcome(
      failureFrom(409, {}),
      { route },
      [{ when: { '==': [{ var: 'error.status' }, 409] }, to: 'owners' }],
      bundle,
    );
    expect(outcome).toMatchObject({ kind: 'navigate', href: `/applications/${route.applicationId}/owners` });
  });

  it('sends a failed read answered 403 to the root with completed=true (doc2 §7), not a failed write', () => {
    expect(failureOutcome(failureFrom(403, {}), { route }, undefined, bundle, true)).toMatchObject({
      kind: 'navigate',
      href: '/?completed=true',
    });
    expect(
      failureOutcome(failureFrom(403, { message: 'Forbidden' }), { route }, undefined, bundle, false),
    ).toMatchObject({ kind: 'notice', messages: ['Forbidden'] });
  });
});
