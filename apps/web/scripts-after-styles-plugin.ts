import type { Plugin } from 'vite'

/**
 * Marks index.html's entry script and its modulepreload links `fetchpriority="low"`: a page the
 * browser renders (the dashboard) then gets its stylesheet first and paints index.html's
 * navigation bar before its JavaScript, instead of after ~140 KB of it shared the bandwidth with
 * the stylesheet and ran (decision 0051). The scripts are still asked for at once.
 */
export function scriptsAfterStyles(): Plugin {
  return {
    name: 'portal:scripts-after-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html
          .replace(
            /<script type="module" crossorigin /g,
            '<script type="module" fetchpriority="low" crossorigin ',
          )
          .replace(
            /<link rel="modulepreload" crossorigin /g,
            '<link rel="modulepreload" fetchpriority="low" crossorigin ',
          ),
    },
  }
}
