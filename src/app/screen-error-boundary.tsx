import { Component, type ReactNode } from 'react';
import { RouteError } from './route-error';

/** `address`: the current path; moving elsewhere clears the error. */
type Props = { address: string; children: ReactNode };
type State = { error: unknown; failedAt: string | null };

/**
 * A screen that crashed or whose chunk failed shows RouteError inside the layout, which keeps
 * working. React offers error boundaries only as class components.
 */
export class ScreenErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failedAt: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failedAt: '' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Remember where it failed; once the address moves on, show the new screen again.
    if (state.failedAt === '') return { failedAt: props.address };
    if (state.failedAt !== null && state.failedAt !== props.address)
      return { error: undefined, failedAt: null };
    return null;
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RouteError error={this.state.error} />;
  }
}
