/** Every route path of the app, in one place (SPEC §2). Features link with these, never with literals. */
export const paths = {
  home: '/',
  login: '/login',
  forgotPassword: '/login/forgot-password',
  resetPassword: '/login/reset-password',
  profile: '/profil',
  settings: '/profil/installningar',
  orders: '/profil/bestallningar',
  inventory: '/profil/inventering',
  popularArticles: '/profil/populara-artiklar',
  purchaseLists: '/profil/inkopslistor',
  manageUsers: '/profil/hantera-anvandare',
  search: '/sok',
} as const;

/** SPEC §2: the default redirect after login is the root, and a user landing after login is sent to /profil. */
export const AFTER_LOGIN_PATH = paths.profile;
