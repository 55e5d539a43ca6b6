import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, loadConfig, parseTrustProxy } from './config.ts';

describe('TRUST_PROXY', () => {
  it('is a hop count or an address list, never "trust any X-Forwarded-For"', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.2, 10.1.0.0/16')).toEqual(['10.0.0.2', '10.1.0.0/16']);
    expect(() => parseTrustProxy('true')).toThrow(/hop count/);
    expect(() => parseTrustProxy('*')).toThrow(/hop count/);
    expect(() => parseTrustProxy('cafe')).toThrow(/hop count/);
    expect(parseTrustProxy('loopback,::1')).toEqual(['loopback', '::1']);
  });

  it('trusts exactly the counted hops', () => {
    const trust = fastifyTrustProxy(1);
    if (typeof trust !== 'function') throw new Error('a hop count becomes a function');
    expect([trust('127.0.0.1', 0), trust('203.0.113.9', 1)]).toEqual([true, false]);
  });
});

describe('REGISTRATION', () => {
  it('is closed unless set to open, and refuses anything else', () => {
    expect(loadConfig({}).registration).toBe('closed');
    expect(loadConfig({ REGISTRATION: 'open' }).registration).toBe('open');
    expect(() => loadConfig({ REGISTRATION: 'yes' })).toThrow(/REGISTRATION/);
  });
});

describe('PACT_PROVIDER_STATES', () => {
  it('is off unless set to 1, and refused in production', () => {
    expect(loadConfig({}).pactProviderStates).toBe(false);
    expect(loadConfig({ PACT_PROVIDER_STATES: '0' }).pactProviderStates).toBe(false);
    expect(loadConfig({ PACT_PROVIDER_STATES: '1' }).pactProviderStates).toBe(true);
    expect(() => loadConfig({ PACT_PROVIDER_STATES: 'yes' })).toThrow(/PACT_PROVIDER_STATES/);
    expect(() => loadConfig({ PACT_PROVIDER_STATES: '1', NODE_ENV: 'production' })).toThrow(
      /refused with NODE_ENV=production/,
    );
  });
});

describe('single sign-on settings', () => {
  const base = { OIDC_ISSUER: 'https://id.example.com/realms/gis', OIDC_CLIENT_ID: 'atlasboard' };

  it('builds the redirect URI from APP_URL and reads the defaults', () => {
    const config = loadConfig({ ...base, APP_URL: 'https://maps.example.com/' });
    expect(config.oidc).toMatchObject({
      redirectUri: 'https://maps.example.com/auth/oidc/callback',
      postLogoutRedirectUri: 'https://maps.example.com/login',
      scopes: 'openid email profile',
      groupsClaim: 'groups',
      linkEmail: 'never',
      adminGroups: [],
    });
    expect(config.passwordLogin).toBe(true);
    expect(loadConfig({}).oidc).toBeUndefined();
  });

  it('refuses an issuer without APP_URL or a client id, and unknown switch values', () => {
    expect(() => loadConfig(base)).toThrow(/APP_URL/);
    expect(() => loadConfig({ OIDC_ISSUER: base.OIDC_ISSUER, APP_URL: 'https://a.example' })).toThrow(
      /OIDC_CLIENT_ID/,
    );
    expect(() => loadConfig({ ...base, APP_URL: 'https://a.example', OIDC_LINK_EMAIL: 'always' })).toThrow(
      /OIDC_LINK_EMAIL/,
    );
    expect(() => loadConfig({ PASSWORD_LOGIN: 'maybe' })).toThrow(/PASSWORD_LOGIN/);
  });

  it('splits group lists on commas and spaces', () => {
    const config = loadConfig({
      ...base,
      APP_URL: 'https://a.example',
      OIDC_ADMIN_GROUPS: 'gis-admins, it-admins',
      OIDC_EDITOR_GROUPS: 'editors surveyors',
    });
    expect(config.oidc?.adminGroups).toEqual(['gis-admins', 'it-admins']);
    expect(config.oidc?.editorGroups).toEqual(['editors', 'surveyors']);
  });
});
