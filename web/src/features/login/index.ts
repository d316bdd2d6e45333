// Sign-in as the rest of the storefront uses it: where to sign in, and the hosted sign-in offer.
export { hostedSignInReturnPath, loginPathFor } from './next-path';
export { HostedSignInOffer } from './sign-in-offer';
