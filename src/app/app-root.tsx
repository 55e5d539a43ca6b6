import { lazy, Suspense, useState } from 'react';
import { Loading } from '../components/ui/status';
import { loadLazyModule } from '../lib/preload-error';
import { SignInShell, signInShellPaths } from './sign-in-shell';

const FullRouter = lazy(async () => ({
  default: (await loadLazyModule(() => import('./router'))).AppRouter,
}));

/**
 * docs/architecture.md#first-load: a signed-out visitor who opens a guest screen gets the light
 * sign-in shell; everyone else, and the visitor once they leave the guest screens, the full router.
 */
export function AppRoot({ signedIn }: { signedIn: boolean }) {
  const [inShell, setInShell] = useState(
    () => !signedIn && signInShellPaths.includes(window.location.pathname),
  );
  return inShell ? (
    <SignInShell onLeave={() => setInShell(false)} />
  ) : (
    <Suspense fallback={<Loading />}>
      <FullRouter />
    </Suspense>
  );
}
