import { BrowserRouter, useRoutes } from 'react-router';
import { routes } from './routes';

function AppRoutes() {
  return useRoutes(routes);
}

/**
 * The whole route tree with react-router's declarative router: screens load with React.lazy,
 * the layout matches breadcrumbs itself, so the product ships no data router
 * (docs/architecture.md#first-load).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
