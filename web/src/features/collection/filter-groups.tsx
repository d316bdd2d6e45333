import type { Category, ProductType } from '../../graphql/generated/graphql';
import { CATEGORY_OPTIONS, TYPE_OPTIONS } from '../../shared/catalog/catalog-labels';
import { IN_STOCK_VALUE } from './collection-params';
import styles from './collection.module.css';
import type { CollectionFacets } from './use-collection-products';

export interface FilterGroupsProps {
  /** The collection's form (a plain GET of /collection) the checkboxes belong to. */
  form: string;
  categories: readonly Category[];
  types: readonly ProductType[];
  inStock: boolean;
  facets: CollectionFacets | undefined;
  onToggleCategory: (category: Category) => void;
  onToggleType: (type: ProductType) => void;
  onToggleInStock: () => void;
}

/** The spec's CATEGORIES and TYPE checkboxes, and AVAILABILITY, each with its product count. */
export function FilterGroups({
  form,
  categories,
  types,
  inStock,
  facets,
  onToggleCategory,
  onToggleType,
  onToggleInStock,
}: FilterGroupsProps) {
  const categoryCount = (value: Category) =>
    facets?.categories.find((facet) => facet.category === value)?.count;
  const typeCount = (value: ProductType) => facets?.types.find((facet) => facet.type === value)?.count;
  return (
    <>
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
    </>
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
      <input
        type="checkbox"
        className={styles.checkbox}
        form={form}
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
      />
      <span>{label}</span>
      {count === undefined ? null : <span className={styles.filterCount}>{count}</span>}
    </label>
  );
}
