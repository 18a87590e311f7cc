import {
  Component,
  lazy,
  Suspense,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Delayed, Skeleton, Spinner } from '@app/ui';
import { loadRemoteModule } from './load-remote-module.ts';
import { RemoteErrorBody, type RemoteVariant } from './remote-error-body.tsx';

type Exposed = { default: ComponentType };
export type ExposedLoader = (id: string) => Promise<Exposed>;

type BoundaryProps = { fallback: (error: Error) => ReactNode; children: ReactNode };

/** Catches a remote module that fails to load or to render, so only its place on the page shows an error. */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[remote]', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

/** One lazy component per exposed module, kept across navigations so a module loads once per page visit. */
const lazies = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyFor(id: string, load: ExposedLoader, fresh: boolean) {
  let component = lazies.get(id);
  if (!component || fresh) {
    component = lazy(() => load(id));
    lazies.set(id, component);
  }
  return component;
}

export type RemoteModuleProps = {
  /** "remote/module", the module without "./". */
  id: string;
  variant?: RemoteVariant;
  load?: ExposedLoader;
  /** The error's frame on the page (a nav bar, a panel); the translated error with retry by default. */
  renderError?: (error: Error, retry: () => void) => ReactNode;
};

/**
 * Another app's exposed component, composed at run time: a remote's pages in the shell's slot, a Home widget, a
 * widget of another remote in the Order tab. Loaded inside an error boundary and Suspense: the loading view
 * appears only after 200 ms, a failure or a 60 s timeout shows a translated error with retry, and retry makes a
 * new lazy component so the runtime fetches again. Nothing outside it is affected.
 */
export function RemoteModule({
  id,
  variant = 'page',
  load = loadRemoteModule<Exposed>,
  renderError = (error, retry) => <RemoteErrorBody error={error} onRetry={retry} variant={variant} />,
}: RemoteModuleProps) {
  const [attempt, setAttempt] = useState(0);
  // lazyFor keeps one lazy component per module (module scope), so this is the same component on every render
  // until a retry replaces it on purpose (the rule below cannot see the cache).
  const Remote = lazyFor(id, load, false);
  const retry = () => {
    lazyFor(id, load, true);
    setAttempt((n) => n + 1);
  };
  return (
    // Keyed by module and attempt: a router may reuse this place for another module, whose error must not carry
    // over.
    <RemoteErrorBoundary key={`${id}#${attempt}`} fallback={(error) => renderError(error, retry)}>
      <Suspense fallback={<LoadingView variant={variant} />}>
        {/* eslint-disable-next-line react-hooks/static-components */}
        <Remote />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function LoadingView({ variant }: { variant: RemoteVariant }) {
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
export function resetRemoteModules() {
  lazies.clear();
}
