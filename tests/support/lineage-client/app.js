/* global document, window, location */
// A stand-in for the seed's original storefront (a React shop of the same lineage): it talks to its backend the way that
// client does, with axios's behaviour reproduced over fetch, a `token` request header, toasts for failures and
// the orders list reversed (its backend answered oldest first). Plain DOM, no framework, no build step.

const currency = '₹';
const deliveryFee = 10;

// VITE_BACKEND_URL: a `backendUrl` query parameter, or the <meta name="backend-url"> the server writes.
const backendUrl = (
  new URLSearchParams(location.search).get('backendUrl') ??
  document.querySelector('meta[name="backend-url"]')?.getAttribute('content') ??
  ''
).replace(/\/+$/, '');

const state = {
  products: [],
  /** itemId → size → quantity */
  cartItems: {},
  token: localStorage.getItem('token') ?? '',
  orderData: [],
  loginMode: 'Login',
  /** The size picked on the product page shown. */
  size: '',
};

// ---- axios, as far as this client relies on it -------------------------------------------------------------

/** Resolves with `{ status, data }` for a 2xx answer; otherwise throws `Request failed with status code <n>`. */
async function request(method, path, body, headers = {}) {
  let response;
  try {
    response = await fetch(backendUrl + path, {
      method,
      headers: {
        Accept: 'application/json, text/plain, */*',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // What axios reports when the browser gives no answer at all (unreachable, or blocked by CORS).
    throw new Error('Network Error');
  }
  const text = await response.text();
  let data = text;
  try {
    data = JSON.parse(text);
  } catch {
    // axios keeps a body that is not JSON as text.
  }
  if (response.status < 200 || response.status >= 300) {
    const error = new Error(`Request failed with status code ${response.status}`);
    error.response = { status: response.status, data };
    throw error;
  }
  return { status: response.status, data };
}

const api = {
  get: (path) => request('GET', path),
  post: (path, body, headers) => request('POST', path, body, headers),
};

// ---- small helpers ------------------------------------------------------------------------------------------

/** h('p', { class: 'x', onclick }, 'text', child) → an element. */
function h(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    if (name.startsWith('on')) element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) element.append(child);
  }
  return element;
}

function toast(message) {
  const box = h('div', { role: 'alert', class: 'toast' }, String(message));
  document.getElementById('toasts').append(box);
  window.setTimeout(() => box.remove(), 5000);
}

function fail(error) {
  console.log(error);
  toast(error.message);
}

const navigate = (hash) => {
  if (location.hash === hash) render();
  else location.hash = hash;
};

const productOf = (id) => state.products.find((product) => product._id === id);

function cartLines() {
  const lines = [];
  for (const [itemId, sizes] of Object.entries(state.cartItems)) {
    for (const [size, quantity] of Object.entries(sizes))
      if (quantity > 0) lines.push({ itemId, size, quantity });
  }
  return lines;
}

const cartCount = () => cartLines().reduce((sum, line) => sum + line.quantity, 0);

const cartAmount = () =>
  cartLines().reduce((sum, line) => sum + (productOf(line.itemId)?.price ?? 0) * line.quantity, 0);

const auth = () => ({ token: state.token });

// ---- the calls ----------------------------------------------------------------------------------------------

async function getProductsData() {
  try {
    const response = await api.get('/api/product/list');
    if (response.data.success) state.products = response.data.products;
    else toast(response.data.message);
  } catch (error) {
    fail(error);
  }
  render();
}

async function getUserCart(token) {
  try {
    const response = await api.post('/api/cart/get', {}, { token });
    if (response.data.success) state.cartItems = response.data.cartData;
  } catch (error) {
    fail(error);
  }
  render();
}

async function addToCart(itemId, size) {
  if (!size) {
    toast('Select Product Size');
    return;
  }
  const cartData = structuredClone(state.cartItems);
  cartData[itemId] ??= {};
  cartData[itemId][size] = (cartData[itemId][size] ?? 0) + 1;
  state.cartItems = cartData;
  render();
  if (!state.token) return;
  try {
    const response = await api.post('/api/cart/add', { itemId, size }, auth());
    if (!response.data.success) toast(response.data.message);
  } catch (error) {
    fail(error);
  }
}

async function updateQuantity(itemId, size, quantity) {
  const cartData = structuredClone(state.cartItems);
  cartData[itemId][size] = quantity;
  state.cartItems = cartData;
  render();
  if (!state.token) return;
  try {
    const response = await api.post('/api/cart/update', { itemId, size, quantity }, auth());
    if (!response.data.success) toast(response.data.message);
  } catch (error) {
    fail(error);
  }
}

async function submitLogin(event) {
  event.preventDefault();
  const fields = Object.fromEntries(new FormData(event.target));
  try {
    const response =
      state.loginMode === 'Sign Up'
        ? await api.post('/api/user/register', {
            name: fields.name,
            email: fields.email,
            password: fields.password,
          })
        : await api.post('/api/user/login', { email: fields.email, password: fields.password });
    if (response.data.success) {
      state.token = response.data.token;
      localStorage.setItem('token', response.data.token);
      void getUserCart(state.token);
      navigate('#/');
    } else {
      toast(response.data.message);
    }
  } catch (error) {
    fail(error);
  }
}

function logout() {
  localStorage.removeItem('token');
  state.token = '';
  state.cartItems = {};
  navigate('#/login');
}

async function placeOrder(event) {
  event.preventDefault();
  // Every field a string, as the React form's inputs (number inputs included) hand them over.
  const address = Object.fromEntries(new FormData(event.target));
  const items = [];
  for (const line of cartLines()) {
    const itemInfo = structuredClone(productOf(line.itemId));
    if (itemInfo) {
      itemInfo.size = line.size;
      itemInfo.quantity = line.quantity;
      items.push(itemInfo);
    }
  }
  try {
    const response = await api.post(
      '/api/order/place',
      { address, items, amount: cartAmount() + deliveryFee },
      auth(),
    );
    if (response.data.success) {
      state.cartItems = {};
      navigate('#/orders');
    } else {
      toast(response.data.message);
    }
  } catch (error) {
    fail(error);
  }
}

async function loadOrderData() {
  if (!state.token) return;
  try {
    const response = await api.post('/api/order/userorders', {}, auth());
    if (response.data.success) {
      const allOrdersItem = [];
      for (const order of response.data.orders) {
        for (const item of order.items) {
          item.status = order.status;
          item.payment = order.payment;
          item.paymentMethod = order.paymentMethod;
          item.date = order.date;
          allOrdersItem.push(item);
        }
      }
      state.orderData = allOrdersItem.reverse();
      render();
    }
  } catch (error) {
    console.log(error);
  }
}

// ---- the views ----------------------------------------------------------------------------------------------

function shopView() {
  return [
    h('h1', {}, 'LATEST COLLECTIONS'),
    h(
      'ul',
      { class: 'grid', 'aria-label': 'Products' },
      state.products.map((product) =>
        h(
          'li',
          {},
          h(
            'a',
            { href: `#/product/${product._id}` },
            h('img', { src: product.image[0], alt: '' }),
            h('p', {}, product.name),
            h('p', {}, `${currency}${product.price}`),
          ),
        ),
      ),
    ),
  ];
}

function productView(id) {
  const product = productOf(id);
  if (!product) return [];
  const sizeButtons = product.sizes.map((label) =>
    h(
      'button',
      {
        type: 'button',
        'aria-pressed': String(state.size === label),
        onclick: () => {
          state.size = label;
          render();
        },
      },
      label,
    ),
  );
  return h(
    'div',
    { class: 'product' },
    h('img', { src: product.image[0], alt: product.name }),
    h(
      'div',
      {},
      h('h1', {}, product.name),
      h('p', {}, `${currency}${product.price}`),
      h('p', {}, product.description),
      h('div', { class: 'sizes', role: 'group', 'aria-label': 'Select Size' }, sizeButtons),
      h(
        'p',
        {},
        h(
          'button',
          { type: 'button', class: 'primary', onclick: () => void addToCart(product._id, state.size) },
          'ADD TO CART',
        ),
      ),
    ),
  );
}

function cartView() {
  const subtotal = cartAmount();
  return [
    h('h1', {}, 'YOUR CART'),
    h(
      'ul',
      { class: 'lines', 'aria-label': 'Cart lines' },
      cartLines().map(({ itemId, size, quantity }) => {
        const product = productOf(itemId);
        if (!product) return h('li', {}, `Product not found for ID: ${itemId}`);
        const label = `${product.name}, size ${size}`;
        return h(
          'li',
          { 'aria-label': label },
          h('img', { src: product.image[0], alt: '' }),
          h('p', {}, product.name),
          h('p', {}, `${currency}${product.price}`),
          h('p', {}, `Size: ${size}`),
          h('input', {
            type: 'number',
            min: 1,
            value: quantity,
            'aria-label': `Quantity of ${label}`,
            onchange: (event) => {
              const value = event.target.value;
              if (value !== '' && value !== '0') void updateQuantity(itemId, size, Number(value));
            },
          }),
          h(
            'button',
            {
              type: 'button',
              'aria-label': `Remove ${label}`,
              onclick: () => void updateQuantity(itemId, size, 0),
            },
            '×',
          ),
        );
      }),
    ),
    h(
      'section',
      { 'aria-label': 'Cart totals' },
      h('h2', {}, 'CART TOTALS'),
      h('p', {}, `Subtotal: ${currency}${subtotal}.00`),
      h('p', {}, `Shipping Fee: ${currency}${deliveryFee}.00`),
      h('p', {}, `Total: ${currency}${subtotal === 0 ? 0 : subtotal + deliveryFee}.00`),
      h(
        'button',
        { type: 'button', class: 'primary', onclick: () => navigate('#/place-order') },
        'PROCEED TO CHECKOUT',
      ),
    ),
  ];
}

function field(label, name, type = 'text') {
  return h('label', {}, label, h('input', { name, type, required: true }));
}

function placeOrderView() {
  return h(
    'form',
    { 'aria-label': 'Delivery information', onsubmit: (event) => void placeOrder(event) },
    h('h1', {}, 'DELIVERY INFORMATION'),
    field('First name', 'firstName'),
    field('Last name', 'lastName'),
    field('Email address', 'email', 'email'),
    field('Street', 'street'),
    field('City', 'city'),
    field('State', 'state'),
    field('Zipcode', 'zipcode', 'number'),
    field('Country', 'country'),
    field('Phone', 'phone', 'number'),
    h('p', {}, `Total: ${currency}${cartAmount() + deliveryFee}.00`),
    h(
      'fieldset',
      {},
      h('legend', {}, 'PAYMENT METHOD'),
      h('label', {}, h('input', { type: 'radio', checked: true }), 'CASH ON DELIVERY'),
    ),
    h('button', { type: 'submit', class: 'primary' }, 'PLACE ORDER'),
  );
}

function ordersView() {
  return [
    h('h1', {}, 'MY ORDERS'),
    h(
      'ul',
      { class: 'lines', 'aria-label': 'My orders' },
      state.orderData.map((item) =>
        h(
          'li',
          {},
          h('img', { src: item.image[0], alt: '' }),
          h('p', { class: 'name' }, item.name),
          h('p', {}, `${currency}${item.price}`),
          h('p', {}, `Quantity: ${item.quantity}`),
          h('p', {}, `Size: ${item.size}`),
          h('p', {}, `Date: ${new Date(item.date).toDateString()}`),
          h('p', {}, `Payment: ${item.paymentMethod}`),
          h('p', { class: 'status' }, item.status),
        ),
      ),
    ),
    h('button', { type: 'button', onclick: () => void loadOrderData() }, 'Track Order'),
  ];
}

function loginView() {
  const signUp = state.loginMode === 'Sign Up';
  return h(
    'form',
    { 'aria-label': state.loginMode, onsubmit: (event) => void submitLogin(event) },
    h('h1', {}, state.loginMode),
    signUp && field('Name', 'name'),
    field('Email', 'email', 'email'),
    field('Password', 'password', 'password'),
    h('p', {}, 'Forgot your password?'),
    h(
      'button',
      {
        type: 'button',
        onclick: () => {
          state.loginMode = signUp ? 'Login' : 'Sign Up';
          render();
        },
      },
      signUp ? 'Login Here' : 'Create account',
    ),
    h('button', { type: 'submit', class: 'primary' }, signUp ? 'Sign Up' : 'Sign In'),
  );
}

function render() {
  const route = location.hash.replace(/^#/, '') || '/';
  if (route === '/login' && state.token) {
    navigate('#/');
    return;
  }
  const product = /^\/product\/(.+)$/.exec(route);
  const view = product
    ? productView(decodeURIComponent(product[1]))
    : route === '/cart'
      ? cartView()
      : route === '/place-order'
        ? placeOrderView()
        : route === '/orders'
          ? ordersView()
          : route === '/login'
            ? loginView()
            : shopView();
  document.getElementById('view').replaceChildren(...[view].flat());
  document.getElementById('cart-link').textContent = `Cart (${cartCount()})`;
  document
    .getElementById('account')
    .replaceChildren(
      state.token
        ? h('button', { type: 'button', onclick: logout }, 'Logout')
        : h('a', { href: '#/login' }, 'Login'),
    );
}

window.addEventListener('hashchange', () => {
  // A page's own state starts afresh each time it is shown, as the React pages' did.
  state.size = '';
  state.loginMode = 'Login';
  if (location.hash === '#/orders') void loadOrderData();
  render();
});

render();
if (!backendUrl) toast('No backend URL: set ?backendUrl= or <meta name="backend-url">');
void getProductsData();
if (state.token) void getUserCart(state.token);
if (location.hash === '#/orders') void loadOrderData();
