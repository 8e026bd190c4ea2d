import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';

type RemoteErrorBoundaryProps = {
  remoteName: string;
  /** Rendered instead of the children once loading or rendering the remote has failed. */
  fallback: ReactNode;
  /** When it changes after a failure (the user went elsewhere), `onReset` runs to try again. */
  resetKey: string;
  onReset: () => void;
  children: ReactNode;
};

type RemoteErrorBoundaryState = { hasFailed: boolean };

export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): RemoteErrorBoundaryState {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`Micro-frontend ${this.props.remoteName} failed`, error, info.componentStack);
  }

  override componentDidUpdate(previous: RemoteErrorBoundaryProps) {
    if (this.state.hasFailed && previous.resetKey !== this.props.resetKey) this.props.onReset();
  }

  override render() {
    return this.state.hasFailed ? this.props.fallback : this.props.children;
  }
}
