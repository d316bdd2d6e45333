import { fromPromise, type ActorRefFrom } from 'xstate';
import { onFirstUse } from '#domain/on-first-use';
import { cartMachine, storedCartLog } from '#machines/cart/cart-machine';
import type { CartChange } from '#machines/cart/cart-log';
import { showToast } from '../../shared/toasts';
import { fetchServerCart, sendCartChange } from './cart-api';
import { storeCartLog } from './cart-storage';

// The cart statechart with the browser's effects: GraphQL for the server's cart, local storage for the log
// and toasts for errors. The GraphQL client has already logged a failed call. Built when the cart first mounts.
export const cartLogic = onFirstUse(() =>
  cartMachine().provide({
    actors: {
      fetchCart: fromPromise(() => fetchServerCart()),
      sendCartChange: fromPromise(({ input }: { input: CartChange }) => sendCartChange(input)),
    },
    actions: {
      persistLog: ({ context }) => storeCartLog(storedCartLog(context)),
      notifyError: (_, { message }) => showToast('error', message),
    },
  }),
);

export type CartActorRef = ActorRefFrom<ReturnType<typeof cartLogic>>;
