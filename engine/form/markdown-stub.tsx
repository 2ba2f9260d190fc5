/** Stands in for markdown-to-jsx (see vite.config.ts): renders its text as plain text. */
import type { ReactNode } from 'react';

export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
export function compiler(text: string): ReactNode {
  return text;
}

export default Markdown;
