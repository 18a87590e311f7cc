import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { fallback: (error: Error) => ReactNode; children: ReactNode };
type State = { error: Error | null };

/** Catches a remote that fails to load or to render, so only its slot shows an error. */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remote]', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
