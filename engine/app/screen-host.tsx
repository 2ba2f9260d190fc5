/**
 * Shows one screen: checks sign-on, loads the screen's declared reads (swr, revalidated), builds the context,
 * resolves variants, renders the screen's kind from the registry, and on submit runs the declared actions and
 * follows the transitions. Generic: it knows screens, calls and conditions, nothing about any product field.
 */
import { Suspense, useCallback, useDeferredValue, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { ArrivalState } from './arrival.ts';
import useSWR, { useSWRConfig } from 'swr';
import { resolveScreen } from '../content/resolve.ts';
import { evaluate } from '../conditions/index.ts';
import { buildRequest, CallError, retryInBackground, runCall } from '../calls/run.ts';
import {
  failureOutcome,
  loadedDocument,
  mergeDocument,
  nextTarget,
  performActions,
  returnTarget,
  watchStep,
} from '../flow/runner.ts';
import { changesFrom } from '../state/bind.ts';
import { normalizeForm } from '../form/normalize.ts';
import { useI18n } from '../i18n/context.tsx';
import { prepareKind, screenKinds } from '../screens/registry.ts';
import { useEngine } from './engine-context.tsx';
import { useScreenDefinition } from './screen-definition.ts';
import { screenReadsKey, screenReadsUrls } from './read-keys.ts';
import { Overlay } from '../shell/overlay.tsx';
import { PageLoader } from '../shell/page-loader.tsx';
import { ErrorPage } from '../shell/error-page.tsx';
import { NotFound } from '../shell/not-found.tsx';
import { BlockingModal } from '../shell/blocking-modal.tsx';
import { beaconsFor, blockingModalFor, malformedParameters } from './shell-rules.ts';
import { failureShownOnForm, type ApiFailure } from '../calls/errors.ts';
import type { TransitionRow } from '../content/types.ts';
import { useServiceLookup } from './use-service-lookup.ts';
import services from '../../rules/services.json' with { type: 'json' };
import type { ServiceRules } from '../../domain/services/types.ts';

const serviceRules: ServiceRules = services;

/** A screen's or action's analytics slot (rules: an event type or a list of them) as a list. */
function eventTypes(events: string | readonly string[] | undefined): readonly string[] {
  return events === undefined ? [] : typeof events === 'string' ? [events] : events;
}

export interface SubmitResult {
  failure?: ApiFailure;
  /** A row that stays held (doc1 §4.3 row 5): the screen keeps showing. */
  stayed?: boolean;
}

export function ScreenHost({ screenId }: { screenId: string }) {
  const engine = useEngine();
  const { t } = useI18n();
  const params = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const screen = useScreenDefinition(engine.bundle.screens[screenId]);
  const [busy, setBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const query = useMemo(() => Object.fromEntries(searchParams.entries()), [searchParams]);
  // A busy overlay kept for the way to the next screen ends when the address changes under this screen.
  const { key: locationKey } = useLocation();
  useEffect(() => setBusy(false), [locationKey]);
  const baseContext = useMemo(() => {
    const { config, ...environmentFacts } = engine.environment;
    return {
      environment: {
        ...environmentFacts,
        ...config,
        referralUrlId: params.referralUrlId ?? environmentFacts.referralUrlId,
      },
      flags: config.flags ?? {},
      query,
      route: params,
      user: engine.user,
    };
  }, [engine.environment, engine.user, query, params]);

  const malformed = useMemo(() => malformedParameters(params, engine.bundle.shell), [params, engine.bundle.shell]);
  const mustSignIn = malformed.length === 0 && screen.auth !== 'none' && !engine.user;
  useEffect(() => {
    if (mustSignIn) engine.signIn();
  }, [mustSignIn, engine]);

  // The screen's reads. Each is keyed by its URL so two screens reading the same thing share one cache entry
  // (read-keys.ts: apart from the header's and the lookup's single reads, whose entries hold bare answers).
  const requests = useMemo(() => {
    if (mustSignIn || malformed.length > 0) return [];
    return (screen.load ?? []).map((name) => {
      const def = engine.bundle.calls[name];
      try {
        return { name, def, key: buildRequest(name, def, baseContext).url };
      } catch {
        return { name, def, key: null };
      }
    });
  }, [screen, engine.bundle, baseContext, mustSignIn, malformed]);
  const loadKey = requests.length ? screenReadsKey(requests.map((r) => r.key)) : null;
  // The reads go out side by side (each address was built from the route and environment above, none from another
  // read's answer): a screen with two reads waits one round trip, not two.
  const { data: loaded, error: loadError } = useSWR(loadKey, async () => {
    const missing = requests.find((request) => request.key === null);
    if (missing) throw new CallError(missing.name, { status: 404, messages: [], fields: [], body: null });
    const answers = await Promise.all(
      requests.map((request) => runCall(request.name, request.def, baseContext, engine.calls)),
    );
    return Object.fromEntries(requests.map((request, index) => [request.name, answers[index]]));
  });

  const document = useMemo(
    () =>
      loadedDocument(
        requests.map((request) => request.name),
        engine.bundle.calls,
        loaded,
      ),
    [requests, loaded, engine.bundle.calls],
  );

  // doc2 §7 Other: the 'gopay.' service lookup (rules/services.json gopayLookup) places its answer in the context.
  const serviceFacts = useServiceLookup(engine, serviceRules, {
    ...baseContext,
    application: document.application ?? {},
  });
  const context = useMemo(
    () => mergeDocument(engine.bundle, { ...baseContext, ...serviceFacts, data: loaded ?? {} }, document),
    [document, baseContext, loaded, serviceFacts, engine.bundle],
  );

  const resolved = useMemo(() => resolveScreen(screen, context), [screen, context]);
  const ready = !mustSignIn && !(loadKey && !loaded && !loadError);
  // The kind's code comes while the reads are still on their way (the variants that change the kind need the reads'
  // answers: the kind asked for first is the screen's own, and a variant's is asked for once the answers are in).
  useEffect(() => {
    if (!mustSignIn) prepareKind(resolved);
  }, [resolved, mustSignIn]);

  const go = useCallback(
    (
      rows: TransitionRow[] | undefined,
      ctx: Record<string, unknown>,
      state?: ArrivalState,
    ): 'moved' | 'stayed' | undefined => {
      const target = nextTarget(rows, ctx, engine.bundle);
      if (!target) return undefined;
      if (target.href !== undefined) {
        navigate(target.href, state ? { state } : undefined);
        return 'moved';
      }
      // A row that stays (doc1 §4.3 row 5) keeps the screen; its notice says why nothing moved.
      if (target.noticeKey) engine.toast(t(target.noticeKey), 'info', { source: 'stay', context: ctx });
      return 'stayed';
    },
    [engine, navigate, t],
  );

  const handleFailure = useCallback(
    (
      failure: ApiFailure,
      ctx: Record<string, unknown>,
      rows: TransitionRow[] | undefined = resolved.onError,
      isLoad = false,
    ) => {
      const outcome = failureOutcome(failure, ctx, rows, engine.bundle, isLoad);
      if (outcome.kind === 'signIn') {
        engine.dismissToasts();
        engine.signIn();
        return;
      }
      for (const type of eventTypes(resolved.analytics?.error))
        engine.track(type, outcome.context, { status: failure.status });
      if (outcome.kind === 'navigate') {
        navigate(outcome.href);
        return;
      }
      // The form shows its field errors in the summary and at the fields: a toast would say it a third time.
      if (!isLoad && failureShownOnForm(failure, resolved.form?.bind)) return;
      const texts = outcome.messages.length
        ? outcome.messages.map((text) => text || t('shell.error.generic'))
        : [t('shell.error.generic')];
      for (const text of texts) engine.toast(text, 'error', { source: 'callError', context: outcome.context });
    },
    [engine, resolved.onError, resolved.analytics, resolved.form?.bind, navigate, t],
  );

  /**
   * Every cached read of the application document gets the new answer. A screen's loads share one cache entry keyed
   * by their URLs (read-keys.ts; the order screen's is the application's and the plans'), so every entry whose key
   * names the document's URL is updated, keeping the other answers it holds; an entry of several reads not cached
   * yet is left to load.
   */
  const refreshDocumentReads = useCallback(
    async (doc: Record<string, unknown>, ctx: Record<string, unknown>) => {
      const reads = Object.entries(engine.bundle.calls).filter(
        ([, call]) => call.method === 'GET' && call.result === 'document',
      );
      for (const [name, call] of reads) {
        let url: string;
        try {
          url = buildRequest(name, call, ctx).url;
        } catch {
          continue; // not addressable in this context
        }
        await mutate(
          (key) => typeof key === 'string' && screenReadsUrls(key)?.includes(url) === true,
          (current: Record<string, unknown> | undefined) => (current ? { ...current, [name]: doc } : current),
          { revalidate: false },
        );
        // The single read's own entry, also when no screen has cached it yet.
        await mutate(
          screenReadsKey([url]),
          (current: Record<string, unknown> | undefined) => ({ ...(current ?? {}), [name]: doc }),
          { revalidate: false },
        );
      }
    },
    [engine.bundle.calls, mutate],
  );

  /** Runs calls in order, then follows rows: the primary submit and every secondary action go through here. */
  const perform = useCallback(
    async (
      actions: ReadonlyArray<{ call: string; when?: unknown }> | undefined,
      next: TransitionRow[] | undefined,
      onError: TransitionRow[] | undefined,
      typed: Record<string, unknown>,
      final: boolean,
      events?: string | readonly string[],
    ): Promise<SubmitResult> => {
      const form = normalizeForm(typed, (resolved.form?.uiSchema ?? {}) as Record<string, unknown>);
      const changes = changesFrom(form, resolved.form?.bind);
      setBusy(true);
      // Issue 22.10: after a busy submit the overlay stays until the next screen shows (its reads and chunks
      // arrive under the same title and subtitle, app/arrival.ts), and that screen says what was done.
      let moved = false;
      try {
        const {
          context: ctx,
          failed,
          events: callEvents,
        } = await performActions(
          actions,
          { ...context, form, changes },
          {
            content: engine.bundle,
            environment: engine.calls,
            onDocument: refreshDocumentReads,
          },
        );
        for (const type of callEvents) engine.track(type, ctx);
        if (failed) {
          const def = engine.bundle.calls[failed.call];
          if (def?.background?.on.includes(failed.failure.status)) {
            // The applicant moves on; the same request keeps going until the API gives a definite answer.
            void retryInBackground(failed.call, def, ctx, engine.calls, failed);
          }
          handleFailure(failed.failure, ctx, onError);
          return { failure: failed.failure };
        }
        engine.drafts.store?.clear(screen.id); // no store: no form made one, so no draft was kept
        for (const type of eventTypes(events)) engine.track(type, ctx);
        // A change from a review (`?returnTo=<review screen>`, issue 22.8): back to the review once saved, unless
        // the change adds a step to the applicant's way (it comes first, keeping the way back).
        const primary = actions === resolved.actions;
        const back = primary ? returnTarget(query.returnTo, context, ctx, engine.bundle) : undefined;
        if (back) {
          navigate(back);
          return {};
        }
        const state: ArrivalState | undefined =
          primary && resolved.busy
            ? {
                busy: {
                  title: t(resolved.busy.title),
                  ...(resolved.busy.subtitle ? { subtitle: t(resolved.busy.subtitle) } : {}),
                },
                ...(resolved.busy.doneKey ? { notice: t(resolved.busy.doneKey) } : {}),
              }
            : undefined;
        const went = go(next, ctx, state);
        if (!went && !final) throw new Error(`screen ${screen.id}: no transition holds`);
        moved = went === 'moved' && state !== undefined;
        return went === 'stayed' ? { stayed: true } : {};
      } finally {
        if (!moved) setBusy(false);
      }
    },
    [resolved, context, engine, go, handleFailure, refreshDocumentReads, screen.id, query.returnTo, navigate, t],
  );

  const submit = useCallback(
    (form: Record<string, unknown>) =>
      perform(
        resolved.actions,
        resolved.next,
        resolved.onError,
        form,
        resolved.final === true,
        resolved.analytics?.submit,
      ),
    [perform, resolved],
  );

  const runSecondary = useCallback(
    (id: string) => {
      const action = (resolved.secondary ?? []).find((candidate) => candidate.id === id);
      if (!action) throw new Error(`screen ${screen.id}: no secondary action ${id}`);
      return perform(action.actions, action.next, action.onError ?? resolved.onError, {}, false, action.analytics);
    },
    [perform, resolved, screen.id],
  );

  const secondary = useMemo(
    () => (resolved.secondary ?? []).filter((action) => action.when === undefined || evaluate(action.when, context)),
    [resolved.secondary, context],
  );

  // A watch repeats its read while the screen shows and moves on when its condition holds (doc1 §4.5 polling).
  // Kept while its content is the same, so a refreshed document does not restart the count of reads.
  const watchText = resolved.watch ? JSON.stringify(resolved.watch) : '';
  const watch: typeof resolved.watch = useMemo(() => (watchText ? JSON.parse(watchText) : undefined), [watchText]);
  const contextRef = useRef(context);
  contextRef.current = context;
  useEffect(() => {
    if (!watch || mustSignIn) return undefined;
    let stopped = false;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped) return;
      tries += 1;
      const ctx = contextRef.current;
      try {
        const verdict = await watchStep(
          watch,
          ctx,
          tries,
          { content: engine.bundle, environment: engine.calls, onDocument: refreshDocumentReads },
          () => !stopped,
        );
        if (verdict.next === 'go') go(verdict.rows, verdict.context);
        if (verdict.next === 'again') timer = setTimeout(tick, watch.everyMs);
      } catch (error) {
        if (stopped) return;
        if (error instanceof CallError) {
          handleFailure(error.failure, ctx, watch.onError);
          return;
        }
        throw error;
      }
    };
    timer = setTimeout(tick, watch.everyMs);
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    };
  }, [watch, mustSignIn, engine, go, handleFailure, refreshDocumentReads]);

  // The screen's show event, once it shows.
  const shownEvents = eventTypes(resolved.analytics?.show).join(' ');
  useEffect(() => {
    if (!ready || !shownEvents) return;
    for (const type of shownEvents.split(' ')) engine.track(type, contextRef.current);
  }, [ready, shownEvents, engine, screenId]);

  // Beacons (rules/shell.json) go out when the page is hidden or unloaded, if their condition holds then.
  useEffect(() => {
    const send = () => {
      for (const beacon of beaconsFor(engine.bundle.shell, contextRef.current)) {
        const def = engine.bundle.calls[beacon.call];
        try {
          const request = buildRequest(beacon.call, def, contextRef.current);
          const body = new Blob([JSON.stringify(request.body ?? {})], { type: 'application/json' });
          navigator.sendBeacon?.(request.url, body);
        } catch {
          /* a beacon that cannot be addressed here is not sent */
        }
      }
    };
    window.addEventListener('pagehide', send);
    return () => window.removeEventListener('pagehide', send);
  }, [engine]);

  // A failed read is handled once, when it fails, with the screen's rows and context of that moment.
  const onLoadFailure = useEffectEvent((failure: ApiFailure) =>
    handleFailure(failure, context, resolved.onError, true),
  );
  useEffect(() => {
    if (loadError instanceof CallError) onLoadFailure(loadError.failure);
  }, [loadError]);

  useEffect(() => {
    window.document.title = `${t(`${resolved.messages}.title`)} | ${t('shell.productName')}`;
  }, [resolved.messages, t]);

  // When the reads arrive after the screen was shown waiting, the loader stays one render longer and the screen
  // itself renders as a transition, which React splits into short tasks: a page's first screen (a form is the
  // heaviest render there is) does not block the main thread in one long task. A screen whose reads are already
  // cached (a step forward) renders at once, as before.
  const waiting = Boolean(mustSignIn || (loadKey && !loaded && !loadError));
  const stillWaiting = useDeferredValue(waiting);

  if (malformed.length > 0) return <NotFound />;
  if (waiting || stillWaiting) {
    return <PageLoader screen={screenId} />;
  }
  if (loadError) {
    const failure = loadError instanceof CallError ? loadError.failure : undefined;
    return <ErrorPage title={t('shell.error.title')} text={failure?.messages[0] || t('shell.error.generic')} />;
  }

  const modal = blockingModalFor(engine.bundle.shell, context);
  const Kind = screenKinds[resolved.kind];
  if (!Kind) throw new Error(`screen ${screen.id}: unknown kind ${resolved.kind}`);
  return (
    <>
      <Suspense fallback={<PageLoader screen={screenId} />}>
        <Kind
          screen={resolved}
          context={context}
          submit={submit}
          busy={busy}
          headingRef={headingRef}
          secondary={secondary}
          runSecondary={runSecondary}
        />
      </Suspense>
      {modal ? (
        <BlockingModal
          title={t(modal.titleKey)}
          text={t(modal.textKey)}
          button={modal.href && modal.buttonKey ? { href: modal.href, label: t(modal.buttonKey) } : undefined}
        />
      ) : null}
      {busy && resolved.busy && (
        <Overlay
          title={t(resolved.busy.title)}
          subtitle={resolved.busy.subtitle ? t(resolved.busy.subtitle) : undefined}
        />
      )}
    </>
  );
}
