/**
 * The data of a call made with the default error policy, where errors reject and the data is always there; the
 * type says it may be missing, so a response without it (which the BFF never sends) fails loudly here.
 */
export function requiredData<T>(data: T | undefined): T {
  if (data === undefined) throw new Error('The store sent an empty answer. Please try again.');
  return data;
}
