/**
 * `options.messageArgs` of a message or waiting screen: the variables of its paragraphs, each a JSON Logic expression
 * over the screen context (for example the last digits of the number a link was texted to). A value that is not a
 * string or a number becomes the empty string, so a message never shows an unfilled `{$variable}`.
 */
import { useMemo } from 'react';
import { compute, type Condition } from '../conditions/index.ts';
import type { Screen } from '../content/types.ts';

export function messageArgs(
  expressions: Record<string, Condition> | undefined,
  context: Record<string, unknown>,
): Record<string, string | number> {
  const args: Record<string, string | number> = {};
  for (const [name, expression] of Object.entries(expressions ?? {})) {
    const value: unknown = compute(expression, context);
    args[name] = typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)) ? value : '';
  }
  return args;
}

export function useMessageArgs(screen: Screen, context: Record<string, unknown>): Record<string, string | number> {
  const expressions = (screen.options as { messageArgs?: Record<string, Condition> } | undefined)?.messageArgs;
  return useMemo(() => messageArgs(expressions, context), [expressions, context]);
}
