import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthProvidersProvidersItem } from '@generated/model';
import { isSsoError as isKnown } from '@shared/auth/sso-errors';

/** Why the last single sign-on ended without a session, in the reader's language. */
export function SsoErrorMessage({ code }: { code: string | null }) {
  const { t } = useTranslation();
  if (code === null || code === '') return null;
  return (
    <p role="alert" className="form-failure">
      {t(`sso.errors.${isKnown(code) ? code : 'failed'}`)}
    </p>
  );
}

/**
 * "Sign in with <label>": a page navigation to the server, which sends the browser on to the
 * identity provider. In mock mode there is neither, so the mock handler signs the mock user in.
 */
export function SingleSignOn({
  providers,
  passwordLogin,
  onMockSignIn,
}: {
  providers: readonly AuthProvidersProvidersItem[];
  /** The password form follows: the buttons end with "or". */
  passwordLogin: boolean;
  onMockSignIn: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  if (providers.length === 0) return null;
  const mockMode = import.meta.env.VITE_MOCK === '1';
  const mockSignIn = async (url: string) => {
    setPending(true);
    try {
      // Mock mode only: on a real server this is a page navigation through the provider, which
      // the mock service worker cannot serve, so the mock handler stands in for the round trip.
      // eslint-disable-next-line no-restricted-globals -- not an API call of the document
      const response = await fetch(new URL(url, window.location.origin), { credentials: 'same-origin' });
      if (response.ok) await onMockSignIn();
    } finally {
      setPending(false);
    }
  };
  return (
    <div className="sso-options">
      {providers.map((provider) => (
        <a
          key={provider.id}
          className="btn btn-block btn-secondary"
          href={provider.login_url}
          aria-disabled={pending || undefined}
          onClick={
            mockMode
              ? (event) => {
                  event.preventDefault();
                  void mockSignIn(provider.login_url);
                }
              : undefined
          }
        >
          {t('sso.sign_in_with', { label: provider.label })}
        </a>
      ))}
      {passwordLogin ? <p className="sso-or">{t('sso.or')}</p> : null}
    </div>
  );
}
