import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../shared/icons';
import { useHydrated } from '../../shared/use-hydrated';
import type { Category, ProductType } from '../../graphql/generated/graphql';
import type { CollectionFacets } from './use-collection-products';
import { CATEGORY_OPTIONS, TYPE_OPTIONS } from '../../shared/catalog/catalog-labels';
import styles from './collection.module.css';

type Facets = CollectionFacets | undefined;

interface FilterPanelProps {
  categories: readonly Category[];
  types: readonly ProductType[];
  facets: Facets;
  onToggleCategory: (category: Category) => void;
  onToggleType: (type: ProductType) => void;
}

export function FilterPanel({ categories, types, facets, onToggleCategory, onToggleType }: FilterPanelProps) {
  // Collapsed by default on phones (the CSS always shows the panel from 768 px up).
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const categoryCount = (value: Category) => facets?.categories.find((facet) => facet.category === value)?.count;
  const typeCount = (value: ProductType) => facets?.types.find((facet) => facet.type === value)?.count;
  const active = categories.length + types.length;
  // Until React owns the page (it can arrive rendered before its code), a press would change nothing.
  const disabled = !useHydrated();

  return (
    <aside className={styles.filters} aria-label="Filters">
      <button
        type="button"
        className={styles.filtersToggle}
        aria-expanded={open}
        aria-controls={panelId}
        disabled={disabled}
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
              checked={categories.includes(option.value)}
              disabled={disabled}
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
              checked={types.includes(option.value)}
              disabled={disabled}
              onChange={() => onToggleType(option.value)}
            />
          ))}
        </fieldset>
      </div>
    </aside>
  );
}

interface FilterCheckboxProps {
  label: string;
  count: number | undefined;
  checked: boolean;
  disabled: boolean;
  onChange: () => void;
}

function FilterCheckbox({ label, count, checked, disabled, onChange }: FilterCheckboxProps) {
  return (
    <label className={styles.filterOption}>
      <input type="checkbox" className={styles.checkbox} checked={checked} disabled={disabled} onChange={onChange} />
      <span>{label}</span>
      {count === undefined ? null : <span className={styles.filterCount}>{count}</span>}
    </label>
  );
}
