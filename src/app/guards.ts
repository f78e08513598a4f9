import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { session } from '../api/session/session';
import { paths } from '../lib/paths';

type Loader = (args: LoaderFunctionArgs) => unknown;

/** SPEC §2: an auth-required route opened without a session goes to /login. */
export function requireAuth(loader?: Loader): Loader {
  return (args) => {
    if (!session.get()) throw redirect(paths.login);
    return loader ? loader(args) : null;
  };
}

/** SPEC §2: an authenticated user opening the login path is sent to the root. */
export const redirectIfAuthenticated: Loader = () => {
  if (session.get()) throw redirect(paths.home);
  return null;
};

/** SPEC §2/§8: an unknown page is a fatal 404 'Page Not Found: {path}'. */
export const notFound: Loader = ({ request }) => {
  const path = new URL(request.url).pathname;
  throw data({ code: 'PageNotFound', path }, { status: 404, statusText: 'Not Found' });
};
