import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useStore } from '../support/bff-process.js';
import { codesOf, gql, type GraphQLAnswer } from '../support/graphql.js';
import { call } from '../support/http.js';

// The API hashes one password at a time with no queue, each hash made slow (40 passes): a burst of sign-ups is
// mostly refused by the API with 503 and Retry-After, which the shopper must receive as STORE_BUSY with the wait.
const ONE_SLOT = { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '0', PASSWORD_HASH_ITERATIONS: '40' };
const BUSY_MESSAGE = 'The store is busy right now. Please try again in a moment.';
const REGISTER = 'mutation($input: RegisterInput!) { register(input: $input) { token } }';
const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';

const account = () => ({
  name: 'Asha',
  email: `busy-${randomUUID()}@example.com`,
  password: 'correct horse 1',
});

function expectBusy(answer: GraphQLAnswer<unknown>): void {
  expect(codesOf(answer)).toEqual(['STORE_BUSY']);
  const [error] = answer.errors ?? [];
  expect(error?.message).toBe(BUSY_MESSAGE);
  const wait = error?.extensions?.retryAfterSeconds;
  expect(Number.isInteger(wait) && (wait as number) >= 1).toBe(true);
}

async function burst(bffUrl: string, size: number) {
  const inputs = Array.from({ length: size }, account);
  const answers = await Promise.all(
    inputs.map((input) => gql<{ register: { token: string } }>(bffUrl, REGISTER, { input })),
  );
  return {
    inputs,
    answers,
    signedUp: answers.filter((answer) => answer.data?.register.token),
    refused: answers.filter((answer) => answer.errors),
  };
}

describe('a sign-up burst beyond the API’s hashing slots', () => {
  const store = useStore({}, ONE_SLOT);

  it('reaches the shopper as STORE_BUSY with extensions.retryAfterSeconds, never as a timeout', async () => {
    const { inputs, answers, signedUp, refused } = await burst(store().bff.url, 6);
    expect(signedUp.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expectBusy(answer);

    // The same sign-up, sent again after the wait it was given, succeeds.
    const index = answers.findIndex((answer) => answer.errors);
    const wait = refused[0]!.errors![0]!.extensions!.retryAfterSeconds as number;
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    const again = await gql<{ register: { token: string } }>(store().bff.url, REGISTER, {
      input: inputs[index],
    });
    expect(again.errors).toBeUndefined();
    expect(again.data?.register.token).toEqual(expect.any(String));
  });

  it('a login refused while the slot is taken is STORE_BUSY too', async () => {
    const input = account();
    expect((await gql(store().bff.url, REGISTER, { input })).errors).toBeUndefined();
    const [, login] = await Promise.all([
      gql(store().bff.url, REGISTER, { input: account() }),
      new Promise<GraphQLAnswer<unknown>>((resolve) =>
        setTimeout(
          () =>
            resolve(gql(store().bff.url, LOGIN, { input: { email: input.email, password: input.password } })),
          50,
        ),
      ),
    ]);
    expectBusy(login);
  });

  it('the REST contract at the store’s URL passes the 503 and its Retry-After back', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(store().bff.url, 'POST', '/api/user/register', account())),
    );
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) {
      expect(answer.body).toEqual({ success: false, message: BUSY_MESSAGE });
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});

describe('a busy API that sends failures with status 200 (FAILURES_AS_200)', () => {
  const store = useStore({}, { ...ONE_SLOT, FAILURES_AS_200: 'true' });

  it('is still STORE_BUSY with the wait, told apart by its message and Retry-After', async () => {
    const { signedUp, refused } = await burst(store().bff.url, 6);
    expect(signedUp.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const answer of refused) expectBusy(answer);
  });
});
