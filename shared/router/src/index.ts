/**
 * The React Router the site runs: every part imports routing from here, never from react-router, and
 * the shell shares this module as a singleton. Module Federation shares a module whole, so only what
 * is re-exported here is bundled; the data routers, server rendering and cookie helpers are left out.
 * A new export is a minor version (a remote that needs it is refused by a shell built before it).
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  parsePath,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useResolvedPath,
  useSearchParams,
} from 'react-router';
