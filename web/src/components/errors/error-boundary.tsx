import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

type Props = { children: ReactNode; resetKey?: unknown };
type State = { error: Error | null; errorId: string | null; componentStack: string | null };

export function newErrorId(): string {
  const time = Date.now().toString(36).toUpperCase();
  const random = Math.random().toString(36).slice(2, 8).toUpperCase();
  return `ERR-${time}-${random}`;
}

/** Catches render errors of the app and shows the fallback screen. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, errorId: null, componentStack: null };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)), errorId: newErrorId() };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    console.error('Application Error', { errorId: this.state.errorId, error, componentStack: info.componentStack });
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.reset();
  }

  reset = () => this.setState({ error: null, errorId: null, componentStack: null });

  render() {
    if (this.state.error) {
      return (
        <ErrorFallback
          error={this.state.error}
          errorId={this.state.errorId ?? newErrorId()}
          componentStack={this.state.componentStack}
          onRetry={this.reset}
        />
      );
    }
    return this.props.children;
  }
}
