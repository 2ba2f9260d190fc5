/**
 * A grouped select with search (doc1 §2.7 "search a numbered industry list"): options come from a screen's
 * loaded data (`ui:options.source` names the read call), grouped, labelled from the catalogues, filtered by a
 * search box over labels and keywords, with a notice for items of a flagged type (`ui:options.notices`).
 * Generic: the option shape is named in content (groups, items, itemValue, itemType, label prefixes).
 */
import { useMemo, useState } from 'react';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';

interface Options {
  source: string;
  groups: string;
  items: string;
  itemValue: string;
  itemType?: string;
  groupLabels: string;
  itemLabels: string;
  notices?: Record<string, string>;
}

type Item = Record<string, unknown> & { keywords?: string[] };

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

export function GroupedSelectWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, onChange, onBlur, onFocus, rawErrors = [], required, registry } = props;
  const { t } = useI18n();
  const options = props.options as unknown as Options;
  const [search, setSearch] = useState('');
  const source = ((registry.formContext as { data?: Record<string, unknown> })?.data ?? {})[options.source] as Record<string, unknown> | undefined;
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
  const needle = fold(search.trim());
  const visible = needle
    ? groups
        .map((group) => ({
          ...group,
          items: group.items.filter(({ item, label }) => fold(label).includes(needle) || (item.keywords ?? []).some((k) => fold(k).includes(needle)) || fold(group.label).includes(needle)),
        }))
        .filter((group) => group.items.length > 0)
    : groups;
  const selected = groups.flatMap((group) => group.items).find(({ item }) => item[options.itemValue] === value);
  const type = selected && options.itemType ? String(selected.item[options.itemType]) : undefined;
  const notice = type ? options.notices?.[type] : undefined;
  const count = visible.reduce((sum, group) => sum + group.items.length, 0);
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
          const match = groups.flatMap((group) => group.items).find(({ item }) => String(item[options.itemValue]) === raw);
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
        <p className={`notice notice--${type === 'SUPER_PROHIBITED' ? 'error' : 'warning'}`} id={`${id}__notice`} role="status">
          {t(notice)}
        </p>
      ) : null}
    </div>
  );
}
