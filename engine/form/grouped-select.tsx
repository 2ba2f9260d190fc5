/**
 * A grouped select with search (doc1 §2.7 "search a numbered industry list"): options come from a screen's
 * loaded data (`ui:options.source` names the read call), grouped, labelled from the catalogues, filtered by a
 * search box over labels and keywords, with a notice for items of a flagged type (`ui:options.notices`, its tone
 * from `ui:options.noticeTones`).
 * Generic: the option shape is named in content (groups, items, itemValue, itemType, label prefixes).
 *
 * Suggestions (`ui:options.suggestions`): a read call named in content (doc2 §7 category prediction) is asked once
 * with the screen's document as its context, within `timeoutMs`; the items it ranks (by `itemValue`) come first,
 * in the answer's order, in their own group labelled `labelKey`, and show as buttons above the list (one press
 * chooses one) until the applicant searches. They are the same items as in the list, so a flagged type still
 * shows its notice. A slow or failed answer shows no suggestions and blocks nothing.
 */
import { useEffect, useEffectEvent, useMemo, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import { useEngine } from '../app/engine-context.tsx';
import { buildRequest, runCall, type CallEnvironment } from '../calls/run.ts';
import { documentOf } from './document-data.ts';

interface Options {
  source: string;
  groups: string;
  items: string;
  itemValue: string;
  itemType?: string;
  groupLabels: string;
  itemLabels: string;
  notices?: Record<string, string>;
  /** The tone of each flagged type's notice ('error' or 'warning'); a type not named here is a warning. */
  noticeTones?: Record<string, 'error' | 'warning'>;
  suggestions?: Suggestions;
  /** Milliseconds the search waits after the last keystroke before it filters (doc2 §9 category search debounce). */
  searchDelayMs?: number;
}

interface Suggestions {
  /** The read call (flows/calls.json) whose answer ranks items. */
  call: string;
  /** Where the ranked list is in the answer. */
  items: string;
  /** The key of a ranked entry that names an item (compared with the list's `itemValue`). */
  itemValue: string;
  /** Message key of the suggestions group. */
  labelKey: string;
  limit?: number;
  timeoutMs?: number;
}

/** A call environment whose requests are abandoned after `timeoutMs`. */
function withTimeout(env: CallEnvironment, timeoutMs: number | undefined, signal: AbortSignal): CallEnvironment {
  return {
    ...env,
    fetch: (input, init) => {
      const controller = new AbortController();
      const abort = () => controller.abort();
      signal.addEventListener('abort', abort);
      const timer = timeoutMs ? setTimeout(abort, timeoutMs) : undefined;
      return env.fetch(input, { ...init, signal: controller.signal }).finally(() => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', abort);
      });
    },
  };
}

/** The ranked values the suggestions call answers for the screen's document; empty until (and unless) it answers. */
function useSuggestions(config: Suggestions | undefined, data: Record<string, unknown>): unknown[] {
  const engine = useEngine();
  const [ranked, setRanked] = useState<unknown[]>([]);
  const def = config ? engine.bundle.calls[config.call] : undefined;
  const context = useMemo(() => documentOf(data, engine.bundle.calls), [data, engine.bundle.calls]);
  let url: string | null = null;
  try {
    url = config && def ? buildRequest(config.call, def, context).url : null;
  } catch {
    url = null;
  }
  // The request's address says everything the answer depends on: a new address asks again, nothing else does.
  const ask = useEffectEvent((stop: AbortController) => {
    if (!config || !def) return;
    runCall(config.call, def, context, withTimeout(engine.calls, config.timeoutMs, stop.signal))
      .then((answer) => {
        if (stop.signal.aborted) return;
        const list = ((answer as Record<string, unknown> | null)?.[config.items] ?? []) as Array<
          Record<string, unknown>
        >;
        setRanked(list.map((entry) => entry[config.itemValue]).slice(0, config.limit ?? list.length));
      })
      .catch(() => {
        if (!stop.signal.aborted) setRanked([]);
      });
  });
  useEffect(() => {
    if (url === null) return undefined;
    const stop = new AbortController();
    ask(stop);
    return () => stop.abort();
  }, [url]);
  return ranked;
}

type Item = Record<string, unknown> & { keywords?: string[] };

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** `value` once it has stopped changing for `delayMs` (at once without a positive delay). */
function useSettled(value: string, delayMs: number | undefined): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!delayMs || delayMs <= 0) {
      setSettled(value);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return delayMs && delayMs > 0 ? settled : value;
}

