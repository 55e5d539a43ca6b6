import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.ts';

/**
 * The origin of links in mail (password reset, address check, exports). It comes only from
 * APP_URL or from the address this server itself listens on, never from a request's Host or
 * X-Forwarded-Host: those are the caller's to choose, and a reset link on the caller's host
 * hands them the token.
 */
export function linkOrigin(config: ServerConfig, server: FastifyInstance): string {
  if (config.appUrl !== undefined) return config.appUrl;
  const address = server.server.address();
  const port = address !== null && typeof address === 'object' ? address.port : config.port;
  const unspecified = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const host = unspecified ? 'localhost' : config.host;
  return `http://${isIPv6(host) ? `[${host}]` : host}:${port}`;
}
