import { Link } from 'react-router-dom';
import { CloseIcon } from '../../shared/icons';
import { activeFilters } from './active-filters';
import {
  type CollectionParams,
  collectionHref,
  hasActiveFilters,
  withoutFilters,
  withoutFiltersOrSearch,
} from './collection-params';
import styles from './collection.module.css';

// Links, not buttons: each is the view without that filter, so it works before the app's code arrives (and
// without JavaScript), and the back button undoes it like a ticked box.

interface ClearLinkProps {
  view: CollectionParams;
  className: string | undefined;
}

/** Clear all: the view without any filter or search, the sort kept. */
export function ClearAllLink({ view, className }: ClearLinkProps) {
  return (
    <Link to={collectionHref(withoutFiltersOrSearch(view))} className={className} preventScrollReset>
      Clear all
    </Link>
  );
}

/** Clear filters: the boxes unticked, the search kept (the filter sheet holds the boxes only). */
export function ClearFiltersLink({ view, className }: ClearLinkProps) {
  return (
    <Link to={collectionHref(withoutFilters(view))} className={className} preventScrollReset>
      Clear filters
    </Link>
  );
}

/**
 * The filters and search in effect, each removable, and Clear all; nothing when none is set. (Links in a
 * group, not a list: the page's first list is its products.)
 */
export function ActiveFilterChips({ view }: { view: CollectionParams }) {
  if (!hasActiveFilters(view)) return null;
  return (
    <div className={styles.chips} role="group" aria-label="Active filters">
      {activeFilters(view).map((chip) => (
        <Link
          key={chip.key}
          to={collectionHref(chip.without)}
          className={styles.chip}
          aria-label={chip.removeLabel}
          preventScrollReset
        >
          {chip.label}
          <CloseIcon className={styles.chipIcon} />
        </Link>
      ))}
      <ClearAllLink view={view} className={styles.clearAll} />
    </div>
  );
}
