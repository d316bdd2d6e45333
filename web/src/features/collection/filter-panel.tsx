import { useEffect, useId, useState } from 'react';
import { ChevronDownIcon } from '../../shared/icons';
import { earlyTaps, takeEarlyTaps, type EarlyControl } from '../../shared/early-taps';
import ui from '../../shared/ui.module.css';
import type { Category, ProductType } from '../../graphql/generated/graphql';
import type { CollectionFacets } from './use-collection-products';
import { CATEGORY_OPTIONS, TYPE_OPTIONS } from '../../shared/catalog/catalog-labels';
import { IN_STOCK_VALUE } from './collection-params';
import styles from './collection.module.css';

type Facets = CollectionFacets | undefined;

interface FilterPanelProps {
  /** The collection's form (a plain GET of /collection) the checkboxes belong to. */
  form: string;
  categories: readonly Category[];
  types: readonly ProductType[];
  inStock: boolean;
  facets: Facets;
  onToggleCategory: (category: Category) => void;
  onToggleType: (type: ProductType) => void;
  onToggleInStock: () => void;
}

export function FilterPanel({
  form,
  categories,
  types,
  inStock,
  facets,
  onToggleCategory,
  onToggleType,
  onToggleInStock,
}: FilterPanelProps) {
  // Collapsed by default on phones (the CSS always shows the panel from 768 px up).
  // A tap on FILTERS before the app's code arrived opened the panel (shared/early-taps.ts): it stays open.
  const [open, setOpen] = useState(() => earlyTaps().filtersOpen === true);
  useEffect(() => void takeEarlyTaps(), []);

  const panelId = useId();
  const categoryCount = (value: Category) => facets?.categories.find((facet) => facet.category === value)?.count;
  const typeCount = (value: ProductType) => facets?.types.find((facet) => facet.type === value)?.count;
  const active = categories.length + types.length + (inStock ? 1 : 0);

  return (
    <aside className={styles.filters} aria-label="Filters">
      <button
        type="button"
        className={styles.filtersToggle}
        aria-expanded={open}
        aria-controls={panelId}
        data-early={'filters' satisfies EarlyControl}
        onClick={() => setOpen((value) => !value)}
      >
        FILTERS
        {active > 0 ? <span className={styles.filtersActive}>{active}</span> : null}
        <ChevronDownIcon className={styles.filtersChevron} data-open={open} />
      </button>
      <h2 className={styles.filtersHeading}>FILTERS</h2>

      <div id={panelId} className={styles.filtersPanel} data-open={open}>
        <fieldset className={styles.filterGroup}>
          <legend className={styles.filterLegend}>CATEGORIES</legend>
          {CATEGORY_OPTIONS.map((option) => (
            <FilterCheckbox
              key={option.value}
              label={option.label}
              count={categoryCount(option.value)}
              form={form}
              name="category"
              value={option.value}
              checked={categories.includes(option.value)}
              onChange={() => onToggleCategory(option.value)}
            />
          ))}
        </fieldset>
        <fieldset className={styles.filterGroup}>
          <legend className={styles.filterLegend}>TYPE</legend>
          {TYPE_OPTIONS.map((option) => (
            <FilterCheckbox
              key={option.value}
              label={option.label}
              count={typeCount(option.value)}
              form={form}
              name="type"
              value={option.value}
              checked={types.includes(option.value)}
              onChange={() => onToggleType(option.value)}
            />
          ))}
        </fieldset>
        <fieldset className={styles.filterGroup}>
          <legend className={styles.filterLegend}>AVAILABILITY</legend>
          <FilterCheckbox
            label="In stock only"
            count={undefined}
            form={form}
            name="inStock"
            value={IN_STOCK_VALUE}
            checked={inStock}
            onChange={onToggleInStock}
          />
        </fieldset>
        <button type="submit" form={form} className={`${ui.buttonGhost} ${styles.applyFilters}`} data-apply hidden>
          Apply
        </button>
      </div>
    </aside>
  );
}

interface FilterCheckboxProps {
  form: string;
  name: string;
  value: string;
  label: string;
  count: number | undefined;
  checked: boolean;
  onChange: () => void;
}

// Before the app's code arrives, a change submits the form (a page the BFF renders with the filter applied).
function FilterCheckbox({ form, name, value, label, count, checked, onChange }: FilterCheckboxProps) {
  return (
    <label className={styles.filterOption}>
      <input type="checkbox" className={styles.checkbox} form={form} name={name} value={value} checked={checked} onChange={onChange} />
      <span>{label}</span>
      {count === undefined ? null : <span className={styles.filterCount}>{count}</span>}
    </label>
  );
}
