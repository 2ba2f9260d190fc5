/**
 * MessageFormat 2 checks of one message: does it parse, and which variables does it read. Uses the data model of
 * `messageformat` 4 (parseMessage, validate), the same package the engine formats with. Pure.
 */
import { parseMessage, validate } from 'messageformat';

/** The variables a message reads (`{$name}`; local `.local` declarations excluded), or the syntax error. */
export function variablesOfMessage(text: string): { variables: string[] } | { error: string } {
  try {
    const message = parseMessage(text);
    const { variables } = validate(message);
    const locals = new Set(
      message.declarations.filter((declaration) => declaration.type === 'local').map((declaration) => declaration.name),
    );
    return { variables: [...variables].filter((name) => !locals.has(name)).sort() };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
