import { useEffect, type ReactNode } from 'react';
import { Loading } from '../components/ui/status';
import { loadSignedInResources, useAbilityModule } from '../lib/signed-in-resources';

/**
 * Around every signed-in route: provides the ability to `Can` and `useAppAbility`. Sign-in
 * loads CASL and the signed-in texts first, so this waits only when a signed-in state was
 * set some other way (a test, a stored session whose load failed).
 */
export function SignedInScope({ children }: { children: ReactNode }) {
  const loaded = useAbilityModule();
  useEffect(() => {
    if (!loaded) void loadSignedInResources();
  }, [loaded]);
  return loaded ? (
    <loaded.AbilityProvider value={loaded.ability}>{children}</loaded.AbilityProvider>
  ) : (
    <Loading />
  );
}
