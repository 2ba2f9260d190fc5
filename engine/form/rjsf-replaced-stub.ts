/**
 * What the build gives @rjsf/core in place of each default template or widget our theme replaces, and of each part of
 * its registry our content cannot name (engine/form/rjsf-replaced.ts): never rendered. Should one ever be, it fails
 * loudly instead of drawing rjsf's unstyled default.
 */
export default function ReplacedByTheme(): never {
  throw new Error('an rjsf default the build leaves out was rendered (engine/form/rjsf-replaced.ts)');
}
