/*
 * What the apps share of react-router: a declarative hash router with its components and hooks. Sharing the
 * package whole would send its data router, server rendering, RSC and session code to every phone (60 KB gzip;
 * the app has no loaders or actions, so the data router would be dead weight). Add an export here before using
 * it in an app (a test checks every import against this list); never remove one, since an older remote may
 * rely on it.
 */
export {
  HashRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Routes,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  matchPath,
  matchRoutes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from 'shared-original/react-router';
