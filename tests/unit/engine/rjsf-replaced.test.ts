/**
 * Issue 24: the build hands @rjsf/core a stub for each default template and widget our theme replaces
 * (engine/form/rjsf-replaced.ts, vite.config.ts), so the form chunk does not carry both. Safe only while our theme fills
 * every one of those registry names and rjsf imports each where the plugin looks for it.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import config from '../../../vite.config.ts';
import { replacedByTheme, unreachableFromContent } from '../../../engine/form/rjsf-replaced.ts';
import kinds from '../../../schemas/content/screen-kinds.schema.json' with { type: 'json' };
import { loadContent } from '../../../scripts/content/load.ts';
import { templates, widgets } from '../../../engine/form/theme.tsx';

const components = join(process.cwd(), 'node_modules/@rjsf/core/lib/components');

function plugin(): Plugin {
  const found = (config.plugins ?? []).flat().find((item) => (item as Plugin)?.name === 'rjsf-replaced-by-theme');
  expect(found).toBeDefined();
  return found as Plugin;
}

function resolve(id: string, importer: string): unknown {
  const hook = plugin().resolveId as (id: string, importer?: string) => unknown;
  return hook.call({}, id, importer);
}

describe("rjsf's defaults that our theme replaces", () => {
  it('are each filled by our theme under the same registry name, so rjsf never renders the stub', () => {
    for (const [file, { kind, name }] of Object.entries(replacedByTheme)) {
      const registry = (kind === 'widgets' ? widgets : templates) as Record<string, unknown>;
      const value = name
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], registry);
      expect(typeof value, `${file}: our theme's ${kind}.${name}`).toBe('function');
    }
  });

  it("are each imported by rjsf's own index of its folder, default import of the file beside it", () => {
    for (const file of [...Object.keys(replacedByTheme), ...Object.keys(unreachableFromContent)]) {
      const index = readFileSync(join(components, dirname(file), 'index.js'), 'utf8');
      expect(index, file).toMatch(new RegExp(`^import \\w+ from "\\./${basename(file).replace('.', '\\.')}";$`, 'm'));
    }
  });

  it('are the only files the build swaps, and only for importers inside @rjsf/core', () => {
    const stub = join(process.cwd(), 'engine/form/rjsf-replaced-stub.ts');
    for (const file of [...Object.keys(replacedByTheme), ...Object.keys(unreachableFromContent)]) {
      const importer = join(components, dirname(file), 'index.js');
      expect(resolve(`./${basename(file)}`, importer), file).toBe(stub);
      expect(resolve(`./${basename(file)}`, join(process.cwd(), 'engine/form', dirname(file), 'index.js'))).toBe(
        undefined,
      );
    }
    // What our theme does not replace stays rjsf's own.
    expect(resolve('./ArrayFieldTemplate.js', join(components, 'templates/index.js'))).toBe(undefined);
    expect(resolve('./TextWidget.js', join(components, 'widgets/index.js'))).toBe(undefined);
    expect(resolve('./FileWidget.js', join(components, 'widgets/index.js'))).toBe(undefined);
    expect(resolve('./Label.js', join(components, 'templates/FieldTemplate/index.js'))).toBe(undefined);
  });

  it('leave out only what no content can name: no widget name the content check allows, no ui:field of any screen', () => {
    const allowed = new Set(kinds.$defs.widget.enum);
    const named = new Set<string>();
    const visit = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(visit);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if ((key === 'ui:field' || key === 'ui:widget') && typeof value === 'string') named.add(value);
          visit(value);
        }
    };
    visit(loadContent(process.cwd()).screens);
    for (const { kind, name } of Object.values(unreachableFromContent)) {
      if (kind === 'widgets') expect(allowed.has(name), `widget ${name}`).toBe(false);
      expect(named.has(name), `${kind} ${name} named by a screen`).toBe(false);
    }
  });
});
