import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Delayed, Skeleton, Spinner } from '@app/ui';
import { loadRemoteModule } from './load-remote-module.ts';
import { RemoteErrorBoundary } from './remote-error-boundary.tsx';
import { RemoteErrorView } from './remote-error-view.tsx';
import type { RemoteName } from './remote-manifest.ts';

type Exposed = { default: ComponentType };
type Loader = (id: string) => Promise<Exposed>;

/** One lazy component per exposed module, kept across navigations so a remote loads once per page visit. */
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyFor(id: string, load: Loader, fresh: boolean) {
  let component = lazies.get(id);
  if (!component || fresh) {
    component = lazy(() => load(id));
    lazies.set(id, component);
  }
  return component;
}

export type RemoteSlotProps = {
  remote: RemoteName;
  /** The exposed module, without "./". */
  module?: string;
  variant?: 'page' | 'widget';
  load?: Loader;
};

/**
 * Renders a remote's exposed component inside an error boundary and Suspense: the loading view appears only
 * after 200 ms, a failure or a 60 s timeout shows a translated error with retry, and retry builds a new lazy
 * component so the runtime fetches again. Nothing outside the slot is affected.
 */
export function RemoteSlot({
  remote,
  module = 'routes',
  variant = 'page',
  load = loadRemoteModule<Exposed>,
}: RemoteSlotProps) {
  const id = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  // lazyFor keeps one lazy component per exposed module (module scope), so this is the same component on every
  // render of the slot until a retry replaces it on purpose (the rule below cannot see the cache).
  const Remote = lazyFor(id, load, false);
  const retry = () => {
    lazyFor(id, load, true);
    setAttempt((n) => n + 1);
  };
  return (
    // Keyed by module and attempt: the router may reuse this slot for another remote, whose error state
    // must not carry over.
    <RemoteErrorBoundary
      key={`${id}#${attempt}`}
      fallback={(error) => <RemoteErrorView error={error} onRetry={retry} variant={variant} />}
    >
      <Suspense fallback={<LoadingView variant={variant} />}>
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function LoadingView({ variant }: { variant: 'page' | 'widget' }) {
  const { t } = useTranslation();
  return (
    <Delayed>
      {variant === 'widget' ? (
        <Skeleton lines={3} label={t('states.loading')} />
      ) : (
        <Spinner label={t('states.loading')} />
      )}
    </Delayed>
  );
}

/** Forgets every cached lazy component (tests). */
export function resetRemoteSlots() {
  lazies.clear();
}
