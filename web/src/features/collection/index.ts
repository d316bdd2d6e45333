// The collection's search bar lives in the nav (spec: the search icon shows it on /collection).
export { isCollectionRoute, toggleSearchVisibility, useSearchVisibility } from './search-visibility';
