/**
 * Vite plugin (build only): writes `page-preloads.json` beside index.html, what the server preloads for a page so the
 * browser fetches it while the entry script downloads instead of after it has run (server/http/page-preloads.ts):
 *   boot        the chunks the entry imports as it starts (the engine, engine/main.tsx) and their styles
 *   catalogues  each locale's catalogue chunk (virtual:catalogue/<locale>), which boot imports first thing
 *   screens     for each screen, its path, whether it needs a session, per locale the screen's chunk (its definition and
 *               the messages that come with it: virtual:screen-messages/<locale>/<id>, engine/app/screen-definition.ts),
 *               its kind's chunk when the kind is loaded lazily (engine/screens/
 *               registry.ts: the kind `k` lives in engine/screens/<k>-screen.tsx) and, for the form kind, the
 *               screen's validators chunk (virtual:validators/<id>, which the registry loads beside the form chunk) and
 *               the chunks of the widgets it names that are chunks of their own (engine/form/widget-names.ts),
 *               with the chunks they import and their styles, and `reads`: the API reads it makes on arrival (`load`) whose address the route alone
 *               fills (a GET with no query, parameters or headers of its own, every `{name}` of its path a parameter of
 *               the screen's path), which the server preloads for a signed-in visitor, and `heading`: in each locale, the
 *               screen's section with its heading alone (engine/screens/frame-markup.ts), when no data changes it
 *   shell       each locale's texts of the shell's header, which the server draws around that heading
 *   root        the routing table the engine evaluates at the application root (doc1 §2.8), the address of the
 *               accounts read it takes, and the content it reads (screen paths, flows, tables, the shell's derived
 *               values): the server evaluates it for a signed-in visitor and draws the root only where they stay
 * Chunks the entry imports anyway are left out. Addresses are as the page's scripts name them (`/assets/…`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { loadCatalogues, loadContent } from '../content/load.ts';
import { createTranslator, type Translate } from '../../engine/i18n/translator.ts';
import {
  frameClass,
  footerTexts,
  frameHeadingMarkup,
  headingCombinations,
  headingVariants,
  signOutAction,
} from '../../engine/screens/frame-markup.ts';
import { AFTER_ENVIRONMENT } from '../../engine/screens/after-environment.ts';
import { progressShown } from '../../engine/flow/progress.ts';
import { lazyWidgets, widgetNames } from '../../engine/form/widget-names.ts';
import type { CallDefinition, ContentBundle, Screen } from '../../engine/content/types.ts';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../server/http/page-preloads.ts';

interface ChunkFacts {
  fileName: string;
  facadeModuleId?: string | null;
  imports: string[];
  dynamicImports: string[];
  isEntry: boolean;
  css: string[];
  /** A chunk of styles only (a stylesheet two chunks share): Vite drops its empty script, so only its CSS is listed. */
  cssOnly: boolean;
}

/** The path templates of `screen`'s arrival reads that its route alone fills (see above). */
export function routeReads(screen: Pick<Screen, 'path' | 'load'>, calls: Record<string, CallDefinition>): string[] {
  const routeNames = new Set([...screen.path.matchAll(/:([A-Za-z]\w*)/g)].map((match) => match[1]));
  return (screen.load ?? []).flatMap((name) => {
    const call = calls[name];
    if (!call || call.method !== 'GET' || call.params || call.query || call.headers) return [];
    const names = [...call.path.matchAll(/\{([A-Za-z]\w*)\}/g)].map((match) => match[1]);
    return names.every((placeholder) => routeNames.has(placeholder)) ? [call.path] : [];
  });
}

/**
 * page-preloads.json `root`: the routing table the engine evaluates at the application root, the address of its
 * accounts read, and the content the table reads. None when the content has no such table, or the read is not a
 * plain GET of a fixed address.
 */
