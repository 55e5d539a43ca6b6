import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as preloadError from '../lib/preload-error';
import { createTestQueryClient } from '../testing/render';
import { server } from '../testing/server';
import { initTestI18n } from '../testing/test-i18n';
import { AppProvider } from './provider';

/** A promise the test settles when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

let copies = 0;

/**
 * The app as the browser starts it for a guest on a sign-in screen (src/app/app-root.tsx): the
 * light sign-in shell with its own router over the browser's address, and the start-up "who is
 * signed in?" check. Each test shows a copy of the shell module of its own, so its screens load
 * lazily as on a first visit (a React.lazy loads once per module instance, and the files of a
 * worker share their modules); `slowScreen` names a screen whose code arrives only when the test
 * says so.
 */
async function startShell(path: string, slowScreen?: { name: string; arrived: Promise<void> }) {
  const loadLazyModule = preloadError.loadLazyModule;
  vi.spyOn(preloadError, 'loadLazyModule').mockImplementation(async (load) => {
    const module = await loadLazyModule(load);
    if (slowScreen && typeof module === 'object' && module !== null && slowScreen.name in module) {
      await slowScreen.arrived;
    }
    return module;
  });
  copies += 1;
  const { SignInShell } = (await import(
    /* @vite-ignore */ `./sign-in-shell?copy=${copies}`
  )) as typeof import('./sign-in-shell');
  window.history.replaceState(null, '', path);
  const user = userEvent.setup();
  render(
    <AppProvider queryClient={createTestQueryClient()} i18n={initTestI18n()}>
      <SignInShell onLeave={() => {}} />
    </AppProvider>,
  );
  return { user };
}

/** The start-up check's answers (a guest's 401, then no rules) wait for `answer()`; `rulesSent` once the last went out. */
function slowStartUpCheck() {
  const answer = gate();
  const rulesSent = gate();
  server.use(
    http.get('*/api/user', async () => {
      await answer.opened;
      return HttpResponse.json({ message: 'Unauthenticated.' }, { status: 401 });
    }),
    http.get('*/api/abilities', async () => {
      await answer.opened;
      rulesSent.open();
      return HttpResponse.json([]);
    }),
  );
  return { answer: answer.open, rulesSent: rulesSent.opened };
}

/** The JSON bodies the mock API received for `path`, in order. */
function sentBodies(method: string, path: string): unknown[] {
  const bodies: unknown[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === path) {
      void request
        .clone()
        .json()
        .then((body: unknown) => bodies.push(body));
    }
  });
  return bodies;
}

afterEach(() => {
  server.events.removeAllListeners();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('the sign-in shell', () => {
  it('leaves the sign-in form as soon as "Forgot your password?" is followed, and keeps what is typed into the reset form', async () => {
    const check = slowStartUpCheck();
    const screenCode = gate();
    const sent = sentBodies('POST', '/api/forget-password');
    const { user } = await startShell('/login', { name: 'ForgotPasswordScreen', arrived: screenCode.opened });
    await screen.findByRole('form', { name: 'Log in' });

    await user.click(screen.getByRole('link', { name: 'Forgot your password?' }));
    expect(window.location.pathname).toBe('/forgot-password');
    // While the reset screen's code is on its way, the address has left the sign-in screen, and
    // so has the page: no sign-in form is left for the address to be typed into.
    expect(screen.queryByRole('form', { name: 'Log in' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');

    screenCode.open();
    const form = await screen.findByRole('form', { name: 'Forgot password' });
    await user.click(within(form).getByLabelText('Email'));
    await user.paste('forgetful@example.com');
    // The start-up check answers (a guest) after the address was typed.
    check.answer();
    await check.rulesSent;
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('forgetful@example.com'));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    // The answer is a success popup, a modal: while it shows, the page behind it (where the same
    // words stay as a status) is hidden from assistive technology, so the popup is what is read.
    expect(
      await screen.findByRole('dialog', {
        name: 'We have emailed your password reset link! Please check your mail inbox.',
      }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ email: 'forgetful@example.com' }]);
  });

  it('keeps what is typed into the sign-in form while the start-up check is under way', async () => {
    const check = slowStartUpCheck();
    const sent = sentBodies('POST', '/login');
    const { user } = await startShell('/login');
    await user.click(await screen.findByLabelText('Email'));
    await user.paste('nobody@example.com');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('not-the-password');

    check.answer();
    await check.rulesSent;
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue('nobody@example.com'));
    expect(screen.getByLabelText('Password')).toHaveValue('not-the-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByText('These credentials do not match our records.')).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ email: 'nobody@example.com', password: 'not-the-password' }),
    ]);
  });
});
