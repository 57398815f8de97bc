import { lazy, Suspense, type Attributes, type ComponentType } from 'react';
import { Loading } from 'react-admin';

export const RELOAD_FLAG = 'portal-admin:reloaded-after-chunk-error';

/**
 * A hand-made page loaded when first opened, so the console's first load keeps its budget (issue 12); a failed load
 * (a new release's files) reloads once (spec product §2.5), a second failure in a row shows the error.
 */
export function lazyPage<M, P extends object = object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
  { storage, reload = () => window.location.reload() }: { storage?: Storage; reload?: () => void } = {},
): ComponentType<P> {
  const Lazy = lazy(async () => {
    const flags = storage ?? sessionStorage;
    try {
      const module = await load();
      flags.removeItem(RELOAD_FLAG);
      return { default: pick(module) };
    } catch (cause) {
      if (flags.getItem(RELOAD_FLAG) !== null) throw cause;
      flags.setItem(RELOAD_FLAG, '1');
      reload();
      return new Promise<never>(() => {});
    }
  });
  function LazyPage(props: P) {
    return (
      <Suspense fallback={<Loading />}>
        <Lazy {...(props as P & Attributes)} />
      </Suspense>
    );
  }
  return LazyPage;
}