export function rootRoutingOf(content: ContentBundle): PagePreloads['root'] {
  const accounts = content.calls[AFTER_ENVIRONMENT.call];
  const table = content.tables[AFTER_ENVIRONMENT.table];
  if (
    !accounts ||
    !table ||
    accounts.method !== 'GET' ||
    accounts.params ||
    accounts.query ||
    accounts.headers ||
    accounts.path.includes('{')
  )
    return undefined;
  return {
    table: AFTER_ENVIRONMENT.table,
    accountsPath: accounts.path,
    bundle: {
      screens: Object.fromEntries(
        Object.values(content.screens).map(({ id, path, flow, auth }) => [id, { id, path, flow, auth }]),
      ),
      flows: content.flows,
      tables: content.tables,
      shell: { derived: content.shell.derived },
    },
  };
}

export function preloadPlugin(root: string): Plugin {
  let base = '/';
  return {
    name: 'onboarding-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks: ChunkFacts[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const css = [...((output as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss ?? [])];
        chunks.push({
          fileName: output.fileName,
          facadeModuleId: output.facadeModuleId,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          isEntry: output.isEntry,
          css,
          cssOnly: output.moduleIds.length > 0 && output.moduleIds.every((id) => /\.css($|\?)/.test(id)),
        });
      }
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryFiles = new Set<string>();
      const walk = (file: string, into: Set<string>) => {
        if (into.has(file)) return;
        into.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) walk(imported, into);
      };
      for (const chunk of chunks) if (chunk.isEntry) walk(chunk.fileName, entryFiles);
      // What the entry imports as it starts (engine/main.tsx: the engine, once the drawn page is painted), with what
      // that imports: every page needs it, so every page preloads it, and no screen lists it again.
      const bootFiles = new Set<string>();
      for (const chunk of chunks)
        if (chunk.isEntry) for (const started of chunk.dynamicImports) walk(started, bootFiles);
      for (const file of entryFiles) bootFiles.delete(file);
      const script = (file: string) => byFile.get(file)?.cssOnly !== true;
      const boot = {
        modules: [...bootFiles].filter(script).map((file) => `${base}${file}`),
        styles: [...bootFiles].flatMap((file) => byFile.get(file)?.css ?? []).map((file) => `${base}${file}`),
      };
      for (const file of bootFiles) entryFiles.add(file);
      const facade = (test: (id: string) => boolean) =>
        chunks.find((chunk) => chunk.facadeModuleId && test(chunk.facadeModuleId));
      /** A chunk and what it imports, less the entry's own, as `{ modules, styles }`. */
      const closure = (starts: Array<ChunkFacts | undefined>) => {
        const files = new Set<string>();
        for (const start of starts) if (start) walk(start.fileName, files);
        const modules = [...files].filter((file) => !entryFiles.has(file));
        return {
          modules: modules.filter(script).map((file) => `${base}${file}`),
          styles: modules.flatMap((file) => byFile.get(file)?.css ?? []).map((file) => `${base}${file}`),
        };
      };

      const catalogues: Record<string, string[]> = {};
      // Screen id -> locale -> the chunk of the messages that come with that screen (virtual:screen-messages/<l>/<id>).
      const screenMessages: Record<string, Record<string, string[]>> = {};
      for (const chunk of chunks) {
        const match = /\0?virtual:catalogue\/(.+)$/.exec(chunk.facadeModuleId ?? '');
        if (match) catalogues[match[1]] = closure([chunk]).modules;
        const own = /\0?virtual:screen-messages\/([^/]+)\/(.+)$/.exec(chunk.facadeModuleId ?? '');
        if (own) (screenMessages[own[2]] ??= {})[own[1]] = closure([chunk]).modules;
      }
      const screens: PagePreloads['screens'] = [];
      const content = loadContent(root);
      const { fallbackLocale } = JSON.parse(readFileSync(join(root, 'rules/config.json'), 'utf8')) as {
        fallbackLocale: string;
      };
      const messages = loadCatalogues(root);
      const fallback = messages[fallbackLocale]
        ? { locale: fallbackLocale, messages: messages[fallbackLocale] }
        : undefined;
      const translators = Object.keys(catalogues).flatMap((locale) =>
        messages[locale] ? [createTranslator(locale, messages[locale], fallback)] : [],
      );
      const shell: PagePreloads['shell'] = Object.fromEntries(
        translators.map(({ locale, t }) => [
          locale,
          {
            skipToContent: t('shell.skipToContent'),
            productName: t('shell.productName'),
            localeNames: Object.fromEntries(
              translators.map((other) => [other.locale, t(`shell.locale.${other.locale}`)]),
            ),
            // The header links every screen shows: no condition, no read (shell/header.tsx shows them on each screen).
            links: (content.shell.headerLinks ?? [])
              .filter((link) => link.when === undefined && link.load === undefined)
              .map((link) => ({
                label: t(link.labelKey),
                ...(link.shortLabelKey ? { short: t(link.shortLabelKey) } : {}),
              })),
            // The header's sign-out and the footer (rules/shell.json), as shell/header.tsx and shell/footer.tsx draw them.
            ...(content.shell.signOut
              ? { signOut: { label: t(content.shell.signOut.labelKey), action: signOutAction(content.shell.signOut) } }
              : {}),
            ...(content.shell.footer ? { footer: footerTexts(content.shell.footer, t) } : {}),
          },
        ]),
      );
      /** The screen's drawn heading in each locale, one per combination of the query variants that decide it. */
      const headingOf = (screen: Screen): Pick<PagePreloads['screens'][number], 'heading' | 'headingWhen'> => {
        const deciding = headingVariants(screen);
        // The application root is drawn only where the engine keeps the visitor (server/http/root-routing.ts).
        if (!deciding) return {};
        const combinations = headingCombinations(screen);
        const drawn = (resolved: Screen, t: Translate) => {
          // Before the engine runs there are no answers: the steps (and their names) of a walk with none (flow/progress.ts).
          const progress = progressShown(resolved, {}, content);
          const open = `<section class="${frameClass(resolved)}" aria-labelledby="screen-title">`;
          return {
            section: `${open}${frameHeadingMarkup(resolved, progress, t)}</section>`,
            title: `${t(`${resolved.messages}.title`)} | ${t('shell.productName')}`,
          };
        };
        return {
          heading: Object.fromEntries(
            translators.map(({ locale, t }) => [locale, combinations.map((resolved) => drawn(resolved, t))]),
          ),
          ...(deciding.length ? { headingWhen: deciding.map((variant) => variant.when) } : {}),
        };
      };
      for (const screen of Object.values(content.screens)) {
        // The screen's kind's chunk unless the entry holds the kind, the form kind's validators, and the reads that go
        // out on arrival (its definition comes in its chunk of messages in each locale).
        const kind =
          typeof screen.kind === 'string'
            ? facade((id) => id.endsWith(`/engine/screens/${screen.kind}-screen.tsx`))
            : undefined;
        const validators =
          kind && screen.kind === 'form' ? facade((id) => id.endsWith(`virtual:validators/${screen.id}`)) : undefined;
        // The widgets of their own chunk the form names (engine/form/widget-names.ts), which the form kind loads with it
        // (their loader, engine/form/screen-widgets.ts, comes in the form chunk).
        const widgets =
          kind && screen.kind === 'form'
            ? widgetNames(screen).map((name) => {
                const chunk = facade((id) => id.endsWith(`/engine/form/${lazyWidgets[name].file}`));
                if (!chunk) throw new Error(`page preloads: the widget ${name} has no chunk of its own`);
                return chunk;
              })
            : [];
        const reads = routeReads(screen, content.calls);
        const heading = headingOf(screen);
        const messages = screenMessages[screen.id];
        if (!kind && reads.length === 0 && !heading.heading && !messages) continue;
        const rest = closure([kind, validators, ...widgets]);
        screens.push({
          id: screen.id,
          path: screen.path,
          auth: screen.auth !== 'none',
          ...(messages ? { messages } : {}),
          modules: rest.modules,
          styles: rest.styles,
          reads,
          ...heading,
        });
      }
      const rootRouting = rootRoutingOf(content);
      const file: PagePreloads = {
        fallbackLocale,
        boot,
        catalogues,
        screens,
        shell,
        ...(rootRouting ? { root: rootRouting } : {}),
      };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: `${JSON.stringify(file, null, 1)}\n` });
    },
  };
}
