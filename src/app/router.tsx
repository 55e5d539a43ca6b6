import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes';
// Styles only signed-in screens use, kept off a guest's first page (docs/architecture.md#first-load).
import '../styles/signed-in-controls.css';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The whole route tree with react-router's declarative router: screens load with React.lazy,
 * the layout matches breadcrumbs itself, so the product ships no data router
 * (docs/architecture.md#first-load). Navigations are not React transitions: the screen being
 * left makes way for the layout's loading status at once, instead of staying on show and usable
 * under the next screen's address until that screen's chunk arrives (see sign-in-shell.tsx).
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}
