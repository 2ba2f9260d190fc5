/**
 * A grouped choice with search (doc1 §2.7 "search a numbered industry list") as one combobox (WAI-ARIA APG
 * combobox with a listbox popup, issue 22): the applicant types, sees the matching items grouped, and chooses with
 * the keyboard (ArrowDown/ArrowUp move, Enter chooses, Escape closes and then restores the choice) or the pointer.
 * Options come from a screen's loaded data (`ui:options.source` names the read call), grouped, labelled from the
 * catalogues, filtered over labels and keywords after the search settles (`searchDelayMs`, doc2 §9), with a notice for
 * items of a flagged type (`ui:options.notices`, its tone from `ui:options.noticeTones`). What is submitted is always
 * on screen: the choice shows in the box, and stays named under it while the applicant searches again (defect 1).
 * Generic: the option shape is named in content (groups, items, itemValue, itemType, label prefixes).
 *
 * Suggestions (`ui:options.suggestions`): a read call named in content (doc2 §7 category prediction) is asked once
 * with the screen's document as its context, within `timeoutMs`; the items it ranks (by `itemValue`) come first,
 * in the answer's order, in their own group labelled `labelKey`, and show as buttons above the list (one press
 * chooses one) until the applicant searches. They are the same items as in the list, so a flagged type still
 * shows its notice. A slow or failed answer shows no suggestions and blocks nothing.
 */
import { useEffect, useEffectEvent, useMemo, useState, type KeyboardEvent } from 'react';
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

/**
 * `value` once it has stopped changing for `delayMs` (at once without a positive delay), and a way to settle it at
 * once (the applicant moved on to the list before the delay ran out).
 */
function useSettled(value: string, delayMs: number | undefined): [string, () => void] {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (!delayMs || delayMs <= 0) {
      setSettled(value);
      return undefined;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [delayMs && delayMs > 0 ? settled : value, () => setSettled(value)];
}

export function GroupedSelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors = [], required, registry } = props;
  const { t } = useI18n();
  const options = props.options as unknown as Options;
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
  const selected = groups.flatMap((group) => group.items).find(({ item }) => item[options.itemValue] === value);
  // The box shows the choice; typing turns it into a search (`search` is undefined while the box shows the choice).
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const text = search ?? selected?.label ?? '';
  const [filter, settleNow] = useSettled(search ?? '', options.searchDelayMs);
  const needle = fold(filter.trim());
  // The active option, in the list of the search it was chosen in: a new list (the search settled) starts with nothing
  // active. `last` stands for the last option of a list not drawn yet (ArrowUp as the search settles).
  const [activeIn, setActiveIn] = useState<{ needle: string; index: number | 'last' }>({ needle: '', index: -1 });
  const setActive = (index: number) => setActiveIn({ needle, index });
  const matches = ({ item, label }: { item: Item; label: string }, groupLabel: string) =>
    fold(label).includes(needle) ||
    (item.keywords ?? []).some((k) => fold(k).includes(needle)) ||
    fold(groupLabel).includes(needle);
  const visible = needle
    ? listed
        .map((group) => ({ ...group, items: group.items.filter((entry) => matches(entry, group.label)) }))
        .filter((group) => group.items.length > 0)
    : listed;
  const flat = visible.flatMap((group) =>
    group.items.map((entry) => ({
      ...entry,
      optionId: `${id}__option-${group.id}-${String(entry.item[options.itemValue])}`,
    })),
  );
  const count = new Set(flat.map(({ item }) => String(item[options.itemValue]))).size;
  const active = activeIn.needle !== needle ? -1 : activeIn.index === 'last' ? flat.length - 1 : activeIn.index;
  const activeId = open && active >= 0 ? flat[active]?.optionId : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);
  const type = selected && options.itemType ? String(selected.item[options.itemType]) : undefined;
  const notice = type ? options.notices?.[type] : undefined;
  const locked = disabled || readonly;
  const choose = (entry: { item: Item }) => {
    onChange(entry.item[options.itemValue]);
    setSearch(undefined);
    setOpen(false);
    setActive(-1);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        if (event.altKey) return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      const typed = fold((search ?? '').trim());
      if (typed !== needle) {
        // The search has not settled: the arrow key settles it and moves in its list (first or last option).
        settleNow();
        setActiveIn({ needle: typed, index: step > 0 ? 0 : 'last' });
        return;
      }
      if (!flat.length) setActive(-1);
      else if (active < 0) setActive(step > 0 ? 0 : flat.length - 1);
      else setActive((active + step + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      if (open && active >= 0 && flat[active]) {
        event.preventDefault(); // chooses; never submits the form under the open list
        choose(flat[active]);
      }
    } else if (event.key === 'Escape') {
      if (open) setOpen(false);
      else setSearch(undefined); // a second Escape gives the box back its choice
      setActive(-1);
    }
  };
  // The suggestions give way as soon as the applicant types, before the search settles.
  const suggestions = !search?.trim() && options.suggestions && listed !== groups ? listed[0]!.items : [];
  const describedBy = [
    `${id}__hint`,
    ariaDescribedByIds(id),
    selected && search !== undefined ? `${id}__chosen` : '',
    notice ? `${id}__notice` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grouped-select combobox">
      <p className="field__help" id={`${id}__hint`}>
        {t('form.groupedSelect.search')}
      </p>
      {suggestions.length ? (
        <div className="grouped-select__suggestions" role="group" aria-labelledby={`${id}__suggested`}>
          <p className="grouped-select__suggestions-label" id={`${id}__suggested`}>
            {t(options.suggestions!.labelKey)}
          </p>
          {suggestions.map((entry) => (
            <button
              key={String(entry.item[options.itemValue])}
              type="button"
              className="button chip"
              aria-pressed={entry.item[options.itemValue] === value}
              disabled={locked}
              onClick={() => choose(entry)}
            >
              {entry.label}
            </button>
          ))}
        </div>
      ) : null}
      <input
        id={id}
        type="text"
        role="combobox"
        className="input combobox__input"
        value={text}
        autoComplete="off"
        spellCheck={false}
        disabled={locked}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={`${id}__listbox`}
        aria-activedescendant={activeId}
        aria-invalid={rawErrors.length > 0 || undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy}
        onChange={(event) => {
          setSearch(event.target.value);
          setOpen(true);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
      />
      <p className="field__help" role="status" aria-live="polite">
        {needle && open ? (count ? t('form.groupedSelect.results', { count }) : t('form.groupedSelect.noResults')) : ''}
      </p>
      <div
        id={`${id}__listbox`}
        role="listbox"
        className="combobox__list"
        aria-label={t('form.groupedSelect.list')}
        hidden={!open || flat.length === 0}
      >
        {visible.map((group) => (
          <div key={group.id} role="group" aria-label={group.label} className="combobox__group">
            <div className="combobox__group-label" aria-hidden="true">
              {group.label}
            </div>
            {group.items.map((entry) => {
              const optionId = `${id}__option-${group.id}-${String(entry.item[options.itemValue])}`;
              return (
                <div
                  key={optionId}
                  id={optionId}
                  role="option"
                  aria-selected={entry.item[options.itemValue] === value}
                  className={`combobox__option${optionId === activeId ? ' combobox__option--active' : ''}`}
                  // The box keeps the focus: a press chooses without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(entry)}
                >
                  {entry.label}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {selected && search !== undefined ? (
        <p className="combobox__chosen" id={`${id}__chosen`}>
          {t('form.groupedSelect.chosen', { label: selected.label })}
        </p>
      ) : null}
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
