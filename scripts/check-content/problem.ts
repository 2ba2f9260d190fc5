/** A problem the content check found: where it is and what to do about it. */
export interface Problem {
  /** File path relative to the checked root, with forward slashes. */
  file: string;
  /** JSON pointer (RFC 6901) into the file; '' for the whole file. */
  pointer: string;
  /** What is wrong. */
  message: string;
  /** What to do about it. */
  fix: string;
}

/** Escapes one JSON pointer segment (RFC 6901). */
export function segment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Joins segments into a JSON pointer. */
export function pointer(...segments: Array<string | number>): string {
  return segments.map((part) => `/${segment(part)}`).join('');
}

/** Sorts problems by file, then pointer, then message, so output and tests are stable. */
export function sortProblems(problems: Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.pointer.localeCompare(b.pointer) || a.message.localeCompare(b.message),
  );
}
