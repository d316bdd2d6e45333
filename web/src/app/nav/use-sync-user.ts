import { useMutation } from '@apollo/client/react';
import { SyncUserDocument } from './generated/documents';

/** The spec's profile call after a hosted sign-in: its answer is not used and a failure is only logged. */
export function useSyncUser(): () => Promise<unknown> {
  const [syncUser] = useMutation(SyncUserDocument, { context: { silent: true } });
  return syncUser;
}
