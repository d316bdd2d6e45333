import { useCallback, useId, useState } from 'react';
import type { EarlyControl } from '../../shared/early-taps';
import { COLLECTION_META } from '../../shared/prerendered-routes';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { useHydrated } from '../../shared/use-hydrated';
import type { ProductSort } from '../../graphql/generated/graphql';
import { SORT_OPTIONS, SORT_VALUES } from '../../shared/catalog/catalog-labels';
import { ProductCard, ProductCardSkeleton } from '../../shared/catalog/product-card';
import grid from '../../shared/catalog/product-grid.module.css';
import { hasActiveFilters, toggleValue } from './collection-params';
import styles from './collection.module.css';
import { FilterPanel } from './filter-panel';
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
  useDocumentMeta(COLLECTION_META.title, COLLECTION_META.description);
  const [view, updateView] = useCollectionParams();
  const showSearch = useSearchVisibility();
  const sortId = useId();
  // The page can arrive rendered with its products before its code (docs/decisions/008).
  const hydrated = useHydrated();
  const { products, totalCount, facets, hasNextPage, loadingMore, error, loadMore, retry } = useCollectionProducts(view);

  // The previous view's facet counts stay while the next view loads, so the filter panel does not jump.
  const [shownFacets, setShownFacets] = useState<CollectionFacets | undefined>(facets);
  if (facets && facets !== shownFacets) setShownFacets(facets);

  const onSearch = useCallback((q: string) => updateView((current) => ({ ...current, q }), { replace: true }), [updateView]);
  const clearFilters = () => updateView((current) => ({ ...current, categories: [], types: [], inStock: false, q: '' }));

  return (
    <div className={styles.page}>
      {showSearch ? (
        <div className="container">
          <SearchBar form={COLLECTION_FORM} value={view.q} onSearch={onSearch} />
        </div>
      ) : null}

      {/* The view as a plain GET form (controls join it with `form=`): without JavaScript, or before the app's code
          has arrived, filters, sort and search reload the page the BFF renders for them. */}
      <form
        id={COLLECTION_FORM}
        method="get"
        action="/collection"
        data-early={'form' satisfies EarlyControl}
        onSubmit={(event) => event.preventDefault()}
      />
      <div className={`container ${styles.layout}`}>
        <FilterPanel
          form={COLLECTION_FORM}
          categories={view.categories}
          types={view.types}
          inStock={view.inStock}
          facets={facets ?? shownFacets}
          onToggleCategory={(category) => updateView((current) => ({ ...current, categories: toggleValue(current.categories, category) }))}
          onToggleType={(type) => updateView((current) => ({ ...current, types: toggleValue(current.types, type) }))}
          onToggleInStock={() => updateView((current) => ({ ...current, inStock: !current.inStock }))}
        />

        <section className={styles.results} aria-labelledby="collection-title">
          <header className={styles.resultsHeader}>
            <div>
              <h1 id="collection-title" className={ui.sectionTitle}>
                All collections
              </h1>
              <p className={styles.resultCount} aria-live="polite">
                {totalCount === undefined ? ' ' : `${totalCount} ${totalCount === 1 ? 'product' : 'products'}`}
              </p>
            </div>
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
          </header>

          {products ? (
            products.length === 0 ? (
              <div className={styles.empty} role="status">
                <h2 className={styles.emptyTitle}>No shoes match</h2>
                <p>
                  {view.q ? `Nothing for “${view.q}” with these filters.` : 'Nothing with these filters yet.'} Try fewer filters or another
                  search.
                </p>
                {hasActiveFilters(view) ? (
                  <button type="button" className={ui.button} onClick={clearFilters}>
                    Clear filters
                  </button>
                ) : null}
              </div>
            ) : (
              <>
                <ul className={grid.grid}>
                  {products.map((product, index) => (
                    <li key={product.id}>
                      <ProductCard product={product} showId priority={index < FIRST_ROW} />
                    </li>
                  ))}
                  {loadingMore ? <SkeletonItems count={4} /> : null}
                </ul>
                {hasNextPage ? (
                  <div className={styles.loadMore}>
                    <button type="button" className={ui.buttonGhost} onClick={loadMore} disabled={loadingMore || !hydrated}>
                      {loadingMore ? 'Loading…' : 'Load more'}
                    </button>
                  </div>
                ) : null}
              </>
            )
          ) : error ? (
            <div className={styles.empty} role="alert">
              <h2 className={styles.emptyTitle}>The collection could not be loaded</h2>
              <p>{error.message}</p>
              <button type="button" className={ui.button} onClick={retry}>
                Try again
              </button>
            </div>
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

function SkeletonItems({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={`skeleton-${index}`}>
      <ProductCardSkeleton />
    </li>
  ));
}
