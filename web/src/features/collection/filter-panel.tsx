import { type ReactNode, useEffect, useId, useState } from 'react';
import { earlyTaps, takeEarlyTaps, type EarlyControl } from '../../shared/early-taps';
import ui from '../../shared/ui.module.css';
import { useHydrated } from '../../shared/use-hydrated';
import { filterSelectionCount } from './collection-params';
import styles from './collection.module.css';
import { FilterGroups, type FilterGroupsProps } from './filter-groups';
import { FilterSheet } from './filter-sheet';

// From this width the filters are a sidebar (the spec's breakpoint); below it, FILTERS opens a sheet.
const SIDEBAR_MEDIA = '(min-width: 768px)';

export interface FilterSheetState {
  /** FILTERS was tapped and the sheet (or, before the app's code, the panel in place) is open. */
  open: boolean;
  /** The checkboxes are in the sheet rather than the panel. */
  inSheet: boolean;
  hydrated: boolean;
  panelId: string;
  sheetId: string;
  setOpen: (open: boolean) => void;
}

/** Whether the phone's filters are open: the page holds it, as FILTERS and the panel are apart. */
export function useFilterSheet(): FilterSheetState {
  const hydrated = useHydrated();
  // A tap on FILTERS before the app's code arrived opened the panel in place (shared/early-taps.ts); once
  // hydrated, it moves into the sheet.
  const [open, setOpen] = useState(() => earlyTaps().filtersOpen === true);
  useEffect(() => void takeEarlyTaps(), []);

  // A phone turned to a width with the sidebar closes the sheet (its checkboxes go back to the sidebar).
  useEffect(() => {
    if (!open || typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(SIDEBAR_MEDIA);
    const onChange = () => {
      if (wide.matches) setOpen(false);
    };
    onChange();
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  return { open, inSheet: open && hydrated, hydrated, panelId: useId(), sheetId: useId(), setOpen };
}

/** The phone's FILTERS button, with how many filters are set. */
export function FiltersButton({ sheet, active }: { sheet: FilterSheetState; active: number }) {
  return (
    <button
      type="button"
      className={styles.filtersToggle}
      aria-expanded={sheet.open}
      // Before the app's code, the tap opens the panel in place; after, the sheet.
      aria-controls={sheet.hydrated ? sheet.sheetId : sheet.panelId}
      aria-haspopup="dialog"
      data-early={'filters' satisfies EarlyControl}
      onClick={() => sheet.setOpen(true)}
    >
      FILTERS
      {active > 0 ? <span className={styles.filtersActive}>{active}</span> : null}
    </button>
  );
}

interface FilterPanelProps extends FilterGroupsProps {
  sheet: FilterSheetState;
  /** How many products the view shows (the sheet's "Show N results"); undefined until known. */
  resultCount: number | undefined;
  counting: boolean;
  /** Offered in the sheet when a box is ticked. */
  clearFilters: ReactNode;
}

/** The sidebar from 768 px; below, the sheet FILTERS opens (the panel in place without the app's code). */
export function FilterPanel({ sheet, resultCount, counting, clearFilters, ...groups }: FilterPanelProps) {
  const filterGroups = <FilterGroups {...groups} />;
  return (
    <aside className={styles.filters} aria-label="Filters">
      <h2 className={styles.filtersHeading}>FILTERS</h2>

      {/* The checkboxes are in one place at a time: here, or in the sheet. The Apply button submits the
          collection's form where no script runs (the CSS shows it only then). */}
      <div id={sheet.panelId} className={styles.filtersPanel} data-open={sheet.open && !sheet.inSheet}>
        {sheet.inSheet ? null : filterGroups}
        <button
          type="submit"
          form={groups.form}
          className={`${ui.buttonGhost} ${styles.applyFilters}`}
          data-apply
          hidden
        >
          Apply
        </button>
      </div>

      <FilterSheet
        id={sheet.sheetId}
        open={sheet.inSheet}
        onClose={() => sheet.setOpen(false)}
        resultCount={resultCount}
        counting={counting}
        secondaryAction={filterSelectionCount(groups) > 0 ? clearFilters : null}
      >
        {filterGroups}
      </FilterSheet>
    </aside>
  );
}
