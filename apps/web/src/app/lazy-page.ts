import { type ComponentType, lazy } from 'react'

/** A page whose code loads when it is first rendered, as `React.lazy` (see public-layout.tsx). */
export const lazyPage = <Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })))
