import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The centred card every sign-in screen sits in. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="auth-page">
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {intro ? <p className="auth-intro">{intro}</p> : null}
        {children}
      </section>
    </div>
  );
}

/** The links under a sign-in form to the other sign-in screens. */
export function AuthLinks({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <nav className="auth-links" aria-label={t('auth.more_options')}>
      {children}
    </nav>
  );
}

/** The way back to the sign-in form, alone under a form. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <AuthLinks>
      <Link to={paths.login}>{t('auth.back_to_login')}</Link>
    </AuthLinks>
  );
}
