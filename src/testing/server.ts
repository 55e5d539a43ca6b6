import { setupServer } from 'msw/node';
import { handlers } from '../../mocks/handlers';

/** The Node MSW server for unit and component tests: the same handlers as mock mode. */
export const server = setupServer(...handlers);
