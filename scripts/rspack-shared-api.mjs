// The parts of react-router and TanStack Query the front ends share (scripts/rspack-shared.mjs builds
// each shared module from its list; eslint.config.js refuses an import of any other name). Plain data, so
// the lint config reads it without loading the build.

/*
 * The react-router API the front ends share: declarative routing (the shell mounts a <BrowserRouter> and
 * the remotes' routes render through useRoutes, so the data-router and framework APIs cannot work in a
 * remote anyway). `react-router` and `react-router-dom` are both shared as this one module: ~15 KB gzip
 * instead of ~60 KB for the whole package, which a shared module cannot tree-shake. A remote that needs
 * another export adds it here, and the shell is rebuilt with it.
 */
export const ROUTER_EXPORTS = [
  // Components
  'BrowserRouter',
  'HashRouter',
  'Link',
  'MemoryRouter',
  'NavLink',
  'Navigate',
  'Outlet',
  'Route',
  'Router',
  'Routes',
  // Hooks
  'useBeforeUnload',
  'useHref',
  'useInRouterContext',
  'useLinkClickHandler',
  'useLocation',
  'useMatch',
  'useNavigate',
  'useNavigationType',
  'useOutlet',
  'useOutletContext',
  'useParams',
  'useResolvedPath',
  'useRoutes',
  'useSearchParams',
  // Utilities
  'NavigationType',
  'createPath',
  'createRoutesFromChildren',
  'createRoutesFromElements',
  'createSearchParams',
  'generatePath',
  'matchPath',
  'matchRoutes',
  'parsePath',
  'renderMatches',
  'resolvePath',
  // The contexts, for libraries that read them
  'UNSAFE_LocationContext',
  'UNSAFE_NavigationContext',
  'UNSAFE_RouteContext',
];

/*
 * The @tanstack/react-query API the front ends share, the same way (~3 KB gzip less on every first view
 * than the whole package, whose unused hooks and observers a shared module cannot tree-shake).
 */
export const QUERY_EXPORTS = [
  'MutationCache',
  'QueryCache',
  'QueryClient',
  'QueryClientProvider',
  'keepPreviousData',
  'queryOptions',
  'skipToken',
  'useIsFetching',
  'useIsMutating',
  'useMutation',
  'useQuery',
  'useQueryClient',
];

/** Share key → the package it is part of and the names it holds. */
export const SHARED_SUBSETS = {
  'react-router': { pkg: 'react-router', names: ROUTER_EXPORTS, list: 'ROUTER_EXPORTS' },
  'react-router-dom': { pkg: 'react-router', names: ROUTER_EXPORTS, list: 'ROUTER_EXPORTS' },
  '@tanstack/react-query': { pkg: '@tanstack/react-query', names: QUERY_EXPORTS, list: 'QUERY_EXPORTS' },
};
