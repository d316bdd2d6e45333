import { useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { EarlyControl } from '../../shared/early-taps';
import { LoadFailed } from '../../shared/load-failed';
import { ROUTES } from '../../shared/route-table';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { useDrawnWhenIdle } from '../../shared/use-drawn-when-idle';
import { useHydrated } from '../../shared/use-hydrated';
import type { ProductSort } from '../../graphql/generated/graphql';
import { SORT_OPTIONS, SORT_VALUES } from '../../shared/catalog/catalog-labels';
import { ProductCard, ProductCardSkeleton } from '../../shared/catalog/product-card';
import grid from '../../shared/catalog/product-grid.module.css';
import { ActiveFilterChips, ClearAllLink, ClearFiltersLink } from './active-filter-chips';
import { collectionHeading, collectionTitle, resultCountText } from './collection-heading';
import {
  type CollectionParams,
  canonicalCollectionHref,
  collectionHref,
  filterSelectionCount,
  hasFilterSelections,
  toggleValue,
  withoutFiltersOrSearch,
} from './collection-params';
import styles from './collection.module.css';
import { FilterPanel, FiltersButton, useFilterSheet } from './filter-panel';
import { SearchBar } from './search-bar';
import { useSearchVisibility } from './search-visibility';
import { type CollectionFacets, useCollectionProducts } from './use-collection-products';
import { useCollectionParams } from './use-collection-params';

const SKELETON_CARDS = 8;
// The widest grid has 4 columns.
const FIRST_ROW = 4;

function isSort(value: string): value is ProductSort {
  return (SORT_VALUES as readonly string[]).includes(value);
}

/** The id of the collection's form, which the filters, the sort and the search belong to. */
const COLLECTION_FORM = 'collection-view';

export default function CollectionPage() {
  const [view, updateView] = useCollectionParams();
  const heading = collectionHeading(view);
  useDocumentMeta(collectionTitle(view), ROUTES.collection.meta.description, canonicalCollectionHref(view));
  const showSearch = useSearchVisibility();
  const sortId = useId();
  // The page can arrive rendered with its products before its code (docs/decisions/008).
  const hydrated = useHydrated();
  const drawnWhenIdle = useDrawnWhenIdle();
  const { products, totalCount, facets, hasNextPage, loadingMore, error, loadMore, retry, keptNotice } =
    useCollectionProducts(view);

  // The previous view's facet counts and total stay while the next view loads, so the filters do not jump.
  const [shownFacets, setShownFacets] = useState<CollectionFacets | undefined>(facets);
  if (facets && facets !== shownFacets) setShownFacets(facets);
  const [shownCount, setShownCount] = useState<number | undefined>(totalCount);
  if (totalCount !== undefined && totalCount !== shownCount) setShownCount(totalCount);

  const sheet = useFilterSheet();

  const onSearch = useCallback(
    (q: string) => updateView((current) => ({ ...current, q }), { replace: true }),
    [updateView],
  );

  return (
    <div className={styles.page}>
      {showSearch ? (
        <div className="container">
          <SearchBar form={COLLECTION_FORM} value={view.q} onSearch={onSearch} />
        </div>
      ) : null}

      {/* The view as a plain GET form (controls join it with `form=`): without the app's code, filters, sort
          and search reload the page the BFF renders for them. */}
      <form
        id={COLLECTION_FORM}
        method="get"
        action="/collection"
        data-early={'form' satisfies EarlyControl}
        onSubmit={(event) => event.preventDefault()}
      />
      <div className={`container ${styles.layout}`}>
        <header className={styles.resultsHeader}>
          <h1 id="collection-title" className={`${ui.sectionTitle} ${styles.title}`}>
            {heading}
          </h1>
          <p className={styles.resultCount} aria-live="polite">
            {totalCount === undefined ? ' ' : resultCountText(totalCount, view.q)}
          </p>
          <div className={styles.toolbar}>
            <FiltersButton sheet={sheet} active={filterSelectionCount(view)} />
            <label htmlFor={sortId} className="visually-hidden">
              Sort products
            </label>
            <select
              id={sortId}
              className={styles.sort}
              form={COLLECTION_FORM}
              name="sort"
              value={view.sort}
              onChange={(event) => {
                const sort = event.target.value;
                if (isSort(sort)) updateView((current) => ({ ...current, sort }));
              }}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </header>

        <FilterPanel
          sheet={sheet}
          form={COLLECTION_FORM}
          categories={view.categories}
          types={view.types}
          inStock={view.inStock}
          facets={facets ?? shownFacets}
          resultCount={totalCount ?? shownCount}
          counting={totalCount === undefined}
          clearFilters={<ClearFiltersLink view={view} className={ui.buttonGhost} />}
          onToggleCategory={(category) =>
            updateView((current) => ({ ...current, categories: toggleValue(current.categories, category) }))
          }
          onToggleType={(type) =>
            updateView((current) => ({ ...current, types: toggleValue(current.types, type) }))
          }
          onToggleInStock={() => updateView((current) => ({ ...current, inStock: !current.inStock }))}
        />

        <section className={styles.results} aria-labelledby="collection-title">
          <ActiveFilterChips view={view} />
          {keptNotice ? (
            <p className={styles.keptNotice} role="status">
              {keptNotice}
            </p>
          ) : null}

          {products ? (
            products.length === 0 ? (
              <NoMatch view={view} />
            ) : (
              <>
                <ul className={grid.grid}>
                  {products.map((product, index) => (
                    <li key={product.id} ref={index < FIRST_ROW ? undefined : drawnWhenIdle}>
                      <ProductCard product={product} showId priority={index < FIRST_ROW} />
                    </li>
                  ))}
                  {loadingMore ? <SkeletonItems count={4} /> : null}
                </ul>
                {hasNextPage ? (
                  <div className={styles.loadMore}>
                    <button
                      type="button"
                      className={ui.buttonGhost}
                      onClick={loadMore}
                      disabled={loadingMore || !hydrated}
                    >
                      {loadingMore ? 'Loading…' : 'Load more'}
                    </button>
                  </div>
                ) : null}
              </>
            )
          ) : error ? (
            <LoadFailed title="The collection could not be loaded" message={error.message} onRetry={retry} />
          ) : (
            <ul className={grid.grid} aria-busy="true" aria-label="Loading products">
              <SkeletonItems count={SKELETON_CARDS} />
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}

/** An empty result says what was asked for: the filters (and Clear all), or only the search. */
function NoMatch({ view }: { view: CollectionParams }) {
  const [title, advice, action] = hasFilterSelections(view)
    ? [
        'No shoes match these filters',
        view.q
          ? `Nothing for “${view.q}” with these filters. Remove one, or clear them all.`
          : 'Remove a filter, or clear them all.',
        <ClearAllLink key="clear" view={view} className={ui.button} />,
      ]
    : view.q
      ? [
          `No shoes match “${view.q}”`,
          'Check the spelling, or try a more general word, such as “sneaker” or “leather”.',
          <Link
            key="all"
            to={collectionHref(withoutFiltersOrSearch(view))}
            className={ui.button}
            preventScrollReset
          >
            See all shoes
          </Link>,
        ]
      : ['No shoes here yet', 'The collection is empty for now. Please come back soon.', null];
  return (
    <div className={styles.empty} role="status">
      <h2 className={styles.emptyTitle}>{title}</h2>
      <p>{advice}</p>
      {action}
    </div>
  );
}

function SkeletonItems({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`skeleton-${index}`}>
      <ProductCardSkeleton />
    </li>
  ));
}
