import axios, { type AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
import { useAuthStore } from '../stores/auth-store';

/** Statuses after which the browser is sent to the sign-in screen (docs/product.md#errors). */
export const SIGN_IN_STATUSES: readonly number[] = [401, 403, 419];

/**
 * Screens where a 401/403/419 must not bounce the browser to /login: the sign-in
 * screen itself (docs/product.md#errors) and the other guest screens whose flows start signed out
 * (second step, registration, password reset links).
 */
/**
 * A map's pages a guest may read (a public map, a share link's): a 401 there answers an
 * operation guests may not call (bookmarks, history), not an expired session.
 */
const GUEST_MAP_PAGE = /^\/(embed\/\d+|maps\/\d+\/show)(\/|3d|$)/;

const GUEST_PATHS: readonly string[] = [
  '/login',
  '/2fa',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
];

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * `false` for the start-up "who is signed in?" probe: a guest's 401 there only means
     * signed out (docs/product.md#errors), and guests may stay on home and the not-found page (docs/product.md#routes).
     */
    signInRedirect?: boolean;
  }
}

/** A check run on every successful response; tests install one that validates with zod. */
export type ResponseCheck = (response: AxiosResponse) => void;
let responseCheck: ResponseCheck | undefined;
let checkErrors = false;
/** `errors: true` also checks error answers (4xx/5xx bodies); tests check successes only. */
export function setResponseCheck(check: ResponseCheck | undefined, options?: { errors?: boolean }): void {
  responseCheck = check;
  checkErrors = options?.errors === true;
}

export const http = axios.create({
  withCredentials: true,
  // Echo XSRF-TOKEN in X-XSRF-TOKEN even when the API is on another origin.
  withXSRFToken: true,
  xsrfCookieName: 'XSRF-TOKEN',
  xsrfHeaderName: 'X-XSRF-TOKEN',
  headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
});

http.interceptors.response.use(
  (response) => {
    responseCheck?.(response);
    return response;
  },
  (error: AxiosError) => {
    if (checkErrors && error.response) responseCheck?.(error.response);
    const status = error.response?.status;
    const redirects = error.config?.signInRedirect !== false;
    if (
      redirects &&
      status !== undefined &&
      SIGN_IN_STATUSES.includes(status) &&
      typeof window !== 'undefined'
    ) {
      const path = window.location.pathname;
      const guestOnMap = !useAuthStore.getState().authenticated && GUEST_MAP_PAGE.test(path);
      if (!GUEST_PATHS.includes(path) && !guestOnMap) window.location.assign('/login');
    }
    return Promise.reject(error);
  },
);

/** The one mutator every generated call goes through. */
export const httpClient = <T>(config: AxiosRequestConfig, options?: AxiosRequestConfig): Promise<T> =>
  http
    // A caller's headers add to the generated ones (e.g. Content-Type) instead of replacing them.
    .request<T>({ ...config, ...options, headers: { ...config.headers, ...options?.headers } })
    .then((response) => response.data);

export type ErrorType<E> = AxiosError<E>;
export type BodyType<B> = B;
