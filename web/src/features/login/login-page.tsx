import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import {
  authMachine,
  selectAuthSubmitting,
  selectBusyNotice,
  selectModeToggleLabel,
  selectSubmitLabel,
  selectSubmittingLabel,
} from '#machines/auth/auth-machine';
import type { AuthRequest, CredentialField } from '#machines/auth/credentials';
import { focusFirstInvalid, FormField } from '../../shared/form-field';
import { inspect } from '../../shared/inspect';
import { ROUTES } from '../../shared/route-table';
import { showToast } from '../../shared/toasts';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { useHydrated } from '../../shared/use-hydrated';
import { setSessionToken } from '../../shared/session/session-store';
import { useSession } from '../../shared/session/use-session';
import { authenticate } from './auth-api';
import styles from './login.module.css';
import { safeNextPath } from './next-path';

const authLogic = authMachine.provide({
  actors: { authenticate: fromPromise(({ input }: { input: AuthRequest }) => authenticate(input)) },
  actions: {
    storeToken: (_, { token }) => setSessionToken(token),
    notifyError: (_, { message }) => showToast('error', message),
  },
});

/** Where the shopper was sent from: `?next=/place-order`, or a guard's `state.from`. */
function useReturnPath(): string {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: { from?: unknown } | null };
  const from = typeof state?.from === 'string' ? state.from : undefined;
  return safeNextPath(params.get('next') ?? from);
}

export default function LoginPage() {
  useDocumentMeta(ROUTES.login.meta.title, ROUTES.login.meta.description);
  const { status } = useSession();
  const returnPath = useReturnPath();
  // Signed in already, or just now (the machine stored the token): on to where the shopper was going.
  if (status === 'signedIn') return <Navigate to={returnPath} replace />;
  return <LoginForm />;
}

const FIELDS: readonly CredentialField[] = ['name', 'email', 'password'];

function LoginForm() {
  const auth = useActorRef(authLogic, { inspect });
  const mode = useSelector(auth, (snapshot) => snapshot.context.mode);
  const fields = useSelector(auth, (snapshot) => snapshot.context.fields);
  const errors = useSelector(auth, (snapshot) => snapshot.context.fieldErrors);
  const submitting = useSelector(auth, selectAuthSubmitting);
  const submitLabel = useSelector(auth, selectSubmitLabel);
  const submittingLabel = useSelector(auth, selectSubmittingLabel);
  const busyNotice = useSelector(auth, selectBusyNotice);
  const toggleLabel = useSelector(auth, selectModeToggleLabel);
  const formRef = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  const signingUp = mode === 'signUp';

  const field = (name: CredentialField) => ({
    name,
    value: fields[name],
    error: errors[name],
    required: true,
    readOnly: submitting,
    onValueChange: (value: string) => auth.send({ type: 'login.fieldChanged', field: name, value }),
  });

  return (
    <section className={`container ${styles.page}`} aria-labelledby="login-title">
      <form
        ref={formRef}
        className={styles.form}
        noValidate
        aria-busy={submitting}
        onSubmit={(event) => {
          event.preventDefault();
          auth.send({ type: 'login.submitted' });
          focusFirstInvalid(formRef.current, FIELDS, auth.getSnapshot().context.fieldErrors);
        }}
      >
        <h1 id="login-title" className={`${ui.sectionTitle} ${styles.title}`}>
          {signingUp ? 'Sign Up' : 'Login'}
        </h1>
        {signingUp ? <FormField label="Name" type="text" autoComplete="name" {...field('name')} /> : null}
        <FormField label="Email" type="email" autoComplete="email" inputMode="email" {...field('email')} />
        <FormField
          label="Password"
          type="password"
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          {...field('password')}
        />
        <div className={styles.row}>
          {/* The spec shows this as text with no action. */}
          <p className={styles.forgot}>Forgot your password?</p>
          <button
            type="button"
            className={styles.toggle}
            disabled={submitting}
            onClick={() => auth.send({ type: 'login.modeToggled' })}
          >
            {toggleLabel}
          </button>
        </div>
        {/* Disabled in the prerendered HTML: a native submit before the app would put the password in the URL. */}
        <button
          type="submit"
          className={`${ui.button} ${styles.submit}`}
          aria-disabled={submitting}
          disabled={!hydrated}
        >
          {submitting ? submittingLabel : submitLabel}
        </button>
        {/* Always in the page, so screen readers announce the line when the store turns busy. */}
        <p className={styles.status} role="status" aria-live="polite">
          {busyNotice}
        </p>
      </form>
    </section>
  );
}
