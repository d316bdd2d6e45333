import type { AuthOutcome } from '../../../../machines/src/auth/auth-machine';
import { StoreBusyError } from '../../../../machines/src/auth/busy-retry';
import type { AuthRequest } from '../../../../machines/src/auth/credentials';
import { apolloClient, readGraphQLError } from '../../graphql/apollo-client';
import { requiredData } from '../../graphql/required-data';
import { LoginDocument, RegisterDocument } from '../../graphql/generated/graphql';

/**
 * The login form's one call: login or register. Any error rejects with the server's sentence (wrong password,
 * email taken, too many attempts), which the machine shows as a toast; `silent` keeps the client from toasting it
 * a second time. A busy store (STORE_BUSY) rejects with StoreBusyError and its Retry-After: the machine waits and
 * sends the request again.
 */
export async function authenticate(request: AuthRequest): Promise<AuthOutcome> {
  try {
    if (request.mode === 'login') {
      const data = requiredData((await apolloClient.mutate({
        mutation: LoginDocument,
        variables: { input: { email: request.email, password: request.password } },
        context: { silent: true },
      })).data);
      return { status: 'signedIn', token: data.login.token };
    }
    const data = requiredData((await apolloClient.mutate({
      mutation: RegisterDocument,
      variables: { input: { name: request.name, email: request.email, password: request.password } },
      context: { silent: true },
    })).data);
    return { status: 'signedIn', token: data.register.token };
  } catch (error) {
    const failure = readGraphQLError(error);
    if (failure.code === 'STORE_BUSY') throw new StoreBusyError(failure.message, failure.retryAfterSeconds);
    throw new Error(failure.message, { cause: error });
  }
}
