// 'Sign in with {label}' on the login and sign-up pages, when the instance has an identity
// provider: a link to the server's start of the round trip (a full page load, not the router's).
// With `redirect`, the page goes there at once, as the operator's `auto_redirect` asks.

import { useEffect } from 'react';
import type { SignInOptions } from '../api/generated/graphql';
import { t } from '../i18n';

type Provider = NonNullable<SignInOptions['signInOptions']['provider']>;

export function ProviderSignIn({ provider, href, redirect = false }: { provider: Provider; href: string; redirect?: boolean }) {
  useEffect(() => {
    if (redirect) window.location.replace(href);
  }, [redirect, href]);

  return (
    <div className="auth-page__provider">
      <a className="button button--ghost auth-page__submit" href={href}>
        {t('providerSignIn.button', 'Sign in with {label}', { label: provider.label })}
      </a>
      {redirect ? <p role="status">{t('providerSignIn.redirecting', 'Taking you to {label}…', { label: provider.label })}</p> : null}
    </div>
  );
}
