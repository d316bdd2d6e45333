import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type CollectionParams, parseCollectionParams, toSearchParams } from './collection-params';

type Update = (
  change: (current: CollectionParams) => CollectionParams,
  options?: { replace?: boolean },
) => void;

/** The collection's view as read from the URL, and a way to change it that writes the URL back. */
export function useCollectionParams(): [CollectionParams, Update] {
  const [searchParams, setSearchParams] = useSearchParams();
  const view = useMemo(() => parseCollectionParams(searchParams), [searchParams]);

  const update = useCallback<Update>(
    (change, options) => {
      setSearchParams((current) => toSearchParams(change(parseCollectionParams(current))), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [setSearchParams],
  );

  return [view, update];
}
