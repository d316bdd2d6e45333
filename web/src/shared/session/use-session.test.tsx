import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setHostedSession } from './session-store';
import { useSession, type Session } from './use-session';

function hosted(userId: string | null, signedIn = true) {
  return { signedIn, userId, getToken: () => Promise.resolve(signedIn ? `token-of-${userId ?? ''}` : null) };
}

/** The session as a component under the app would read it, after hydration. */
function renderSession(): { current: () => Session } {
  let seen: Session | undefined;
  function Probe() {
    seen = useSession();
    return null;
  }
  render(<Probe />);
  return { current: () => seen! };
}

describe('the session of the hosted sign-in', () => {
  afterEach(() => {
    act(() => setHostedSession(null));
  });

  it('is one account per user signed in there, so one user’s cart and kept orders never go to another', () => {
    const session = renderSession();
    act(() => setHostedSession(hosted('user_a')));
    expect(session.current()).toEqual({ status: 'signedIn', account: 'hosted:user_a' });
    act(() => setHostedSession(hosted('user_b')));
    expect(session.current()).toEqual({ status: 'signedIn', account: 'hosted:user_b' });
    act(() => setHostedSession(hosted(null, false)));
    expect(session.current()).toEqual({ status: 'signedOut', account: null });
  });
});
