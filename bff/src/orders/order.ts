import type { RestOrder } from '../rest/section7.js';

/** An order as the REST API answers it (the codegen mapper of `Order`); `resolvers.ts` shapes it for the schema. */
export type OrderModel = RestOrder;
