/**
 * The landing behaviour of doc1 §2.8 as a component the shell mounts inside its router: on the application root
 * (with or without the co-brand prefix), for a signed-in visitor, it reads the accounts once through the named
 * call, evaluates the named routing table (afterEnvironmentTarget) and replaces the address when a row holds.
 * Renders nothing. Generic: the call, the table and every decision are content.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { runCall } from '../calls/run.ts';
import { useEngine } from '../app/engine-context.tsx';
import type { AccountEntry } from '../../domain/accounts.ts';
import {
  AFTER_ENVIRONMENT,
  afterEnvironmentContext,
  afterEnvironmentMove,
  isApplicationRoot,
} from './after-environment.ts';

export { isApplicationRoot };

export function AfterEnvironmentRouting({
  call = AFTER_ENVIRONMENT.call,
  table = AFTER_ENVIRONMENT.table,
}: {
  call?: string;
  table?: string;
}) {
  const engine = useEngine();
  const location = useLocation();
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || !engine.user || !isApplicationRoot(location.pathname)) return;
    done.current = true;
    const def = engine.bundle.calls[call];
    if (!def || !engine.bundle.tables[table]) return;
    const query = Object.fromEntries(new URLSearchParams(location.search).entries());
    const context = afterEnvironmentContext(engine.environment, query, engine.user);
    void runCall(call, def, context, engine.calls)
      .then((answer) => {
        const accounts = (Array.isArray(answer) ? answer : []) as AccountEntry[];
        const target = afterEnvironmentMove(
          engine.bundle,
          table,
          accounts,
          context,
          `${location.pathname}${location.search}`,
        );
        if (target) navigate(target, { replace: true });
      })
      .catch(() => {
        /* the accounts could not be read: the visitor stays where they are (doc1 §2.8 'no accounts: stay') */
      });
  }, [engine, location.pathname, location.search, navigate, call, table]);
  return null;
}
