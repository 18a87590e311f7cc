import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Delayed, Spinner } from '@app/ui';

/**
 * What the shell's static frame shows for a page before any bundle runs (see apps/shell/src/boot/boot.js): one of
 * the frame's heads, filled with this remote's texts in the user's language. `texts` are keys of the remote's
 * namespace ('' for an empty slot); the third, when there, is the nav bar's title. The remote's build resolves
 * them in every language and the server puts them into the page's boot data.
 */
export type PageHead = {
  kind: 'auth' | 'note' | 'risk';
  texts: readonly string[];
  /** The frame's nav bar shows the brand instead of a back button. */
  nav?: 'brand';
  /** The head's box is shown only when the server says prices are simulated (the nav bar always is). */
  simulatedOnly?: boolean;
  /** The frame's nav bar has the page's back button (a page reached from another, not a tab). */
  back?: true;
  /** The query parameter whose value is the nav bar's title when the address has it (`symbol`). */
  titleParam?: string;
};

type PageModule<P> = { default: ComponentType<P> };

/**
 * One page of a remote, as it declares it (the only place its path is written):
 * - `path`: the spec's absolute path; the shell routes it to this remote (matched without case);
 * - `load`: `() => import(/* webpackChunkName: "page-…" *\/ '…')`, the page's own chunk, which the page's boot
 *   script preloads when the path is opened; or `component` for a page that has no chunk of its own;
 * - `props` for the page component, and the frame's `head`.
 * The remote's build reads these literally from the exposed routes module (tools/web/src/page-declarations.mjs),
 * so write them as literals: a path or head computed at run time would not reach the shell.
 */
export type PageDeclaration<P extends object = object> = {
  path: string;
  props?: P;
  head?: PageHead;
} & ({ load: () => Promise<PageModule<P>>; component?: never } | { component: ComponentType<P>; load?: never });

export type Page = { path: string; element: ReactElement; head?: PageHead };

/** A page for a remote's table; its lazy component is made here, once, so each chunk is fetched once. */
export function page<P extends object = object>(declaration: PageDeclaration<P>): Page {
  const Component: ComponentType<P> = declaration.load ? lazy(declaration.load) : declaration.component;
  const props = (declaration.props ?? {}) as P;
  return { path: declaration.path, element: <Component {...props} />, head: declaration.head };
}

/**
 * The component a remote exposes as `./routes`: its pages under the shell's router, matched on their absolute
 * paths, behind one loading view. The remote's namespace loads (suspending in the shell's slot) before any page
 * renders.
 */
export function pageRoutes(pages: readonly Page[], ns: string): ComponentType {
  return function RemoteRoutes() {
    const { t } = useTranslation(ns);
    return (
      <Suspense
        fallback={
          <Delayed>
            <Spinner label={t('states.loading', { ns: 'common' })} />
          </Delayed>
        }
      >
        <Routes>
          {pages.map((p) => (
            <Route key={p.path} path={p.path} element={p.element} />
          ))}
        </Routes>
      </Suspense>
    );
  };
}
