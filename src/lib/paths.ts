/** Every route path of the app, in one place (SPEC §2). Features link with these, never with literals. */
export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/login/forgot-password',
  resetPassword: '/login/reset-password',
  emailRegistration: '/login/email-registration',
  profile: '/profil',
  settings: '/profil/installningar',
  orders: '/profil/bestallningar',
  inventory: '/profil/inventering',
  myArticles: '/profil/inventering/mina-artiklar',
  popularArticles: '/profil/populara-artiklar',
  purchaseLists: '/profil/inkopslistor',
  manageUsers: '/profil/hantera-anvandare',
  createUser: '/profil/hantera-anvandare/skapa-anvandare',
  /** Followed by `/{id}`: see editUserPath. */
  editUser: '/profil/hantera-anvandare/redigera-anvandare',
  search: '/sok',
  product: '/produkt',
  /** The content folder of the category pages (SPEC §1: the products folder). */
  categories: '/sortiment',
  checkout: '/kassa',
  checkoutConfirmation: '/kassa/bekraftelse',
} as const;

/** /produkt/{slug} */
export const productPath = (slug: string) => `${paths.product}/${encodeURIComponent(slug)}`;

/** A category page: /sortiment/ and the slugs from the top level down ('drycker', 'vin', 'rott-vin'). */
export const categoryPath = (slugs: readonly string[]) =>
  `${paths.categories}/${slugs.map((s) => encodeURIComponent(s)).join('/')}`;

/** /sok?q=… */
export const searchPath = (q: string) =>
  q.trim() ? `${paths.search}?q=${encodeURIComponent(q.trim())}` : paths.search;

/** SPEC §2: the default redirect after login is the root, and a user landing after login is sent to /profil. */
export const AFTER_LOGIN_PATH = paths.profile;

export const editUserPath = (id: string) => `${paths.editUser}/${encodeURIComponent(id)}`;

/** /profil/inventering/{id} */
export const inventoryListPath = (id: string) => `${paths.inventory}/${encodeURIComponent(id)}`;

/** /profil/inventering/{id}/rakna — the counting screen of a list. */
export const inventoryCountPath = (id: string) => `${inventoryListPath(id)}/rakna`;

/** /profil/inventering/{id}/rakna?artikel={itemId} — the counting screen with one article chosen (the review's "Räkna om"). */
export const inventoryRecountPath = (id: string, itemId: string) =>
  `${inventoryCountPath(id)}?artikel=${encodeURIComponent(itemId)}`;

/** /profil/inventering/{id}/granska — the review before closing a list. */
export const inventoryReviewPath = (id: string) => `${inventoryListPath(id)}/granska`;

/** /profil/bestallningar/{orderNumber} */
export const orderPath = (orderNumber: string) => `${paths.orders}/${encodeURIComponent(orderNumber)}`;
