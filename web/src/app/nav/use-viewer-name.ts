import { useQuery } from '@apollo/client/react';
import { NavViewerDocument } from './generated/documents';

/** The signed-in shopper's name for the nav; a nicety, so a failure is logged, not toasted. */
export function useViewerName(): string | undefined {
  const { data } = useQuery(NavViewerDocument, { context: { silent: true } });
  return data?.me?.name ?? undefined;
}
