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
