import { CURRENCY_SYMBOL, DELIVERY_FEE, MAX_LINE_QUANTITY } from '../../../domain/store-rules.js';
import type { QueryResolvers } from '../generated/resolvers-types.js';

export const shopQueries: Required<Pick<QueryResolvers, 'shop'>> = {
  shop: () => ({ currencySymbol: CURRENCY_SYMBOL, deliveryFee: DELIVERY_FEE, maxLineQuantity: MAX_LINE_QUANTITY }),
};
