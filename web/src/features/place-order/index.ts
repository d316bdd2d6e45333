// What the rest of the storefront uses of the checkout: the orders kept on the device until they can be sent.
export {
  confirmKeptOrder,
  discardKeptOrder,
  runKeptOrders,
  sendKeptOrders,
  useKeptOrders,
  type KeptOrderView,
} from './kept-orders/kept-orders';
