// `npm run oidc:dev`: the OpenID Connect provider the server tests use, on this machine, to try
// single sign-on by hand. Its login form signs in any of the accounts below with any password.
import { startTestProvider } from '../server/test-support/oidc-test-provider.ts';

const appUrl = (process.env.APP_URL ?? 'http://localhost:8080').replace(/\/+$/, '');
const port = Number(process.env.OIDC_DEV_PORT ?? 9400);
const provider = await startTestProvider({
  appUrl,
  port,
  clientSecret: process.env.OIDC_DEV_CLIENT_SECRET ?? 'dev-only-client-secret',
  accounts: [
    { sub: 'ada', email: 'ada@example.org', email_verified: true, name: 'Ada Admin', groups: ['gis-admins'] },
    {
      sub: 'eve',
      email: 'eve@example.org',
      email_verified: true,
      name: 'Eve Editor',
      groups: ['gis-editors', 'surveyors'],
    },
    { sub: 'una', email: 'una@example.org', email_verified: true, name: 'Una User', groups: ['surveyors'] },
    { sub: 'nia', email: 'nia@example.org', email_verified: false, name: 'Nia Unverified', groups: [] },
  ],
});
process.stdout.write(
  [
    `Test OpenID Connect provider at ${provider.issuer} (accounts: ada, eve, una, nia; any password).`,
    'Start the server with:',
    `  APP_URL=${appUrl} OIDC_ISSUER=${provider.issuer} OIDC_CLIENT_ID=${provider.clientId} \\`,
    `  OIDC_CLIENT_SECRET=${provider.clientSecret} OIDC_LABEL="Dev ID" \\`,
    '  OIDC_ADMIN_GROUPS=gis-admins OIDC_EDITOR_GROUPS=gis-editors npm start',
    '',
  ].join('\n'),
);
const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
