import { Component, lazy, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, Button, Delayed, EmptyState, Skeleton } from '@app/ui';
import { loadRemoteWidget, type RemoteWidgetLoader } from '../lib/load-remote-widget.ts';

type BoundaryProps = { fallback: (error: Error) => ReactNode; children: ReactNode };

/** Catches a widget that fails to load or to render, so only its panel shows the error. */
class WidgetBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remote widget]', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/**
 * Another remote's widget composed at run time: loaded through the shell's federation runtime inside an error
 * boundary and Suspense. The skeleton shows after 200 ms; a failure shows a translated error with retry, and
 * retry makes a new lazy component so the runtime fetches again. The rest of the page keeps working.
 */
export function RemoteWidget({ id, load = loadRemoteWidget }: { id: string; load?: RemoteWidgetLoader }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // One lazy component per attempt: a retry must not reuse the rejected one.
  const [Widget, setWidget] = useState(() => lazy(() => load(id)));
  const retry = () => {
    setWidget(() => lazy(() => load(id)));
    setAttempt((n) => n + 1);
  };
  return (
    <WidgetBoundary
      key={attempt}
      fallback={() => (
        <div role="alert">
          <EmptyState
            compact
            headingLevel={3}
            icon={<AlertIcon />}
            title={t('remote.widgetFailed')}
            description={t('remote.failedBody')}
            action={
              <Button variant="secondary" onClick={retry}>
                {t('actions.retry')}
              </Button>
            }
          />
        </div>
      )}
    >
      <Suspense
        fallback={
          <Delayed>
            <Skeleton lines={3} label={t('states.loading')} />
          </Delayed>
        }
      >
        <Widget />
      </Suspense>
    </WidgetBoundary>
  );
}
