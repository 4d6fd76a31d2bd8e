import { type ComponentType, lazy } from "react";

/** A lazily loaded component whose code can be fetched ahead of its first render. */
export type PreloadableComponent<P extends object> = ComponentType<P> & {
  /** Loads the component's code; once it has loaded, the component renders without suspending. */
  preload(): Promise<unknown>;
};

/**
 * Like React.lazy, plus `preload()`: a pre-rendered page is hydrated only after its route's code
 * has loaded (src/preload.ts), so hydration never suspends and keeps the static HTML as it is.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, called once per component at module level.
  function Preloadable(props: P) {
    const Component = loaded ?? Lazy;
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
