// The collection's search bar lives in the nav (spec: the search icon shows it on /collection).
export { isCollectionRoute, toggleSearchVisibility, useSearchVisibility } from './search-visibility';
// The server renders the collection's title as the page sets it.
export { collectionTitle } from './collection-heading';
export { parseCollectionParams } from './collection-params';
