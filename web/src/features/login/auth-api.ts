import type { AuthOutcome } from '#machines/auth/auth-machine';
import type { AuthRequest } from '#machines/auth/credentials';
import { LoginDocument, RegisterDocument } from './generated/documents';
import { callStore } from '../../graphql/store-call';

/**
 * The login form's one call: login or register. A refusal (wrong password, email taken) resolves with the
 * server's sentence, which the machine shows as a toast; a busy store rejects with StoreBusyError, and the
 * machine waits and sends the request again.
 */
export async function authenticate(request: AuthRequest): Promise<AuthOutcome> {
  if (request.mode === 'login') {
    const answer = await callStore({
      mutation: LoginDocument,
      variables: { input: { email: request.email, password: request.password } },
    });
    return answer.status === 'answered' ? { status: 'signedIn', token: answer.data.login.token } : answer;
  }
  const answer = await callStore({
    mutation: RegisterDocument,
    variables: { input: { name: request.name, email: request.email, password: request.password } },
  });
  return answer.status === 'answered' ? { status: 'signedIn', token: answer.data.register.token } : answer;
}