export function GroupedSelectWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    disabled,
    readonly,
    onChange,
    onBlur,
    onFocus,
    rawErrors = [],
    required,
    registry,
  } = props;
  const { t } = useI18n();
  const options = props.options as unknown as Options;
  const [search, setSearch] = useState('');
  const data = ((registry.formContext as { data?: Record<string, unknown> })?.data ?? {}) as Record<string, unknown>;
  const source = data[options.source] as Record<string, unknown> | undefined;
  const ranked = useSuggestions(options.suggestions, data);
  const groups = useMemo(() => {
    const list = (source?.[options.groups] ?? []) as Array<Record<string, unknown>>;
    return list.map((group) => ({
      id: String(group.id),
      label: t(`${options.groupLabels}.${String(group.id)}`),
      items: ((group[options.items] ?? []) as Item[])
        .map((item) => ({ item, label: t(`${options.itemLabels}.${String(item[options.itemValue])}`) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    }));
  }, [source, options, t]);
  const listed = useMemo(() => {
    const byValue = new Map(
      groups.flatMap((group) => group.items).map((entry) => [String(entry.item[options.itemValue]), entry]),
    );
    const suggested = ranked
      .map((value) => byValue.get(String(value)))
      .filter((entry): entry is NonNullable<typeof entry> => entry !== undefined);
    return suggested.length && options.suggestions
      ? [{ id: '__suggested', label: t(options.suggestions.labelKey), items: suggested }, ...groups]
      : groups;
  }, [groups, ranked, options, t]);
  const filter = useSettled(search, options.searchDelayMs);
  const needle = fold(filter.trim());
  const matches = ({ item, label }: { item: Item; label: string }, groupLabel: string) =>
    fold(label).includes(needle) ||
    (item.keywords ?? []).some((k) => fold(k).includes(needle)) ||
    fold(groupLabel).includes(needle);
  const visible = needle
    ? listed
        .map((group) => ({
          ...group,
          // The chosen item always stays listed, so what is submitted is what the person sees selected.
          items: group.items.filter((entry) => entry.item[options.itemValue] === value || matches(entry, group.label)),
        }))
        .filter((group) => group.items.length > 0)
    : listed;
  const selected = groups.flatMap((group) => group.items).find(({ item }) => item[options.itemValue] === value);
  const type = selected && options.itemType ? String(selected.item[options.itemType]) : undefined;
  const notice = type ? options.notices?.[type] : undefined;
  const count = new Set(
    visible.flatMap((group) =>
      group.items.filter((entry) => matches(entry, group.label)).map(({ item }) => String(item[options.itemValue])),
    ),
  ).size;
  // The suggestions give way as soon as the applicant types, before the search settles.
  const suggestions = !search.trim() && options.suggestions && listed !== groups ? listed[0]!.items : [];
  return (
    <div className="grouped-select">
      <label className="grouped-select__search-label" htmlFor={`${id}__search`}>
        {t('form.groupedSelect.search')}
      </label>
      <input
        id={`${id}__search`}
        type="search"
        className="input"
        value={search}
        autoComplete="off"
        aria-controls={id}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p className="field__help" role="status" aria-live="polite">
        {needle ? (count ? t('form.groupedSelect.results', { count }) : t('form.groupedSelect.noResults')) : ''}
      </p>
      {suggestions.length ? (
        <div className="grouped-select__suggestions" role="group" aria-labelledby={`${id}__suggested`}>
          <p className="grouped-select__suggestions-label" id={`${id}__suggested`}>
            {t(options.suggestions!.labelKey)}
          </p>
          {suggestions.map(({ item, label }) => (
            <button
              key={String(item[options.itemValue])}
              type="button"
              className="button chip"
              aria-pressed={item[options.itemValue] === value}
              disabled={disabled || readonly}
              onClick={() => onChange(item[options.itemValue])}
            >
              {label}
            </button>
          ))}
        </div>
      ) : null}
      <select
        id={id}
        name={htmlName || id}
        className="input input--select"
        value={value === undefined || value === null ? '' : String(value)}
        disabled={disabled || readonly}
        aria-invalid={rawErrors.length > 0 || undefined}
        aria-required={required || undefined}
        aria-describedby={[ariaDescribedByIds(id), notice ? `${id}__notice` : ''].filter(Boolean).join(' ')}
        onChange={(event) => {
          const raw = event.target.value;
          const match = groups
            .flatMap((group) => group.items)
            .find(({ item }) => String(item[options.itemValue]) === raw);
          onChange(raw === '' ? undefined : match ? match.item[options.itemValue] : raw);
        }}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      >
        <option value="">{t('form.selectPlaceholder')}</option>
        {visible.map((group) => (
          <optgroup key={group.id} label={group.label}>
            {group.items.map(({ item, label }) => (
              <option key={String(item[options.itemValue])} value={String(item[options.itemValue])}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {notice ? (
        <p
          className={`notice notice--${(type && options.noticeTones?.[type]) === 'error' ? 'error' : 'warning'}`}
          id={`${id}__notice`}
          role="status"
        >
          {t(notice)}
        </p>
      ) : null}
    </div>
  );
}
